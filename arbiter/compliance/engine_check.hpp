// Engine compliance: what `arbiter check` runs for engine authors. Starts the
// engine the way a tournament would and probes the protocol and the rules
// one concern at a time, so a failure names exactly what is wrong (the
// command sent, the engine's answer, the plugin's verdict).
#pragma once

#include "engine/engine_config.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"
#include "game/plugin_host.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arb::compliance {

struct CheckSettings {
    game::PluginPtr plugin;
    game::OptionList options;
    engine::EngineConfig engine;
    engine::EngineTimeouts timeouts;
    uint32_t seed = 1;
    int positions = 12;                            // random positions probed (as move lists and as fen)
    std::chrono::milliseconds movetime{100};      // per probe move
    std::chrono::milliseconds margin{200};        // allowed past a time limit
    // How much longer than the time allowed a check of a move waits for it:
    // a late move is judged all the same, its lateness left to the timing check.
    std::chrono::milliseconds grace{5000};
    std::chrono::milliseconds untimed_limit{10000};  // answer time allowed for depth/nodes searches
    int games = 2;                                 // full games against the reference engine
    std::string game_time_control = "5+0.05";
    int max_plies = 600;
    std::optional<engine::EngineConfig> reference;  // opponent for the games; none: games skipped
    std::vector<std::string> plugin_dirs;           // given to both engines (engine::GameSetupOptions::plugin_dirs)
    std::shared_ptr<game::PluginHost> host;         // isolation mode: the plugin runs there; null: in this process
};

// Skip: the check could not be carried out (nothing to probe, no reference
// engine): not a pass, so `arbiter check` fails unless --allow-skip.
// NotRun: a check planned but cut short by a failure before it (the engine
// did not start, or was unusable at the end); never a pass. NotApplicable: a
// check that does not apply to these settings (a rule edge of other rule
// options), listed with the reason; neither a pass nor a skip.
enum class Verdict { Pass, Warn, Fail, Skip, NotRun, NotApplicable };
const char *verdict_name(Verdict v);  // "PASS", "WARN", "FAIL", "SKIP", "NOT RUN", "N/A"

struct CheckItem {
    std::string name;    // e.g. "move from the start position (go movetime)"
    Verdict verdict = Verdict::Pass;
    std::string detail;  // what was sent and received when it is not a pass
};

struct Report {
    std::vector<CheckItem> items;
    [[nodiscard]] int count(Verdict v) const;
    // Some checks ran, none failed or was cut short, and none was skipped
    // unless `allow_skip`.
    [[nodiscard]] bool passed(bool allow_skip = false) const;
};

// Runs every check; `on_item` (may be empty) sees each result as it comes,
// and `on_named` (may be empty) the engine's name before the first: its 'id
// name' when settings.engine.name is empty and it gives one, else that name,
// else the program's file name.
Report check_engine(const CheckSettings &settings, const std::function<void(const CheckItem &)> &on_item = {},
                    const std::function<void(const std::string &)> &on_named = {});

}  // namespace arb::compliance
