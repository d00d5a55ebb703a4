// What the four dialects of the UCI family (UGI, UCI, UAI, USI) share: one
// command per line, isready/readyok, setoption, 'position <start> moves ...',
// 'go' with the clock words of protocol::words(), 'info' and 'bestmove'.
// Each dialect's module derives from it and says what is its own.
#pragma once

#include "engine/dialect/dialect_codec.hpp"

namespace arb::engine {

class UciFamilyCodec : public DialectCodec {
public:
    UciFamilyCodec(protocol::Dialect dialect, std::shared_ptr<const Notation> notation);

    [[nodiscard]] protocol::Dialect id() const override { return dialect_; }
    [[nodiscard]] std::string_view handshake() const override { return words_.name; }
    [[nodiscard]] std::string_view handshake_answer() const override { return words_.ok; }
    [[nodiscard]] std::string_view sync() const override { return "isready"; }
    [[nodiscard]] std::string_view sync_answer() const override { return "readyok"; }

    void append_new_game(std::string &out) const override;
    void append_option(std::string &out, std::string_view name, std::string_view value) const override;
    // 'position startpos|<fen word> <text> moves m1 m2 ...': "moves" always,
    // also with no move (docs/protocol.md).
    [[nodiscard]] std::optional<EngineError> append_position(std::string &out,
                                                             const protocol::Position &position) override;
    void append_go(std::string &out, const protocol::Go &go) const override;
    Reply read_reply(std::string_view line, protocol::InfoFields &info) const override;
    [[nodiscard]] std::optional<std::string> move_in(std::string_view move) const override;
    [[nodiscard]] std::vector<GameSetupOptions::DialectOption> options_for_rule(const GameSetupOptions &game,
                                                                              std::string_view rule) const override;

private:
    // Converts through the plugin what is not converted yet: within a game
    // each position is the last one and a move more, so each move is asked
    // of the plugin once (a call into it, maybe across a process boundary).
    std::optional<EngineError> append_converted(std::string &out, const protocol::Position &position);

    protocol::Dialect dialect_;
    protocol::DialectWords words_;
    std::shared_ptr<const Notation> notation_;  // null or not converting: texts go as they are
    // The last start converted (startpos, or the plugin's text and the
    // dialect's), and each move converted so far from it: the plugin's text, the dialect's.
    bool cached_startpos_ = true;
    std::string cached_fen_, cached_fen_out_;
    std::vector<std::string> cached_moves_, cached_moves_out_;
};

}  // namespace arb::engine
