// One engine process spoken to in its protocol (docs/protocol.md): handshake,
// options, new game, search with a deadline, and a clean shutdown. The match
// hands it values (protocol::Position, protocol::Go); the engine's dialect
// module (engine/dialect/) writes them in its words. All reads have
// deadlines; nothing here blocks without one.
#pragma once

#include "core/expected.hpp"
#include "engine/engine_config.hpp"
#include "engine/ugi_types.hpp"

#include <arbiter/protocol/command.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb::engine {

// The report of an engine that could not start, as cutechess-cli and
// fastchess print one: its name and the cause, its command line, and the
// last lines of its stderr. Several lines, each ending in '\n'.
std::string describe_start_failure(const EngineConfig &config, const EngineError &error);
// The most of a start failure's message that reports quote: room for the
// protocol it names and the first and last lines the engine printed.
inline constexpr size_t kStartFailureMax = 2000;

class ProtocolEngine {
public:
    // Which way a logged line went.
    enum class Traffic { ToEngine, FromEngine, Stderr };
    // When set, called with every line sent to the engine, every line read
    // from it and every line it wrote to stderr, e.g. for 'arbiter play
    // --debug'. Lines the arbiter ignores show up here too. Empty: no
    // logging (the default).
    using TrafficLog = std::function<void(const std::string &engine, Traffic direction, std::string_view line)>;
    // How a log shows the direction: "<" (to the engine), ">" (from it), "2>" (its stderr).
    static const char *traffic_marker(Traffic direction);

    // Starts the process (no shell, own process group) and completes the
    // handshake of the configured dialect (ugi/ugiok, uci/uciok, ...),
    // setoption..., isready/readyok. A failed handshake quotes the first
    // lines the engine printed and, when one of them is another dialect's
    // answer ("uaiok"), names the protocol to configure.
    static Expected<std::unique_ptr<ProtocolEngine>, EngineError> start(const EngineConfig &config,
                                                                        const EngineTimeouts &timeouts);
    // The same, and tells the engine the game and its rule options between
    // 'ugiok' and the engine options (docs/protocol.md, "game and rules").
    // Rule options set to non-default values that the engine does not
    // declare end up in warnings().
    static Expected<std::unique_ptr<ProtocolEngine>, EngineError> start(const EngineConfig &config,
                                                                        const EngineTimeouts &timeouts,
                                                                        const GameSetupOptions &game);
    // The same, logging the traffic from the first line on (see TrafficLog).
    static Expected<std::unique_ptr<ProtocolEngine>, EngineError> start(const EngineConfig &config,
                                                                        const EngineTimeouts &timeouts,
                                                                        const GameSetupOptions &game, TrafficLog log);
    virtual ~ProtocolEngine() = default;

    // The dialect's new-game command ('uginewgame', 'ucinewgame', ...) then isready/readyok.
    virtual Expected<void, EngineError> new_game() = 0;
    // Sends the position (its start and every move since, in the plugin's
    // notation) and the search limits, both in the engine's dialect (texts
    // converted when the game's notation differs for it); waits for the
    // engine's move until `deadline` has passed since 'go' was written. The
    // move returned is in the plugin's notation.
    virtual Expected<BestMove, EngineError> go(const protocol::Position &position, const protocol::Go &go,
                                               std::chrono::milliseconds deadline) = 0;
    // The same for a game's next ply: the first `known` moves of `position`
    // are those of the position this engine was given last, so that only
    // the moves after them are checked and written anew (a ply costs the
    // same at move 300 as at move 3).
    virtual Expected<BestMove, EngineError> go_next_ply(const protocol::Position &position, size_t known,
                                                        const protocol::Go &go, std::chrono::milliseconds deadline) {
        (void)known;
        return this->go(position, go, deadline);
    }
    // The game is over, with this result for this engine: told to engines
    // whose dialect has a word for it (USI's 'gameover win|lose|draw'), not
    // to one that must be restarted; no answer is awaited.
    virtual void game_over(protocol::GameOver::Result result) { (void)result; }
    // 'quit', then the grace period, then SIGKILL to the process group; reaps
    // the child. Idempotent; the destructor calls it.
    virtual void quit() = 0;
    [[nodiscard]] virtual bool alive() const = 0;
    [[nodiscard]] virtual const std::string &name() const = 0;
    // The last few KB the engine wrote to stderr, for error reports.
    [[nodiscard]] virtual std::string stderr_tail() const = 0;

    // --- extensions (defaults, so that test fakes need not implement them) ---
    // new_game() preceded by 'setoption name seed value <seed>' when the
    // engine declared an option 'seed' (any case) and its config sets none:
    // the game's seed (match::GameSetup::engine_seed, docs/protocol.md).
    virtual Expected<void, EngineError> new_game_seeded(uint64_t seed) {
        (void)seed;
        return new_game();
    }
    // Configuration warnings found at start, e.g. a rule option the engine
    // does not declare, or an engine option it does not know.
    [[nodiscard]] virtual std::vector<std::string> warnings() const { return {}; }
    // What the engine gave as 'id name' in the handshake; empty if nothing.
    // An engine started without a configured name is named by it (name()).
    [[nodiscard]] virtual std::string id_name() const { return {}; }
    // The option names the engine declared between 'ugi' and 'ugiok'.
    [[nodiscard]] virtual std::vector<std::string> declared_options() const { return {}; }
    // The engine options sent at start for the game's rules in the engine's
    // dialect (GameSetupOptions::engine_options), e.g. {UCI_Chess960, true}.
    [[nodiscard]] virtual std::vector<std::pair<std::string, std::string>> game_engine_options() const { return {}; }
    // True after a Crash, Stall, Timeout or Protocol failure: the process is
    // dead or in an unknown state and must be restarted before another game.
    [[nodiscard]] virtual bool needs_restart() const { return false; }
    // The dialect the engine speaks: the configured one, or the one whose
    // handshake it answered under protocol "auto".
    [[nodiscard]] virtual protocol::Dialect dialect() const { return protocol::Dialect::Ugi; }
    // The process id (also its process group id), or -1.
    [[nodiscard]] virtual long pid() const { return -1; }
    // Keeps every thread of the engine's processes on `cpu` (config
    // `affinity`, process/cpu_affinity.hpp); false where it could not.
    virtual bool pin_to_cpu(int cpu) {
        (void)cpu;
        return false;
    }
    // When set, a wait gives up within ~100 ms once *flag is true, failing
    // with FailureKind::Interrupted. May be null.
    virtual void set_stop_flag(const std::atomic<bool> *flag) { (void)flag; }
    // See TrafficLog.
    virtual void set_traffic_log(TrafficLog log) { (void)log; }
    // What each search keeps of the lines it reads besides the fields
    // (BestMove::lines, BestMove::matched); nothing until set.
    virtual void set_capture(Capture capture) { (void)capture; }
    // When set, also called with every line the engine writes to stderr
    // from now on (besides the TrafficLog), e.g. to keep one game's lines
    // (output.engine_stderr); a line cut at the stderr tail's size comes in
    // parts. Empty: no copy.
    using StderrCopy = std::function<void(std::string_view line)>;
    virtual void set_stderr_copy(StderrCopy copy) { (void)copy; }
};

}  // namespace arb::engine
