// A second tic-tac-toe, written apart from the SDK example
// (sdk/examples/tictactoe) for the tests of `arbiter plugin-diff`: the same
// game, texts and position strings, but another inside -- one 9-bit mask per
// side and move codes counted down the columns (a1 a2 a3 b1 ...) from 100 --
// so that only what the two plugins show can agree. Built once honest and
// once per planted difference (TTT_DIFFERENCE, see tests/plugin_diff/CMakeLists.txt).
#include <arbiter/sdk/game_adapter.hpp>

#include <cstdint>
#include <span>
#include <string>

#ifndef TTT_DIFFERENCE
#define TTT_DIFFERENCE 0
#endif

namespace {

enum Difference {
    kHonest = 0,
    kPlaysOnAfterLine = 1,   // a missing rule: a line of three does not end the game
    kCornerAfterCentre = 2,  // a1 is not a legal move once b2 is taken
    kDrawAsWin = 3,          // a full board without a line is a win for x
    kUpperCaseCentre = 4,    // the centre is written "B2", not "b2"
    kEdgeOnly = 5,           // c3 is not a legal move in one position only, the one its rule edge lists
};
constexpr int kDifference = TTT_DIFFERENCE;

// Square bit: row-major from a1 (bit 0) to c3 (bit 8), the order of the position string.
constexpr int bit(int column, int row) { return row * 3 + column; }
// Move codes: column-major from 100, unlike the example's row-major 0..8.
constexpr arb_move code_of(int column, int row) { return 100 + column * 3 + row; }

constexpr uint16_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
constexpr uint16_t kFull = 0777;

class TicTacToeBits {
public:
    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{
            "tictactoe", "Tic-tac-toe (bit masks)", "0.1.0", "tic-tac-toe, a second implementation for plugin-diff tests",
            {"x", "o"}, {}, 9, 16};
        return info;
    }

    explicit TicTacToeBits(const arb::sdk::Options &) {}

    void reset() {
        marks_[0] = marks_[1] = 0;
    }

    arb_status set_position(std::string_view text, arb::sdk::ErrorOut err) {
        if (text.size() != 11 || text[9] != ' ') return err.fail(ARB_ERR_SYNTAX, "expected 9 squares, a space and a side");
        uint16_t marks[2] = {0, 0};
        for (int i = 0; i < 9; ++i) {
            const char c = text[static_cast<size_t>(i)];
            if (c == 'X') marks[0] = static_cast<uint16_t>(marks[0] | (1u << i));
            else if (c == 'O') marks[1] = static_cast<uint16_t>(marks[1] | (1u << i));
            else if (c != '.') return err.fail(ARB_ERR_SYNTAX, "bad square '%c'", c);
        }
        const int x = __builtin_popcount(marks[0]), o = __builtin_popcount(marks[1]);
        const char side = text[10];
        if ((side != 'X' && side != 'O') || x - o < 0 || x - o > 1 || (side == 'O') != (x > o))
            return err.fail(ARB_ERR_ILLEGAL, "not a position of play");
        marks_[0] = marks[0];
        marks_[1] = marks[1];
        return ARB_OK;
    }

    std::string position() const {
        std::string out(9, '.');
        for (int i = 0; i < 9; ++i)
            out[static_cast<size_t>(i)] = (marks_[0] >> i & 1) ? 'X' : (marks_[1] >> i & 1) ? 'O' : '.';
        return out + ' ' + (mover() == 0 ? 'X' : 'O');
    }

    int32_t legal_moves(arb_move *out) const {
        int32_t n = 0;
        if (over()) return 0;
        for (int column = 0; column < 3; ++column)
            for (int row = 0; row < 3; ++row)
                if (allowed(column, row)) out[n++] = code_of(column, row);
        return n;
    }

    arb_status parse_move(std::string_view text, arb_move &move, arb::sdk::ErrorOut err) const {
        if (text.size() != 2) return err.fail(ARB_ERR_SYNTAX, "expected a square a1..c3");
        const char file = kDifference == kUpperCaseCentre && text == "B2" ? 'b' : text[0];
        if (kDifference == kUpperCaseCentre && text == "b2") return err.fail(ARB_ERR_SYNTAX, "the centre is B2");
        const int column = file - 'a', row = text[1] - '1';
        if (column < 0 || column > 2 || row < 0 || row > 2) return err.fail(ARB_ERR_SYNTAX, "expected a square a1..c3");
        if (over() || !allowed(column, row)) return err.fail(ARB_ERR_ILLEGAL, "not a legal move");
        move = code_of(column, row);
        return ARB_OK;
    }

    arb::sdk::MoveText format_move(arb_move move) const {
        const int column = (move - 100) / 3, row = (move - 100) % 3;
        std::string text{static_cast<char>('a' + column), static_cast<char>('1' + row)};
        if (kDifference == kUpperCaseCentre && text == "b2") text = "B2";
        return arb::sdk::MoveText(text);
    }

    void play(arb_move move) {
        const int side = mover();
        marks_[side] = static_cast<uint16_t>(marks_[side] | (1u << bit((move - 100) / 3, (move - 100) % 3)));
    }

    int32_t side_to_move() const { return over() ? ARB_SIDE_NONE : mover(); }

    arb::sdk::Outcome outcome() const {
        for (int side = 0; side < 2; ++side)
            if (has_line(side)) return arb::sdk::Outcome::win(side, "a line of three");
        if ((marks_[0] | marks_[1]) == kFull)
            return kDifference == kDrawAsWin ? arb::sdk::Outcome::win(0, "full") : arb::sdk::Outcome::draw("full");
        return arb::sdk::Outcome::ongoing();
    }

private:
    int mover() const { return __builtin_popcount(marks_[0]) > __builtin_popcount(marks_[1]) ? 1 : 0; }
    bool has_line(int side) const {
        if (kDifference == kPlaysOnAfterLine) return false;
        for (uint16_t line : kLines)
            if ((marks_[side] & line) == line) return true;
        return false;
    }
    bool over() const { return outcome().result != ARB_RESULT_ONGOING; }
    bool allowed(int column, int row) const {
        const unsigned taken = static_cast<unsigned>(marks_[0] | marks_[1]);
        if (taken >> bit(column, row) & 1) return false;
        if (kDifference == kEdgeOnly && column == 2 && row == 2 && marks_[0] == kEdgeX && marks_[1] == kEdgeO)
            return false;
        return !(kDifference == kCornerAfterCentre && column == 0 && row == 0 && (taken >> bit(1, 1) & 1));
    }

    // kEdgeOnly's position: x on a1 and b2, o on c1 and a3, x to move ("X.O.X.O.. X").
    static constexpr uint16_t kEdgeX = (1u << bit(0, 0)) | (1u << bit(1, 1));
    static constexpr uint16_t kEdgeO = (1u << bit(2, 0)) | (1u << bit(0, 2));

public:
    // "arbiter.rule-edges/1": kEdgeOnly lists the position where it differs; the others none.
    static std::span<const arb_rule_edge> rule_edges() {
        static constexpr arb_rule_edge kEdges[] = {
            {.rule = "c3-blocked", .options = "", .position = "X.O.X.O.. X", .moves = "", .expect = ARB_EDGE_ANY_LEGAL,
             .move = "", .failure = "played c3 where this plugin forbids it"},
        };
        if (kDifference == kEdgeOnly) return kEdges;
        return {};
    }

private:

    uint16_t marks_[2] = {0, 0};
};

}  // namespace

ARB_GAME_PLUGIN(TicTacToeBits)
