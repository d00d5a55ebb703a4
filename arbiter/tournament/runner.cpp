#include "tournament/runner.hpp"

#include "process/resource_limits.hpp"
#include "process/spawn.hpp"
#include "tournament/engine_seed.hpp"
#include "tournament/play_order.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <new>
#include <optional>
#include <system_error>
#include <condition_variable>
#include <mutex>
#include <thread>

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

// A game a worker played, and whether each engine's process went back to the pool.
struct Played {
    size_t position;  // in the games handed to run_games
    bool kept[2];
};

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
    return s;
}

int runner_pool_capacity(const RunnerParts &parts, int concurrency, int engines) {
    return parts.pool_capacity > 0 ? parts.pool_capacity
                                   : engine_pool_capacity(concurrency, engines, process::descriptor_limit());
}

RunStats run_games(const GameRules &rules, const std::vector<match::ScheduledGame> &games, int concurrency,
                   EnginePool &pool, const GamePlayer &play_game, RunControls &controls, const GameDone &on_done,
                   const Tick &tick, const GameSettle &settle) {
    size_t next = 0;
    const GameFeed feed = [&]() -> std::optional<match::ScheduledGame> {
        if (next >= games.size()) return std::nullopt;
        return games[next++];
    };
    return run_games(rules, feed, games.size(), concurrency, pool, play_game, controls, on_done, tick, settle);
}

