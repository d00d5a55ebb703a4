// Breakthrough as a plugin author outside the tree writes it from the
// installed SDK: tests/install builds it out of tree (ARB_DEFECT 0, with
// -Wall -Werror) and plays it with the installed programs; tests/abi builds
// the planted parse_move bugs below and requires plugin-check to find them.
//
// Rules: on an N x N board (option size, 5..8) each side starts on its two
// home rows; a piece steps one row forward, straight onto an empty square or
// diagonally onto an empty square or an enemy piece, which it takes. Who
// reaches the far row, or takes the last enemy piece, wins; a side with no
// move loses. White (side 0) starts on rows 1-2 and moves first.
// Moves: "a2a3", a capture "a2xb3" (arbiter/sdk/capture_move.hpp).
// Position: the rows from N down to 1, '/' between, W B or . per square, a
// space and w or b to move ("BBBBB/BBBBB/...../WWWWW/WWWWW w" for size 5).
//
// ARB_DEFECT 1 (straight_capture): parse_move forgets that a straight step
// cannot take, so "a2xa3" onto an enemy piece is accepted though
// legal_moves does not list it. ARB_DEFECT 2 (wrong_square): parse_move
// checks only that the target is one row forward, not that it is beside
// the start, so "a2xc3" and "a2c3" are accepted. ARB_NO_RULE_EDGES: without
// its rule edge (a straight capture, "arbiter.rule-edges/1"), the one place
// where a straight capture was tried before the near-miss fuzz.
#include <arbiter/ext/rule_edges.h>
#include <arbiter/sdk/board_drawing.hpp>
#include <arbiter/sdk/capture_move.hpp>
#include <arbiter/sdk/game_adapter.hpp>
#include <arbiter/sdk/options.hpp>

#include <array>
#include <span>
#include <string>

#ifndef ARB_DEFECT
#define ARB_DEFECT 0
#endif

namespace {

using arb::sdk::ErrorOut;

constexpr int kMaxSize = 8;
constexpr char kPiece[2] = {'W', 'B'};
constexpr arb_option_desc kOptions[] = {arb::sdk::int_option("size", "8", 5, kMaxSize, "rows and columns of the board")};

class Breakthrough {
public:
    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{
            .id = "breakthrough",
            .name = "Breakthrough",
            .version = "1.0.0",
            .description = "reach the far row first (out-of-tree test plugin)",
            .side_names = {"white", "black"},
            .options = kOptions,
            .max_legal_moves = 3 * 2 * kMaxSize,
            // 8 rows of 8, 7 '/', a space, the side and the NUL.
            .max_position_size = kMaxSize * kMaxSize + kMaxSize - 1 + 2 + 1,
        };
        return info;
    }

    explicit Breakthrough(const arb::sdk::Options &options)
        : size_(options.integer("size")) {
        reset();
    }

    void reset() {
        board_.fill('.');
        for (int c = 0; c < size_; ++c)
            for (int r : {0, 1}) {
                at({c, r}) = kPiece[0];
                at({c, size_ - 1 - r}) = kPiece[1];
            }
        to_move_ = 0;
    }

    arb_status set_position(std::string_view text, ErrorOut err) {
        const size_t board_chars = static_cast<size_t>(size_ * size_ + size_ - 1);
        if (text.size() != board_chars + 2 || text[board_chars] != ' ' ||
            (text[board_chars + 1] != 'w' && text[board_chars + 1] != 'b'))
            return err.fail(ARB_ERR_SYNTAX, "expected %d rows of %d squares, a space and w or b, got %s", size_, size_,
                            arb::sdk::quoted(text).c_str());
        std::array<char, kMaxSize * kMaxSize> board{};
        size_t i = 0;
        for (int r = size_ - 1; r >= 0; --r) {
            for (int c = 0; c < size_; ++c, ++i) {
                const char ch = text[i];
                if (ch != 'W' && ch != 'B' && ch != '.')
                    return err.fail(ARB_ERR_SYNTAX, "square %c%d holds %s, expected W, B or .", 'a' + c, r + 1,
                                    arb::sdk::quoted(text.substr(i, 1)).c_str());
                board[index({c, r})] = ch;
            }
            if (r > 0 && text[i++] != '/')
                return err.fail(ARB_ERR_SYNTAX, "expected '/' after row %d in %s", r + 1, arb::sdk::quoted(text).c_str());
        }
        Breakthrough copy = *this;
        copy.board_ = board;
        copy.to_move_ = text[board_chars + 1] == 'w' ? 0 : 1;
        if (copy.reached(0) && copy.reached(1))
            return err.fail(ARB_ERR_ILLEGAL, "both sides stand on their far row");
        board_ = board;
        to_move_ = copy.to_move_;
        return ARB_OK;
    }

    std::string position() const {
        std::string out;
        for (int r = size_ - 1; r >= 0; --r) {
            for (int c = 0; c < size_; ++c) out += at({c, r});
            if (r > 0) out += '/';
        }
        out += to_move_ == 0 ? " w" : " b";
        return out;
    }

    int32_t legal_moves(arb_move *out) const {
        if (over()) return 0;
        return steps(out);
    }

