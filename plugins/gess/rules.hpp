// The rule variants of Gess, read once from the options at create().
#pragma once

#include "board.hpp"

#include <arbiter/sdk/options.hpp>

#include <array>

namespace gess {

inline constexpr const char *kCentersChoices[] = {"grid20", "board18"};
inline constexpr const char *kRingRuleChoices[] = {"illegal", "lose"};

inline constexpr std::array<arb_option_desc, 3> kOptionDescs = {
    arb::sdk::choice_option("centers", kCentersChoices,
                            "where a piece's centre may stand: grid20 = a-t x 1-20, board18 = b-s x 2-19"),
    arb::sdk::choice_option("ring_rule", kRingRuleChoices,
                            "a move leaving the mover without a ring: illegal, or legal and the mover loses"),
    arb::sdk::bool_option("stop_on_pushoff", true,
                          "the step that pushes a stone of the piece off the board ends the move"),
};

struct Rules {
    bool centers_board18 = false;
    bool ring_lose = false;
    bool stop_on_pushoff = true;

    static Rules from(const arb::sdk::Options &options) {
        Rules r;
        r.centers_board18 = options.choice("centers") == 1;
        r.ring_lose = options.choice("ring_rule") == 1;
        r.stop_on_pushoff = options.boolean("stop_on_pushoff");
        return r;
    }

    // The squares (x and y alike) a piece's centre may occupy.
    [[nodiscard]] constexpr int centre_min() const noexcept { return centers_board18 ? kFirstSquare : 0; }
    [[nodiscard]] constexpr int centre_max() const noexcept { return centers_board18 ? kLastSquare : kGridSize - 1; }
    [[nodiscard]] constexpr bool centre_allowed(int x, int y) const noexcept {
        return x >= centre_min() && x <= centre_max() && y >= centre_min() && y <= centre_max();
    }
};

}  // namespace gess
