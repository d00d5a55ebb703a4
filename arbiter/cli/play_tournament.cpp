#include "cli/play_tournament.hpp"

#include "cli/command.hpp"
#include "engine/engine_log.hpp"
#include "process/spawn.hpp"
#include "tournament/interrupt.hpp"

#include <unistd.h>

#include <iostream>

namespace arb::cli {

int play_tournament(const std::string &command, const config::LoadedConfig &loaded, tournament::SessionOptions options) {
    auto traffic = engine::EngineLog::open_traffic_log(loaded.config.engine_log);
    if (!traffic) {
        std::cerr << "arbiter " << command << ": " << traffic.error().message << "\n";
        return kExitFailure;
    }
    tournament::install_interrupt_handlers();
    options.live = ::isatty(STDOUT_FILENO) != 0;
    options.parts = tournament::real_runner_parts(loaded.plugin, loaded.config.game.options, loaded.config.plugin_dirs,
                                                  [](const std::string &w) { std::cerr << "warning: " << w << "\n"; },
                                                  std::move(*traffic));
    options.interrupts = tournament::interrupt_count;
    const int code = tournament::run_session(loaded, options, std::cout, std::cerr).exit_code;
    // Engines' escaped descendants that no engine shutdown claimed.
    process::kill_adopted_orphans();
    return code;
}

}  // namespace arb::cli