    arb_status parse_move(std::string_view text, arb_move &move, ErrorOut err) const {
        arb::sdk::CaptureMove m;
        if (arb_status status = arb::sdk::parse_capture_move(text, grid(), m, err); status != ARB_OK) return status;
        if (over()) return err.fail(ARB_ERR_ILLEGAL, "the game is over");
        if (at(m.from) != kPiece[to_move_])
            return err.fail(ARB_ERR_ILLEGAL, "%s: no %s piece on its first square", arb::sdk::quoted(text).c_str(),
                            to_move_ == 0 ? "white" : "black");
        const int column_step = m.to.column - m.from.column;
        const bool beside = column_step >= -1 && column_step <= 1;
        if (m.to.row - m.from.row != forward() || (!beside && ARB_DEFECT != 2))
            return err.fail(ARB_ERR_ILLEGAL, "%s: a piece steps one row forward", arb::sdk::quoted(text).c_str());
        const char target = at(m.to);
        if (target == kPiece[to_move_])
            return err.fail(ARB_ERR_ILLEGAL, "%s: its own piece stands there", arb::sdk::quoted(text).c_str());
        if (column_step == 0 && target != '.' && ARB_DEFECT != 1)
            return err.fail(ARB_ERR_ILLEGAL, "%s: a straight step cannot take", arb::sdk::quoted(text).c_str());
        if (arb_status status = arb::sdk::check_capture_mark(text, m, target != '.', err); status != ARB_OK)
            return status;
        move = code(m.from, m.to);
        return ARB_OK;
    }

    arb::sdk::MoveText format_move(arb_move move) const {
        const Square from = square(move / 64), to = square(move % 64);
        arb::sdk::MoveText text;
        arb::sdk::append_capture_move(text, {from, to, at(to) != '.'});
        return text;
    }

    void play(arb_move move) {
        at(square(move % 64)) = kPiece[to_move_];
        at(square(move / 64)) = '.';
        to_move_ ^= 1;
    }

    int32_t side_to_move() const { return over() ? ARB_SIDE_NONE : to_move_; }

    arb::sdk::Outcome outcome() const {
        const int last = to_move_ ^ 1;  // the side that just moved
        if (reached(last)) return arb::sdk::Outcome::win(last, "reached the far row");
        if (count(to_move_) == 0) return arb::sdk::Outcome::win(last, "took every enemy piece");
        if (steps(nullptr) == 0) return arb::sdk::Outcome::win(last, "no move left");
        return arb::sdk::Outcome::ongoing();
    }

    // Every step forward is irreversible: no position can come back.
    arb_move_flags move_properties(arb_move) const { return ARB_MOVE_IRREVERSIBLE; }

#ifndef ARB_NO_RULE_EDGES
    static std::span<const arb_rule_edge> rule_edges() {
        static constexpr arb_rule_edge kEdges[] = {
            {.rule = "no-straight-capture", .options = "size=8",
             .position = "BBBBBBBB/.BBBBBBB/......../......../......../B......./WWWWWWWW/WWWWWWWW w", .moves = "",
             .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "a2xa3", .failure = "took the piece straight ahead"},
        };
        return kEdges;
    }
#endif

    // The board's size is an option: one drawing per size in static storage
    // (a reference to a temporary would dangle; one static would draw every
    // size as the first state's).
    const arb::sdk::BoardDrawing &drawing() const {
        static const std::array<arb::sdk::BoardDrawing, 4> by_size{make_drawing(5), make_drawing(6), make_drawing(7),
                                                                   make_drawing(8)};
        return by_size[static_cast<size_t>(size_ - 5)];
    }
    std::string diagram_cells() const { return position().substr(0, static_cast<size_t>(size_ * size_ + size_ - 1)); }

private:
    using Square = arb::sdk::Square;

    static arb::sdk::BoardDrawing make_drawing(int size) {
        return arb::sdk::BoardDrawing::squares(size, size)
            .files(std::string_view("abcdefgh").substr(0, static_cast<size_t>(size)))
            .ranks_counting(size, -1)
            .piece('W', arb::sdk::PieceShape::Disc, "#f4f4f4", "white")
            .piece('B', arb::sdk::PieceShape::Disc, "#111111", "black");
    }

    arb::sdk::Grid grid() const { return {size_, size_}; }
    static size_t index(Square s) { return static_cast<size_t>(s.row * kMaxSize + s.column); }
    static Square square(arb_move i) { return {i % kMaxSize, i / kMaxSize}; }
    static arb_move code(Square from, Square to) { return static_cast<arb_move>(index(from) * 64 + index(to)); }
    char &at(Square s) { return board_[index(s)]; }
    char at(Square s) const { return board_[index(s)]; }
    int forward() const { return to_move_ == 0 ? 1 : -1; }

    bool reached(int side) const {
        const int row = side == 0 ? size_ - 1 : 0;
        for (int c = 0; c < size_; ++c)
            if (at({c, row}) == kPiece[side]) return true;
        return false;
    }
    int count(int side) const {
        int n = 0;
        for (int r = 0; r < size_; ++r)
            for (int c = 0; c < size_; ++c) n += at({c, r}) == kPiece[side] ? 1 : 0;
        return n;
    }
    bool over() const { return reached(to_move_ ^ 1) || count(to_move_) == 0 || steps(nullptr) == 0; }

    // The steps of the side to move, written to `out` unless it is null.
    int32_t steps(arb_move *out) const {
        int32_t n = 0;
        for (int r = 0; r < size_; ++r)
            for (int c = 0; c < size_; ++c) {
                if (at({c, r}) != kPiece[to_move_]) continue;
                const int row = r + forward();
                if (row < 0 || row >= size_) continue;
                for (int dc = -1; dc <= 1; ++dc) {
                    const Square to{c + dc, row};
                    if (!grid().contains(to.column, to.row)) continue;
                    const char target = at(to);
                    if (target == kPiece[to_move_] || (dc == 0 && target != '.')) continue;
                    if (out != nullptr) out[n] = code({c, r}, to);
                    ++n;
                }
            }
        return n;
    }

    int size_;
    std::array<char, kMaxSize * kMaxSize> board_{};
    int to_move_ = 0;
};

}  // namespace

ARB_GAME_PLUGIN(Breakthrough)
