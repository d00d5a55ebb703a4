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

    void append_new_game(std::string &out) override;
    void append_option(std::string &out, std::string_view name, std::string_view value) const override;
    // 'position startpos|<fen word> <text> moves m1 m2 ...': "moves" always,
    // also with no move (docs/protocol.md).
    [[nodiscard]] std::optional<EngineError> append_position(std::string &out, const protocol::Position &position,
                                                             size_t known = 0) override;
    void append_go(std::string &out, const protocol::Go &go) override;
    Reply read_reply(std::string_view line, protocol::InfoFields &info) override;
    // None of these in UGI, UCI or UAI (the USI module's own).
    bool append_game_over(std::string &, protocol::GameOver::Result) override { return false; }
    [[nodiscard]] bool is_standard_option(std::string_view) const override { return false; }
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> standard_options(
        const std::vector<std::pair<std::string, std::string>> &) const override {
        return {};
    }
    [[nodiscard]] std::optional<std::string> move_in(std::string_view move) const override;
    [[nodiscard]] std::vector<GameSetupOptions::DialectOption> options_for_rule(const GameSetupOptions &game,
                                                                              std::string_view rule) const override;

private:
    // Within a game each position is the last one and a move more: the
    // moves written last time are kept, by value, as the position's texts
    // and as the line's text, so that a ply checks the moves it repeats,
    // writes (and asks the plugin to convert) only the new one, and copies
    // the rest as one block. Another start or line drops what differs.
    std::optional<EngineError> update_memo(const protocol::Position &position, size_t known);

    protocol::Dialect dialect_;
    protocol::DialectWords words_;
    std::shared_ptr<const Notation> notation_;  // null or not converting: texts go as they are
    bool memo_startpos_ = true;
    std::string memo_fen_, memo_fen_out_;  // the start's text: the plugin's, as written
    std::vector<std::string> memo_moves_;  // the moves, in the plugin's notation
    std::vector<size_t> memo_ends_;        // where each move's text ends in memo_text_
    std::string memo_text_;                // " m1 m2 ...", as written
};

}  // namespace arb::engine
