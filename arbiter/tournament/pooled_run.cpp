#include "tournament/pooled_run.hpp"

#include "process/cpu_affinity.hpp"
#include "process/resource_limits.hpp"
#include "process/spawn.hpp"
#include "tournament/engine_seed.hpp"
#include "tournament/game_stderr.hpp"

#include <algorithm>
#include <atomic>
#include <memory>

namespace arb::tournament {

namespace {

using match::Termination;

const std::string &engine_name(const GameRules &rules, const match::ScheduledGame &slot, int side) {
    return rules.engines[static_cast<size_t>(slot.engine[side])].name;
}

bool engine_needs_restart(const match::GameRecord &r, int side) {
    if (r.termination == Termination::Abandoned) return true;  // may still be searching
    if (r.loser_side != side) return false;
    switch (r.termination) {
        case Termination::Crash:
        case Termination::Stall:
        case Termination::TimeForfeit:
        case Termination::ProtocolError: return true;
        default: return false;
    }
}

// Every record of the tournament passes here before it is handed in: it gets
// what the game was played under, and its texts (from engines and the plugin)
// become valid UTF-8 once, so that every file written from it says the same.
void complete_record(match::GameRecord &record, const match::GameSetup &setup, const GameRules &rules,
                     const match::ScheduledGame &slot) {
    auto &under = record.played_under;
    for (int side = 0; side < 2; ++side) {
        under.time_control[side] = setup.time_control[side];
        under.engine_options[side] = rules.engines[static_cast<size_t>(slot.engine[side])].ugi_options;
    }
    if (setup.seed != 0) under.seed = setup.seed;
    under.engine_seed = setup.engine_seed;
    match::make_texts_valid(record);
}

}  // namespace

GameRules game_rules(const config::TournamentConfig &c, game::PluginPtr plugin, std::vector<config::Opening> openings) {
    GameRules g;
    g.plugin = std::move(plugin);
    g.options = c.game.options;
    g.openings = std::move(openings);
    g.engines = c.engines;
    g.timeouts = c.timeouts;
    g.time_control = c.time_control;
    g.time_margin = c.time_margin;
    g.adjudication = c.adjudication;
    g.seed = c.schedule.seed;
    g.wait_between_games = c.wait_between_games;
    g.pv_checks = c.pv_checks;
    for (const auto &m : c.pgn_comments.match_lines) g.line_patterns.emplace_back(m);
    g.affinity = affinity_plan(c.affinity, c.engines);
    return g;
}

match::GameSetup game_setup(const GameRules &rules, const match::ScheduledGame &slot) {
    match::GameSetup s;
    s.plugin = rules.plugin;
    s.options = rules.options;
    if (slot.opening >= 0) {
        const auto &o = rules.openings.at(static_cast<size_t>(slot.opening));
        s.opening_position = o.position;
        s.opening_moves = o.moves;
    }
    for (int side = 0; side < 2; ++side) {
        const auto &e = rules.engines.at(static_cast<size_t>(slot.engine[side]));
        s.time_control[side] = e.time_control.value_or(rules.time_control);
    }
    s.time_margin = rules.time_margin;
    s.adjudication = rules.adjudication;
    s.seed = static_cast<uint64_t>(slot.pair_id) + 1;
    s.engine_seed = engine_seed(rules.seed, slot.index);
    s.pv_checks = rules.pv_checks;
    s.line_patterns = rules.line_patterns;
    return s;
}

int runner_pool_capacity(const RunnerParts &parts, int concurrency, int engines) {
    return parts.pool_capacity > 0 ? parts.pool_capacity
                                   : engine_pool_capacity(concurrency, engines, process::descriptor_limit());
}

namespace {

// One worker's games, played with engines from the pool. A copy shares the
// worker's plugin-host child.
class PooledPlay {
public:
    // Made on the worker's own thread: worker `index` of the run.
    PooledPlay(const GameRules &rules, EnginePool &pool, const GamePlayer &play_game, RunControls &controls, int index)
        : rules_(rules), pool_(pool), play_game_(play_game), controls_(controls) {
        if (rules.affinity.active()) {
            const auto &cpus = rules.affinity.cpus;
            cpu_ = cpus[static_cast<size_t>(index) % cpus.size()];
            if (!process::pin_thread_to(cpu_)) cpu_ = -1;  // e.g. a CPU outside the cgroup's cpuset: as unpinned
        }
        // One plugin-host child per worker, reused between its games.
        if (!rules.plugin_host_program.empty())
            host_ = std::make_shared<game::PluginHost>(rules.plugin, rules.plugin_host_program);
    }

