// A test-only game with a rule option of each type, so that the engines'
// option handling is tested even when no shipped game has options.
// A pile of `start` stones; each move takes 1..max_take ("1", "2", "3");
// whoever takes the last stone wins (loses when `misere`).
// Position string: "<stones> <side to move>", e.g. "10 0".
#include <arbiter/sdk/game_adapter.hpp>
#include <arbiter/sdk/options.hpp>

#include <string>

namespace {

using arb::sdk::ErrorOut;

constexpr const char *kMaxTake[] = {"3", "2"};
const arb_option_desc kOptions[] = {
    arb::sdk::int_option("start", "10", 1, 50, "stones at the start"),
    arb::sdk::bool_option("misere", false, "whoever takes the last stone loses"),
    arb::sdk::choice_option("max_take", kMaxTake, "most stones one move may take"),
};

class Countdown {
public:
    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{"countdown", "Countdown", "1.0.0", "take stones from a pile (test game)",
                                             {"first", "second"}, kOptions, 3, 16};
        return info;
    }

    explicit Countdown(const arb::sdk::Options &options)
        : start_(options.integer("start")), misere_(options.boolean("misere")),
          max_take_(options.choice("max_take") == 0 ? 3 : 2), stones_(start_) {}

    void reset() {
        stones_ = start_;
        to_move_ = 0;
    }

    arb_status set_position(std::string_view text, ErrorOut err) {
        size_t space = text.find(' ');
        if (space == std::string_view::npos || space == 0 || space + 2 != text.size())
            return err.fail(ARB_ERR_SYNTAX, "expected '<stones> <side>', got %s", arb::sdk::quoted(text).c_str());
        int stones = 0;
        for (char c : text.substr(0, space)) {
            if (c < '0' || c > '9' || stones > 1000) return err.fail(ARB_ERR_SYNTAX, "bad stone count");
            stones = stones * 10 + (c - '0');
        }
        char side = text.back();
        if (side != '0' && side != '1') return err.fail(ARB_ERR_SYNTAX, "side must be 0 or 1");
        if (stones > start_) return err.fail(ARB_ERR_ILLEGAL, "more stones than the start (%d)", start_);
        stones_ = stones;
        to_move_ = side - '0';
        return ARB_OK;
    }

    std::string position() const { return std::to_string(stones_) + ' ' + std::to_string(to_move_); }

    int32_t legal_moves(arb_move *out) const {
        int32_t n = 0;
        for (int take = 1; take <= max_take_ && take <= stones_; ++take) out[n++] = take;
        return n;
    }

    arb_status parse_move(std::string_view text, arb_move &move, ErrorOut err) const {
        if (text.size() != 1 || text[0] < '1' || text[0] > '3')
            return err.fail(ARB_ERR_SYNTAX, "a move is 1, 2 or 3, got %s", arb::sdk::quoted(text).c_str());
        int take = text[0] - '0';
        if (take > max_take_ || take > stones_)
            return err.fail(ARB_ERR_ILLEGAL, "cannot take %d of %d stones (at most %d)", take, stones_, max_take_);
        move = take;
        return ARB_OK;
    }

    arb::sdk::MoveText format_move(arb_move move) const {
        arb::sdk::MoveText text;
        text.append_int(move);
        return text;
    }

    void play(arb_move move) {
        stones_ -= move;
        to_move_ ^= 1;
    }

    int32_t side_to_move() const { return stones_ > 0 ? to_move_ : ARB_SIDE_NONE; }

    arb::sdk::Outcome outcome() const {
        if (stones_ > 0) return arb::sdk::Outcome::ongoing();
        int last = to_move_ ^ 1;  // took the last stone
        return arb::sdk::Outcome::win(misere_ ? to_move_ : last, "the pile is empty");
    }

private:
    int start_;
    bool misere_;
    int max_take_;
    int stones_;
    int to_move_ = 0;
};

}  // namespace

ARB_GAME_PLUGIN(Countdown)
