// A plugin built on the SDK with a planted bug the checker must find:
// parse_move reads every move as move 0, so "b" does not round-trip.
#include <arbiter/sdk/game_adapter.hpp>

#include <string>

namespace {

class RoundTripBug {
public:
    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{"roundtrip_bug", "Round-trip bug", "0.0.1", "checker test", {"a", "b"}, {}, 2, 8};
        return info;
    }
    explicit RoundTripBug(const arb::sdk::Options &) {}
    void reset() { played_ = 0; }
    arb_status set_position(std::string_view text, arb::sdk::ErrorOut err) {
        if (text.size() != 1 || text[0] < '0' || text[0] > '3') return err.fail(ARB_ERR_SYNTAX, "expected 0-3");
        played_ = text[0] - '0';
        return ARB_OK;
    }
    std::string position() const { return std::string(1, static_cast<char>('0' + played_)); }
    int32_t legal_moves(arb_move *out) const {
        if (played_ >= 3) return 0;
        out[0] = 0;
        out[1] = 1;
        return 2;
    }
    arb_status parse_move(std::string_view text, arb_move &move, arb::sdk::ErrorOut err) const {
        if (text != "a" && text != "b") return err.fail(ARB_ERR_SYNTAX, "expected a or b");
        move = 0;  // the planted bug
        return ARB_OK;
    }
    arb::sdk::MoveText format_move(arb_move move) const { return arb::sdk::MoveText(move == 0 ? "a" : "b"); }
    void play(arb_move) { ++played_; }
    int32_t side_to_move() const { return played_ >= 3 ? ARB_SIDE_NONE : played_ % 2; }
    arb::sdk::Outcome outcome() const {
        return played_ >= 3 ? arb::sdk::Outcome::draw("three moves played") : arb::sdk::Outcome::ongoing();
    }

private:
    int played_ = 0;
};

}  // namespace

ARB_GAME_PLUGIN(RoundTripBug)
