// The runner on its own: a fake play function instead of engines, hooks that
// log what they see. No session, no pool, no processes.
#include "process/resource_limits.hpp"
#include "tournament/runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using arb::match::FinishedGame;
using arb::match::ScheduledGame;
using arb::tournament::GameQueue;
using arb::tournament::PlayedGame;
using arb::tournament::PlayerFactory;
using arb::tournament::RunControls;
using arb::tournament::Runner;
using arb::tournament::RunnerHooks;
using arb::tournament::RunStats;
using arb::tournament::WorkerPlay;

// The schedule 0, 1, ..., count - 1, streamed.
GameQueue games(int count) {
    auto next = std::make_shared<int>(0);
    return GameQueue(
        [next, count]() -> std::optional<ScheduledGame> {
            if (*next >= count) return std::nullopt;
            ScheduledGame g;
            g.index = (*next)++;
            g.engine[1] = 1;
            return g;
        },
        static_cast<size_t>(count));
}

// What the hooks saw, per game in the order seen, and across the run.
struct HookLog {
    std::mutex mutex;
    std::map<int, std::vector<std::string>> per_game;
    std::vector<int> started;  // in the order the games started
    int in_play = 0, most_in_play = 0, plays = 0;

    void note(int game, const std::string &event) {
        std::lock_guard lock(mutex);
        per_game[game].push_back(event);
    }
    RunnerHooks hooks() {
        RunnerHooks h;
        h.on_started = [this](const ScheduledGame &g) {
            note(g.index, "started");
            std::lock_guard lock(mutex);
            started.push_back(g.index);
        };
        // on_settled is told no game: the game is the one this worker handed in last.
        h.on_finished = [this](FinishedGame &&g) {
            last_finished() = g.slot.index;
            note(g.slot.index, "finished " + g.record.reason);
            return true;
        };
        h.on_settled = [this] {
            note(last_finished(), "settled");
            return true;
        };
        return h;
    }
    static int &last_finished() {
        thread_local int index = -1;
        return index;
    }
    void enter() {
        std::lock_guard lock(mutex);
        most_in_play = std::max(most_in_play, ++in_play);
        ++plays;
    }
    void leave() {
        std::lock_guard lock(mutex);
        --in_play;
    }
    int playing() {
        std::lock_guard lock(mutex);
        return in_play;
    }
    int entered() {  // plays begun, ended or not
        std::lock_guard lock(mutex);
        return plays;
    }
};

// Waits (at most 10 s, then the test fails on what follows) until `ready` holds.
template <class Ready> bool wait_until(Ready ready) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!ready()) {
        if (std::chrono::steady_clock::now() > give_up) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

PlayedGame won(int index) {
    PlayedGame p;
    p.record.reason = "game " + std::to_string(index);
    return p;
}

PlayerFactory same_for_every_worker(WorkerPlay play) {
    return [play] { return play; };
}

}  // namespace

