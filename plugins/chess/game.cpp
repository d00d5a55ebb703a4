#include "game.hpp"

namespace arb::chess {

Chess::Chess(const sdk::Options &options, const sdk::Host &host) : rules_(rules_from(options)) {
    if (chess960()) {
        const int number = rules_.start_number >= 0 ? rules_.start_number : static_cast<int>(host.seed() % 960);
        start_ = chess960_start(number);
    } else {
        start_ = Position::standard();
    }
    reset();
}

void Chess::reset() {
    pos_ = start_;
    restart_history();
}

void Chess::restart_history() {
    history_.clear();
    history_.push(pos_.key());
    update_draw();
}

arb_status Chess::set_position(std::string_view text, sdk::ErrorOut err) {
    Position p;
    if (arb_status s = parse_fen(text, chess960(), p, err); s != ARB_OK) return s;
    pos_ = p;
    restart_history();
    return ARB_OK;
}

arb_status Chess::parse_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const {
    if (drawn_ != Draw::none) {
        // Still tell a malformed text from a legal-looking one.
        arb_move ignored = ARB_MOVE_NONE;
        if (arb_status s = parse_uci(pos_, text, chess960(), ignored, err); s == ARB_ERR_SYNTAX) return s;
        return err.fail(ARB_ERR_ILLEGAL, "%s: the game is over (%s)", sdk::quoted(text).c_str(), outcome().reason.c_str());
    }
    return parse_uci(pos_, text, chess960(), move, err);
}

arb_status Chess::parse_pgn_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const {
    if (drawn_ != Draw::none)
        return err.fail(ARB_ERR_ILLEGAL, "%s: the game is over (%s)", sdk::quoted(text).c_str(), outcome().reason.c_str());
    return parse_san(pos_, text, move, err);
}

arb_status Chess::play(arb_move move) {
    // The host plays only moves it has from legal_moves or parse_move; this
    // refuses what would corrupt the board, without generating every move.
    if (drawn_ != Draw::none || !pos_.playable(move)) return ARB_ERR_ILLEGAL;
    const bool irreversible = pos_.irreversible(move);
    pos_.play(move);
    if (irreversible) history_.clear();
    history_.push(pos_.key());
    update_draw();
    return ARB_OK;
}

// The draws that end a game although moves remain. Checkmate comes first:
// a mate on the 100th (or 150th) reversible ply wins (outcome() checks it).
void Chess::update_draw() noexcept {
    drawn_ = Draw::none;
    const bool claims = rules_.draws == DrawRule::claimed;
    const size_t seen = history_.count(pos_.key());
    if (pos_.insufficient_material()) drawn_ = Draw::insufficient;
    else if (seen >= 5) drawn_ = Draw::fivefold;
    else if (pos_.halfmove >= 150) drawn_ = Draw::seventy_five;
    else if (claims && seen >= 3) drawn_ = Draw::threefold;
    else if (claims && pos_.halfmove >= 100) drawn_ = Draw::fifty;
    if (drawn_ == Draw::seventy_five || drawn_ == Draw::fifty) {
        arb_move moves[kMaxMoves];
        if (pos_.legal_moves(moves) == 0) drawn_ = Draw::none;  // mate or stalemate decides
    }
}

sdk::Outcome Chess::outcome() const {
    switch (drawn_) {
    case Draw::none: break;
    case Draw::insufficient: return sdk::Outcome::draw("insufficient material: neither side can mate");
    case Draw::fivefold: return sdk::Outcome::draw("the same position occurred for the fifth time");
    case Draw::seventy_five: return sdk::Outcome::draw("75 moves by each side without a capture or a pawn move");
    case Draw::threefold: return sdk::Outcome::draw("threefold repetition");
    case Draw::fifty: return sdk::Outcome::draw("50 moves by each side without a capture or a pawn move");
    }
    arb_move moves[kMaxMoves];
    if (pos_.legal_moves(moves) > 0) return sdk::Outcome::ongoing();
    if (pos_.in_check()) return sdk::Outcome::win(pos_.side ^ 1, pos_.side == kWhite ? "black mates" : "white mates");
    return sdk::Outcome::draw("stalemate");
}

int32_t Chess::side_to_move() const {
    if (drawn_ != Draw::none) return ARB_SIDE_NONE;
    arb_move moves[kMaxMoves];
    return pos_.legal_moves(moves) > 0 ? pos_.side : ARB_SIDE_NONE;
}

// PGN readers assume the standard array and white to move at move 1 unless
// told: a Chess960 game always names its variant and start.
std::string Chess::pgn_start_tags() const {
    std::string tags;
    if (chess960()) tags += "[Variant \"Chess960\"]\n";
    const std::string fen = write_fen(pos_);
    if (chess960() || fen != write_fen(Position::standard())) tags += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
    return tags;
}

}  // namespace arb::chess
