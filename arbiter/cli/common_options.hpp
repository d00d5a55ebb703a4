// Options several subcommands share: the plugin path and --option k=v.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <boost/program_options.hpp>

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::cli {

// Adds --plugin-dir to a description.
void add_plugin_dir_option(boost::program_options::options_description &desc,
                           std::vector<std::string> &plugin_dirs);

std::vector<std::filesystem::path> plugin_path(const std::vector<std::string> &plugin_dirs);

// Parses "name=value" settings and checks each against the plugin's
// descriptors, so a typo is reported with the game's option list.
Expected<game::OptionList> parse_game_options(const game::Plugin &plugin, const std::vector<std::string> &settings);

// The game a command works on: its plugin and checked rule options.
struct SelectedGame {
    game::PluginPtr plugin;
    game::OptionList options;
};

// Finds the game on the plugin path and checks its --option settings. On
// error prints "arbiter COMMAND: ..." and sets exit_code (1 for a game that
// cannot be found, 2 for a bad option).
std::optional<SelectedGame> select_game(const std::string &command, const std::string &game_id,
                                        const std::vector<std::string> &plugin_dirs,
                                        const std::vector<std::string> &settings, int &exit_code);

// The processor cores this process may run on (its CPU affinity).
int available_cores();

// Games at once above the cores compete for them (timed games then lose on
// time): refused with a message naming `force_option` unless `forced`; when
// forced, a warning. Returns whether the run may go on.
bool check_concurrency(const std::string &command, int concurrency, bool forced, const std::string &force_option,
                       std::ostream &err);

// Parses argv-style arguments; on --help prints usage, the options and
// `details` (the command's longer explanation) and returns false with code 0;
// on a bad argument prints the error and usage and returns false with 2.
bool parse_command_line(const std::string &command, const std::vector<std::string> &args,
                        const boost::program_options::options_description &desc,
                        const boost::program_options::positional_options_description *positional,
                        boost::program_options::variables_map &vm, const std::string &synopsis, int &exit_code,
                        std::string_view details = {});

}  // namespace arb::cli
