// The runner: a pool of worker threads playing the games of a schedule, each
// game once. It knows nothing of engines or records: how a game is played
// comes in as a function (pooled_run.hpp gives the real one, tests a fake),
// what becomes of a finished game goes out through RunnerHooks.
//
// Per game, on the worker that plays it: on_started, the play, then either
// on_finished and on_settled (a finished game) or nothing more (a game
// abandoned, or one the machine's resources could not serve: it is counted
// in RunStats and the run stops). on_tick runs on the thread calling run().
#pragma once

#include "match/finished_game.hpp"
#include "match/game_record.hpp"
#include "match/scheduled_game.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace arb::tournament {

class PlayOrder;

// Set from outside (signals, SPRT, a failed write): `stop_new` lets running
// games finish, `abandon` also stops them (their results are dropped).
struct RunControls {
    std::atomic<bool> stop_new{false};
    std::atomic<bool> abandon{false};
};

struct RunStats {
    int finished = 0;       // games handed to on_finished
    int abandoned = 0;      // games stopped unfinished (not recorded)
    int engine_starts = 0;  // processes started over all workers
    int peak_engines = 0;   // most engine processes alive at once
    int workers = 0;        // games played at once (concurrency, lowered to what the pool allows)
    int pool_capacity = 0;
    std::string out_of_resources;  // non-empty: the run stopped because the system ran out of resources
    std::string tick_failure;      // non-empty: the tick threw (e.g. bad_alloc building a report); no new
                                   // game was started after it, running ones finished and were handed in
};

struct RunnerHooks {
    // On the worker, before it plays the game; not serialised.
    std::function<void(const match::ScheduledGame &)> on_started;
    // Once per finished game on the worker that played it, one call at a time
    // (workers handing in games wait for it: keep it short); returns false to
    // stop the tournament (e.g. the record could not be written).
    std::function<bool(match::FinishedGame &&)> on_finished;
    // On the worker right after its on_finished, without the runner's lock (no
    // worker waits for it): what handing in a game left to wait for, such as
    // its record's sync to disk (output::RecordSet::commit). The worker takes
    // its next game after it. Returns false to stop the tournament.
    std::function<bool()> on_settled;
    // On the thread calling run(), about every 100 ms while games run; not
    // serialised with on_finished, so the slow work of reports belongs here.
    // If it throws, no new game starts, the running ones finish, it is not
    // called again and RunStats::tick_failure says why.
    std::function<void()> on_tick;
};

// What playing one game came to.
struct PlayedGame {
    match::GameRecord record;      // Termination::Abandoned: stopped unfinished, not handed in
    std::string out_of_resources;  // non-empty: the machine could not serve the game (not recorded; the run stops)
    bool kept[2] = {true, true};   // each engine's process went back to the pool alive
};
// Plays the games of one worker, in its thread. It may throw
// process::OutOfResources, std::system_error or std::bad_alloc: the game
// then counts as abandoned for want of resources and the run stops.
using WorkerPlay = std::function<PlayedGame(const match::ScheduledGame &)>;
// Called once on each worker thread as it starts: the worker's WorkerPlay,
// which holds what the worker keeps between its games (a plugin-host child).
using PlayerFactory = std::function<WorkerPlay()>;

// The games to play, handed out one at a time in schedule order; none: no more.
using GameFeed = std::function<std::optional<match::ScheduledGame>()>;

// The runner's schedule source. Streamed, the feed's games come in its order
// and memory stays flat in games played; in play order (more than two
// engines), every game is read first (36 bytes a game) and PlayOrder chooses
// the next one to keep engine processes in use rather than start new ones.
// Not thread-safe: the runner calls it under its lock.
class GameQueue {
public:
    // A game handed to a worker: `position` in the queue's games (0 when streamed).
    struct Taken {
        size_t position;
        match::ScheduledGame slot;
    };
    // The game at `position` ended; `kept`: which engine processes went back to the pool.
    struct Ended {
        size_t position;
        bool kept[2];
    };

    // The `count` games of `feed`, in its order.
    GameQueue(GameFeed feed, size_t count);
    // The `count` games of `feed` in PlayOrder (see there for the parameters).
    GameQueue(GameFeed feed, size_t count, int engine_count, std::vector<bool> restarts, int capacity,
              const std::vector<int> &idle);
    GameQueue(GameQueue &&) noexcept;
    GameQueue &operator=(GameQueue &&) noexcept;
    ~GameQueue();

    // The game `ended` went back (in play order, its engines' processes count for the next choice).
    void finished(const Ended &ended);
    // The next game for a worker whose last game (if any) was `last`.
    std::optional<Taken> next(const std::optional<Ended> &last);
    [[nodiscard]] size_t count() const noexcept { return count_; }

private:
    // Every game and the order that picks among them (PlayOrder refers to
    // the games: they stay at one address when the queue moves).
    struct Ordered;

    GameFeed feed_;
    size_t count_;
    std::unique_ptr<Ordered> ordered_;  // null: streamed
};

class Runner {
public:
    // `concurrency` games at once (fewer when there are fewer games, at least
    // one worker); after each game its worker pauses `pause` (cut short by a
    // stop). `controls` outlives run().
    Runner(GameQueue games, int concurrency, PlayerFactory player, RunnerHooks hooks, RunControls &controls,
           std::chrono::milliseconds pause = std::chrono::milliseconds(0));
    Runner(const Runner &) = delete;
    Runner &operator=(const Runner &) = delete;

    // Plays the games and returns when every worker is joined (always, even
    // when a tick throws or a thread cannot be created: the workers started
    // finish their games, and RunStats::out_of_resources names the limit).
    // The engine figures of RunStats stay 0: the runner has no engines.
    RunStats run();

private:
    using Taken = GameQueue::Taken;
    using Ended = GameQueue::Ended;

    // How a worker picks its next game, after its last one (if any) ended:
    // none once a stop is asked for or the queue is empty.
    std::optional<Taken> take(const std::optional<Ended> &last);
    // Plays one game and hands it on through the hooks.
    Ended play_one(const Taken &taken, const WorkerPlay &play);
    // One worker's loop: take, play, pause, until take() has nothing.
    void worker();
    // The worker threads, each telling `worker_done_` when it ends.
    void start_workers(std::vector<std::thread> &threads);
    // Runs the hooks' on_tick until every worker has ended.
    void tick_until_done();
    void pause_after_game() const;
    // Descriptors, processes or memory ran out: no engine is to blame, so the
    // game is not recorded (it is played on --resume) and the run stops.
    void out_of_resources(const std::string &message);
    void tick_failed(std::string why);

    GameQueue games_;
    int workers_;
    PlayerFactory player_;
    RunnerHooks hooks_;
    RunControls &controls_;
    std::chrono::milliseconds pause_;

    std::mutex mutex_;  // guards games_, stats_, running_ and the calls of on_finished
    std::condition_variable worker_done_;
    int running_ = 0;
    RunStats stats_;
};

}  // namespace arb::tournament
