// Othello (Reversi) on 8x8 as an arbiter game plugin: bitboards, move codes
// 0..63 for the squares (a1 = 0, row 1 at the top) and 64 for a forced
// pass. The state is 17 bytes with no history, so assign() is a plain copy
// and legal_moves()/play() never allocate. Rules and formats: README.md.
#include "bitboard.hpp"
#include "ggf.hpp"
#include "position_text.hpp"
#include "rule_edges.hpp"

#include <arbiter/sdk/coords.hpp>
#include <arbiter/sdk/game_adapter.hpp>

#include <chrono>
#include <stdexcept>
#include <string>

namespace othello {
namespace {

using arb::sdk::ErrorOut;

constexpr arb::sdk::Grid kGrid{8, 8};
constexpr arb_move kPass = 64;
constexpr const char *kSideNames[2] = {"black", "white"};

class Othello {
public:
    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{
            "othello", "Othello", "1.0.0", "Othello (Reversi) on 8x8, Edax position strings, a1 top-left",
            {kSideNames[0], kSideNames[1]}, {},
            // A move list holds either placements (at most the empty squares) or one pass.
            64, kPositionLength + 1};
        return info;
    }

    explicit Othello(const arb::sdk::Options &) {}

    void reset() {
        player_ = kStartBlack;
        opponent_ = kStartWhite;
        side_ = 0;
    }

    arb_status set_position(std::string_view text, ErrorOut err) {
        Discs discs;
        if (arb_status status = read_position(text, discs, err); status != ARB_OK) return status;
        side_ = discs.side;
        player_ = side_ == 0 ? discs.black : discs.white;
        opponent_ = side_ == 0 ? discs.white : discs.black;
        return ARB_OK;
    }

    std::string position() const { return write_position(discs()); }

    // "arbiter.diagram/1": the board as the position string names it, a1
    // top-left; the cells are the first 64 characters of the position.
    const arb::sdk::BoardDrawing &drawing() const {
        static const arb::sdk::BoardDrawing kDrawing = arb::sdk::BoardDrawing::squares(8, 8)
                                                           .files("abcdefgh")
                                                           .ranks_counting(1, 1)
                                                           .board_colour("#2e8b57")
                                                           .empty('-')
                                                           .piece('X', arb::sdk::PieceShape::Disc, "#111111", "black")
                                                           .piece('O', arb::sdk::PieceShape::Disc, "#f5f5f5", "white");
        return kDrawing;
    }
    std::string diagram_cells() const { return arb::sdk::cells_in_rows(std::string_view(position()).substr(0, 64), 8); }

    // "arbiter.status-line/1": the disc count, as the score of a finished game reads.
    std::string status_line() const {
        const Discs d = discs();
        return "Black " + std::to_string(count(d.black)) + " - White " + std::to_string(count(d.white));
    }

    // "arbiter.margin/1": Black's discs minus White's under the tournament
    // scoring of outcome() (the empty squares to the winner), the disc
    // differential Othello players compare engines by.
    std::string margin_unit() const { return "discs"; }
    int32_t margin() const {
        const arb::sdk::Outcome o = outcome();
        return o.score[0] - o.score[1];
    }

    int32_t legal_moves(arb_move *out) const {
        Bits placements = legal_placements(player_, opponent_);
        if (placements == 0) {
            if (legal_placements(opponent_, player_) == 0) return 0;
            out[0] = kPass;
            return 1;
        }
        int32_t n = 0;
        while (placements != 0) {
            out[n++] = std::countr_zero(placements);
            placements &= placements - 1;
        }
        return n;
    }

