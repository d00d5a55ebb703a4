// Pieces of the config loader: where values came from, and the checks that
// need more than the YAML (plugin options, engine programs, overrides).
#pragma once

#include "config/config_loader.hpp"
#include "config/yaml_reader.hpp"

#include <filesystem>
#include <vector>

namespace arb::config::detail {

// Where each checked value came from, for messages found after parsing.
struct Marks {
    YAML::Mark game_id, game_options, openings_file, sprt, engines, shard, shared;
    YAML::Mark schedule = YAML::Mark::null_mark();  // the tournament section, when written
    bool engines_present = false;
    std::vector<YAML::Mark> engine, engine_command, engine_dir, engine_name;
    std::vector<YAML::Mark> plugin_dirs;  // per entry of plugin_dirs
    std::vector<std::vector<YAML::Mark>> option_marks;  // per game option: {name, value}
};

void apply_overrides(const Overrides &o, TournamentConfig &c, YamlReader &r);
// Makes the plugin folders absolute (command line first, then the file's,
// relative to `base`) and reports those that are not folders.
void check_plugin_dirs(TournamentConfig &c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                       const std::filesystem::path &base);
// Finds the plugin and checks the rule options against its descriptors. A
// game given as a plugin file (relative to `base`) becomes the plugin's id,
// with the file's folder added to the plugin folders.
void check_game(TournamentConfig &c, const Marks &marks, YamlReader &r, const std::filesystem::path &base,
                game::PluginPtr &plugin);
// Unique names; programs resolved like execvp and made absolute.
// Each engine's protocol must be one the game supports (ugi alone unless the
// plugin offers "arbiter.protocol-notation/1"); "auto" always passes here.
void check_engine_protocols(const TournamentConfig &c, const Marks &marks, YamlReader &r, const game::Plugin &plugin);
// The protocol the peers' engines speak for the game: the first of UCI, UAI
// and USI the plugin supports, else UGI (LoadOptions::peer_protocol_engines).
protocol::Dialect peer_protocol(const game::Plugin &plugin);
void check_engines(TournamentConfig &c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                   const std::filesystem::path &base);
// Refuses a schedule of more than kMaxScheduledGames games, naming the
// product, at the tournament section (or the command line's values).
void check_schedule_size(const TournamentConfig &c, const Marks &marks, YamlReader &r, const Overrides &o);

}  // namespace arb::config::detail
