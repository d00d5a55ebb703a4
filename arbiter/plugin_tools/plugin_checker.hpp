// The plugin checker: exercises a loaded plugin through the C ABI the way
// the host and engines will, and lists every broken promise. Used by
// `arbiter plugin-check` (for plugin authors) and by the test suite.
#pragma once

#include "game/plugin.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace arb::game {

struct CheckSettings {
    uint32_t seed = 1;
    int random_games = 20;      // random games played to the end (or max_plies)
    int max_plies = 500;        // per random game
    int fuzz_inputs = 2000;     // random/mutated strings fed to the parsers
    // Called as each failure is found and as each stage of the check begins
    // (may be empty): plugin-check prints failures at once and remembers the
    // stage, so that a plugin crashing later leaves both on the screen.
    std::function<void(const std::string &failure)> on_failure;
    std::function<void(const std::string &stage)> on_stage;
};

struct CheckReport {
    std::vector<std::string> failures;  // one line each: what was wrong and where
    int checks = 0;                     // number of individual checks made
    int games_finished = 0;             // random games that reached a result
    int64_t positions = 0;              // positions visited
    int64_t near_misses_checked = 0;    // near misses of legal move texts fed to parse_move
    int records_written = 0;            // games written through "arbiter.record-format/2" (or /1)
    int diagrams_checked = 0;           // positions drawn through "arbiter.diagram/2" (or /1)
    int status_lines_checked = 0;       // positions whose "arbiter.status-line/2" (or /1) line was checked
    int64_t pgn_moves_checked = 0;      // legal moves written and read back through "arbiter.pgn-notation/2" (or /1)
    int64_t protocol_texts_checked = 0; // positions and moves converted both ways ("arbiter.protocol-notation/2" (or /1))
    int engine_options_checked = 0;     // options given by "arbiter.engine-options/1"
    int rule_edges_checked = 0;         // edges of "arbiter.rule-edges/1" read and checked
    int margins_checked = 0;            // finished games whose "arbiter.margin/1" margin was checked

    [[nodiscard]] bool ok() const noexcept { return failures.empty(); }
};

CheckReport check_plugin(const PluginPtr &plugin, const CheckSettings &settings = {});

}  // namespace arb::game
