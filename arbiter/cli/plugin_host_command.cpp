// `arbiter plugin-host FILE`: a hidden command, the child of isolation mode
// (game/plugin_host.hpp). Loads the plugin and serves game-state requests
// on stdin/stdout until stdin ends. Not for people: it speaks binary.
#include "cli/command.hpp"
#include "game/plugin_call.hpp"
#include "game/plugin_host.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <iostream>

namespace arb::cli {

int plugin_host_command(const Args &args) {
    if (args.size() != 1) {
        std::cerr << "arbiter plugin-host: started by the arbiter itself in isolation mode (--isolate-plugins)\n";
        return kExitUsage;
    }
    // The protocol gets its own descriptor, and stdout becomes stderr, so
    // that a plugin that prints cannot corrupt the answers.
    const int out = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (out < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) return kExitFailure;
    auto plugin = game::Plugin::load(args[0]);
    if (!plugin) {
        std::cerr << "arbiter plugin-host: " << plugin.error().message << "\n";
        return kExitFailure;
    }
    // A crash in the plugin sends its function's name before the child dies.
    game::install_plugin_crash_frame(out);
    return game::serve_plugin_host(*plugin, STDIN_FILENO, out);
}

}  // namespace arb::cli
