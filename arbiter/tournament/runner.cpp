#include "tournament/runner.hpp"

#include "process/resource_limits.hpp"
#include "tournament/play_order.hpp"

#include <algorithm>
#include <limits>
#include <new>
#include <system_error>

namespace arb::tournament {

struct GameQueue::Ordered {
    std::vector<match::ScheduledGame> games;
    PlayOrder order;

    Ordered(std::vector<match::ScheduledGame> all, int engine_count, std::vector<bool> restarts, int capacity,
            const std::vector<int> &idle)
        : games(std::move(all)), order(games, engine_count, std::move(restarts), capacity, idle) {}
};

GameQueue::GameQueue(GameFeed feed, size_t count) : feed_(std::move(feed)), count_(count) {}

GameQueue::GameQueue(GameFeed feed, size_t count, int engine_count, std::vector<bool> restarts, int capacity,
                     const std::vector<int> &idle)
    : count_(count) {
    std::vector<match::ScheduledGame> games;
    games.reserve(count);
    while (auto g = feed()) games.push_back(*g);
    ordered_ = std::make_unique<Ordered>(std::move(games), engine_count, std::move(restarts), capacity, idle);
}

GameQueue::GameQueue(GameQueue &&) noexcept = default;
GameQueue &GameQueue::operator=(GameQueue &&) noexcept = default;
GameQueue::~GameQueue() = default;

void GameQueue::finished(const Ended &ended) {
    if (ordered_) ordered_->order.finished(ended.position, ended.kept);
}

std::optional<GameQueue::Taken> GameQueue::next(const std::optional<Ended> &last) {
    if (!ordered_) {
        auto g = feed_();
        if (!g) return std::nullopt;
        return Taken{0, *g};
    }
    const auto position = ordered_->order.take(last ? std::optional<size_t>(last->position) : std::nullopt);
    if (!position) return std::nullopt;
    return Taken{*position, ordered_->games[*position]};
}

Runner::Runner(GameQueue games, int concurrency, PlayerFactory player, RunnerHooks hooks, RunControls &controls,
               std::chrono::milliseconds pause)
    : games_(std::move(games)), player_(std::move(player)), hooks_(std::move(hooks)), controls_(controls),
      pause_(pause) {
    const int count =
        static_cast<int>(std::min<size_t>(games_.count(), static_cast<size_t>(std::numeric_limits<int>::max())));
    workers_ = std::max(1, std::min(concurrency, count));
}

std::optional<Runner::Taken> Runner::take(const std::optional<Ended> &last) {
    std::lock_guard lock(mutex_);
    if (last) games_.finished(*last);
    if (controls_.stop_new || controls_.abandon) return std::nullopt;
    return games_.next(last);
}

Runner::Ended Runner::play_one(const Taken &taken, const WorkerPlay &play) {
    if (hooks_.on_started) hooks_.on_started(taken.slot);
    PlayedGame game = play(taken.slot);
    const Ended ended{taken.position, {game.kept[0], game.kept[1]}};
    if (!game.out_of_resources.empty()) {
        out_of_resources(game.out_of_resources);
        return ended;
    }
    {
        std::lock_guard lock(mutex_);
        if (game.record.termination == match::Termination::Abandoned) {
            ++stats_.abandoned;
            return ended;
        }
        ++stats_.finished;
        if (hooks_.on_finished && !hooks_.on_finished({taken.slot, std::move(game.record)})) controls_.stop_new = true;
    }
    // Disk waits happen here, off the lock: other workers hand in and take games meanwhile.
    if (hooks_.on_settled && !hooks_.on_settled()) controls_.stop_new = true;
    return ended;
}

void Runner::pause_after_game() const {
    // wait_ms: the pause after each game, cut short by a stop.
    const auto resume_at = std::chrono::steady_clock::now() + pause_;
    while (!controls_.stop_new && !controls_.abandon && std::chrono::steady_clock::now() < resume_at)
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
            resume_at - std::chrono::steady_clock::now(), std::chrono::milliseconds(20)));
}

void Runner::worker() {
    const WorkerPlay play = player_();
    std::optional<Ended> last;
    while (const auto taken = take(last)) {
        last = Ended{taken->position, {false, false}};  // what a game that threw leaves: no engine kept
        try {
            last = play_one(*taken, play);
            pause_after_game();
        } catch (const process::OutOfResources &e) {  // e.g. no plugin-host child to be had
            out_of_resources(e.what());
        } catch (const std::system_error &e) {  // e.g. an event loop that could not get a descriptor
            out_of_resources(process::refusal_text("playing a game", e));
        } catch (const std::bad_alloc &) {
            out_of_resources("out of memory");
        }
    }
}

void Runner::out_of_resources(const std::string &message) {
    std::lock_guard lock(mutex_);
    if (stats_.out_of_resources.empty()) stats_.out_of_resources = message;
    ++stats_.abandoned;
    controls_.stop_new = true;
}

void Runner::start_workers(std::vector<std::thread> &threads) {
    running_ = workers_;
    for (int i = 0; i < workers_; ++i) {
        try {
            threads.emplace_back([this] {
                worker();
                {
                    std::lock_guard lock(mutex_);
                    --running_;
                }
                worker_done_.notify_all();
            });
        } catch (const std::system_error &e) {
            // The workers started finish their games (recorded) and take no more.
            std::lock_guard lock(mutex_);
            running_ -= workers_ - i;
            if (stats_.out_of_resources.empty())
                stats_.out_of_resources = process::thread_failure("playing games", e);
            controls_.stop_new = true;
            return;
        }
    }
}

void Runner::tick_failed(std::string why) {
    std::lock_guard lock(mutex_);
    stats_.tick_failure = std::move(why);
    controls_.stop_new = true;
}

// The tick runs without the lock, so that what it does (redrawing, rating
// fits for reports) never holds up a worker handing in its game. An exception
// out of it (a report that cannot be built) must not leave run() with
// joinable threads: that is std::terminate, and the games finished so far
// would be reported nowhere.
void Runner::tick_until_done() {
    bool ticking = static_cast<bool>(hooks_.on_tick);
    for (;;) {
        if (ticking) {
            try {
                hooks_.on_tick();
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
        std::unique_lock lock(mutex_);
        if (worker_done_.wait_for(lock, std::chrono::milliseconds(100), [this] { return running_ == 0; })) return;
    }
}

RunStats Runner::run() {
    stats_ = RunStats{};
    stats_.workers = workers_;
    std::vector<std::thread> threads;
    start_workers(threads);
    tick_until_done();
    for (auto &t : threads) t.join();
    return stats_;
}

}  // namespace arb::tournament
