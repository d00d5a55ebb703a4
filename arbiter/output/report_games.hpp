// The games of the HTML report in the compact form its viewer reads. The
// boards come from the plugin ("arbiter.diagram/1" cells, each game replayed
// through the plugin once): the viewer cannot replay a game itself, so the
// page carries the change of cells of every ply. Openings and common moves
// repeat, so each move text is stored once and so is each distinct change a
// move makes; a ply is then two small numbers. A plugin without the
// extension gives the position text of every ply instead.
//
// payload() is the layout report.js reads (html_report compresses it):
//
//   4 bytes: N, little-endian; N bytes: JSON (UTF-8); then the streams, one
//   after the other, in the order and with the byte lengths (and widths) the
//   JSON's "streams" lists.
//
//   JSON {"board": the drawing, or null without the extension (each piece's
//                  "label" and "turned" only when the report shows labels),
//         "starts": [distinct start boards: cells, or position texts],
//         "moves": [distinct move texts, the most played first],
//         "statuses": [distinct status lines, "" first] (only when the plugin
//                     has "arbiter.status-line/1"),
//         "notations": [distinct record texts of moves, e.g. SAN] (only when
//                     the plugin has "arbiter.pgn-notation"),
//         "streams": [["changes", bytes], ["moves", bytes, width],
//                     ["boards", bytes, width], ["times", bytes, width],
//                     ["scores", bytes, width], ["depths", bytes, width],
//                     ["status", bytes, width] (only with "statuses"),
//                     ["notation", bytes, width] (only with "notations")],
//         "games": [{"n": number in the schedule (from 1), "e": [engine, engine],
//                    "r": result, "t": termination, "why": reason, "fault": loser
//                    side of an engine fault, "k": plies, "o": plies of the opening
//                    line (first), "s": index in "starts" (absent: no boards),
//                    "v": plies with a board when fewer than k (the replay failed),
//                    "err": why boards are missing, "p": [position text after
//                    each ply] (only without the extension)}]}
//
//   "changes" is a sequence of unsigned LEB128 numbers (7 bits a byte, low
//   bits first, the high bit set on every byte but the last): for each entry
//   of "moves" in order, D, the number of distinct changes the move made;
//   then each change, the most frequent first: C, the number of changed
//   cells, then per cell in increasing index order the gap to the previous
//   changed cell (index - previous - 1, the first from -1) and the code of
//   the cell's new character. Without the extension it is empty.
//
//   The others are columns of N unsigned numbers of `width` bytes (N = bytes
//   / width), stored as byte planes: first the lowest byte of every number,
//   then the next byte of every number, and so on (planes of like bytes
//   compress better than numbers written whole). Games follow each other in
//   "games" order:
//   - moves: per ply (k a game): the index of its text in "moves";
//   - boards: per ply with a board (v, else k; none without "s" or without
//     the extension): the index of its change among its move's changes;
//   - times: per engine move (k - o a game): 0 for a move the arbiter played
//     (forced), else the milliseconds + 1;
//   - notation: per ply (k a game): the index of its record text in
//     "notations" (a game the plugin cannot write keeps its move texts);
//   - status: per position of a game that has "s" (its start, then after
//     each of its v, else k, plies): the index of its line in "statuses"
//     (0, "", when the plugin gave none);
//   - scores, depths: per engine move: 0 when the engine sent none, else
//     zigzag(value - reference) + 1, the reference being the value of the
//     engine move two before (the same side's) or 0 when it has none;
//     zigzag(x) = 2x for x >= 0, -2x - 1 for x < 0.
#pragma once

#include "game/board_diagram.hpp"
#include "game/game_state.hpp"
#include "game/status_line.hpp"
#include "match/finished_game.hpp"
#include "output/pgn_notation.hpp"
#include "output/report_engines.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace arb::output {

class ReportGames {
public:
    // `options`: the tournament's rule options, so replays follow its rules;
    // `engines`: how many the tournament has (for engine_figures());
    // `labels`: pieces drawn by the drawing's labels (shogi's kanji) where
    // it has them, else by their cell characters.
    ReportGames(game::PluginPtr plugin, game::OptionList options, size_t engines = 2, bool labels = false);

    // Replays and encodes one game; call once per game, in any order. A game
    // the plugin cannot replay keeps its moves and a note instead of boards.
    void add(const match::FinishedGame &game);

    // The drawing of the board, or empty when the plugin has no diagrams or
    // its drawing was refused (see drawing_error).
    [[nodiscard]] const std::optional<game::BoardDrawing> &drawing() const noexcept { return drawing_; }
    [[nodiscard]] const std::string &drawing_error() const noexcept { return drawing_error_; }
    // Per engine, the figures of its moves in the games added.
    [[nodiscard]] const EngineFigures &engine_figures() const noexcept { return figures_; }
    // The games in the layout above, uncompressed.
    [[nodiscard]] std::string payload() const;

private:
    // The distinct changes one move text made, in the order first seen.
    struct MoveEntry {
        std::string text;
        int64_t plies = 0;
        std::unordered_map<std::string, uint32_t> change_ids;  // the change's bytes in "changes" -> id
        std::vector<std::string> changes;
        std::vector<int64_t> change_plies;
    };

    // The board of `state` as the viewer stores it: cells with a drawing,
    // else the position text. Empty on a plugin failure.
    std::optional<std::string> snapshot(const game::GameState &state, std::string &error);
    uint32_t start_index(const std::string &snapshot);
    uint32_t move_id(const std::string &text);
    uint32_t change_id(uint32_t move, const std::string &before, const std::string &after);
    // Appends the status line of `state` to the status column (when the plugin has lines).
    void add_status(const game::GameState &state);

    game::PluginPtr plugin_;
    game::OptionList options_;
    std::optional<game::DiagramReader> reader_;
    std::optional<game::BoardDrawing> drawing_;
    bool labels_ = false;
    std::string drawing_error_;
    std::vector<std::string> starts_;  // distinct start boards, shared by games
    std::unordered_map<std::string, uint32_t> move_ids_;
    std::vector<MoveEntry> moves_;     // by id, in the order first seen
    std::vector<std::string> games_;   // each game's JSON object
    // Per ply of every game, in the order added: ids to be renumbered by
    // frequency when the payload is written.
    std::vector<uint32_t> ply_moves_;
    std::vector<std::pair<uint32_t, uint32_t>> ply_changes_;  // (move id, change id) per ply with a board
    std::vector<uint64_t> times_, scores_, depths_;  // per engine move, as stored
    std::string change_buffer_;
    std::optional<game::StatusLineReader> status_reader_;
    std::vector<std::string> statuses_{""};  // distinct lines, "" first
    std::unordered_map<std::string, uint32_t> status_ids_{{"", 0}};
    std::vector<uint64_t> status_column_;    // per position of every game with boards
    // The plugin's record notation (SAN for chess), when it has one.
    std::shared_ptr<const PgnNotation> notation_;
    std::vector<std::string> notations_;
    std::unordered_map<std::string, uint32_t> notation_ids_;
    std::vector<uint64_t> notation_column_;  // per ply of every game
    EngineFigures figures_;
};

}  // namespace arb::output
