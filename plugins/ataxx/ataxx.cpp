// Ataxx on 7x7 as an arbiter game plugin, with the rules of the UAI engines
// and their reference library (libataxx): bitboards of 49 bits, move codes
// 0..48 for a clone (the destination square), 49 + from * 49 + to for a jump
// and 2450 for a pass. The state is a few words with no history, so assign()
// is a plain copy and legal_moves()/play() never allocate. Rules and
// formats: README.md.
#include "board.hpp"
#include "position_text.hpp"
#include "rule_edges.hpp"

#include <arbiter/sdk/coords.hpp>
#include <arbiter/sdk/from_to.hpp>
#include <arbiter/sdk/game_adapter.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace arb::ataxx {
namespace {

using sdk::ErrorOut;

constexpr sdk::Grid kGrid{kSide, kSide};
constexpr arb_move kFirstJump = kSquares;
constexpr arb_move kPass = kSquares + kSquares * kSquares;
constexpr const char *kSideNames[2] = {"black", "white"};
// x5o/7/7/7/7/7/o5x x 0 1: black on a7 and g1, white on g7 and a1.
constexpr Position kStart{{bit(42) | bit(6), bit(48) | bit(0)}, 0, 0, 0, 1};

// A move list holds at most e + 16 * min(e, s) moves for e empty squares and
// s stones of the mover (one clone per empty square, at most 16 jumps into
// each and out of each stone), e + s <= 49: at most 25 + 16 * 24 = 409.
constexpr int32_t kMaxLegalMoves = 409;

constexpr arb_option_desc kOptionTable[] = {
    sdk::int_option("halfmove_limit", "100", 1, 1000,
                    "plies without a clone (jumps and passes) after which the game is drawn; UAI's 100"),
};

[[nodiscard]] constexpr arb_move jump_code(int from, int to) noexcept { return kFirstJump + from * kSquares + to; }
[[nodiscard]] constexpr int jump_from(arb_move move) noexcept { return (move - kFirstJump) / kSquares; }
[[nodiscard]] constexpr int jump_to(arb_move move) noexcept { return (move - kFirstJump) % kSquares; }

sdk::FixedText<4> square_name(int square) noexcept {
    sdk::FixedText<4> name;
    sdk::append_square(name, {column_of(square), row_of(square)});
    return name;
}

class Ataxx {
public:
    static const sdk::GameInfo &info() {
        static const sdk::GameInfo info{
            "ataxx", "Ataxx", "1.0.0", "Ataxx on 7x7 with gaps, UAI position and move text (libataxx rules)",
            {kSideNames[0], kSideNames[1]}, kOptionTable, kMaxLegalMoves, kMaxPositionSize};
        return info;
    }

    explicit Ataxx(const sdk::Options &options) : limit_(options.integer("halfmove_limit")) { reset(); }

    void reset() { pos_ = kStart; }

    arb_status set_position(std::string_view text, ErrorOut err) { return read_position(text, pos_, err); }

    [[nodiscard]] std::string position() const { return write_position(pos_); }

    // "arbiter.diagram/1": rank 7 at the top as in the FEN; gaps grey.
    [[nodiscard]] const sdk::BoardDrawing &drawing() const {
        static const sdk::BoardDrawing kDrawing = sdk::BoardDrawing::squares(kSide, kSide)
                                                      .files("abcdefg")
                                                      .ranks_counting(kSide, -1)
                                                      .board_colour("#d9c7a0")
                                                      .empty('.')
                                                      .piece('x', sdk::PieceShape::Disc, "#111111", "black")
                                                      .piece('o', sdk::PieceShape::Disc, "#f5f5f5", "white")
                                                      .piece('-', sdk::PieceShape::Square, "#8c8c8c", "gap");
        return kDrawing;
    }
    [[nodiscard]] std::string diagram_cells() const { return board_cells(pos_); }

    // "arbiter.rule-edges/1": rule_edges.cpp.
    static std::span<const arb_rule_edge> rule_edges() { return rule_edge_table(); }

    // "arbiter.protocol-notation/1": UAI engines read the plugin's own texts
    // (the UAI FEN, g2 / a1c3 / 0000), so nothing is converted.
    static sdk::ProtocolNotation protocol_notation() {
        return sdk::ProtocolNotation::speaks({ARB_PROTOCOL_UGI, ARB_PROTOCOL_UAI});
    }

    // "arbiter.status-line/1": the stone count (it decides the game) and the
    // half-move clock against its limit, e.g. "Black 12 - White 9, half-moves 3 of 100".
    [[nodiscard]] std::string status_line() const {
        return "Black " + std::to_string(count(pos_.stones[0])) + " - White " + std::to_string(count(pos_.stones[1])) +
               ", half-moves " + std::to_string(pos_.halfmoves) + " of " + std::to_string(limit_);
    }

