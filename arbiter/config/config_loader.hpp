// Reads a tournament config from YAML, applies command-line overrides and
// checks everything that can be checked before an engine starts: keys, types,
// the game and its options, engine programs, openings. Every problem is
// reported as "file:line:column: what is wrong", all of them at once.
#pragma once

#include "config/tournament_config.hpp"
#include "core/expected.hpp"
#include "game/plugin.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arb::config {

// Values given on the command line; each replaces the file's.
struct Overrides {
    std::optional<int> concurrency, rounds, games_per_pairing, progress_interval;
    std::optional<uint64_t> seed;
    std::optional<std::string> out_dir, time_control, openings_file, on_interrupt, tournament_type, shared_dir;
    std::optional<ShardSpec> shard;
    bool isolate_plugins = false;  // --isolate-plugins: turns it on, never off
};

// Problems with the values of `o` themselves, one message each, worded for
// the command line ("--tc: ...", "--rounds must be in 1..1000000, got 0"):
// the same ranges and forms as the YAML keys. The loader reports them too; a
// command checks them first, so that a bad command line exits 2 and is blamed
// on the command line.
std::vector<std::string> override_errors(const Overrides &o);

struct LoadOptions {
    // Plugin folders given on the command line (--plugin-dir); searched
    // before the file's plugin_dirs, $ARBITER_PLUGIN_PATH and the folders
    // beside the program (game::plugin_search_path). Relative to the current folder.
    std::vector<std::filesystem::path> plugin_dirs;
    Overrides overrides;
    // Where relative input paths (engine commands, working dirs, the openings
    // file) start. Empty: the folder of the config file.
    std::filesystem::path base_dir;
    // Where a relative output dir starts. Empty: the current directory.
    std::filesystem::path out_base_dir;
    // The folder of the running arbiter program: "{arbiter_bin}" in an engine
    // command stands for it, so configs work with any build or install folder.
    std::filesystem::path program_dir;
    // Output folder when neither the file nor the overrides name one.
    std::string default_out_dir;
    bool check_programs = true;  // false in tests that use fake engines
    // Engines (indices) whose protocol no one chose (`arbiter match` without
    // proto=): each takes the first of UCI, UAI and USI the game supports, the
    // protocols the peers' engines speak, else UGI.
    std::vector<size_t> peer_protocol_engines;
};

struct LoadedConfig {
    TournamentConfig config;
    game::PluginPtr plugin;
    std::vector<Opening> openings;  // checked; empty: start position only
};

Expected<LoadedConfig> load_config_file(const std::filesystem::path &file, const LoadOptions &options);
// `file_name` is only used in messages.
Expected<LoadedConfig> load_config_text(const std::string &text, const std::string &file_name, const LoadOptions &options);

// Checks a config built in code (`arbiter match`'s command line) exactly as a
// loaded file is checked: the game and its options, engine programs, the
// schedule, openings, sprt. Messages start with `source` and carry no position.
Expected<LoadedConfig> check_config(TournamentConfig config, const std::string &source, const LoadOptions &options);

// Every key the loader reads, dotted: "event", "tournament.rounds",
// "adjudication.resign.score_cp"; "engines.name" for a key of each engine.
std::vector<std::string> config_keys();

// The effective config as YAML (absolute paths, overrides applied): loading it
// gives the same config, which is what --resume relies on.
std::string to_yaml(const TournamentConfig &config);

// Reads an openings file in `section.format` and checks each opening with the
// plugin; errors name the file and line.
Expected<std::vector<Opening>> load_openings(const std::filesystem::path &file, const game::PluginPtr &plugin,
                                             const game::OptionList &options, const OpeningsSection &section = {});

// The format a file's name suggests: .epd and .pgn books, else lines.
OpeningFormat format_of_file(const std::string &file);


// The closest of `candidates` to `word` if it is close enough to be a typo.
std::optional<std::string> did_you_mean(const std::string &word, const std::vector<std::string> &candidates);

}  // namespace arb::config
