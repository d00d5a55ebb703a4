// The engines of one worker slot: each started on first use and then reused
// from game to game; an engine that crashed, stalled or lost on time is
// discarded and started afresh for its next game.
#pragma once

#include "core/expected.hpp"
#include "engine/ugi_engine.hpp"

#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace arb::tournament {

using EngineStarter = std::function<Expected<std::unique_ptr<engine::UgiEngine>, engine::EngineError>(
    const engine::EngineConfig &, const engine::EngineTimeouts &)>;

class EnginePool {
public:
    EnginePool(const std::vector<engine::EngineConfig> &engines, engine::EngineTimeouts timeouts,
               EngineStarter starter)
        : engines_(engines), timeouts_(timeouts), starter_(std::move(starter)) {}
    EnginePool(const EnginePool &) = delete;
    EnginePool &operator=(const EnginePool &) = delete;
    ~EnginePool() { shutdown(); }

    // The running engine with this index, started if needed.
    Expected<engine::UgiEngine *, engine::EngineError> get(int index);
    // Shuts the engine down; the next get() starts a new process.
    void discard(int index);
    // Quits every engine of this slot.
    void shutdown();
    [[nodiscard]] int starts() const { return starts_; }

private:
    const std::vector<engine::EngineConfig> &engines_;
    engine::EngineTimeouts timeouts_;
    EngineStarter starter_;
    std::map<int, std::unique_ptr<engine::UgiEngine>> running_;
    int starts_ = 0;
};

}  // namespace arb::tournament
