// Plays the scheduled games on a pool of worker threads sharing one
// EnginePool, so engine processes are reused between games; one engine's
// trouble costs that engine its game, never the tournament. Running out of
// descriptors or processes stops the run cleanly (RunStats::out_of_resources).
#pragma once

#include "config/tournament_config.hpp"
#include "engine/protocol_engine.hpp"
#include "match/game_runner.hpp"
#include "output/finished_game.hpp"
#include "tournament/engine_pool.hpp"
#include "tournament/schedule.hpp"

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arb::tournament {

using GamePlayer = std::function<match::GameRecord(const match::GameSetup &, engine::UgiEngine &,
                                                   engine::UgiEngine &, const std::atomic<bool> *)>;

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
                              engine::UgiEngine::TrafficLog traffic = {});

// Set from outside (signals, SPRT): `stop_new` lets running games finish,
// `abandon` also stops them (their results are dropped).
struct RunControls {
    std::atomic<bool> stop_new{false};
    std::atomic<bool> abandon{false};
};

struct RunStats {
    int finished = 0;       // games handed to on_done
    int abandoned = 0;      // games stopped unfinished (not recorded)
    int engine_starts = 0;  // processes started over all workers
    int peak_engines = 0;   // most engine processes alive at once
    int workers = 0;        // games played at once (concurrency, lowered to what the pool allows)
    int pool_capacity = 0;
    std::string out_of_resources;  // non-empty: the run stopped because the system ran out of resources
    std::string tick_failure;      // non-empty: the tick threw (e.g. bad_alloc building a report); no new
                                   // game was started after it, running ones finished and were handed in
};

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
    // Isolation mode: the arbiter executable to run as each worker's
    // plugin-host child; empty: the plugin runs in this process.
    std::filesystem::path plugin_host_program;
};
GameRules game_rules(const config::TournamentConfig &config, game::PluginPtr plugin,
                     std::vector<config::Opening> openings);

// The setup of one scheduled game.
match::GameSetup game_setup(const GameRules &rules, const match::ScheduledGame &slot);

// Called once per finished game on the worker that played it, one call at a
// time (workers handing in games wait for it: keep it short); returns false
// to stop the tournament (e.g. the record could not be written).
using GameDone = std::function<bool(output::FinishedGame &&)>;
// Called on the calling thread about every 100 ms while games run; not
// serialised with GameDone (it may run while a worker is in GameDone), so
// the slow work of reports belongs here. If it throws, no new game starts,
// the running ones finish, it is not called again and RunStats::tick_failure
// says why: the workers are always joined.
using Tick = std::function<void()>;
// Called on the worker right after its GameDone, without the runner's lock
// (no worker waits for it): what handing in a game left to wait for, such as
// its record's sync to disk (output::RecordSet::commit). The worker takes its
// next game after it. Returns false to stop the tournament.
using GameSettle = std::function<bool()>;

// The engine pool's capacity for a run: parts.pool_capacity, or
// engine_pool_capacity() within this process's descriptor limit.
int runner_pool_capacity(const RunnerParts &parts, int concurrency, int engines);

// The games to play, handed out one at a time in schedule order (called
// under the runner's lock: keep it short); none: no more.
using GameFeed = std::function<std::optional<match::ScheduledGame>()>;

// Plays the games of `feed` (with more than two engines in the order of
// PlayOrder, which keeps engine processes in use rather than start new ones;
// each game once) with `concurrency` workers, or
// fewer when the engine pool's capacity cannot serve that many games at once.
// The engines come from `pool` (which may hold engines started already, see
// EnginePool::start_all()); it is shut down at the end.
RunStats run_games(const GameRules &rules, const std::vector<match::ScheduledGame> &games, int concurrency,
                   EnginePool &pool, const GamePlayer &play_game, RunControls &controls, const GameDone &on_done,
                   const Tick &tick = {}, const GameSettle &settle = {});
// The same for the `count` games `feed` hands out (a long schedule need not
// be held in memory).
RunStats run_games(const GameRules &rules, const GameFeed &feed, size_t count, int concurrency, EnginePool &pool,
                   const GamePlayer &play_game, RunControls &controls, const GameDone &on_done, const Tick &tick = {},
                   const GameSettle &settle = {});

}  // namespace arb::tournament