    // "arbiter.margin/1": Black's stones minus White's on the final board.
    [[nodiscard]] std::string margin_unit() const { return "stones"; }
    [[nodiscard]] int32_t margin() const { return count(pos_.stones[0]) - count(pos_.stones[1]); }

    int32_t legal_moves(arb_move *out) const noexcept {
        if (over()) return 0;
        const Bits us = pos_.stones[pos_.side];
        const Bits empty = pos_.empty();
        int32_t n = 0;
        for (Bits clones = neighbours(us) & empty; clones != 0; clones &= clones - 1)
            out[n++] = std::countr_zero(clones);
        for (Bits from = us; from != 0; from &= from - 1) {
            const int f = std::countr_zero(from);
            for (Bits to = kJumpTargets[static_cast<size_t>(f)] & empty; to != 0; to &= to - 1)
                out[n++] = jump_code(f, std::countr_zero(to));
        }
        if (n == 0) out[n++] = kPass;  // the game goes on: the opponent can still move
        return n;
    }

    arb_status parse_move(std::string_view text, arb_move &move, ErrorOut err) const {
        if (text == "0000") {
            if (over()) return err.fail(ARB_ERR_ILLEGAL, "the game is over: %s", outcome().reason.c_str());
            if (can_move(pos_.side))
                return err.fail(ARB_ERR_ILLEGAL, "%s may not pass (0000): it has a legal move", kSideNames[pos_.side]);
            move = kPass;
            return ARB_OK;
        }
        if (text.size() <= 3) {  // a clone names its destination: "g2"
            sdk::Square to;
            if (arb_status s = sdk::parse_square(text, kGrid, to, err); s != ARB_OK) return s;
            const int t = to.row * kSide + to.column;
            if (arb_status s = check_target(t, err); s != ARB_OK) return s;
            if ((neighbours(pos_.stones[pos_.side]) & bit(t)) == 0)
                return err.fail(ARB_ERR_ILLEGAL, "%s has no stone next to %s to clone from", kSideNames[pos_.side],
                                square_name(t).c_str());
            move = t;
            return ARB_OK;
        }
        sdk::FromTo jump;  // a jump names both squares, joined: "a1c3"
        if (arb_status s = sdk::parse_from_to(text, kGrid, "", jump, err); s != ARB_OK) return s;
        const int f = jump.from.row * kSide + jump.from.column;
        const int t = jump.to.row * kSide + jump.to.column;
        if (kCloneTargets[static_cast<size_t>(f)] & bit(t))
            return err.fail(ARB_ERR_SYNTAX, "%s is a clone, written as its destination alone: '%s'",
                            sdk::quoted(text).c_str(), square_name(t).c_str());
        if ((kJumpTargets[static_cast<size_t>(f)] & bit(t)) == 0)
            return err.fail(ARB_ERR_ILLEGAL, "%s is not 2 squares from %s: a jump goes exactly 2 squares",
                            square_name(t).c_str(), square_name(f).c_str());
        if (arb_status s = check_target(t, err); s != ARB_OK) return s;
        if ((pos_.stones[pos_.side] & bit(f)) == 0)
            return err.fail(ARB_ERR_ILLEGAL, "%s has no stone on %s", kSideNames[pos_.side], square_name(f).c_str());
        move = jump_code(f, t);
        return ARB_OK;
    }

    [[nodiscard]] sdk::MoveText format_move(arb_move move) const {
        sdk::MoveText text;
        if (move == kPass) return sdk::MoveText("0000");
        if (move >= 0 && move < kSquares) {
            sdk::append_square(text, {column_of(move), row_of(move)});
            return text;
        }
        if (move < kFirstJump || move >= kPass) throw std::invalid_argument("not an Ataxx move code");
        const int f = jump_from(move), t = jump_to(move);
        sdk::append_from_to(text, sdk::FromTo{{column_of(f), row_of(f)}, {column_of(t), row_of(t)}, '\0'});
        return text;
    }

