#include "tournament/runner.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace arb::tournament {

namespace {

using match::Termination;

Termination termination_for(engine::FailureKind kind) {
    switch (kind) {
        case engine::FailureKind::Timeout: return Termination::TimeForfeit;
        case engine::FailureKind::Stall: return Termination::Stall;
        case engine::FailureKind::Protocol: return Termination::ProtocolError;
        default: return Termination::Crash;
    }
}

// The record of a game lost before a move because an engine could not be
// started or prepared: the engine at fault loses, as in any other failure.
match::GameRecord forfeit_record(const GameRules &rules, const ScheduledGame &slot, int side,
                                 const engine::EngineError &error, const char *stage) {
    match::GameRecord r;
    for (int s = 0; s < 2; ++s) r.engine_names[s] = rules.engines[static_cast<size_t>(slot.engine[s])].name;
    if (slot.opening >= 0) {
        const auto &o = rules.openings[static_cast<size_t>(slot.opening)];
        r.opening_position = o.position;
        r.opening_moves = o.moves;
    }
    r.result = side == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_WIN_SIDE_0;
    r.termination = termination_for(error.kind);
    r.loser_side = side;
    r.reason = std::string("engine ") + r.engine_names[side] + " " + stage + ": " + error.message;
    r.offending_text = error.offending_text;
    r.started = std::chrono::system_clock::now();
    return r;
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
    return g;
}

match::GameSetup game_setup(const GameRules &rules, const ScheduledGame &slot) {
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
    return s;
}

RunStats run_games(const GameRules &rules, const std::vector<ScheduledGame> &games, int concurrency,
                   const RunnerParts &parts, RunControls &controls, const GameDone &on_done, const Tick &tick) {
    std::mutex mutex;  // guards next, stats and on_done
    size_t next = 0;
    RunStats stats;
    auto take = [&]() -> const ScheduledGame * {
        std::lock_guard lock(mutex);
        if (controls.stop_new || controls.abandon || next >= games.size()) return nullptr;
        return &games[next++];
    };
    auto worker = [&]() {
        EnginePool pool(rules.engines, rules.timeouts, parts.start_engine);
        while (const ScheduledGame *slot = take()) {
            match::GameRecord record;
            bool prepared = true;
            engine::UgiEngine *engines[2] = {nullptr, nullptr};
            for (int side = 0; side < 2 && prepared; ++side) {
                auto e = pool.get(slot->engine[side]);
                if (!e) {
                    record = forfeit_record(rules, *slot, side, e.error(), "could not start");
                    prepared = false;
                    break;
                }
                engines[side] = *e;
                engines[side]->set_stop_flag(&controls.abandon);  // abandoning must not wait for a search
            }
            if (prepared) {
                record = parts.play_game(game_setup(rules, *slot), *engines[0], *engines[1], &controls.abandon);
                for (int side = 0; side < 2; ++side)
                    if (engine_needs_restart(record, side) || engines[side]->needs_restart() || !engines[side]->alive())
                        pool.discard(slot->engine[side]);
            } else if (record.loser_side >= 0) {
                pool.discard(slot->engine[record.loser_side]);
            }
            std::lock_guard lock(mutex);
            if (record.termination == Termination::Abandoned) {
                ++stats.abandoned;
                continue;
            }
            ++stats.finished;
            if (!on_done({*slot, std::move(record)})) controls.stop_new = true;
        }
        pool.shutdown();
        std::lock_guard lock(mutex);
        stats.engine_starts += pool.starts();
    };
    const int workers = std::max(1, std::min<int>(concurrency, static_cast<int>(games.size())));
    std::condition_variable worker_done;
    int running = workers;  // guarded by mutex
    std::vector<std::thread> threads;
    for (int i = 0; i < workers; ++i)
        threads.emplace_back([&]() {
            worker();
            {
                std::lock_guard lock(mutex);
                --running;
            }
            worker_done.notify_all();
        });
    {
        std::unique_lock lock(mutex);
        while (running > 0) {
            if (tick) tick();
            worker_done.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; });
        }
    }
    for (auto &t : threads) t.join();
    return stats;
}

}  // namespace arb::tournament
