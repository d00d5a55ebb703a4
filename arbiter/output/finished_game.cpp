#include "output/finished_game.hpp"

namespace arb::output {

const char *result_text(arb_result result) {
    switch (result) {
        case ARB_RESULT_WIN_SIDE_0: return "1-0";
        case ARB_RESULT_WIN_SIDE_1: return "0-1";
        case ARB_RESULT_DRAW: return "1/2-1/2";
        default: return "*";
    }
}

std::optional<arb_result> parse_result_text(const std::string &text) {
    if (text == "1-0") return ARB_RESULT_WIN_SIDE_0;
    if (text == "0-1") return ARB_RESULT_WIN_SIDE_1;
    if (text == "1/2-1/2") return ARB_RESULT_DRAW;
    if (text == "*") return ARB_RESULT_ONGOING;
    return std::nullopt;
}

std::optional<match::Termination> parse_termination(const std::string &name) {
    for (int t = static_cast<int>(match::Termination::GameRule); t <= static_cast<int>(match::Termination::Abandoned); ++t)
        if (name == match::termination_name(static_cast<match::Termination>(t))) return static_cast<match::Termination>(t);
    return std::nullopt;
}

}  // namespace arb::output
