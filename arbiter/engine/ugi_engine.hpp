// One engine process spoken to in UGI (see docs/protocol.md): handshake,
// options, new game, search with a deadline, and a clean shutdown. All reads
// have deadlines; nothing here blocks without one.
//
// INTERFACE AGREED BETWEEN THE MATCH AND TOURNAMENT LAYERS: extend freely,
// but keep these signatures (the tournament layer codes against them).
#pragma once

#include "core/expected.hpp"
#include "engine/engine_config.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace arb::engine {

enum class FailureKind { Timeout, Crash, Stall, Protocol, StartFailed };

struct EngineError {
    FailureKind kind;
    std::string message;         // e.g. "no 'readyok' within 5000 ms"
    std::string offending_text;  // the line that broke the protocol, if any
};

struct SearchInfo {
    std::optional<int> score_cp;   // last 'info ... score cp N' (or mate mapped to +-100000)
    std::optional<int> depth;
    std::optional<int64_t> nodes;
};

struct BestMove {
    std::string move;                      // text after 'bestmove', unchecked
    SearchInfo info;
    std::chrono::milliseconds elapsed{0};  // from writing 'go' to reading 'bestmove'
};

// The 'go' line: either clock times (p1 = side 0) or a fixed limit.
struct GoCommand {
    std::optional<std::chrono::milliseconds> p1time, p2time, p1inc, p2inc;
    std::optional<int> movestogo;
    std::optional<std::chrono::milliseconds> movetime;
    std::optional<int64_t> depth, nodes;
};

class UgiEngine {
public:
    // Starts the process (no shell, own process group) and completes
    // ugi/ugiok, setoption..., isready/readyok.
    static Expected<std::unique_ptr<UgiEngine>, EngineError> start(const EngineConfig &config,
                                                                   const EngineTimeouts &timeouts);
    virtual ~UgiEngine() = default;

    // 'uginewgame' then isready/readyok.
    virtual Expected<void, EngineError> new_game() = 0;
    // Sends 'position <position_command>' (e.g. "startpos moves f5 d6" or
    // "fen <pos> moves ...") and the go line; waits for 'bestmove' until
    // `deadline` has passed since 'go' was written.
    virtual Expected<BestMove, EngineError> go(const std::string &position_command, const GoCommand &go,
                                               std::chrono::milliseconds deadline) = 0;
    // 'quit', then the grace period, then SIGKILL to the process group; reaps
    // the child. Idempotent; the destructor calls it.
    virtual void quit() = 0;
    [[nodiscard]] virtual bool alive() const = 0;
    [[nodiscard]] virtual const std::string &name() const = 0;
    // The last few KB the engine wrote to stderr, for error reports.
    [[nodiscard]] virtual std::string stderr_tail() const = 0;
};

}  // namespace arb::engine
