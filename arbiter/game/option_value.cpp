#include "game/option_value.hpp"

#include "core/boolean_text.hpp"
#include "core/quote.hpp"

#include <arbiter/protocol/numbers.hpp>

namespace arb::game {

std::string describe_option(const arb_option_desc &option) {
    switch (option.type) {
        case ARB_OPTION_BOOL: return std::string(kBooleanWords);
        case ARB_OPTION_INT:
            return "a whole number in " + std::to_string(option.min_value) + ".." + std::to_string(option.max_value);
        default: {
            std::string s = "one of ";
            for (int32_t i = 0; i < option.choice_count; ++i) s += std::string(i ? ", " : "") + option.choices[i];
            return s;
        }
    }
}

Expected<std::string> canonical_option_value(const arb_option_desc &option, std::string_view value) {
    switch (option.type) {
        case ARB_OPTION_BOOL:
            if (auto b = parse_boolean(value)) return std::string(*b ? "true" : "false");
            break;
        case ARB_OPTION_INT:
            if (protocol::parse_integer<int64_t>(value, option.min_value, option.max_value)) return std::string(value);
            break;
        case ARB_OPTION_CHOICE:
            for (int32_t i = 0; i < option.choice_count; ++i)
                if (value == option.choices[i]) return std::string(value);
            break;
        default: break;
    }
    return fail("game option '" + std::string(option.name) + "' must be " + describe_option(option) + ", got " +
                quote(std::string(value)));
}

}  // namespace arb::game
