// Option parsing for plugins: checks the host's (name, value) pairs against
// the game's descriptors once, at create(), and hands the game typed values.
#pragma once

#include <arbiter/game.h>
#include <arbiter/protocol/numbers.hpp>
#include <arbiter/sdk/text.hpp>

#include <charconv>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arb::sdk {

// Descriptor builders, so a game's option table reads as a list.
constexpr arb_option_desc bool_option(const char *name, bool default_value, const char *help) {
    return {name, ARB_OPTION_BOOL, default_value ? "true" : "false", nullptr, 0, 0, 0, help};
}
constexpr arb_option_desc int_option(const char *name, const char *default_value, int32_t min_value,
                                     int32_t max_value, const char *help) {
    return {name, ARB_OPTION_INT, default_value, nullptr, 0, min_value, max_value, help};
}
template <size_t N>
constexpr arb_option_desc choice_option(const char *name, const char *const (&choices)[N],
                                        const char *help) {
    // The first choice is the default.
    return {name, ARB_OPTION_CHOICE, choices[0], choices, static_cast<int32_t>(N), 0, 0, help};
}

// Validated option values, one per descriptor, in descriptor order.
class Options {
public:
    // Reads the host's settings; unknown names, repeated names and values the
    // descriptor does not allow are ARB_ERR_OPTION with a message.
    static arb_status parse(std::span<const arb_option_desc> descriptors, const arb_option_value *values,
                            int32_t count, Options &out, ErrorOut err) {
        out.descriptors_ = descriptors;
        // Each value is built as a new string, never assigned from a char
        // pointer into an existing one: GCC 12 reports a false -Wrestrict
        // inside that assignment at -O2 and above (GCC bug 105329), which would
        // break a plugin built with -Wall -Werror.
        out.values_.clear();
        out.values_.reserve(descriptors.size());
        for (const arb_option_desc &d : descriptors) out.values_.emplace_back(d.default_value);
        std::vector<bool> seen(descriptors.size(), false);
        if (count < 0 || (count > 0 && values == nullptr))
            return err.fail(ARB_ERR_OPTION, "bad option list");
        for (int32_t k = 0; k < count; ++k) {
            const char *name = values[k].name;
            const char *value = values[k].value;
            if (name == nullptr || value == nullptr) return err.fail(ARB_ERR_OPTION, "option with no name or value");
            size_t index = out.index_of(name);
            if (index == npos) {
                return err.fail(ARB_ERR_OPTION, "unknown option '%s'%s", name,
                                descriptors.empty() ? " (this game has no options)" : "");
            }
            if (seen[index]) return err.fail(ARB_ERR_OPTION, "option '%s' given twice", name);
            seen[index] = true;
            arb_status status = check_value(descriptors[index], value, err);
            if (status != ARB_OK) return status;
            out.values_[index] = std::string(value);  // moved in, not assigned from the pointer (above)
        }
        return ARB_OK;
    }

    [[nodiscard]] std::string_view text(std::string_view name) const { return values_.at(checked_index(name)); }
    [[nodiscard]] bool boolean(std::string_view name) const { return text(name) == "true"; }
    [[nodiscard]] int32_t integer(std::string_view name) const {
        std::string_view t = text(name);
        return protocol::parse_integer<int32_t>(t).value_or(0);  // checked by check_value when set
    }
    // Index of the chosen value within the descriptor's choices.
    [[nodiscard]] int32_t choice(std::string_view name) const {
        const arb_option_desc &d = descriptors_[checked_index(name)];
        std::string_view t = text(name);
        for (int32_t i = 0; i < d.choice_count; ++i)
            if (t == d.choices[i]) return i;
        return 0;
    }

    // Checks one value against its descriptor (also used by hosts and tests).
    static arb_status check_value(const arb_option_desc &d, std::string_view value, ErrorOut err) {
        switch (d.type) {
        case ARB_OPTION_BOOL:
            if (value == "true" || value == "false") return ARB_OK;
            return err.fail(ARB_ERR_OPTION, "option '%s' takes true or false, not %s", d.name, quoted(value).c_str());
        case ARB_OPTION_INT: {
            auto parsed = protocol::parse_integer<int32_t>(value);
            if (!parsed)
                return err.fail(ARB_ERR_OPTION, "option '%s' takes an integer, not %s", d.name, quoted(value).c_str());
            const int32_t v = *parsed;
            if (v < d.min_value || v > d.max_value)
                return err.fail(ARB_ERR_OPTION, "option '%s' must be in %d..%d, not %d", d.name, d.min_value,
                                d.max_value, v);
            return ARB_OK;
        }
        case ARB_OPTION_CHOICE: {
            for (int32_t i = 0; i < d.choice_count; ++i)
                if (value == d.choices[i]) return ARB_OK;
            std::string allowed;
            for (int32_t i = 0; i < d.choice_count; ++i) {
                if (i > 0) allowed += ", ";
                allowed += d.choices[i];
            }
            return err.fail(ARB_ERR_OPTION, "option '%s' takes one of %s, not %s", d.name, allowed.c_str(),
                            quoted(value).c_str());
        }
        default:
            return err.fail(ARB_ERR_INTERNAL, "option '%s' has an unknown type", d.name);
        }
    }

private:
    static constexpr size_t npos = static_cast<size_t>(-1);

    [[nodiscard]] size_t index_of(std::string_view name) const {
        for (size_t i = 0; i < descriptors_.size(); ++i)
            if (name == descriptors_[i].name) return i;
        return npos;
    }
    [[nodiscard]] size_t checked_index(std::string_view name) const {
        size_t i = index_of(name);
        if (i == npos) throw std::logic_error("game asked for an option it does not declare: " + std::string(name));
        return i;
    }

    std::span<const arb_option_desc> descriptors_;
    std::vector<std::string> values_;
};

}  // namespace arb::sdk
