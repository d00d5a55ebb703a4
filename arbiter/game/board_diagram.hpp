// The host's side of "arbiter.diagram/3" (or /2, /1) (<arbiter/ext/diagram.h>): reads a
// plugin's drawing of its board and the cells of a position, strictly, so
// that a viewer can draw any game without knowing it.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "game/plugin_text.hpp"

#include <arbiter/ext/diagram.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::game {

// The drawing text as a value; defaults are the header's.
struct BoardDrawing {
    struct Segment {
        int c1 = 0, r1 = 0, c2 = 0, r2 = 0;
    };
    struct Piece {
        char token = '?';
        std::string shape;  // disc, ring, square, cross or letter
        std::string fill;   // #rrggbb
        std::string name;   // one word
        std::string label;  // UTF-8, how a reader writes it (revision 3); empty: none
        bool turned = false;  // the label drawn upside down
    };

    int columns = 0;
    int rows = 0;
    bool points = false;  // style points: pieces on line crossings
    std::vector<std::string> files;  // empty, or one label per column
    std::vector<std::string> ranks;  // empty, or one label per row
    std::string board_colour = "#e8cf9f";
    std::vector<Segment> lines;
    std::vector<Segment> frames;
    char empty = '.';
    std::vector<Piece> pieces;
};

// Strict: an unknown keyword, a count or coordinate out of range, a bad
// colour or a token given twice is an error naming the line. `revision` is
// the extension's the text came under: `label` needs 3.
Expected<BoardDrawing> parse_board_drawing(std::string_view text, int revision = 3);

// The cells text of a position (rows joined by '/') read against its
// drawing: the cells without separators, columns * rows characters, each
// the empty token or a piece's; an error says which row or character.
Expected<std::string> parse_diagram_cells(std::string_view text, const BoardDrawing &drawing);

// Asks one plugin for diagrams; reuses its buffer between calls.
class DiagramReader {
public:
    // Empty when the plugin does not offer the extension.
    static std::optional<DiagramReader> of(const Plugin &plugin);

    Expected<BoardDrawing> drawing(const GameState &state);
    // The cells of `state`'s position, rows joined without separators
    // (columns * rows characters), each the empty token or a piece's.
    Expected<std::string> cells(const GameState &state, const BoardDrawing &drawing);

private:
    explicit DiagramReader(const DiagramCalls *ext) : ext_(ext) {}
    Expected<std::string_view> call(DiagramPart part, const GameState &state);

    const DiagramCalls *ext_;
    TextReader reader_{512};
    std::string text_;  // the last text read, kept for its capacity
};

}  // namespace arb::game