    arb_status parse_move(std::string_view text, arb_move &move, ErrorOut err) const {
        const Bits placements = legal_placements(player_, opponent_);
        const bool over = placements == 0 && legal_placements(opponent_, player_) == 0;
        if (text == "pass") {
            if (over) return err.fail(ARB_ERR_ILLEGAL, "the game is over: no legal moves for either side");
            if (placements != 0)
                return err.fail(ARB_ERR_ILLEGAL, "%s may not pass: it has %d legal placements", kSideNames[side_],
                                count(placements));
            move = kPass;
            return ARB_OK;
        }
        arb::sdk::Square square;
        if (arb_status status = arb::sdk::parse_square(text, kGrid, square, err); status != ARB_OK) return status;
        const int index = square.row * 8 + square.column;
        const Bits bit = Bits{1} << index;
        if (over) return err.fail(ARB_ERR_ILLEGAL, "the game is over: no legal moves for either side");
        if ((placements & bit) == 0) {
            const std::string name(text);
            if ((player_ | opponent_) & bit) return err.fail(ARB_ERR_ILLEGAL, "square %s is taken", name.c_str());
            if (placements == 0)
                return err.fail(ARB_ERR_ILLEGAL, "%s has no legal placement and must pass", kSideNames[side_]);
            return err.fail(ARB_ERR_ILLEGAL, "%s on %s would turn no %s disc", kSideNames[side_], name.c_str(),
                            kSideNames[side_ ^ 1]);
        }
        move = index;
        return ARB_OK;
    }

    arb::sdk::MoveText format_move(arb_move move) const {
        if (move == kPass) return arb::sdk::MoveText("pass");
        if (move < 0 || move > 63) throw std::invalid_argument("not an Othello move code");
        arb::sdk::MoveText text;
        arb::sdk::append_square(text, {move % 8, move / 8});
        return text;
    }

    // Refuses (ARB_ERR_ILLEGAL, state unchanged) a code that is not a square
    // or a placement that turns nothing; the checks cost one branch each on
    // the hot path. A pass is checked fully, as it is rare.
    arb_status play(arb_move move) {
        if (move == kPass) {
            if (legal_placements(player_, opponent_) != 0 || legal_placements(opponent_, player_) == 0)
                return ARB_ERR_ILLEGAL;
        } else {
            if (move < 0 || move > 63) return ARB_ERR_ILLEGAL;
            const Bits bit = Bits{1} << move;
            const Bits turned = flips(move, player_, opponent_);
            if (turned == 0 || ((player_ | opponent_) & bit) != 0) return ARB_ERR_ILLEGAL;
            player_ |= turned | bit;
            opponent_ &= ~turned;
        }
        const Bits mover = player_;
        player_ = opponent_;
        opponent_ = mover;
        side_ ^= 1;
        return ARB_OK;
    }

    int32_t side_to_move() const { return over() ? ARB_SIDE_NONE : side_; }

    // A disc, once placed, stays: every placement is irreversible. A pass
    // changes only the side to move (and the host plays it when forced).
    arb_move_flags move_properties(arb_move move) const { return move == kPass ? ARB_MOVE_PASS : ARB_MOVE_IRREVERSIBLE; }

    // "arbiter.rule-edges/1": rule_edges.cpp.
    static std::span<const arb_rule_edge> rule_edges() { return rule_edge_table(); }

    // The discs and the side to move: everything the position string says.
    uint64_t hash() const {
        const Discs d = discs();
        return arb::sdk::PositionKey().add(d.black).add(d.white).add(static_cast<uint64_t>(side_)).value();
    }

    // Games in GGF ("arbiter.record-format/1"): the host writes games.ggf.
    static const arb::sdk::RecordFormat &record_format() {
        static const arb::sdk::RecordFormat format{"GGF", "ggf"};
        return format;
    }

