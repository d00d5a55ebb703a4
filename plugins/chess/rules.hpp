// The rule options of chess, as `arbiter games` lists them, and their values
// for one game.
#pragma once

#include <arbiter/sdk/options.hpp>

namespace arb::chess {

enum class Variant { standard, chess960 };     // same order as the option's choices
enum class DrawRule { claimed, automatic };

struct Rules {
    Variant variant = Variant::standard;
    DrawRule draws = DrawRule::claimed;
    int start_number = -1;  // Chess960: the Scharnagl number of the start, -1 from the game's seed
};

inline constexpr const char *kVariantChoices[] = {"standard", "chess960"};
inline constexpr const char *kDrawChoices[] = {"claimed", "automatic"};

inline constexpr arb_option_desc kOptionTable[] = {
    sdk::choice_option("variant", kVariantChoices,
                       "standard, or chess960 (Fischer random: X-FEN positions, castling written king-takes-rook)"),
    sdk::choice_option("draws", kDrawChoices,
                       "claimed: threefold repetition and 50 moves end the game drawn, as fastchess and cutechess "
                       "do; automatic: only FIDE's fivefold and 75 moves"),
    sdk::int_option("start", "-1", -1, 959,
                    "chess960: the start position's number (518 is the standard array), -1 drawn from the seed; standard ignores it"),
};

[[nodiscard]] inline Rules rules_from(const sdk::Options &options) {
    Rules r;
    r.variant = static_cast<Variant>(options.choice("variant"));
    r.draws = static_cast<DrawRule>(options.choice("draws"));
    r.start_number = options.integer("start");
    return r;
}

}  // namespace arb::chess