TEST_CASE("a runner with 3 workers plays each of 10 games once, 3 at a time, hooks in order", "[runner]") {
    HookLog log;
    RunControls controls;
    const WorkerPlay play = [&](const ScheduledGame &g) {
        log.enter();
        // The first three games wait for each other: three run at once.
        if (g.index < 3) wait_until([&] { return log.entered() >= 3; });
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        log.leave();
        return won(g.index);
    };
    Runner runner(games(10), 3, same_for_every_worker(play), log.hooks(), controls);
    const RunStats stats = runner.run();

    CHECK(stats.workers == 3);
    CHECK(stats.finished == 10);
    CHECK(stats.abandoned == 0);
    CHECK(stats.out_of_resources.empty());
    CHECK(log.most_in_play == 3);
    std::vector<int> started = log.started;
    std::sort(started.begin(), started.end());
    CHECK(started == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    REQUIRE(log.per_game.size() == 10);
    for (int i = 0; i < 10; ++i) {
        INFO("game " << i);
        CHECK(log.per_game[i] ==
              std::vector<std::string>{"started", "finished game " + std::to_string(i), "settled"});
    }
}

TEST_CASE("a runner never starts more workers than it has games", "[runner]") {
    HookLog log;
    RunControls controls;
    Runner runner(games(2), 8, same_for_every_worker([](const ScheduledGame &g) { return won(g.index); }),
                  log.hooks(), controls);
    const RunStats stats = runner.run();
    CHECK(stats.workers == 2);
    CHECK(stats.finished == 2);
}

TEST_CASE("a stop request stops a runner taking games while the running ones finish", "[runner]") {
    HookLog log;
    RunControls controls;
    const WorkerPlay play = [&](const ScheduledGame &g) {
        log.enter();
        // Games 0, 1 and 2 are in play (one per worker) when game 0 asks for the stop.
        wait_until([&] { return log.entered() >= 3; });
        if (g.index == 0) controls.stop_new = true;
        wait_until([&] { return controls.stop_new.load(); });
        log.leave();
        return won(g.index);
    };
    Runner runner(games(10), 3, same_for_every_worker(play), log.hooks(), controls);
    const RunStats stats = runner.run();

    // 3 games in play at the stop, each finished and handed in; 7 never started.
    CHECK(stats.finished == 3);
    CHECK(stats.abandoned == 0);
    std::vector<int> started = log.started;
    std::sort(started.begin(), started.end());
    CHECK(started == std::vector<int>{0, 1, 2});
    for (int i = 0; i < 3; ++i)
        CHECK(log.per_game[i] ==
              std::vector<std::string>{"started", "finished game " + std::to_string(i), "settled"});
}

TEST_CASE("a game abandoned by its play is counted, not handed in", "[runner]") {
    HookLog log;
    RunControls controls;
    const WorkerPlay play = [&](const ScheduledGame &g) {
        PlayedGame p = won(g.index);
        if (g.index == 1) p.record.termination = arb::match::Termination::Abandoned;
        return p;
    };
    Runner runner(games(4), 1, same_for_every_worker(play), log.hooks(), controls);
    const RunStats stats = runner.run();
    // Games 0, 2, 3 finished, game 1 abandoned (the run goes on: only a stop request ends it).
    CHECK(stats.finished == 3);
    CHECK(stats.abandoned == 1);
    CHECK(log.per_game[1] == std::vector<std::string>{"started"});
    CHECK(log.per_game[3] == std::vector<std::string>{"started", "finished game 3", "settled"});
}

TEST_CASE("a play that fails for want of resources is reported once and stops the run", "[runner]") {
    const bool thrown = GENERATE(true, false);
    INFO((thrown ? "thrown" : "returned"));
    HookLog log;
    RunControls controls;
    const WorkerPlay play = [&](const ScheduledGame &g) {
        log.enter();
        wait_until([&] { return log.entered() >= 3; });  // games 0, 1, 2 in play
        if (g.index == 1) {
            log.leave();
            if (thrown) throw arb::process::OutOfResources("no process to be had");
            PlayedGame failed;
            failed.out_of_resources = "no process to be had";
            return failed;
        }
        // The others finish once the failure has stopped the run.
        wait_until([&] { return controls.stop_new.load(); });
        log.leave();
        return won(g.index);
    };
    Runner runner(games(10), 3, same_for_every_worker(play), log.hooks(), controls);
    const RunStats stats = runner.run();

    // Game 1 is abandoned (not handed in), games 0 and 2 finish, 3 to 9 never start.
    CHECK(stats.out_of_resources == "no process to be had");
    CHECK(stats.abandoned == 1);
    CHECK(stats.finished == 2);
    CHECK(log.per_game[1] == std::vector<std::string>{"started"});
    CHECK(log.per_game[0] == std::vector<std::string>{"started", "finished game 0", "settled"});
    CHECK(log.per_game[2] == std::vector<std::string>{"started", "finished game 2", "settled"});
    CHECK(log.started.size() == 3);
}

TEST_CASE("a tick that throws stops a runner taking games, the workers are joined", "[runner]") {
    HookLog log;
    RunControls controls;
    RunnerHooks hooks = log.hooks();
    hooks.on_tick = [&] {
        if (log.entered() >= 2) throw std::runtime_error("report failed");
    };
    const WorkerPlay play = [&](const ScheduledGame &g) {
        log.enter();
        wait_until([&] { return controls.stop_new.load(); });  // in play when the tick fails
        log.leave();
        return won(g.index);
    };
    Runner runner(games(10), 2, same_for_every_worker(play), hooks, controls);
    const RunStats stats = runner.run();
    CHECK(stats.tick_failure == "report failed");
    CHECK(stats.finished == 2);  // the two games in play when the tick threw
}
