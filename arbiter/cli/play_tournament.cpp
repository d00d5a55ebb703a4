#include "cli/play_tournament.hpp"

#include "cli/command.hpp"
#include "engine/engine_log.hpp"
#include "output/fastchess_text.hpp"
#include "process/spawn.hpp"
#include "tournament/interrupt.hpp"

#include <unistd.h>

#include <iostream>

namespace arb::cli {

int play_tournament(const config::LoadedConfig &loaded, tournament::SessionOptions options) {
    // The log file is opened and checked by the session, with the other
    // extra outputs, before the first engine starts.
    engine::ProtocolEngine::TrafficLog traffic;
    if (!loaded.config.engine_log.empty()) {
        options.engine_log = std::make_shared<engine::EngineLog>();
        traffic = engine::EngineLog::traffic_log(options.engine_log);
        options.extra_outputs.push_back({{"the engine log", loaded.config.engine_log, loaded.config.engine_log_append},
                                         tournament::ExtraContent::EngineTraffic});
    }
    tournament::install_interrupt_handlers();
    options.live = ::isatty(STDOUT_FILENO) != 0;
    // Under fastchess's layout, the warnings fishtest's worker reads are in fastchess's words, on stdout.
    const bool fastchess = loaded.config.standings_layout == config::StandingsLayout::Fastchess;
    auto warn = [fastchess](const std::string &w) {
        if (auto words = fastchess ? output::fastchess_setup_warning(w) : std::nullopt) std::cout << *words + "\n" << std::flush;
        else std::cerr << "warning: " + w + "\n";
    };
    options.parts = tournament::real_runner_parts(loaded.plugin, loaded.config.game.options, loaded.config.plugin_dirs,
                                                  warn, std::move(traffic));
    options.interrupts = tournament::interrupt_count;
    const int code = tournament::run_session(loaded, options, std::cout, std::cerr).exit_code;
    // Engines' escaped descendants that no engine shutdown claimed.
    process::kill_adopted_orphans();
    return code;
}

}  // namespace arb::cli
