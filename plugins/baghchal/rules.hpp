// The rule options of Bagh Chal, as `arbiter games` lists them, and their
// values for one game.
#pragma once

#include <arbiter/sdk/options.hpp>

#include <span>

namespace arb::baghchal {

enum class Repetition { forbid, draw3, none };  // same order as the option's choices

struct Rules {
    int goats_to_win = 5;
    bool mandatory_capture = false;
    Repetition repetition = Repetition::forbid;
};

inline constexpr const char *kCaptureChoices[] = {"optional", "mandatory"};
inline constexpr const char *kRepetitionChoices[] = {"forbid", "draw3", "none"};

inline constexpr arb_option_desc kOptionTable[] = {
    sdk::int_option("goats_to_win", "5", 1, 20, "goats the tigers must capture to win"),
    sdk::choice_option("capture", kCaptureChoices, "optional, or mandatory: a tiger that can capture must"),
    sdk::choice_option("repetition", kRepetitionChoices,
                       "after all goats are placed: forbid repeating a position, draw3 on its third "
                       "occurrence, or none"),
};

[[nodiscard]] inline Rules rules_from(const sdk::Options &options) {
    Rules r;
    r.goats_to_win = options.integer("goats_to_win");
    r.mandatory_capture = options.choice("capture") == 1;
    r.repetition = static_cast<Repetition>(options.choice("repetition"));
    return r;
}

}  // namespace arb::baghchal
