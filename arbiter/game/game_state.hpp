// A game state of a loaded plugin as a C++ value: owns its arb_state, copies
// by clone, and turns the ABI's status codes into Expected results.
#pragma once

#include "core/expected.hpp"
#include "game/plugin.hpp"

#include <string>
#include <utility>
#include <vector>

namespace arb::game {

// Rule options as the user wrote them: (name, value) in order.
using OptionList = std::vector<std::pair<std::string, std::string>>;

// Why a move text was refused.
struct MoveError {
    arb_status status = ARB_OK;   // ARB_ERR_SYNTAX or ARB_ERR_ILLEGAL (or ARB_ERR_INTERNAL)
    std::string message;
};

class GameState {
public:
    // A state in the start position; the error names the offending option.
    static Expected<GameState> create(PluginPtr plugin, const OptionList &options = {});

    GameState(const GameState &other);
    GameState &operator=(const GameState &other);
    GameState(GameState &&other) noexcept;
    GameState &operator=(GameState &&other) noexcept;
    ~GameState();

    [[nodiscard]] const arb_game_api &api() const noexcept { return plugin_->api(); }
    [[nodiscard]] const PluginPtr &plugin() const noexcept { return plugin_; }
    [[nodiscard]] arb_state *raw() noexcept { return state_; }
    [[nodiscard]] const arb_state *raw() const noexcept { return state_; }

    void reset() noexcept { api().reset(state_); }
    Expected<void> set_position(const std::string &text);
    [[nodiscard]] std::string position() const;

    // Fills `moves` (resized to the count; its capacity is kept, so a reused
    // vector does not allocate).
    void legal_moves(std::vector<arb_move> &moves) const;
    [[nodiscard]] std::vector<arb_move> legal_moves() const;

    // ARB_OK and `move` set, or the plugin's status with its message in `error`.
    // Allocates nothing on success. `text` must be NUL-terminated.
    arb_status parse_move(const char *text, arb_move &move, std::string &error) const;
    // Writes the canonical text into a caller buffer of ARB_MOVE_TEXT_SIZE.
    void format_move(arb_move move, char (&buf)[ARB_MOVE_TEXT_SIZE]) const noexcept;
    [[nodiscard]] std::string format_move(arb_move move) const;
    void play(arb_move move) noexcept { api().play(state_, move); }

    [[nodiscard]] int32_t side_to_move() const noexcept { return api().side_to_move(state_); }
    [[nodiscard]] arb_outcome outcome() const noexcept;
    [[nodiscard]] bool over() const noexcept { return outcome().result != ARB_RESULT_ONGOING; }

private:
    GameState(PluginPtr plugin, arb_state *state) : plugin_(std::move(plugin)), state_(state) {}

    PluginPtr plugin_;
    arb_state *state_ = nullptr;
};

}  // namespace arb::game
