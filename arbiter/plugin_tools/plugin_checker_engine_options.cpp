#include "plugin_tools/plugin_checker_engine_options.hpp"

#include "plugin_tools/check_log.hpp"
#include "game/plugin.hpp"
#include "plugin_tools/plugin_checker_options.hpp"

#include "core/text_check.hpp"

#include <arbiter/ext/engine_options.h>
#include <arbiter/ext/protocol_notation.h>

#include <algorithm>
#include <string_view>
#include <vector>

namespace arb::game {

namespace {

constexpr const char *kExt = "arbiter.engine-options/1";

struct Given {
    std::string rule, name, value;
    bool operator==(const Given &) const = default;
};

void ARB_CALL collect(void *context, const char *rule, const char *name, const char *value) {
    auto *out = static_cast<std::vector<Given> *>(context);
    out->push_back({rule != nullptr ? rule : "(null)", name != nullptr ? name : "(null)",
                    value != nullptr ? value : "(null)"});
}

// The host's own check of protocol text (core/text_check.hpp): what the
// writer would refuse to send, the checker refuses to pass.
bool has_control(std::string_view text) { return control_fault(text).has_value(); }

// Why `name` cannot be sent as "setoption name NAME value ...", or "".
std::string name_fault(std::string_view name) {
    if (name.empty() || name.front() == ' ' || name.back() == ' ') return "an empty name or one with outer spaces";
    if (has_control(name)) return "a control character in the name";
    const std::string padded = " " + std::string(name) + " ";
    if (padded.find(" value ") != std::string::npos || padded.find(" name ") != std::string::npos)
        return "the word 'name' or 'value' in the name, which a setoption line cannot carry";
    return {};
}

}  // namespace

void check_engine_options(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const void *ext = plugin->api().get_extension(ARB_EXT_ENGINE_OPTIONS);
    if (ext == nullptr) return;
    const auto &table = *static_cast<const arb_game_engine_options *>(ext);
    CheckLog c(report, settings);
    c.stage("arbiter.engine-options/1: the options for each protocol and rule option value");
    if (!c.expect(table.engine_options != nullptr, std::string(kExt) + " has a null function")) return;
    const arb_game_api &api = plugin->api();
    std::vector<arb_protocol> protocols{ARB_PROTOCOL_UGI};
    if (const ProtocolNotationCalls *n = plugin->protocol_notation())  // /2 or /1
        for (arb_protocol p = ARB_PROTOCOL_UGI + 1; p <= 31; ++p)
            if ((n->protocols() & ARB_PROTOCOL_BIT(p)) != 0) protocols.push_back(p);
    // The defaults (no value given), then one option set at a time.
    std::vector<std::pair<std::string, std::string>> settings_tried{{"", ""}};
    for (int32_t i = 0; i < api.option_count; ++i)
        for (const auto &value : values_to_try(api.options[i])) settings_tried.emplace_back(api.options[i].name, value);
    auto is_rule = [&](const std::string &name) {
        for (int32_t i = 0; i < api.option_count; ++i)
            if (name == api.options[i].name) return true;
        return false;
    };
    for (arb_protocol p : protocols) {
        for (const auto &[name, value] : settings_tried) {
            const arb_option_value given{name.c_str(), value.c_str()};
            const int32_t count = name.empty() ? 0 : 1;
            const std::string under = " (protocol " + std::to_string(p) +
                                      (name.empty() ? std::string(", default rule options)") : ", " + name + "=" + value + ")");
            std::vector<Given> first, second;
            const arb_status status = table.engine_options(p, &given, count, &collect, &first);
            if (!c.expect(status == ARB_OK, std::string(kExt) + " fails with status " + std::to_string(status) + under))
                return;
            (void)table.engine_options(p, &given, count, &collect, &second);
            if (!c.expect(first == second, std::string(kExt) + " gives other options when asked again" + under)) return;
            for (const Given &g : first) {
                const std::string what = std::string(kExt) + " gives '" + g.name + "' = '" + g.value + "'";
                if (!c.expect(is_rule(g.rule), what + " for '" + g.rule + "', which is no rule option of the game" + under))
                    return;
                const std::string fault = name_fault(g.name);
                if (!c.expect(fault.empty(), what + ": " + fault + under)) return;
                if (!c.expect(!has_control(g.value), what + ": a control character in the value" + under)) return;
                ++report.engine_options_checked;
            }
        }
        std::vector<Given> none;
        const arb_option_value unknown{"no_such_rule_option", "1"};
        const arb_status status = table.engine_options(p, &unknown, 1, &collect, &none);
        if (!c.expect(status == ARB_ERR_OPTION, std::string(kExt) + " gives status " + std::to_string(status) +
                                                    " for an unknown rule option, not ARB_ERR_OPTION (protocol " +
                                                    std::to_string(p) + ")"))
            return;
    }
}

}  // namespace arb::game
