// The engine log of 'arbiter run --log FILE' (the peers' -log): every line
// written to and read from every engine, one line each,
//
//   2026-11-27T02:12:03.123456Z mcts-2000 < go p1time 9000 p2time 9000
//   2026-11-27T02:12:03.140021Z mcts-2000 > bestmove d3
//   2026-11-27T02:12:03.140100Z mcts-2000 2> searched 2000 playouts
//
// (UTC time, the engine's name, '<' into the engine, '>' out of it or '2>'
// on its stderr, the line as sent or read), as 'arbiter play --debug' prints them. Safe for any
// number of engines and threads: one descriptor, one write() of a whole line
// at a time under a lock, so lines never interleave; per engine they are in
// the order sent and read. Appends to the file (a resumed run continues it).
#pragma once

#include "core/expected.hpp"
#include "engine/ugi_engine.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace arb::engine {

class EngineLog {
public:
    // Opens (creates) `path` for appending; the error names the file and the cause.
    static Expected<std::shared_ptr<EngineLog>> open(const std::string &path);
    ~EngineLog();
    EngineLog(const EngineLog &) = delete;
    EngineLog &operator=(const EngineLog &) = delete;

    void write(const std::string &engine, UgiEngine::Traffic direction, std::string_view line);
    // A TrafficLog (UgiEngine::start) that writes here and keeps this log open.
    static UgiEngine::TrafficLog traffic_log(std::shared_ptr<EngineLog> log);
    // The TrafficLog for TournamentConfig::engine_log: none when `path` is
    // empty, else one writing to the file opened here.
    static Expected<UgiEngine::TrafficLog> open_traffic_log(const std::string &path);

private:
    explicit EngineLog(int fd) : fd_(fd) {}
    std::mutex mutex_;
    int fd_;
    std::string line_;  // the line being written, reused
};

}  // namespace arb::engine