    // The record of `game` played from this position, on one line.
    std::string write_record(const arb::sdk::RecordGame &game) const {
        ggf::Game record;
        record.black = game.player(0);
        record.white = game.player(1);
        record.date = ggf::date(game.date());
        // TI when both sides had one clock, else TB and TW (a side without a clock has none).
        std::string side_time[2];
        for (int side = 0; side < 2; ++side)
            if (game.side_clock_base_ms(side) > 0)
                side_time[side] = ggf::time_control(std::chrono::milliseconds(game.side_clock_base_ms(side)),
                                                    std::chrono::milliseconds(game.side_clock_increment_ms(side)));
        if (side_time[0] == side_time[1]) {
            record.time = side_time[0];
        } else {
            record.black_time = side_time[0];
            record.white_time = side_time[1];
        }
        const Discs start = discs();
        for (int square = 0; square < 64; ++square) {
            const Bits bit = Bits{1} << square;
            record.board[static_cast<size_t>(square)] = (start.black & bit) ? '*' : (start.white & bit) ? 'O' : '-';
        }
        record.first = side_;
        Othello state = *this;
        for (int32_t i = 0; i < game.move_count(); ++i) {
            const arb_record_move m = game.move(i);
            if (m.move < 0 || m.move > kPass) throw std::invalid_argument("not an Othello move code");
            ggf::Move move{ggf::move(state.format_move(m.move).view()), std::nullopt, std::nullopt};
            if (state.play(m.move) != ARB_OK) throw std::invalid_argument("move not legal where played");
            if (m.has_score) move.eval = m.score_cp / 100.0;
            if (m.elapsed_ms >= 0) move.seconds = static_cast<double>(m.elapsed_ms) / 1000.0;
            record.moves.push_back(std::move(move));
        }
        record.result = state.ggf_result(game.result(), game.ending());
        return ggf::write(record) + "\n";
    }

    arb::sdk::Outcome outcome() const {
        if (!over()) return arb::sdk::Outcome::ongoing();
        const Discs d = discs();
        const int black = count(d.black), white = count(d.white);
        const int empty = 64 - black - white;
        const char *reason = empty == 0         ? "board full"
                             : black == 0       ? "black has no discs left"
                             : white == 0       ? "white has no discs left"
                                                : "no legal moves for either side";
        // Tournament scoring: the empty squares go to the winner, split on a draw.
        if (black > white) return arb::sdk::Outcome::win(0, reason).with_score(black + empty, white);
        if (white > black) return arb::sdk::Outcome::win(1, reason).with_score(black, white + empty);
        return arb::sdk::Outcome::draw(reason).with_score(black + empty / 2, white + empty / 2);
    }

private:
    // GGF's RE, black's result: the disc count (empties to the winner) when
    // the rules ended the game, else the whole board to the winner with
    // GGF's flag for how it ended.
    std::string ggf_result(arb_result result, arb_record_ending ending) const {
        if (ending == ARB_ENDING_RULE && over()) {
            const arb::sdk::Outcome o = outcome();
            return ggf::result(o.score[0] - o.score[1], 0);
        }
        const int margin = result == ARB_RESULT_WIN_SIDE_0 ? 64 : result == ARB_RESULT_WIN_SIDE_1 ? -64 : 0;
        if (result == ARB_RESULT_ONGOING || ending == ARB_ENDING_UNFINISHED) return "?";
        switch (ending) {
        case ARB_ENDING_TIME: return ggf::result(margin, 't');
        case ARB_ENDING_RESIGN:
        case ARB_ENDING_FORFEIT: return ggf::result(margin, 'r');
        case ARB_ENDING_AGREED: return ggf::result(margin, 's');
        default: return ggf::result(margin, 0);
        }
    }

    static constexpr Bits kStartBlack = (Bits{1} << 28) | (Bits{1} << 35);  // e4, d5
    static constexpr Bits kStartWhite = (Bits{1} << 27) | (Bits{1} << 36);  // d4, e5

    bool over() const {
        return legal_placements(player_, opponent_) == 0 && legal_placements(opponent_, player_) == 0;
    }
    Discs discs() const {
        return side_ == 0 ? Discs{player_, opponent_, 0} : Discs{opponent_, player_, 1};
    }

    Bits player_ = kStartBlack;  // discs of the side to move
    Bits opponent_ = kStartWhite;
    int side_ = 0;
};

}  // namespace
}  // namespace othello

ARB_GAME_PLUGIN(othello::Othello)
