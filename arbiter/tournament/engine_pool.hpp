// The engine processes of a tournament, shared by all workers: an engine is
// started on first use, handed back after its game, and reused by whichever
// worker next needs that engine. At most capacity() processes live at once;
// when a new one is needed and the pool is full, the idle engine unused the
// longest is shut down first. An engine that crashed, stalled or lost on time
// is shut down and started afresh for its next game. So engines with big
// memory (hash tables, networks) never multiply by the number of workers,
// and the arbiter's descriptors stay bounded.
//
// Thread-safe: every member may be called from any worker.
#pragma once

#include "core/expected.hpp"
#include "engine/protocol_engine.hpp"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <vector>

namespace arb::tournament {

using EngineStarter = std::function<Expected<std::unique_ptr<engine::ProtocolEngine>, engine::EngineError>(
    const engine::EngineConfig &, const engine::EngineTimeouts &)>;

// Descriptors the arbiter holds per live engine: three pipes and the pidfd
// (process::LineChannel, at most 4), and room for the pipes of a start in
// progress.
inline constexpr long kDescriptorsPerEngine = 6;
// Descriptors kept for everything else (records, plugin, stdio, the lock).
inline constexpr long kReservedDescriptors = 64;

// How many engine processes may live at once: two per concurrent game (each
// game needs two) plus one idle instance per engine, so that a finished game
// rarely forces a restart; never more than `descriptor_limit` allows; at least 2.
int engine_pool_capacity(int concurrency, int engines, long descriptor_limit);

class EnginePool {
public:
    EnginePool(const std::vector<engine::EngineConfig> &engines, engine::EngineTimeouts timeouts,
               EngineStarter starter, int capacity);
    EnginePool(const EnginePool &) = delete;
    EnginePool &operator=(const EnginePool &) = delete;
    ~EnginePool() { shutdown(); }

    // An engine with this index for one game, owned by the caller until
    // release(): an idle one if there is one, else a newly started one.
    // Waits while the pool is full of engines in use.
    Expected<std::unique_ptr<engine::ProtocolEngine>, engine::EngineError> acquire(int index);
    // Hands an engine back after its game. `reusable` false (or a dead
    // process): it is shut down instead, and the next acquire() starts anew.
    void release(int index, std::unique_ptr<engine::ProtocolEngine> engine, bool reusable);
    // An engine that start_all() could not start, and why.
    struct StartFailure {
        int index;
        engine::EngineError error;
    };
    // Starts every engine once, all at the same time (at most capacity() at
    // once), each up to its handshake, and keeps them idle for the first
    // games. The failures in engine order; empty when every engine started.
    std::vector<StartFailure> start_all();
    // Quits every idle engine.
    void shutdown();

    [[nodiscard]] int capacity() const noexcept { return capacity_; }
    // The engine of each idle process, the one unused the longest first
    // (which a start in a full pool shuts down).
    [[nodiscard]] std::vector<int> idle_engines() const;
    [[nodiscard]] int starts() const;
    // The most processes that were alive at once.
    [[nodiscard]] int peak() const;

private:
    struct Idle {
        int index;
        std::unique_ptr<engine::ProtocolEngine> engine;
    };
    // Takes `it` out of idle_ and idle_of_; returns its engine.
    std::unique_ptr<engine::ProtocolEngine> take_idle(std::list<Idle>::iterator it);

    const std::vector<engine::EngineConfig> &engines_;
    engine::EngineTimeouts timeouts_;
    EngineStarter starter_;
    const int capacity_;

    mutable std::mutex mutex_;  // guards everything below
    std::condition_variable room_;
    std::list<Idle> idle_;  // least recently used first
    // The idle engines of each index, most recently used last: an acquire()
    // finds its engine without walking the whole list.
    std::vector<std::vector<std::list<Idle>::iterator>> idle_of_;
    int live_ = 0;          // idle + in use + being started
    int peak_ = 0;
    int starts_ = 0;
};

}  // namespace arb::tournament
