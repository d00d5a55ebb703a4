// The engine log of 'arbiter run --log FILE' (the peers' -log): every line
// written to and read from every engine, one line each,
//
//   2026-11-27T02:12:03.123456Z mcts-2000 < go p1time 9000 p2time 9000
//   2026-11-27T02:12:03.140021Z mcts-2000 > bestmove d3
//   2026-11-27T02:12:03.140100Z mcts-2000 2> searched 2000 playouts
//
// (UTC time, the engine's name, '<' into the engine, '>' out of it or '2>'
// on its stderr, the line as sent or read), as 'arbiter play --debug' prints them. Safe for any
// number of engines and threads: each whole line goes to the sink at once,
// under a lock, so lines never interleave; per engine they are in the order
// sent and read. The file itself is opened, checked and written by the
// session (output/extra_output.hpp), which sets the sink before the first
// engine starts.
#pragma once

#include "engine/protocol_engine.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace arb::engine {

class EngineLog {
public:
    // Gets each whole line, its '\n' included.
    using Sink = std::function<void(const std::string &line)>;

    // Lines before a sink is set go nowhere.
    void set_sink(Sink sink);
    void write(const std::string &engine, ProtocolEngine::Traffic direction, std::string_view line);
    // A TrafficLog (ProtocolEngine::start) that writes here and keeps this log alive.
    static ProtocolEngine::TrafficLog traffic_log(std::shared_ptr<EngineLog> log);

private:
    std::mutex mutex_;
    Sink sink_;         // guarded by mutex_
    std::string line_;  // the line being written, reused
};

}  // namespace arb::engine
