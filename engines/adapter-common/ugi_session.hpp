// The UGI side of a protocol adapter: reads arbiter's lines, keeps the last
// 'position', and calls the translation for what needs the engine. It
// declares the one option 'game' (othello only). Each line
// is handled to the end before the next is read (no threads): 'stop' and
// 'ponderhit' are ignored, since 'go' is answered before they could arrive.
#pragma once

#include "ugi_commands.hpp"

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arb::adapter {

class UgiFrontEnd {
public:
    virtual ~UgiFrontEnd() = default;
    UgiFrontEnd(const UgiFrontEnd &) = delete;
    UgiFrontEnd &operator=(const UgiFrontEnd &) = delete;

    // Handles one UGI line. Returns false after "quit"; an error is fatal
    // (the engine is gone, or refused something the arbiter found legal).
    Expected<bool> handle(std::string_view line);

protected:
    // `program` prefixes log lines ("arbiter-gtp-adapter: ..."); `out`
    // receives the UGI replies, `log` diagnostics (our stderr).
    UgiFrontEnd(std::string program, std::ostream &out, std::ostream &log);

    // 'ugi': start talking to the engine; write the id lines (not 'ugiok').
    virtual Expected<void> start() = 0;
    // 'isready': make sure the engine has done everything sent so far.
    virtual Expected<void> sync() { return {}; }
    // 'uginewgame'.
    virtual Expected<void> new_game() { return {}; }
    // 'go' in `position`: write 'bestmove' (and any 'info' before it).
    virtual Expected<void> go(const UgiPosition &position, const GoLimits &limits) = 0;

    std::ostream &out_;
    std::ostream &log_;
    const std::string program_;

private:
    std::optional<UgiPosition> position_;  // from the last 'position'
};

// The adapter's command line split at the first "--": its own options
// before, the engine's command after.
struct AdapterArgs {
    int own_argc = 0;  // argv[0..own_argc) are the adapter's
    std::vector<std::string> engine_argv;
};
AdapterArgs split_adapter_args(int argc, char **argv);

// Reads lines from `in` and hands each to `front_end` until 'quit' or the
// end of input. Returns the exit status: 0, or 1 after an error, which is
// written to `log` as one line "<program>: <message>" (arbiter keeps the
// tail of our stderr, so that line names the cause of the crash).
int run_ugi_session(UgiFrontEnd &front_end, std::istream &in, std::ostream &log, std::string_view program);

}  // namespace arb::adapter
