// Gess (Gach) as an arbiter game plugin. Rules, formats and the binding
// decisions: README.md in this folder.
#include "board.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "rule_edges.hpp"
#include "rules.hpp"

#include <arbiter/sdk/game_adapter.hpp>

#include <bit>

#include <stdexcept>

namespace gess {
namespace {

using arb::sdk::ErrorOut;

const Position &start_position() {
    static const Position start = [] {
        Position p;
        if (parse_position(kStartPosition, p, ErrorOut(nullptr, 0)) != ARB_OK)
            throw std::logic_error("the built-in start position does not parse");
        return p;
    }();
    return start;
}

// How the game stands, read from the board alone: the side that just moved
// is the one not to move, so no history is needed.
enum class Ending {
    ongoing,
    side_to_move_ringless,  // the side that just moved wins
    mover_ringless,         // the side that just moved left itself without a ring and loses
};

class GessGame {
public:
    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{
            "gess",
            "Gess",
            "1.0.0",
            "Gess (Gach): chess-like pieces as 3x3 footprints of Go stones on an 18x18 board",
            {"black", "white"},
            kOptionDescs,
            kMaxLegalMoves,
            kMaxPositionSize};
        return info;
    }

    // "arbiter.rule-edges/1" (rule_edges.cpp): positions where engines get the rules wrong.
    static std::span<const arb_rule_edge> rule_edges() noexcept { return gess::rule_edges(); }

    explicit GessGame(const arb::sdk::Options &options) : rules_(Rules::from(options)) { reset(); }

    void reset() { load(start_position()); }

    arb_status set_position(std::string_view text, ErrorOut err) {
        Position position;
        if (arb_status s = parse_position(text, position, err); s != ARB_OK) return s;
        load(position);
        return ARB_OK;
    }

    [[nodiscard]] std::string position() const { return write_position(Position{board_, to_move_}); }

    // "arbiter.diagram/1": the 20x20 notation grid a-t x 20-1 with the
    // 18x18 board where stones stand (b-s x 19-2) framed; the cells are the
    // position's 18 rows inside an always-empty outer ring.
    [[nodiscard]] const arb::sdk::BoardDrawing &drawing() const {
        static const arb::sdk::BoardDrawing kDrawing =
            arb::sdk::BoardDrawing::squares(20, 20)
                .files("abcdefghijklmnopqrst")
                .ranks_counting(20, -1)
                .board_colour("#dcb35c")
                .frame(1, 1, 18, 18)
                .piece('X', arb::sdk::PieceShape::Disc, "#111111", "black")
                .piece('O', arb::sdk::PieceShape::Disc, "#f5f5f5", "white");
        return kDrawing;
    }
    [[nodiscard]] std::string diagram_cells() const {
        const std::string inner = position();
        const std::string ring_row(20, '.');
        std::string cells = ring_row;
        for (size_t row = 0; row < 18; ++row) cells += "/." + inner.substr(row * 19, 18) + '.';
        return cells + '/' + ring_row;
    }

    // "arbiter.status-line/1": stones and rings of each side (a side without
    // a ring has lost), e.g. "Black 43 stones, 1 ring - White 41 stones, 2 rings".
    [[nodiscard]] std::string status_line() const {
        auto side = [&](int s, const char *name) {
            int rings = 0;
            for (uint32_t row : ring_centres(board_, s)) rings += std::popcount(row);
            return std::string(name) + " " + std::to_string(board_.count(s)) + " stones, " + std::to_string(rings) +
                   (rings == 1 ? " ring" : " rings");
        };
        return side(0, "Black") + " - " + side(1, "White");
    }

    int32_t legal_moves(arb_move *out) const {
        if (ending_ != Ending::ongoing) return 0;
        return generate_moves(board_, to_move_, rules_, out);
    }

    arb_status parse_move(std::string_view text, arb_move &move, ErrorOut err) const {
        Move parsed{};
        if (arb_status s = parse_move_text(text, parsed, err); s != ARB_OK) return s;
        if (ending_ != Ending::ongoing) return err.fail(ARB_ERR_ILLEGAL, "the game is over");
        if (arb_status s = check_move(board_, to_move_, rules_, parsed, err); s != ARB_OK) return s;
        move = encode(parsed);
        return ARB_OK;
    }

    [[nodiscard]] arb::sdk::MoveText format_move(arb_move move) const {
        if (!valid_code(move)) throw std::invalid_argument("not a Gess move code");
        return move_text(decode(move));
    }

    // A code that is not a legal move here is refused, the state unchanged:
    // the check costs little next to generating the moves.
    arb_status play(arb_move code) {
        if (!valid_code(code) || ending_ != Ending::ongoing) return ARB_ERR_ILLEGAL;
        const Move move = decode(code);
        if (check_move(board_, to_move_, rules_, move, ErrorOut(nullptr, 0)) != ARB_OK) return ARB_ERR_ILLEGAL;
        apply_move(board_, to_move_, move);
        to_move_ ^= 1;
        ending_ = ending_of(board_, to_move_);
        return ARB_OK;
    }

    [[nodiscard]] int32_t side_to_move() const { return ending_ == Ending::ongoing ? to_move_ : ARB_SIDE_NONE; }

    // Stones are never added, so a move that removes any (a capture, or
    // stones pushed off the board) can never be undone. Played on a copy:
    // this is asked once per move, not in the search's hot path.
    [[nodiscard]] arb_move_flags move_properties(arb_move code) const {
        if (!valid_code(code)) return 0;
        Board after = board_;
        apply_move(after, to_move_, decode(code));
        const bool removes = after.count(0) + after.count(1) < board_.count(0) + board_.count(1);
        return removes ? ARB_MOVE_IRREVERSIBLE : 0;
    }

    // Every stone row of both sides and the side to move.
    [[nodiscard]] uint64_t hash() const {
        arb::sdk::PositionKey key;
        for (const Rows &rows : board_.stones)
            for (uint32_t row : rows) key.add(row);
        return key.add(static_cast<uint64_t>(to_move_)).value();
    }

    [[nodiscard]] arb::sdk::Outcome outcome() const {
        const int mover = to_move_ ^ 1;
        switch (ending_) {
            case Ending::side_to_move_ringless:
                return arb::sdk::Outcome::win(mover,
                                              to_move_ == 0 ? "black has no ring left" : "white has no ring left");
            case Ending::mover_ringless:
                return arb::sdk::Outcome::win(
                    to_move_, mover == 0 ? "black left itself without a ring" : "white left itself without a ring");
            case Ending::ongoing:
                break;
        }
        return arb::sdk::Outcome::ongoing();
    }

private:
    static Ending ending_of(const Board &board, int to_move) noexcept {
        // The side that just moved loses without a ring even if the other
        // side has none either (ring_rule=lose; unreachable with illegal).
        if (!has_ring(board, to_move ^ 1)) return Ending::mover_ringless;
        if (!has_ring(board, to_move)) return Ending::side_to_move_ringless;
        return Ending::ongoing;
    }

    void load(const Position &position) {
        board_ = position.board;
        to_move_ = position.to_move;
        ending_ = ending_of(board_, to_move_);
    }

    Rules rules_;
    Board board_;
    int to_move_ = 0;
    Ending ending_ = Ending::ongoing;
};

}  // namespace
}  // namespace gess

ARB_GAME_PLUGIN(gess::GessGame)
