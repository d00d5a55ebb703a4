#include "cli/common_options.hpp"

#include "cli/command.hpp"
#include "config/config_loader.hpp"
#include "core/quote.hpp"
#include "game/option_value.hpp"
#include "game/plugin_dirs.hpp"

#include <sched.h>

#include <algorithm>
#include <iostream>
#include <thread>

namespace po = boost::program_options;

namespace arb::cli {

void add_plugin_dir_option(po::options_description &desc, std::vector<std::string> &plugin_dirs) {
    // A description made at run time (not a literal): program_options copies it.
    const std::string help = "folder with game plugins (*.so); may repeat. Searched first, then $ARBITER_PLUGIN_PATH, "
                             "then " + game::shipped_plugin_dirs_text() + ". Engines the arbiter starts get these "
                             "folders (and the game's own) in front of their $ARBITER_PLUGIN_PATH";
    desc.add_options()("plugin-dir", po::value(&plugin_dirs)->composing(), help.c_str());
}

std::vector<std::filesystem::path> plugin_path(const std::vector<std::string> &plugin_dirs) {
    std::vector<std::filesystem::path> dirs(plugin_dirs.begin(), plugin_dirs.end());
    return game::plugin_search_path(dirs);
}

Expected<game::OptionList> parse_game_options(const game::Plugin &plugin, const std::vector<std::string> &settings) {
    game::OptionList options;
    for (const auto &setting : settings) {
        size_t eq = setting.find('=');
        if (eq == std::string::npos || eq == 0)
            return fail("option " + quote(setting) + " must be written name=value");
        std::string name = setting.substr(0, eq);
        std::string value = setting.substr(eq + 1);
        if (plugin.option(name) == nullptr) {
            std::string known;
            for (int32_t i = 0; i < plugin.api().option_count; ++i)
                known += std::string(i ? ", " : "") + plugin.api().options[i].name;
            return fail("game '" + plugin.id() + "' has no option " + quote(name) +
                        (known.empty() ? std::string(" (it has no options)") : "; its options: " + known));
        }
        auto canonical = game::canonical_option_value(*plugin.option(name), value);
        if (!canonical) return fail(canonical.error().message);
        options.emplace_back(std::move(name), std::move(*canonical));
    }
    return options;
}

std::optional<SelectedGame> select_game(const std::string &command, const std::string &game_id,
                                        const std::vector<std::string> &plugin_dirs,
                                        const std::vector<std::string> &settings, int &exit_code) {
    auto plugin = game::find_plugin(game_id, plugin_path(plugin_dirs));
    if (!plugin) {
        std::cerr << "arbiter " << command << ": " << plugin.error().message << "\n";
        exit_code = kExitFailure;
        return std::nullopt;
    }
    auto options = parse_game_options(**plugin, settings);
    if (!options) {
        std::cerr << "arbiter " << command << ": " << options.error().message << "\n";
        exit_code = kExitUsage;
        return std::nullopt;
    }
    return SelectedGame{std::move(*plugin), std::move(*options)};
}

namespace {

// "; did you mean '--rounds'?" for an unknown long option close to a known one.
std::string suggestion(const po::unknown_option &e, const po::options_description &desc) {
    const std::string name = e.get_option_name();
    if (name.rfind("--", 0) != 0) return {};
    std::vector<std::string> known;
    for (const auto &option : desc.options())
        if (!option->long_name().empty()) known.push_back(option->long_name());
    auto guess = config::did_you_mean(name.substr(2), known);
    return guess ? "; did you mean '--" + *guess + "'?" : std::string();
}

}  // namespace

int available_cores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

bool check_concurrency(const std::string &command, int concurrency, bool forced, const std::string &force_option,
                       std::ostream &err) {
    const int cores = available_cores();
    if (concurrency <= cores) return true;
    const std::string what = "concurrency " + std::to_string(concurrency) + " is above the " + std::to_string(cores) +
                             " core" + (cores == 1 ? "" : "s") + " this process may use";
    if (!forced) {
        err << "arbiter " << command << ": " << what << ": games would compete for the cores and timed ones lose on "
            << "time; lower it, or pass " << force_option << " to play so anyway\n";
        return false;
    }
    err << "arbiter " << command << ": warning: " << what << " (" << force_option << "): engines share cores\n";
    return true;
}

bool parse_command_line(const std::string &command, const std::vector<std::string> &args,
                        const po::options_description &desc, const po::positional_options_description *positional,
                        po::variables_map &vm, const std::string &synopsis, int &exit_code,
                        std::string_view details) {
    try {
        po::command_line_parser parser(args);
        parser.options(desc);
        // Exact long names only: Boost guesses by prefix by default, so
        // `--round 2` would silently be `--rounds 2`, and a new option could
        // change what an old command line means.
        parser.style(po::command_line_style::unix_style & ~po::command_line_style::allow_guessing);
        if (positional != nullptr) parser.positional(*positional);
        po::store(parser.run(), vm);
        if (vm.count("help")) {
            std::cout << "usage: arbiter " << command << " " << synopsis << "\n\n" << desc << "\n" << details;
            exit_code = kExitOk;
            return false;
        }
        po::notify(vm);
        return true;
    } catch (const po::error &e) {
        std::string message = e.what();
        if (const auto *unknown = dynamic_cast<const po::unknown_option *>(&e)) message += suggestion(*unknown, desc);
        std::cerr << "arbiter " << command << ": " << message << "\n"
                  << "usage: arbiter " << command << " " << synopsis << "\n"
                  << "Try 'arbiter " << command << " --help'.\n";
        exit_code = kExitUsage;
        return false;
    }
}

}  // namespace arb::cli
