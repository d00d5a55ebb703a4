// How to start one engine and talk to it: a plain value read from the YAML
// config or the command line, handed to the engine layer as is.
#pragma once

#include "core/time_control.hpp"

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/dialect.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arb::engine {

struct EngineConfig {
    std::string name;                              // unique in a tournament, e.g. "mcts-1000"
    std::string command;                           // program path (no shell is involved)
    std::vector<std::string> args;                 // argv[1..]
    std::string working_dir;                       // empty: inherit
    std::map<std::string, std::string> env;        // added to the inherited environment
    std::vector<std::pair<std::string, std::string>> ugi_options;  // sent as setoption, in order
    std::optional<core::TimeControl> time_control;  // overrides the tournament's for this engine
    // The dialect spoken (docs/protocol.md); nullopt is "auto": the handshakes
    // the game supports are tried in the order ugi, uci, uai, usi, xboard and the
    // first one answered is kept (ProtocolEngine::dialect()).
    std::optional<protocol::Dialect> protocol = protocol::Dialect::Ugi;
    // Started anew before every game (config `restart: true`, fastchess's
    // `restart=on`), for engines that leak or keep state between games;
    // false: one process plays game after game.
    bool restart = false;
    // xboard: a result claim the game does not bear out is ignored (config
    // `false_claims: ignore`) instead of losing the game (`lose`, the default).
    bool ignore_false_claims = false;
};

// Reads "ugi", "uci", "uai", "usi", "xboard" or "auto" (the config and --engine
// proto= value) into `out`; false, `out` unchanged, for anything else.
inline bool parse_protocol_choice(std::string_view text, std::optional<protocol::Dialect> &out) {
    if (text == "auto") {
        out.reset();
        return true;
    }
    auto d = protocol::dialect_named(text);
    if (d) out = *d;
    return d.has_value();
}
inline std::string protocol_choice_name(const std::optional<protocol::Dialect> &choice) {
    return choice ? std::string(protocol::name(*choice)) : std::string("auto");
}

// How a game's texts are written for a dialect whose notation differs from
// the plugin's own (the plugin's "arbiter.protocol-notation/1", read by
// match::engine_game_options). Each call gives nullopt when the plugin
// refuses the text.
class Notation {
public:
    virtual ~Notation() = default;
    // True when texts must be converted for `dialect`; false: sent as they are.
    [[nodiscard]] virtual bool converts(protocol::Dialect dialect) const = 0;
    [[nodiscard]] virtual std::optional<std::string> position_out(protocol::Dialect dialect,
                                                                  std::string_view position) const = 0;
    [[nodiscard]] virtual std::optional<std::string> move_out(protocol::Dialect dialect, std::string_view move) const = 0;
    [[nodiscard]] virtual std::optional<std::string> move_in(protocol::Dialect dialect, std::string_view move) const = 0;
    // A move the engine wrote in the game's record notation (SAN: "Nf3",
    // "O-O"), read in the position `position` reaches, in the plugin's
    // notation (the plugin's arbiter.pgn-notation); nullopt when the game
    // has none or cannot read the move there. xboard engines write either.
    [[nodiscard]] virtual std::optional<std::string> record_move_in(const protocol::Position &position,
                                                                    std::string_view move) const {
        (void)position;
        (void)move;
        return std::nullopt;
    }
};

// Limits the engine layer applies when talking to an engine.
struct EngineTimeouts {
    std::chrono::milliseconds startup{10000};   // start to 'ugiok'
    std::chrono::milliseconds ready{5000};      // 'isready' to 'readyok' (a stall past this loses)
    std::chrono::milliseconds quit_grace{1000}; // 'quit' to exit before the process group is killed
};

// What the engine is told about the game at start (docs/protocol.md, "game
// and rules"): 'setoption name game value <game>' when the engine declares an
// option 'game', and each rule option the engine declares. Build it from a
// plugin with match::engine_game_options().
struct GameSetupOptions {
    struct RuleOption {
        std::string name, value;
        bool is_default = true;  // a non-default value the engine does not declare is a warning
    };
    std::string game;               // plugin id, e.g. "othello"; empty: nothing is sent
    std::vector<RuleOption> rules;  // every rule option of the game with its effective value
    // Absolute folders put in front of the engine's $ARBITER_PLUGIN_PATH, so
    // that an engine that loads plugins itself (arbiter-engine) finds the
    // very plugin the arbiter judges with, and the folders given to the arbiter.
    std::vector<std::string> plugin_dirs;
    // The dialects engines may speak for this game: ugi alone unless the
    // plugin offers "arbiter.protocol-notation/1". Starting an engine in
    // another one fails with an error naming the engine, game and dialect.
    std::vector<protocol::Dialect> protocols{protocol::Dialect::Ugi};
    // Conversions for the dialects whose notation differs; null: none.
    std::shared_ptr<const Notation> notation;
    // Engine options that stand for a rule option in one dialect (the
    // plugin's "arbiter.engine-options/1"), e.g. UCI_Chess960 for
    // variant=chess960: sent after the rule options to an engine of that
    // dialect that declares `name`. An engine that declares neither a
    // non-default rule option nor any of its engine options is warned about.
    struct DialectOption {
        protocol::Dialect dialect = protocol::Dialect::Ugi;
        std::string rule, name, value;
    };
    std::vector<DialectOption> engine_options;
};

}  // namespace arb::engine
