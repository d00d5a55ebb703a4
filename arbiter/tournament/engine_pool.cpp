#include "tournament/engine_pool.hpp"

#include "process/resource_limits.hpp"

#include <algorithm>
#include <optional>
#include <thread>

namespace arb::tournament {

int engine_pool_capacity(int concurrency, int engines, long descriptor_limit) {
    const long by_descriptors = (descriptor_limit - kReservedDescriptors) / kDescriptorsPerEngine;
    const long wanted = 2L * std::max(1, concurrency) + std::max(0, engines);
    return static_cast<int>(std::max(2L, std::min(wanted, by_descriptors)));
}

EnginePool::EnginePool(const std::vector<engine::EngineConfig> &engines, engine::EngineTimeouts timeouts,
                       EngineStarter starter, int capacity)
    : engines_(engines), timeouts_(timeouts), starter_(std::move(starter)), capacity_(std::max(2, capacity)),
      idle_of_(engines.size()) {}

std::unique_ptr<engine::ProtocolEngine> EnginePool::take_idle(std::list<Idle>::iterator it) {
    auto &of = idle_of_.at(static_cast<size_t>(it->index));
    of.erase(std::find(of.begin(), of.end(), it));
    auto engine = std::move(it->engine);
    idle_.erase(it);
    return engine;
}

Expected<std::unique_ptr<engine::ProtocolEngine>, engine::EngineError> EnginePool::acquire(int index) {
    std::vector<std::unique_ptr<engine::ProtocolEngine>> to_quit;
    {
        std::unique_lock lock(mutex_);
        // The most recently used idle engine of this index: the likeliest still warm.
        if (const auto &of = idle_of_.at(static_cast<size_t>(index)); !of.empty()) {
            auto engine = take_idle(of.back());
            if (engine->alive()) return engine;
            --live_;
            to_quit.push_back(std::move(engine));
        }
        room_.wait(lock, [this] { return live_ < capacity_ || !idle_.empty(); });
        if (live_ >= capacity_) {
            to_quit.push_back(take_idle(idle_.begin()));
            --live_;
        }
        ++live_;  // the slot of the engine started below
        peak_ = std::max(peak_, live_);
    }
    for (auto &e : to_quit) e->quit();  // outside the lock: quitting may take the grace period
    auto started = starter_(engines_.at(static_cast<size_t>(index)), timeouts_);
    std::lock_guard lock(mutex_);
    if (started) {
        ++starts_;  // a start that failed is reported as such, not counted here
    } else {
        --live_;
        room_.notify_one();
    }
    return started;
}

void EnginePool::release(int index, std::unique_ptr<engine::ProtocolEngine> engine, bool reusable) {
    if (!engine) return;
    if (reusable && engine->alive()) {
        std::lock_guard lock(mutex_);
        idle_.push_back({index, std::move(engine)});
        idle_of_.at(static_cast<size_t>(index)).push_back(std::prev(idle_.end()));
        room_.notify_one();
        return;
    }
    engine->quit();
    engine.reset();
    std::lock_guard lock(mutex_);
    --live_;
    room_.notify_one();
}

std::vector<EnginePool::StartFailure> EnginePool::start_all() {
    const int count = static_cast<int>(engines_.size());
    std::vector<std::optional<engine::EngineError>> errors(static_cast<size_t>(count));
    std::vector<std::thread> threads;
    threads.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        try {
            threads.emplace_back([this, i, &errors] {
                auto started = acquire(i);
                if (started) release(i, std::move(*started), true);
                else errors[static_cast<size_t>(i)] = std::move(started).error();
            });
        } catch (const std::system_error &e) {
            // The machine's limit, not the engines': those left are not started.
            const engine::EngineError refused{engine::FailureKind::OutOfResources,
                                              process::thread_failure("starting an engine", e), {}};
            for (int j = i; j < count; ++j) errors[static_cast<size_t>(j)] = refused;
            break;
        }
    }
    for (auto &t : threads) t.join();
    std::vector<StartFailure> failures;
    for (int i = 0; i < count; ++i)
        if (errors[static_cast<size_t>(i)]) failures.push_back({i, std::move(*errors[static_cast<size_t>(i)])});
    return failures;
}

void EnginePool::shutdown() {
    std::list<Idle> idle;
    {
        std::lock_guard lock(mutex_);
        idle.swap(idle_);
        for (auto &of : idle_of_) of.clear();
        live_ -= static_cast<int>(idle.size());
    }
    for (auto &e : idle) e.engine->quit();
}

std::vector<int> EnginePool::idle_engines() const {
    std::lock_guard lock(mutex_);
    std::vector<int> out;
    out.reserve(idle_.size());
    for (const auto &i : idle_) out.push_back(i.index);
    return out;
}

int EnginePool::starts() const {
    std::lock_guard lock(mutex_);
    return starts_;
}

int EnginePool::peak() const {
    std::lock_guard lock(mutex_);
    return peak_;
}

}  // namespace arb::tournament
