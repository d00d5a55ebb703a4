// Chess (standard and Chess960) as an arbiter game: the state of one game,
// its history for the repetition rules, and its end-of-game rules. The
// binding rule decisions are in README.md next to this file.
#pragma once

#include "fen.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "rules.hpp"

#include <arbiter/sdk/game_adapter.hpp>
#include <arbiter/sdk/position_history.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace arb::chess {

class Chess {
public:
    static constexpr int32_t kMaxLegalMoves = kMaxMoves;

    static const sdk::GameInfo &info();
    // "arbiter.protocol-notation/1": UCI and xboard engines read the plugin's
    // own texts (FEN, X-FEN in Chess960, long algebraic moves: xboard's
    // coordinate notation is UCI's), so nothing is converted.
    static sdk::ProtocolNotation protocol_notation() {
        return sdk::ProtocolNotation::speaks({ARB_PROTOCOL_UGI, ARB_PROTOCOL_UCI, ARB_PROTOCOL_XBOARD});
    }
    // "arbiter.engine-options/1": a UCI engine plays Chess960 (reads X-FEN
    // castling rights, writes castling as king takes rook) only when told
    // UCI_Chess960, as the UCI protocol specifies. It is told both ways: an
    // engine whose default is true (Sjaak II) castles e1h1 in standard chess
    // unless told false.
    // An xboard engine is told the variant by name ('variant fischerandom'
    // after 'new'; "normal" is the start every 'new' gives).
    static std::vector<sdk::EngineOption> engine_options(arb_protocol protocol, const sdk::Options &rules) {
        const bool chess960 = rules_from(rules).variant == Variant::chess960;
        if (protocol == ARB_PROTOCOL_XBOARD) return {{"variant", "xboard-variant", chess960 ? "fischerandom" : "normal"}};
        if (protocol != ARB_PROTOCOL_UCI) return {};
        return {{"variant", "UCI_Chess960", chess960 ? "true" : "false"}};
    }

    // "arbiter.rule-edges/1" (rule_edges.cpp): positions where engines get the rules wrong.
    static std::span<const arb_rule_edge> rule_edges();

    Chess(const sdk::Options &options, const sdk::Host &host);

    void reset();
    arb_status set_position(std::string_view text, sdk::ErrorOut err);
    [[nodiscard]] std::string position() const { return write_fen(pos_); }

    int32_t legal_moves(arb_move *out) const noexcept { return drawn_ != Draw::none ? 0 : pos_.legal_moves(out); }
    arb_status parse_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const;
    [[nodiscard]] sdk::MoveText format_move(arb_move move) const { return write_uci(pos_, move, chess960()); }
    // Refuses (ARB_ERR_ILLEGAL, state unchanged) a code that cannot be
    // played here (see Position::playable); legality is parse_move's job.
    arb_status play(arb_move move);

    [[nodiscard]] int32_t side_to_move() const;
    [[nodiscard]] sdk::Outcome outcome() const;

    // Irreversible: captures, pawn moves, castling and moves that lose a
    // castling right. Capture and check exactly ("arbiter.move-properties/2").
    static constexpr bool kMovePropertiesCaptureCheck = true;
    [[nodiscard]] arb_move_flags move_properties(arb_move move) const noexcept {
        arb_move_flags flags = pos_.irreversible(move) ? ARB_MOVE_IRREVERSIBLE : 0;
        if (pos_.is_capture(move)) flags |= ARB_MOVE_CAPTURE;
        Position after = pos_;
        after.play(move);
        if (after.in_check()) flags |= ARB_MOVE_CHECK;
        return flags;
    }
    // The Zobrist key: pieces, side, castling rights (with the rooks' files)
    // and the en passant file only when that capture is legal.
    [[nodiscard]] uint64_t hash() const noexcept { return pos_.key(); }

    // "arbiter.diagram/1" (diagram.cpp).
    [[nodiscard]] const sdk::BoardDrawing &drawing() const;
    [[nodiscard]] std::string diagram_cells() const;

    // "arbiter.pgn-notation/1": SAN, and the tags of a start position.
    [[nodiscard]] sdk::MoveText pgn_move(arb_move move) const { return write_san(pos_, move); }
    arb_status parse_pgn_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const;
    [[nodiscard]] std::string pgn_start_tags() const;
    [[nodiscard]] int32_t pgn_move_number() const noexcept { return pos_.fullmove; }

    [[nodiscard]] const Position &board() const noexcept { return pos_; }

private:
    // Why the game is drawn by a rule other than stalemate; checked after each move.
    enum class Draw { none, insufficient, fivefold, seventy_five, threefold, fifty };

    [[nodiscard]] bool chess960() const noexcept { return rules_.variant == Variant::chess960; }
    void restart_history();
    void update_draw() noexcept;

    // Keys since the last irreversible move, the current one included.
    // Declared first so that copy assignment, which copies members in this
    // order, leaves the state whole if the history cannot allocate.
    sdk::PositionHistory<uint64_t, 32> history_;
    Rules rules_;
    Position start_;
    Position pos_;
    Draw drawn_ = Draw::none;
};

}  // namespace arb::chess
