#include "match/engine_setup.hpp"

namespace arb::match {

engine::GameSetupOptions engine_game_options(const game::Plugin &plugin, const game::OptionList &options) {
    engine::GameSetupOptions out;
    out.game = plugin.id();
    const arb_game_api &api = plugin.api();
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &desc = api.options[i];
        std::string value = desc.default_value;
        for (const auto &[name, v] : options)
            if (name == desc.name) value = v;
        bool is_default = value == desc.default_value;
        out.rules.push_back({desc.name, std::move(value), is_default});
    }
    return out;
}

}  // namespace arb::match
