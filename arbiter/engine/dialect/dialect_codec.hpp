// The seam between the engine layer and one engine protocol: everything a
// dialect writes (handshake, sync, new game, options, position, go) and
// reads (info, bestmove), and how the game's rule options map onto the
// dialect's own engine options. The match never sees it: it hands the engine
// layer protocol::Position and protocol::Go values (ProtocolEngine::go), and
// the engine's codec writes them in its words. One module per dialect
// (ugi_dialect.cpp, uci_dialect.cpp, uai_dialect.cpp, usi_dialect.cpp,
// xboard_dialect.cpp). A dialect outside the UCI family (xboard) has its own
// handshake conversation (handshake_turn), sync lines and session state.
#pragma once

#include "engine/engine_config.hpp"
#include "engine/ugi_types.hpp"

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/dialect.hpp>
#include <arbiter/protocol/reply.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb::engine {

// What one line from the engine is, once read in its dialect.
// Claim: a result the engine claims ("1-0 {White mates}"); Refused: the
// engine refused a move it was given ("Illegal move: e2e4"); DrawOffer: the
// engine offers a draw, its move still to come ('offer draw'): xboard's.
struct Reply {
    // Resign: USI's 'bestmove resign' or xboard's 'resign', the engine gives
    // the game up (no move).
    enum class Kind { Other, Info, BestMove, Claim, Refused, Resign, DrawOffer };
    Kind kind = Kind::Other;
    std::string_view move;  // BestMove: the move as sent (empty: none followed); Claim: the claim
};

// What one line of a handshake that is a conversation (xboard's 'feature'
// negotiation) says: lines to write back at once, what the engine declared,
// and whether the handshake is complete.
struct HandshakeTurn {
    bool done = false;
    std::string reply;                 // lines to write now, each ending in '\n' ("accepted ping\n")
    std::vector<std::string> options;  // option names the line declares
    std::string id_name;               // the engine's name, when the line gives it
    std::optional<EngineError> error;  // the line shows the engine cannot speak this dialect
};

class DialectCodec {
public:
    virtual ~DialectCodec() = default;

    [[nodiscard]] virtual protocol::Dialect id() const = 0;
    // The handshake command ("uci") and the word that answers it ("uciok").
    [[nodiscard]] virtual std::string_view handshake() const = 0;
    [[nodiscard]] virtual std::string_view handshake_answer() const = 0;
    // A handshake that is a conversation reads each line the engine prints
    // itself; nullopt (the UCI family): one command, one answer word, with
    // 'id' and 'option' lines between.
    virtual std::optional<HandshakeTurn> handshake_turn(std::string_view line) {
        (void)line;
        return std::nullopt;
    }
    // How long a silence of the engine, since the handshake was written or
    // its last line, ends the handshake (xboard: for an engine that sends no
    // 'feature' or no 'done'); nullopt: only the answer does (the UCI
    // family, xboard after 'done=0').
    [[nodiscard]] virtual std::optional<std::chrono::milliseconds> handshake_silence() const { return std::nullopt; }
    // A line written when the engine has said nothing of the handshake for
    // a fifth of that silence, and again each fifth after, four times at most
    // (xboard: 'ping 0', which makes GNU Chess flush the features it holds
    // unflushed); empty: none.
    [[nodiscard]] virtual std::string_view handshake_nudge() const { return {}; }
    // The line that asks the engine to catch up and the word that says it
    // did; empty when the engine has no such command (xboard without 'ping').
    [[nodiscard]] virtual std::string_view sync() const = 0;
    // The word that answers 'go', for messages ("no 'move' after 'go'").
    [[nodiscard]] virtual std::string_view move_answer() const { return "bestmove"; }
    [[nodiscard]] virtual std::string_view sync_answer() const = 0;

    // Each appends one line without its '\n' (xboard: several, '\n' between).
    virtual void append_new_game(std::string &out) = 0;
    virtual void append_option(std::string &out, std::string_view name, std::string_view value) const = 0;
    // The position, with the game's texts converted when the dialect's
    // notation differs; an error (nothing usable appended) when the plugin
    // refuses a text. The first `known` moves are the caller's word that
    // they are those of the position last appended (a game's next ply):
    // they are not checked again.
    [[nodiscard]] virtual std::optional<EngineError> append_position(std::string &out, const protocol::Position &position,
                                                                     size_t known = 0) = 0;
    virtual void append_go(std::string &out, const protocol::Go &go) = 0;
    // The line that tells the engine the game is over and its result for it
    // (USI's 'gameover win', xboard's 'result 1-0'); false, nothing appended, when
    // the dialect has none.
    virtual bool append_game_over(std::string &out, protocol::GameOver::Result result) = 0;
    // Options the dialect defines for every engine, declared or not (USI's
    // USI_Hash and USI_Ponder): set by the user, they raise no "does not
    // declare" warning.
    [[nodiscard]] virtual bool is_standard_option(std::string_view name) const = 0;
    // The options sent at start after the user's (`configured`): USI's
    // USI_Ponder false when the user sets none (arbiter never ponders).
    [[nodiscard]] virtual std::vector<std::pair<std::string, std::string>> standard_options(
        const std::vector<std::pair<std::string, std::string>> &configured) const = 0;

    // Reads one line of a search: an 'info' updates `info`.
    virtual Reply read_reply(std::string_view line, protocol::InfoFields &info) = 0;
    // A move the engine sent, in the plugin's notation; nullopt when the
    // game cannot read it back (then it is judged as sent).
    [[nodiscard]] virtual std::optional<std::string> move_in(std::string_view move) const = 0;

    // The engine options that state the rule option `rule` in this dialect
    // (the plugin's arbiter.engine-options/1: UCI_Chess960 for chess960).
    [[nodiscard]] virtual std::vector<GameSetupOptions::DialectOption> options_for_rule(const GameSetupOptions &game,
                                                                                      std::string_view rule) const = 0;
};

// The codec of `dialect`; `notation` (may be null) converts the game's texts;
// `game` (may be null) is the game it plays (xboard: its variant name).
std::unique_ptr<DialectCodec> make_dialect_codec(protocol::Dialect dialect, std::shared_ptr<const Notation> notation,
                                                 const GameSetupOptions *game = nullptr);

// The modules' factories (one file each).
std::unique_ptr<DialectCodec> make_ugi_codec(std::shared_ptr<const Notation> notation);
std::unique_ptr<DialectCodec> make_uci_codec(std::shared_ptr<const Notation> notation);
std::unique_ptr<DialectCodec> make_uai_codec(std::shared_ptr<const Notation> notation);
std::unique_ptr<DialectCodec> make_usi_codec(std::shared_ptr<const Notation> notation);
std::unique_ptr<DialectCodec> make_xboard_codec(std::shared_ptr<const Notation> notation, const GameSetupOptions *game);

}  // namespace arb::engine
