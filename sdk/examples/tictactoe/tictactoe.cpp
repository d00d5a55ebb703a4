// Tic-tac-toe as an arbiter game plugin: the smallest complete example of the
// SDK. Squares a1..c3 (column letter, row number from the top), X first.
// Position string: 9 characters a1 b1 c1 a2 .. c3 with 'X', 'O', '.', then a
// space and the side to move, e.g. "X...O.... X".
//
// Engines may speak UGI, UCI or UAI (the plugin's own texts) or USI, whose
// notation this plugin converts ("arbiter.protocol-notation/1"): squares as
// shogi writes them, file digit counted from the right and rank letter from
// the top (a1 -> 3a, c3 -> 1c), and positions as an SFEN (rows from the
// top, runs of empty squares as digits, b or w to move, no pieces in hand,
// move number 1: "X...O.... X" -> "X2/1O1/3 b - 1").
#include <arbiter/sdk/coords.hpp>
#include <arbiter/sdk/game_adapter.hpp>

#include <array>
#include <stdexcept>
#include <string>

namespace {

using arb::sdk::ErrorOut;

constexpr arb::sdk::Grid kGrid{3, 3};

class TicTacToe {
public:
    static const arb::sdk::GameInfo &info() {
        // Designated initializers: the two sizes are both int32_t and easy to swap.
        static const arb::sdk::GameInfo info{
            .id = "tictactoe",
            .name = "Tic-tac-toe",
            .version = "1.0.0",
            .description = "three in a row on a 3x3 grid (SDK example)",
            .side_names = {"x", "o"},
            .options = {},
            .max_legal_moves = 9,
            .max_position_size = 16,  // counts the NUL: at least 12 for "X...O.... X"
        };
        return info;
    }

    explicit TicTacToe(const arb::sdk::Options &) {}

    // Back to the start position, rule options kept: reset only the fields
    // that change in play. (`*this = TicTacToe(Options{})` would also reset
    // the options of a game that has some, to their defaults.)
    void reset() {
        cells_.fill('.');
        to_move_ = 0;
    }

    arb_status set_position(std::string_view text, ErrorOut err) {
        if (text.size() != 11 || text[9] != ' ')
            return err.fail(ARB_ERR_SYNTAX, "expected 9 squares, a space and X or O, got %s",
                            arb::sdk::quoted(text).c_str());
        std::array<char, 9> cells{};
        int counts[2] = {0, 0};
        for (int i = 0; i < 9; ++i) {
            char c = text[static_cast<size_t>(i)];
            if (c != 'X' && c != 'O' && c != '.')
                return err.fail(ARB_ERR_SYNTAX, "square %d holds '%c', expected X, O or .", i + 1, c);
            cells[static_cast<size_t>(i)] = c;
            if (c != '.') ++counts[c == 'X' ? 0 : 1];
        }
        char side = text[10];
        if (side != 'X' && side != 'O') return err.fail(ARB_ERR_SYNTAX, "side to move must be X or O");
        int expected_side = counts[0] == counts[1] ? 0 : 1;
        if (counts[0] - counts[1] > 1 || counts[0] < counts[1] || (side == 'X' ? 0 : 1) != expected_side)
            return err.fail(ARB_ERR_ILLEGAL, "X has %d marks and O %d: not a position of play with %c to move",
                            counts[0], counts[1], side);
        cells_ = cells;
        to_move_ = expected_side;
        return ARB_OK;
    }

    std::string position() const {
        return std::string(cells_.begin(), cells_.end()) + ' ' + (to_move_ == 0 ? 'X' : 'O');
    }

    int32_t legal_moves(arb_move *out) const {
        if (winner() != ARB_SIDE_NONE) return 0;
        int32_t n = 0;
        for (int i = 0; i < 9; ++i)
            if (cells_[static_cast<size_t>(i)] == '.') out[n++] = i;
        return n;
    }

    arb_status parse_move(std::string_view text, arb_move &move, ErrorOut err) const {
        arb::sdk::Square sq;
        if (arb_status s = arb::sdk::parse_square(text, kGrid, sq, err); s != ARB_OK) return s;
        int index = sq.row * 3 + sq.column;
        if (winner() != ARB_SIDE_NONE || full()) return err.fail(ARB_ERR_ILLEGAL, "the game is over");
        if (cells_[static_cast<size_t>(index)] != '.')
            return err.fail(ARB_ERR_ILLEGAL, "square %s is taken", arb::sdk::quoted(text).c_str());
        move = index;
        return ARB_OK;
    }

    arb::sdk::MoveText format_move(arb_move move) const {
        arb::sdk::MoveText text;
        arb::sdk::append_square(text, {move % 3, move / 3});
        return text;
    }

    void play(arb_move move) {
        cells_[static_cast<size_t>(move)] = to_move_ == 0 ? 'X' : 'O';
        to_move_ ^= 1;
    }

    int32_t side_to_move() const { return outcome().result == ARB_RESULT_ONGOING ? to_move_ : ARB_SIDE_NONE; }

    // Optional (ABI 1.1 extensions, offered by the adapter when defined).
    // A mark is never removed, so no move can be taken back.
    arb_move_flags move_properties(arb_move) const { return ARB_MOVE_IRREVERSIBLE; }