    // Refuses (ARB_ERR_ILLEGAL, state unchanged) a code that is not a move
    // here: a target that is not empty, no stone to clone or jump from, a
    // pass with a move at hand, any move once the game is over.
    arb_status play(arb_move move) noexcept {
        if (over()) return ARB_ERR_ILLEGAL;
        Bits &us = pos_.stones[pos_.side];
        Bits &them = pos_.stones[pos_.side ^ 1];
        if (move == kPass) {
            if (can_move(pos_.side)) return ARB_ERR_ILLEGAL;
            ++pos_.halfmoves;
        } else {
            const bool clone = move >= 0 && move < kSquares;
            if (!clone && (move < kFirstJump || move >= kPass)) return ARB_ERR_ILLEGAL;
            const int to = clone ? move : jump_to(move);
            if ((pos_.empty() & bit(to)) == 0) return ARB_ERR_ILLEGAL;
            if (clone) {
                if ((neighbours(us) & bit(to)) == 0) return ARB_ERR_ILLEGAL;
                pos_.halfmoves = 0;
            } else {
                const int from = jump_from(move);
                if ((us & bit(from)) == 0 || (kJumpTargets[static_cast<size_t>(from)] & bit(to)) == 0)
                    return ARB_ERR_ILLEGAL;
                us &= ~bit(from);
                ++pos_.halfmoves;
            }
            const Bits captured = kCloneTargets[static_cast<size_t>(to)] & them;
            us |= bit(to) | captured;
            them &= ~captured;
        }
        pos_.fullmoves += pos_.side;  // after white's move
        pos_.side ^= 1;
        return ARB_OK;
    }

    [[nodiscard]] int32_t side_to_move() const noexcept { return over() ? ARB_SIDE_NONE : pos_.side; }

    // A clone adds a stone and stones never leave the board, so no earlier
    // position can recur: irreversible, and the half-move clock restarts. A
    // jump keeps the count (its flips may be undone), so it stays reversible.
    [[nodiscard]] arb_move_flags move_properties(arb_move move) const noexcept {
        if (move == kPass) return ARB_MOVE_PASS;
        return move >= 0 && move < kSquares ? ARB_MOVE_IRREVERSIBLE : 0;
    }

    // Everything the position text says, the counters included: Ataxx has
    // no repetition rule, and the half-move clock decides when the game
    // ends, so boards with different clocks are different positions.
    [[nodiscard]] uint64_t hash() const noexcept {
        return sdk::PositionKey()
            .add(pos_.stones[0])
            .add(pos_.stones[1])
            .add(pos_.gaps)
            .add(static_cast<uint64_t>(pos_.side))
            .add(static_cast<uint64_t>(pos_.halfmoves))
            .add(static_cast<uint64_t>(pos_.fullmoves))
            .value();
    }

    [[nodiscard]] sdk::Outcome outcome() const {
        if (!over()) return sdk::Outcome::ongoing();
        const int black = count(pos_.stones[0]), white = count(pos_.stones[1]);
        const bool counted = black == 0 || white == 0 || (reach(pos_.stones[0] | pos_.stones[1]) & pos_.empty()) == 0;
        if (!counted) {
            // libataxx: the half-move limit draws, whatever the stone count,
            // unless the board had decided the game first.
            char reason[ARB_REASON_SIZE];
            std::snprintf(reason, sizeof reason, "half-move limit: %d plies without a clone", limit_);
            return sdk::Outcome::draw(reason);
        }
        const char *why = black == 0 && white == 0 ? "no stones on the board"
                          : black == 0             ? "black has no stones left"
                          : white == 0             ? "white has no stones left"
                          : pos_.empty() == 0      ? "board full"
                                                   : "no empty square can be reached";
        if (black > white) return sdk::Outcome::win(0, why).with_score(black, white);
        if (white > black) return sdk::Outcome::win(1, why).with_score(black, white);
        return sdk::Outcome::draw(why).with_score(black, white);
    }

private:
    // Ends when a side has no stones, at the half-move limit, or when no
    // empty square is within two squares of any stone (neither side can
    // move); libataxx's is_gameover.
    [[nodiscard]] bool over() const noexcept {
        const Bits both = pos_.stones[0] | pos_.stones[1];
        return pos_.stones[0] == 0 || pos_.stones[1] == 0 || pos_.halfmoves >= limit_ ||
               (reach(both) & pos_.empty()) == 0;
    }
    [[nodiscard]] bool can_move(int side) const noexcept { return (reach(pos_.stones[side]) & pos_.empty()) != 0; }

    arb_status check_target(int square, ErrorOut err) const {
        if (over()) return err.fail(ARB_ERR_ILLEGAL, "the game is over: %s", outcome().reason.c_str());
        if (pos_.gaps & bit(square))
            return err.fail(ARB_ERR_ILLEGAL, "%s is a gap: no stone may stand there", square_name(square).c_str());
        if ((pos_.stones[0] | pos_.stones[1]) & bit(square))
            return err.fail(ARB_ERR_ILLEGAL, "%s is taken", square_name(square).c_str());
        return ARB_OK;
    }

    int limit_;
    Position pos_;
};

}  // namespace
}  // namespace arb::ataxx

ARB_GAME_PLUGIN(arb::ataxx::Ataxx)
