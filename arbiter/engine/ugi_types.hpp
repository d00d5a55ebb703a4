// What the engine layer gives back: an engine's move with what its search
// reported, and how an engine failed. (What it is given, the position and
// the search limits, are protocol::Position and protocol::Go.)
#pragma once

#include <arbiter/protocol/reply.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <vector>

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

// One scored 'info' line of a search (not "info string"), kept when asked
// (Capture::search_lines) for the PV checks of the match.
struct SearchLine {
    std::string text;     // the line as the engine sent it
    protocol::PvLine pv;  // its PV, the moves in the plugin's notation (one the game cannot read back: as sent)
};

// What of a search's output the engine layer keeps beyond its fields
// (ProtocolEngine::set_capture). Nothing by default: keeping lines costs
// a copy of each.
struct Capture {
    bool search_lines = false;  // BestMove::lines (UCI family only: xboard's thinking lines are not read)
    // BestMove::matched: for each, the last line of the search that matches it (std::regex_search).
    std::vector<std::regex> line_patterns;
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
    // The search's scored 'info' lines in the order read, when captured.
    std::vector<SearchLine> lines = {};
    // The last line of the search (from 'go' to 'bestmove', both left out)
    // that matched each Capture::line_patterns entry, in the patterns'
    // order; a pattern no line matched has no entry.
    std::vector<std::string> matched = {};
};

}  // namespace arb::engine
