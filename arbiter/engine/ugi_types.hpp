// What the engine layer gives back: an engine's move with what its search
// reported, and how an engine failed. (What it is given, the position and
// the search limits, are protocol::Position and protocol::Go.)
#pragma once

#include <arbiter/protocol/reply.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace arb::engine {

// How an engine failed. Interrupted and OutOfResources are nobody's fault: the
// user stopped the wait (ProtocolEngine::set_stop_flag), or the arbiter's machine
// ran out of descriptors, processes or memory while starting the engine (a
// tournament stops cleanly instead of scoring it).
enum class FailureKind { Timeout, Crash, Stall, Protocol, StartFailed, OutOfResources, Interrupted };

struct EngineError {
    FailureKind kind;
    std::string message;         // e.g. "no 'readyok' within 5000 ms"
    std::string offending_text;  // the line that broke the protocol, if any
    std::string stderr_tail = {};  // start failures: the last words the engine wrote to stderr
};

struct BestMove {
    std::string move;                      // text after 'bestmove', unchecked
    protocol::InfoFields info;             // what the search's 'info' lines said (protocol::parse_info)
    // From writing 'go' to reading 'bestmove', less `stalled` or the
    // arbiter's wait for a CPU after 'bestmove' woke it, the larger
    // (docs/protocol.md, "The arbiter's own stalls are not charged").
    std::chrono::milliseconds elapsed{0};
    // The time in between the arbiter itself was not running (stopped, a
    // paused VM, ...): seen by its waits, not charged to the engine.
    std::chrono::milliseconds stalled{0};
    // The engine resigned (USI's 'bestmove resign'): `move` is "resign", no move.
    bool resigned = false;
    // The engine claimed a result instead of moving (xboard's
    // '1/2-1/2 {Draw by repetition}'): the claim as sent, `move` empty. The
    // caller judges it against the game (match::judge_claim).
    std::string claim;
    // The engine offered a draw with this move (xboard's 'offer draw').
    bool draw_offered = false;
};

}  // namespace arb::engine
