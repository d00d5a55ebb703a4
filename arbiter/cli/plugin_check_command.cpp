// `arbiter plugin-check`: for plugin authors. Loads a plugin file (or a game
// id from the plugin path) and runs the contract checks of the host.
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "game/plugin_checker.hpp"

#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

int plugin_check_command(const Args &args) {
    std::string target;
    std::vector<std::string> plugin_dirs;
    game::CheckSettings settings;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("plugin", po::value(&target)->required(), "plugin file (path with a '/') or game id")
        ("seed", po::value(&settings.seed)->default_value(settings.seed), "seed of the random games and inputs")
        ("games", po::value(&settings.random_games)->default_value(settings.random_games),
         "random games to play through")
        ("max-plies", po::value(&settings.max_plies)->default_value(settings.max_plies), "ply limit per random game")
        ("fuzz", po::value(&settings.fuzz_inputs)->default_value(settings.fuzz_inputs),
         "random and mutated strings fed to the position and move parsers");
    add_plugin_dir_option(desc, plugin_dirs);
    po::positional_options_description positional;
    positional.add("plugin", 1);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("plugin-check", args, desc, &positional, vm, "PLUGIN.so|GAME [options]", code)) return code;

    auto plugin = game::find_plugin(target, plugin_path(plugin_dirs));
    if (!plugin) {
        std::cerr << "arbiter plugin-check: " << plugin.error().message << "\n";
        return kExitFailure;
    }
    const arb_game_api &api = (*plugin)->api();
    std::cout << "plugin " << api.id << " (" << api.name << " " << api.version << "), game ABI " << api.abi_major << "."
              << api.abi_minor << ", " << (*plugin)->file().string() << "\n";
    game::CheckReport report = game::check_plugin(*plugin, settings);
    for (const auto &failure : report.failures) std::cout << "FAIL " << failure << "\n";
    std::cout << report.checks << " checks, " << report.failures.size() << " failed; " << report.positions
              << " positions visited, " << report.games_finished << "/" << settings.random_games
              << " random games finished";
    if (const auto *format = (*plugin)->record_format())
        std::cout << "; " << report.records_written << " " << format->name << " records written (" ARB_EXT_RECORD_FORMAT
                  << ", games." << format->file_extension << ")";
    std::cout << "\n";
    return report.ok() ? kExitOk : kExitFailure;
}

}  // namespace arb::cli
