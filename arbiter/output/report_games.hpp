// The games of the HTML report in the compact form its viewer reads: moves as
// text, times, scores and depths as short lists, and the board after every
// ply as the cells that changed (the plugin's "arbiter.diagram/1" cells,
// replayed through the plugin once per game). A plugin without the
// extension gives the position text of every ply instead.
#pragma once

#include "game/board_diagram.hpp"
#include "game/game_state.hpp"
#include "output/finished_game.hpp"

#include <optional>
#include <string>
#include <vector>

namespace arb::output {

class ReportGames {
public:
    // `options`: the tournament's rule options, so replays follow its rules.
    ReportGames(game::PluginPtr plugin, game::OptionList options);

    // Replays and encodes one game; call once per game, in any order. A game
    // the plugin cannot replay keeps its moves and a note instead of boards.
    void add(const FinishedGame &game);

    // The drawing of the board, or empty when the plugin has no diagrams or
    // its drawing was refused (see drawing_error).
    [[nodiscard]] const std::optional<game::BoardDrawing> &drawing() const noexcept { return drawing_; }
    [[nodiscard]] const std::string &drawing_error() const noexcept { return drawing_error_; }
    // JSON: {"board": drawing or null, "starts": [cells or position texts],
    // "games": [one object per game, in the order added]}.
    [[nodiscard]] std::string json() const;

private:
    std::string encode(const FinishedGame &game);
    // The board of `state` as the viewer stores it: cells with a drawing,
    // else the position text. Empty on a plugin failure.
    std::optional<std::string> snapshot(const game::GameState &state, std::string &error);
    int start_index(const std::string &snapshot);

    game::PluginPtr plugin_;
    game::OptionList options_;
    std::optional<game::DiagramReader> reader_;
    std::optional<game::BoardDrawing> drawing_;
    std::string drawing_error_;
    std::vector<std::string> starts_;  // distinct start boards, shared by games
    std::vector<std::string> games_;   // encoded JSON objects
};

// The change from one board to the next as the viewer decodes it: for each
// changed cell its index (base-64 digits, `width` of them) and its new
// character. Exposed for tests.
std::string encode_cell_changes(const std::string &before, const std::string &after, int width);
// Base-64 digits needed for a cell index of a board of `cells` cells.
int index_width(size_t cells);

}  // namespace arb::output
