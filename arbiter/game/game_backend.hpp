// Where a GameState's position lives and how its plugin is asked about it:
// in this process, through the plugin's C ABI (game/in_process_backend.hpp),
// or in a plugin-host child, over the wire (game/isolated_backend.hpp).
// GameState (game/game_state.hpp) holds one and forwards to it, so it never
// asks which it has; a new plugin operation is one virtual here, its
// in-process call, and its isolated request with the server's answer
// (game/plugin_host_server.cpp).
//
// The methods mean what GameState's of the same name say; GameState adds
// what is common to both (an extension's absence, checked_play's wording).
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/ext/margin.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::game {

class GameBackend {
public:
    virtual ~GameBackend() = default;
    GameBackend(const GameBackend &) = delete;
    GameBackend &operator=(const GameBackend &) = delete;

    [[nodiscard]] const PluginPtr &plugin() const noexcept { return plugin_; }

    // A second state in the same position, of the same kind; throws
    // std::bad_alloc when the plugin cannot clone.
    [[nodiscard]] virtual std::unique_ptr<GameBackend> clone() const = 0;
    // Takes `other`'s position in place, when both are of one kind and one
    // plugin (and, isolated, one child); false when it could not, and the
    // caller replaces this one by a clone of `other`.
    virtual bool assign_from(const GameBackend &other) = 0;

    virtual arb_status reset() = 0;
    virtual Expected<void> set_position(const std::string &text) = 0;
    [[nodiscard]] virtual Expected<std::string> checked_position() const = 0;
    virtual arb_status legal_moves(std::vector<arb_move> &moves) const = 0;
    virtual Expected<void> checked_legal_moves(std::vector<arb_move> &moves) const = 0;
    virtual arb_status parse_move(const char *text, arb_move &move, std::string &error) const = 0;
    virtual std::string_view format_move(arb_move move, std::string &buf) const = 0;
    // Called only when the plugin has the extension.
    [[nodiscard]] virtual arb_move_flags move_flags(arb_move move) const = 0;
    [[nodiscard]] virtual std::optional<uint64_t> hash() const = 0;
    virtual arb_status play(arb_move move) = 0;
    [[nodiscard]] virtual int32_t side_to_move() const = 0;
    [[nodiscard]] virtual arb_outcome outcome() const = 0;
    // Called only when the plugin has the extension.
    [[nodiscard]] virtual std::optional<int32_t> margin() const = 0;
    // Called only when the plugin has the extension; `reader` is the
    // caller's, kept between calls, for a backend that reads it here.
    virtual arb_status diagram_text(DiagramPart part, TextReader &reader, std::string &text) const = 0;

    // The plugin's own state for direct calls through its api(); null when
    // it lives in another process.
    [[nodiscard]] virtual arb_state *raw() const noexcept { return nullptr; }

protected:
    explicit GameBackend(PluginPtr plugin) : plugin_(std::move(plugin)) {}

private:
    PluginPtr plugin_;
};

// "arbiter.margin/1" of `plugin`; null when absent or its margin function is.
const arb_game_margin_1 *margin_calls(const PluginPtr &plugin);

// "ARB_ERR_SYNTAX", or "status N" for a code the ABI does not name.
std::string status_text(arb_status status);

}  // namespace arb::game
