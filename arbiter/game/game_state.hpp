// A game state of a loaded plugin as a C++ value: owns its backend, copies
// by clone, and turns the ABI's status codes into Expected results.
//
// A state lives in this process, or -- created with a PluginHost -- in that
// host's plugin-host child (isolation mode): the backend (game/game_backend.hpp)
// is one or the other, both answer alike, so neither this class nor the match
// code knows which it has. A state in a child throws PluginHostDied
// (game/plugin_host.hpp) from any call once that child has died.
#pragma once

#include "core/expected.hpp"
#include "game/plugin.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb::game {

// Rule options as the user wrote them: (name, value) in order.
using OptionList = std::vector<std::pair<std::string, std::string>>;

// Text a plugin wrote into a buffer of `size` bytes (an `err` buffer, a
// reason): up to its NUL, and never past the buffer, whatever it wrote.
std::string_view plugin_text(const char *buf, size_t size) noexcept;

// Why a move text was refused.
struct MoveError {
    arb_status status = ARB_OK;   // ARB_ERR_SYNTAX or ARB_ERR_ILLEGAL (or ARB_ERR_INTERNAL)
    std::string message;
};

class GameBackend;
class PluginHost;
class TextReader;

// Which text of "arbiter.diagram" (<arbiter/ext/diagram.h>) is asked for.
enum class DiagramPart : uint8_t { Drawing, Cells };

class GameState {
public:
    // A state in the start position; the error names the offending option.
    // `seed` picks the setup of a game with random setups (ABI 1.1 create_ex;
    // a 1.0 plugin has none and ignores it). With a `host` (of this plugin)
    // the state lives in its plugin-host child.
    static Expected<GameState> create(PluginPtr plugin, const OptionList &options = {}, uint64_t seed = 0,
                                      const std::shared_ptr<PluginHost> &host = nullptr);

    GameState(const GameState &other);
    GameState &operator=(const GameState &other);
    GameState(GameState &&other) noexcept;
    GameState &operator=(GameState &&other) noexcept;
    ~GameState();

    [[nodiscard]] const arb_game_api &api() const noexcept { return plugin()->api(); }
    [[nodiscard]] const PluginPtr &plugin() const noexcept;
    // The plugin's own state, for direct calls through api(); null for a
    // state in a plugin-host child.
    [[nodiscard]] arb_state *raw() noexcept;
    [[nodiscard]] const arb_state *raw() const noexcept;
    [[nodiscard]] bool isolated() const noexcept { return raw() == nullptr; }

    // ARB_OK, or the plugin's failure (ABI 1.1; a 1.0 plugin cannot fail).
    arb_status reset();
    Expected<void> set_position(const std::string &text);
    [[nodiscard]] std::string position() const;

    // Fills `moves` (resized to the count; its capacity is kept, so a reused
    // vector does not allocate). ARB_OK with no moves means the game is over;
    // any other status is a plugin failure, with `moves` empty (a 1.0 plugin
    // can report none).
    arb_status legal_moves(std::vector<arb_move> &moves) const;
    [[nodiscard]] std::vector<arb_move> legal_moves() const;

    // The same, distrustful: the buffer carries a guard region past
    // max_legal_moves, and a plugin that fails, gives an impossible count or
    // writes past its declared maximum is an Error naming the broken promise,
    // e.g. "legal_moves wrote 7 moves, max_legal_moves says 6".
    Expected<void> checked_legal_moves(std::vector<arb_move> &moves) const;
    // The position, or an Error when write_position fails, writes no NUL
    // within max_position_size or writes past it.
    [[nodiscard]] Expected<std::string> checked_position() const;

    // ARB_OK and `move` set, or the plugin's status with its message in `error`.
    // Allocates nothing on success. `text` must be NUL-terminated.
    arb_status parse_move(const char *text, arb_move &move, std::string &error) const;
    // Writes the canonical text into `buf`, sized to the plugin's
    // max_move_text_size (a reused buffer does not allocate); returns a view
    // of it, empty if the plugin failed.
    std::string_view format_move(arb_move move, std::string &buf) const;
    [[nodiscard]] std::string format_move(arb_move move) const;

    // What the plugin says about a legal move ("arbiter.move-properties/1");
    // 0 -- not a pass, maybe reversible -- when it has no such extension.
    [[nodiscard]] arb_move_flags move_flags(arb_move move) const;
    // The position's key ("arbiter.position-hash/1"), if the plugin has one.
    [[nodiscard]] std::optional<uint64_t> hash() const;
    // The plugin's status: anything but ARB_OK leaves the game where the host
    // cannot follow it. Judges use checked_play.
    arb_status play(arb_move move);
    // play() whose failure is an Error naming the move and the status.
    Expected<void> checked_play(arb_move move);

    [[nodiscard]] int32_t side_to_move() const;
    // The plugin's outcome; its reason is always NUL-terminated within
    // ARB_REASON_SIZE (a plugin that filled all of it loses the last byte).
    [[nodiscard]] arb_outcome outcome() const;
    [[nodiscard]] bool over() const { return outcome().result != ARB_RESULT_ONGOING; }
    // Side 0's margin of the game this state ended by its rules, in the
    // game's own unit ("arbiter.margin/1", <arbiter/ext/margin.h>), in
    // process or isolated alike; none when the plugin has no margins or
    // gives none (a game still running).
    [[nodiscard]] std::optional<int32_t> margin() const;

    // The drawing or the cells text of "arbiter.diagram" into `text`: ARB_OK,
    // or the plugin's status (ARB_ERR_INTERNAL also for one without the
    // extension, or with no NUL in its text). `reader` keeps its buffer for
    // the next call (game/board_diagram.hpp's DiagramReader holds one).
    arb_status diagram_text(DiagramPart part, TextReader &reader, std::string &text) const;

private:
    explicit GameState(std::unique_ptr<GameBackend> backend) noexcept;

    std::unique_ptr<GameBackend> backend_;  // null only once moved from
};

// Whether `position` is the start of the game under its default options and
// seed 0: the one position an engine's "startpos" names in every protocol
// (UCI's is the standard chess array whatever UCI_Chess960 says, and a
// seeded random setup is not it). Any other start is sent as "fen".
bool is_default_start(const PluginPtr &plugin, const std::string &position,
                      const std::shared_ptr<PluginHost> &host = nullptr);

}  // namespace arb::game
