// Plays one game between two running engines, with the plugin as the only
// judge of every move: clocks, adjudication and the termination reason.
#pragma once

#include "engine/protocol_engine.hpp"
#include "game/game_state.hpp"
#include "game/plugin_host.hpp"
#include "game/pv_judge.hpp"
#include "match/adjudication_rules.hpp"
#include "match/game_record.hpp"
#include "core/time_control.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace arb::match {

struct GameSetup {
    game::PluginPtr plugin;
    game::OptionList options;
    std::string opening_position;            // empty: the start position
    std::vector<std::string> opening_moves;  // played before the engines move
    core::TimeControl time_control[2];       // side 0, side 1
    std::chrono::milliseconds time_margin{100};  // grace past the clock before a loss on time
    AdjudicationRules adjudication;
    // Handed to the plugin (ABI 1.1 create_ex) for games with a random
    // setup; the tournament gives both games of a colour-swapped pair one seed.
    uint64_t seed = 0;
    // Sent before each engine's new-game command as 'setoption name seed
    // value N' to an engine that declares an option 'seed' (docs/protocol.md),
    // so that a seeded engine plays the same game wherever and whenever this
    // game is played; the tournament derives it from its seed and the game's
    // index (tournament/engine_seed.hpp). nullopt: nothing is sent.
    std::optional<uint64_t> engine_seed;
    // Where the game's rules run: null, in this process; else in this
    // plugin-host child (isolation mode), where a crash of the plugin ends
    // the game as a plugin error instead of ending the arbiter.
    std::shared_ptr<game::PluginHost> host;
    // When set, the plies played so far (opening line included), updated
    // after each move: a live report's games in progress read it.
    std::atomic<int> *plies_played = nullptr;
    // How the engines' PVs are judged (game/pv_judge.hpp); the findings go
    // into GameRecord::pv_warnings and pv_findings. Off: the engines keep no lines.
    game::PvChecks pv_checks = game::PvChecks::Off;
    // The engine lines to keep with each move (MoveRecord::lines): for each,
    // the search's last line that matches it. Empty: none kept.
    std::vector<std::regex> line_patterns;
};

// Plays the game. Never throws for engine misbehaviour: every ending is in
// the record. `stop` (may be null) abandons the game when set.
// After a Crash/Stall/Timeout the tournament should restart that engine.
GameRecord play_game(const GameSetup &setup, engine::ProtocolEngine &side0, engine::ProtocolEngine &side1,
                     const std::atomic<bool> *stop = nullptr);

// --- extensions ---

// Called after every move is played (record.moves.back(), by `side`), e.g.
// to print a game as it goes.
using MoveObserver = std::function<void(const GameRecord &record, int side)>;

// The same, reporting each move to `observer` (may be empty).
GameRecord play_game(const GameSetup &setup, engine::ProtocolEngine &side0, engine::ProtocolEngine &side1,
                     const std::atomic<bool> *stop, const MoveObserver &observer);

// Checks what play_game would otherwise report as an abandoned game: the
// rule options, the opening position and the opening moves. The error names
// the offending text.
Expected<void> validate_setup(const GameSetup &setup);

// The termination an engine failure leads to (Timeout -> TimeForfeit, ...).
Termination termination_for(engine::FailureKind kind);

// A record for a game lost before it began because the engine of `side`
// failed to start or to answer (e.g. no 'ugiok'): the other side wins. The
// one wording of such a failure for 'arbiter play' and 'arbiter run'. An
// OutOfResources or Interrupted failure gives an Abandoned game instead.
GameRecord engine_failure_record(const GameSetup &setup, const std::string &name0, const std::string &name1,
                                 int side, const engine::EngineError &error);

}  // namespace arb::match