RunStats run_games(const GameRules &rules, const GameFeed &feed, size_t count, int concurrency, EnginePool &pool,
                   const GamePlayer &play_game, RunControls &controls, const GameDone &on_done, const Tick &tick,
                   const GameSettle &settle) {
    RunStats stats;
    const int capacity = pool.capacity();
    // A game needs two engines at once: more workers than that would wait for
    // each other's engines.
    const int games = static_cast<int>(std::min<size_t>(count, static_cast<size_t>(std::numeric_limits<int>::max())));
    const int workers = std::max(1, std::min({concurrency, games, capacity / 2}));
    stats.workers = workers;
    stats.pool_capacity = capacity;

    std::mutex mutex;  // guards feed, order, stats and on_done
    // With more than two engines the play order chooses among every game left
    // (36 bytes a game held for the run); with two, every game needs the same
    // engines, so the feed is played as it comes and memory stays flat in
    // games played.
    std::vector<match::ScheduledGame> all_games;
    std::optional<PlayOrder> order;
    if (rules.engines.size() > 2) {
        all_games.reserve(count);
        while (auto g = feed()) all_games.push_back(*g);
        std::vector<bool> restarts;
        for (const auto &e : rules.engines) restarts.push_back(e.restart);
        order.emplace(all_games, static_cast<int>(rules.engines.size()), std::move(restarts), capacity,
                      pool.idle_engines());
    }
    struct Taken {
        size_t position;  // in all_games (0 when streamed)
        match::ScheduledGame slot;
    };
    // The worker's next game, after its last one (if any) ended.
    auto take = [&](const std::optional<Played> &last) -> std::optional<Taken> {
        std::lock_guard lock(mutex);
        if (last && order) order->finished(last->position, last->kept);
        if (controls.stop_new || controls.abandon) return std::nullopt;
        if (!order) {
            auto g = feed();
            if (!g) return std::nullopt;
            return Taken{0, *g};
        }
        const auto position = order->take(last ? std::optional<size_t>(last->position) : std::nullopt);
        if (!position) return std::nullopt;
        return Taken{*position, all_games[*position]};
    };
    // Descriptors, processes or memory ran out: no engine is to blame, so
    // the game is not recorded (it is played on --resume) and the run stops.
    auto out_of_resources = [&](const std::string &message) {
        std::lock_guard lock(mutex);
        if (stats.out_of_resources.empty()) stats.out_of_resources = message;
        ++stats.abandoned;
        controls.stop_new = true;
    };
    auto play_one = [&](const auto &taken, const std::shared_ptr<game::PluginHost> &host) {
        const match::ScheduledGame &slot = taken.slot;
        Played played{taken.position, {true, true}};
        match::GameSetup setup = game_setup(rules, slot);
        setup.host = host;
        match::GameRecord record;
        std::unique_ptr<engine::UgiEngine> engines[2];
        for (int side = 0; side < 2; ++side) {
            auto e = pool.acquire(slot.engine[side]);
            if (!e && e.error().kind == engine::FailureKind::OutOfResources) {
                for (int s = 0; s < side; ++s) pool.release(slot.engine[s], std::move(engines[s]), true);
                played.kept[side] = false;
                out_of_resources(e.error().message);
                return played;
            }
            if (!e) {
                played.kept[side] = false;
                record = match::engine_failure_record(setup, engine_name(rules, slot, 0),
                                                      engine_name(rules, slot, 1), side, e.error());
                break;
            }
            engines[side] = std::move(*e);
            engines[side]->set_stop_flag(&controls.abandon);  // abandoning must not wait for a search
        }
        if (engines[0] && engines[1]) {
            try {
                record = play_game(setup, *engines[0], *engines[1], &controls.abandon);
            } catch (const process::OutOfResources &e) {  // the game's plugin-host child could not be started
                for (int side = 0; side < 2; ++side) {
                    engines[side]->set_stop_flag(nullptr);
                    played.kept[side] = false;
                    pool.release(slot.engine[side], std::move(engines[side]), false);
                }
                out_of_resources(e.what());
                return played;
            }
            for (int side = 0; side < 2; ++side) {
                engines[side]->set_stop_flag(nullptr);  // the flag belongs to this run, the engine may outlive it
                bool reusable = !engine_needs_restart(record, side) && !engines[side]->needs_restart() &&
                                !rules.engines[static_cast<size_t>(slot.engine[side])].restart;
                played.kept[side] = reusable;
                pool.release(slot.engine[side], std::move(engines[side]), reusable);
            }
        } else if (engines[0]) {
            pool.release(slot.engine[0], std::move(engines[0]), true);
        }
        complete_record(record, setup, rules, slot);
        {
            std::lock_guard lock(mutex);
            if (record.termination == Termination::Abandoned) {
                ++stats.abandoned;
                return played;
            }
            ++stats.finished;
            if (!on_done({slot, std::move(record)})) controls.stop_new = true;
        }
        // Disk waits happen here, off the lock: other workers hand in and take games meanwhile.
        if (settle && !settle()) controls.stop_new = true;
        return played;
    };
    auto worker = [&]() {
        // One plugin-host child per worker, reused between its games.
        std::shared_ptr<game::PluginHost> host;
        if (!rules.plugin_host_program.empty())
            host = std::make_shared<game::PluginHost>(rules.plugin, rules.plugin_host_program);
        std::optional<Played> last;
        while (const auto taken = take(last)) {
            last = Played{taken->position, {false, false}};  // what a game that threw leaves: no engine kept
            try {
                last = play_one(*taken, host);
                // wait_ms: the pause after each game, cut short by a stop.
                const auto resume_at = std::chrono::steady_clock::now() + rules.wait_between_games;
                while (!controls.stop_new && !controls.abandon && std::chrono::steady_clock::now() < resume_at)
                    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
                        resume_at - std::chrono::steady_clock::now(), std::chrono::milliseconds(20)));
            } catch (const process::OutOfResources &e) {  // e.g. no plugin-host child to be had
                out_of_resources(e.what());
            } catch (const std::system_error &e) {  // e.g. an event loop that could not get a descriptor
                out_of_resources(process::refusal_text("playing a game", e));
            } catch (const std::bad_alloc &) {
                out_of_resources("out of memory");
            }
        }
    };
    std::condition_variable worker_done;
    int running = workers;  // guarded by mutex
    std::vector<std::thread> threads;
    for (int i = 0; i < workers; ++i) {
        try {
            threads.emplace_back([&]() {
                worker();
                {
                    std::lock_guard lock(mutex);
                    --running;
                }
                worker_done.notify_all();
            });
        } catch (const std::system_error &e) {
            // The workers started finish their games (recorded) and take no more.
            std::lock_guard lock(mutex);
            running -= workers - i;
            if (stats.out_of_resources.empty()) stats.out_of_resources = process::thread_failure("playing games", e);
            controls.stop_new = true;
            break;
        }
    }
    // The tick runs without the lock, so that what it does (redrawing, rating
    // fits for reports) never holds up a worker handing in its game.
    // An exception out of the tick (a report that cannot be built) must not
    // leave this function with joinable threads: that is std::terminate, and
    // the games finished so far would be reported nowhere.
    auto tick_failed = [&](std::string why) {
        std::lock_guard lock(mutex);
        stats.tick_failure = std::move(why);
        controls.stop_new = true;
    };
    bool ticking = static_cast<bool>(tick);
    for (;;) {
        if (ticking) {
            try {
                tick();
            } catch (const std::bad_alloc &) {
                ticking = false;
                tick_failed("out of memory");
            } catch (const std::exception &e) {
                ticking = false;
                tick_failed(e.what());
            } catch (...) {
                ticking = false;
                tick_failed("unknown exception");
            }
        }
        std::unique_lock lock(mutex);
        if (worker_done.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; })) break;
    }
    for (auto &t : threads) t.join();
    pool.shutdown();
    stats.engine_starts = pool.starts();
    stats.peak_engines = pool.peak();
    return stats;
}

}  // namespace arb::tournament
