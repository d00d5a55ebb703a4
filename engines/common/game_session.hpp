// The game an engine plays, shared by the reference and mock engines: the
// plugin (loaded through the host's loader), the rule options the host set,
// and the state built from the last "position" command.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/ugi/command.hpp>
#include <arbiter/ugi/option_spec.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arb::engines {

class GameSession {
public:
    explicit GameSession(std::vector<std::filesystem::path> plugin_dirs) : plugin_dirs_(std::move(plugin_dirs)) {}

    // Loads the game's plugin from the search path; the error lists the games
    // found. Rule options set so far are checked against the new game.
    Expected<void> select_game(const std::string &id);
    // Sets a rule option "name=value"; checked at once when a game is
    // selected, else when one is. The state is rebuilt at the next position.
    Expected<void> set_rule_option(const std::string &name, const std::string &value);
    // "name=value" from the command line.
    Expected<void> set_rule_option(const std::string &setting);

    [[nodiscard]] bool has_game() const noexcept { return plugin_ != nullptr; }
    [[nodiscard]] const game::PluginPtr &plugin() const noexcept { return plugin_; }
    [[nodiscard]] std::string game_id() const { return plugin_ ? plugin_->id() : std::string(); }
    // The game's rule options as UGI options (check/spin/combo).
    [[nodiscard]] std::vector<ugi::OptionSpec> rule_option_specs() const;
    [[nodiscard]] bool is_rule_option(const std::string &name) const;
    // The rule options set so far, in the order first set.
    [[nodiscard]] const game::OptionList &options() const noexcept { return options_; }

    // Builds the state: start position or fen, then every move, each checked
    // by the plugin. On error no position is held and the message names the
    // offending text (e.g. "position: move 3 'a1' refused: square taken").
    // Texts of a dialect whose notation the plugin converts are read through
    // its "arbiter.protocol-notation/1" first.
    Expected<void> set_position(const ugi::Position &position);
    // The dialect the host speaks (from its handshake); UGI until set.
    void set_dialect(protocol::Dialect dialect) noexcept { dialect_ = dialect; }
    // A move of the plugin written for the host: converted when the dialect's
    // notation differs (unchanged if the plugin refuses, so the host names it).
    [[nodiscard]] std::string move_for_host(std::string move) const;
    [[nodiscard]] bool has_position() const noexcept { return has_position_; }
    // The position of the last successful set_position (valid only then).
    [[nodiscard]] const game::GameState &state() const { return *state_; }
    // The move texts of the last position command, as played.
    [[nodiscard]] const std::vector<std::string> &history() const noexcept { return history_; }
    // The position text before those moves (the start or the fen, in the plugin's notation).
    [[nodiscard]] const std::string &base_position() const noexcept { return base_position_; }

private:
    Expected<void> check_option(const std::string &name, const std::string &value) const;
    Expected<void> ensure_state();

    std::vector<std::filesystem::path> plugin_dirs_;
    game::PluginPtr plugin_;
    game::OptionList options_;
    std::optional<game::GameState> state_;
    bool state_stale_ = true;
    bool has_position_ = false;
    std::vector<std::string> history_;
    std::string base_position_;
    protocol::Dialect dialect_ = protocol::Dialect::Ugi;
};

}  // namespace arb::engines
