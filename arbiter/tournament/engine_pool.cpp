#include "tournament/engine_pool.hpp"

namespace arb::tournament {

Expected<engine::UgiEngine *, engine::EngineError> EnginePool::get(int index) {
    auto it = running_.find(index);
    if (it != running_.end() && it->second->alive()) return it->second.get();
    if (it != running_.end()) discard(index);
    ++starts_;
    auto started = starter_(engines_.at(static_cast<size_t>(index)), timeouts_);
    if (!started) return Unexpected<engine::EngineError>{std::move(started).error()};
    engine::UgiEngine *raw = started->get();
    running_[index] = std::move(*started);
    return raw;
}

void EnginePool::discard(int index) {
    auto it = running_.find(index);
    if (it == running_.end()) return;
    it->second->quit();
    running_.erase(it);
}

void EnginePool::shutdown() {
    for (auto &[index, engine] : running_) engine->quit();
    running_.clear();
}

}  // namespace arb::tournament