    // The position in base 3 plus the side to move: exact, so no two
    // positions share a key.
    uint64_t hash() const {
        uint64_t code = 0;
        for (char c : cells_) code = code * 3 + (c == '.' ? 0 : c == 'X' ? 1 : 2);
        return arb::sdk::mix(code * 2 + static_cast<uint64_t>(to_move_));
    }

    // "arbiter.diagram/1": how a viewer draws the board. Rows are numbered
    // from the top, as the squares are named.
    const arb::sdk::BoardDrawing &drawing() const {
        static const arb::sdk::BoardDrawing kDrawing = arb::sdk::BoardDrawing::squares(3, 3)
                                                           .files("abc")
                                                           .ranks_counting(1, 1)
                                                           .piece('X', arb::sdk::PieceShape::Cross, "#1f4e9c", "x")
                                                           .piece('O', arb::sdk::PieceShape::Ring, "#b8321f", "o");
        return kDrawing;
    }
    std::string diagram_cells() const { return arb::sdk::cells_in_rows({cells_.data(), cells_.size()}, 3); }

    // "arbiter.protocol-notation/1" (see the top of this file).
    static arb::sdk::ProtocolNotation protocol_notation() {
        return arb::sdk::ProtocolNotation::speaks({ARB_PROTOCOL_UGI, ARB_PROTOCOL_UCI, ARB_PROTOCOL_UAI})
            .converting(ARB_PROTOCOL_USI, {&to_sfen, &from_sfen, &to_usi_move, &from_usi_move});
    }

    arb::sdk::Outcome outcome() const {
        int w = winner();
        if (w != ARB_SIDE_NONE) return arb::sdk::Outcome::win(w, "three in a row");
        if (full()) return arb::sdk::Outcome::draw("board full");
        return arb::sdk::Outcome::ongoing();
    }

private:
    // Conversions to and from USI; only the shape is checked here, the
    // plugin's set_position and parse_move judge the result.
    [[noreturn]] static void refuse(std::string_view what, std::string_view text) {
        throw std::invalid_argument(std::string(what) + " '" + std::string(text) + "'");
    }
    static std::string to_usi_move(std::string_view move) {
        if (move.size() != 2 || move[0] < 'a' || move[0] > 'c' || move[1] < '1' || move[1] > '3')
            refuse("not a square", move);
        return {static_cast<char>('3' - (move[0] - 'a')), static_cast<char>('a' + (move[1] - '1'))};
    }
    static std::string from_usi_move(std::string_view move) {
        if (move.size() != 2 || move[0] < '1' || move[0] > '3' || move[1] < 'a' || move[1] > 'c')
            refuse("not a USI square", move);
        return {static_cast<char>('a' + ('3' - move[0])), static_cast<char>('1' + (move[1] - 'a'))};
    }
    static std::string to_sfen(std::string_view position) {
        if (position.size() != 11 || position[9] != ' ' || (position[10] != 'X' && position[10] != 'O'))
            refuse("not a position", position);
        std::string out;
        for (size_t row = 0; row < 3; ++row) {
            if (row > 0) out += '/';
            int empty = 0;
            for (size_t col = 0; col < 3; ++col) {
                char c = position[row * 3 + col];
                if (c == '.') {
                    ++empty;
                    continue;
                }
                if (empty > 0) out += static_cast<char>('0' + empty);
                empty = 0;
                out += c;
            }
            if (empty > 0) out += static_cast<char>('0' + empty);
        }
        out += position[10] == 'X' ? " b - 1" : " w - 1";
        return out;
    }
    static std::string from_sfen(std::string_view sfen) {
        std::string cells;
        size_t i = 0;
        for (; i < sfen.size() && sfen[i] != ' '; ++i) {
            char c = sfen[i];
            if (c >= '1' && c <= '3') cells.append(static_cast<size_t>(c - '0'), '.');
            else if (c == 'X' || c == 'O') cells += c;
            else if (c != '/') refuse("not an SFEN of tic-tac-toe", sfen);
        }
        std::string_view rest = sfen.substr(std::min(i + 1, sfen.size()));
        if (cells.size() != 9 || rest.empty() || (rest[0] != 'b' && rest[0] != 'w'))
            refuse("not an SFEN of tic-tac-toe", sfen);
        return cells + ' ' + (rest[0] == 'b' ? 'X' : 'O');
    }

    int winner() const {
        static constexpr int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                            {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
        for (const auto &l : lines) {
            char c = cells_[static_cast<size_t>(l[0])];
            if (c != '.' && c == cells_[static_cast<size_t>(l[1])] && c == cells_[static_cast<size_t>(l[2])])
                return c == 'X' ? ARB_SIDE_0 : ARB_SIDE_1;
        }
        return ARB_SIDE_NONE;
    }
    bool full() const {
        for (char c : cells_)
            if (c == '.') return false;
        return true;
    }

    std::array<char, 9> cells_{'.', '.', '.', '.', '.', '.', '.', '.', '.'};
    int to_move_ = 0;
};

}  // namespace

ARB_GAME_PLUGIN(TicTacToe)