    PlayedGame operator()(const match::ScheduledGame &slot) {
        PlayedGame played;
        match::GameSetup setup = game_setup(rules_, slot);
        setup.host = host_;
        LiveGames::Playing playing(rules_.live.get(), slot);
        setup.plies_played = playing.plies();
        std::unique_ptr<engine::ProtocolEngine> engines[2];
        if (!acquire(slot, setup, engines, played)) return played;
        if (engines[0] && engines[1]) {
            if (!play(slot, setup, engines, played)) return played;
        } else if (engines[0]) {
            pool_.release(slot.engine[0], std::move(engines[0]), true);
        }
        complete_record(played.record, setup, rules_, slot);
        return played;
    }

private:
    // Both engines of the game, or the record of the one that failed to
    // start; false when the machine's resources ran out (nothing held then).
    bool acquire(const match::ScheduledGame &slot, const match::GameSetup &setup,
                 std::unique_ptr<engine::ProtocolEngine> (&engines)[2], PlayedGame &played) {
        for (int side = 0; side < 2; ++side) {
            auto e = pool_.acquire(slot.engine[side]);
            if (!e && e.error().kind == engine::FailureKind::OutOfResources) {
                for (int s = 0; s < side; ++s) pool_.release(slot.engine[s], std::move(engines[s]), true);
                played.kept[side] = false;
                played.out_of_resources = e.error().message;
                return false;
            }
            if (!e) {
                played.kept[side] = false;
                played.record = match::engine_failure_record(setup, engine_name(rules_, slot, 0),
                                                             engine_name(rules_, slot, 1), side, e.error());
                return true;
            }
            engines[side] = std::move(*e);
            engines[side]->set_stop_flag(&controls_.abandon);  // abandoning must not wait for a search
            // A pooled engine may have played its last game on another worker: it follows this one.
            if (cpu_ >= 0 && rules_.affinity.engines.at(static_cast<size_t>(slot.engine[side])))
                engines[side]->pin_to_cpu(cpu_);
        }
        return true;
    }

    // Plays the game and hands both engines back; false when the machine's
    // resources ran out (the game's plugin-host child could not be started).
    bool play(const match::ScheduledGame &slot, const match::GameSetup &setup,
              std::unique_ptr<engine::ProtocolEngine> (&engines)[2], PlayedGame &played) {
        engine::ProtocolEngine *const pair[2] = {engines[0].get(), engines[1].get()};
        const std::string names[2] = {engines[0]->name(), engines[1]->name()};
        // Numbered as the terminal numbers games ("Started game N of M").
        GameStderr stderr_copy(rules_.engine_stderr.get(), slot.index + 1, pair, names);
        try {
            played.record = play_game_(setup, *engines[0], *engines[1], &controls_.abandon);
        } catch (const process::OutOfResources &e) {
            stderr_copy.detach();
            for (int side = 0; side < 2; ++side) {
                engines[side]->set_stop_flag(nullptr);
                played.kept[side] = false;
                pool_.release(slot.engine[side], std::move(engines[side]), false);
            }
            played.out_of_resources = e.what();
            return false;
        }
        stderr_copy.detach();
        played.record.stderr_files = stderr_copy.files();
        for (int side = 0; side < 2; ++side) {
            engines[side]->set_stop_flag(nullptr);  // the flag belongs to this run, the engine may outlive it
            bool reusable = !engine_needs_restart(played.record, side) && !engines[side]->needs_restart() &&
                            !rules_.engines[static_cast<size_t>(slot.engine[side])].restart;
            played.kept[side] = reusable;
            pool_.release(slot.engine[side], std::move(engines[side]), reusable);
        }
        return true;
    }

    const GameRules &rules_;
    EnginePool &pool_;
    const GamePlayer &play_game_;
    RunControls &controls_;
    std::shared_ptr<game::PluginHost> host_;
    int cpu_ = -1;  // the CPU this worker and its engines are kept on; -1: none
};

// With more than two engines the play order chooses among every game left;
// with two, every game needs the same engines, so the feed is played as it comes.
GameQueue game_queue(const GameRules &rules, const GameFeed &feed, size_t count, const EnginePool &pool) {
    if (rules.engines.size() <= 2) return GameQueue(feed, count);
    std::vector<bool> restarts;
    for (const auto &e : rules.engines) restarts.push_back(e.restart);
    return GameQueue(feed, count, static_cast<int>(rules.engines.size()), std::move(restarts), pool.capacity(),
                     pool.idle_engines());
}

}  // namespace

RunStats run_games(const GameRules &rules, const GameFeed &feed, size_t count, int concurrency, EnginePool &pool,
                   const GamePlayer &play_game, RunControls &controls, RunnerHooks hooks) {
    const int capacity = pool.capacity();
    // A game needs two engines at once: more workers than that would wait for
    // each other's engines.
    Runner runner(
        game_queue(rules, feed, count, pool), std::min(concurrency, capacity / 2),
        [&, workers = std::make_shared<std::atomic<int>>(0)] {
            return WorkerPlay(PooledPlay(rules, pool, play_game, controls, (*workers)++));
        },
        std::move(hooks), controls,
        rules.wait_between_games);
    RunStats stats = runner.run();
    pool.shutdown();
    stats.pool_capacity = capacity;
    stats.engine_starts = pool.starts();
    stats.peak_engines = pool.peak();
    return stats;
}

}  // namespace arb::tournament
