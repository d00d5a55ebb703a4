// The values UGI traffic is read into and written from: what a search
// reports, the 'go' line, and how an engine failed. Plain values shared by
// the line parser (ugi_parse.hpp) and the engine (ugi_engine.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace arb::engine {

// How an engine failed. Interrupted and OutOfResources are nobody's fault: the
// user stopped the wait (UgiEngine::set_stop_flag), or the arbiter's machine
// ran out of descriptors, processes or memory while starting the engine (a
// tournament stops cleanly instead of scoring it).
enum class FailureKind { Timeout, Crash, Stall, Protocol, StartFailed, OutOfResources, Interrupted };

struct EngineError {
    FailureKind kind;
    std::string message;         // e.g. "no 'readyok' within 5000 ms"
    std::string offending_text;  // the line that broke the protocol, if any
    std::string stderr_tail = {};  // start failures: the last words the engine wrote to stderr
};

struct SearchInfo {
    std::optional<int> score_cp;   // last 'info ... score cp N' (or mate mapped to +-100000)
    std::optional<int> depth;
    std::optional<int64_t> nodes;
    std::optional<int> seldepth;   // last 'info ... seldepth N'
    std::optional<int64_t> nps;    // last 'info ... nps N'
};

struct BestMove {
    std::string move;                      // text after 'bestmove', unchecked
    SearchInfo info;
    // From writing 'go' to reading 'bestmove', less `stalled`.
    std::chrono::milliseconds elapsed{0};
    // The time in between the arbiter itself was not running (stopped, a
    // paused VM, ...): seen by its waits, not charged to the engine.
    std::chrono::milliseconds stalled{0};
};

// The 'go' line: either clock times (p1 = side 0) or a fixed limit.
struct GoCommand {
    std::optional<std::chrono::milliseconds> p1time, p2time, p1inc, p2inc;
    std::optional<int> movestogo;
    std::optional<std::chrono::milliseconds> movetime;
    std::optional<int64_t> depth, nodes;
};

}  // namespace arb::engine
