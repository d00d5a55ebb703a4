#include "match/engine_setup.hpp"

#include <algorithm>
#include <filesystem>

namespace arb::match {

engine::GameSetupOptions engine_game_options(const game::Plugin &plugin, const game::OptionList &options,
                                             const std::vector<std::string> &plugin_dirs) {
    engine::GameSetupOptions out;
    out.game = plugin.id();
    auto add_dir = [&](const std::filesystem::path &dir) {
        if (dir.empty()) return;
        std::string text = std::filesystem::absolute(dir).lexically_normal().string();
        if (text.size() > 1 && text.back() == '/') text.pop_back();
        if (std::find(out.plugin_dirs.begin(), out.plugin_dirs.end(), text) == out.plugin_dirs.end())
            out.plugin_dirs.push_back(std::move(text));
    };
    add_dir(plugin.file().parent_path());
    for (const auto &dir : plugin_dirs) add_dir(dir);
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
