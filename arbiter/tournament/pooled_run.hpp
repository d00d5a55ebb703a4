// A tournament's games played on a Runner's workers sharing one EnginePool,
// so engine processes are reused between games; one engine's trouble costs
// that engine its game, never the tournament. Running out of descriptors or
// processes stops the run cleanly (RunStats::out_of_resources).
#pragma once

#include "config/tournament_config.hpp"
#include "engine/protocol_engine.hpp"
#include "match/game_runner.hpp"
#include "output/output_folder.hpp"
#include "tournament/affinity_plan.hpp"
#include "tournament/engine_pool.hpp"
#include "tournament/live_games.hpp"
#include "tournament/runner.hpp"
#include "tournament/schedule.hpp"

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arb::tournament {

using GamePlayer = std::function<match::GameRecord(const match::GameSetup &, engine::ProtocolEngine &,
                                                   engine::ProtocolEngine &, const std::atomic<bool> *)>;

// The two seams to the processes: real ones, or fakes in tests.
struct RunnerParts {
    EngineStarter start_engine;
    GamePlayer play_game;
    int pool_capacity = 0;  // engine processes alive at once; 0: engine_pool_capacity() of the run
};
// Engines started for `plugin` with these rule options (each engine is told
// the game and the rule options it declares, and gets the plugin's folder and
// `plugin_dirs` in front of its $ARBITER_PLUGIN_PATH); configuration warnings,
// such as a rule option an engine does not declare, go to `warn`, each text once.
// `traffic`, when set, gets every line to and from every engine (--log).
RunnerParts real_runner_parts(const game::PluginPtr &plugin, const game::OptionList &options,
                              const std::vector<std::string> &plugin_dirs,
                              std::function<void(const std::string &)> warn,
                              engine::ProtocolEngine::TrafficLog traffic = {});

// What the workers need from the config: a slice, not the whole config.
struct GameRules {
    game::PluginPtr plugin;
    game::OptionList options;
    std::vector<config::Opening> openings;
    std::vector<engine::EngineConfig> engines;
    engine::EngineTimeouts timeouts;
    core::TimeControl time_control;
    std::chrono::milliseconds time_margin{100};
    match::AdjudicationRules adjudication;
    uint64_t seed = 1;  // the tournament's seed: each game's engine seed comes from it (engine_seed.hpp)
    std::chrono::milliseconds wait_between_games{0};  // each worker's pause after a game (wait_ms)
    game::PvChecks pv_checks = game::PvChecks::Moves;  // pv_checks
    std::vector<std::regex> line_patterns;             // output.pgn.match_lines, compiled once
    // Isolation mode: the arbiter executable to run as each worker's
    // plugin-host child; empty: the plugin runs in this process.
    std::filesystem::path plugin_host_program;
    // When set, the games being played and their plies (a live report's).
    std::shared_ptr<LiveGames> live;
    // output.engine_stderr: per-game: the engine-stderr folder each game's engines' stderr goes to
    // (tournament/game_stderr.hpp); null: not kept.
    std::shared_ptr<const output::OutputFolder> engine_stderr;
    AffinityPlan affinity;  // affinity: the CPUs games are kept on, and the engines that go with them
};
GameRules game_rules(const config::TournamentConfig &config, game::PluginPtr plugin,
                     std::vector<config::Opening> openings);

// The setup of one scheduled game.
match::GameSetup game_setup(const GameRules &rules, const match::ScheduledGame &slot);

// The engine pool's capacity for a run: parts.pool_capacity, or
// engine_pool_capacity() within this process's descriptor limit.
int runner_pool_capacity(const RunnerParts &parts, int concurrency, int engines);

// Plays the `count` games of `feed` on a Runner (with more than two engines
// in the order of PlayOrder, which keeps engine processes in use rather than
// start new ones; each game once) with `concurrency` workers, or fewer when
// the engine pool's capacity cannot serve that many games at once. The
// engines come from `pool` (which may hold engines started already, see
// EnginePool::start_all()); it is shut down at the end.
RunStats run_games(const GameRules &rules, const GameFeed &feed, size_t count, int concurrency, EnginePool &pool,
                   const GamePlayer &play_game, RunControls &controls, RunnerHooks hooks);

}  // namespace arb::tournament
