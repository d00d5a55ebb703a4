#include "game/board_diagram.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <set>

namespace arb::game {

namespace {

std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    while (!line.empty()) {
        const size_t space = line.find(' ');
        words.push_back(line.substr(0, space));
        if (space == std::string_view::npos) break;
        line.remove_prefix(space + 1);
    }
    return words;
}

std::optional<int> number(std::string_view word, int low, int high) {
    return protocol::parse_integer<int>(word, low, high);
}

bool is_colour(std::string_view word) {
    if (word.size() != 7 || word[0] != '#') return false;
    for (char c : word.substr(1))
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// A character for a message: itself if printable, else \xNN.
std::string shown(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return std::isprint(byte) ? std::string(1, c) : fmt::format("\\x{:02x}", byte);
}

bool is_token(std::string_view word) { return word.size() == 1 && word[0] > ' ' && word[0] <= '~' && word[0] != '/'; }

// A label's text: 1..16 bytes of UTF-8 without spaces or control characters.
bool is_label(std::string_view word) {
    if (word.empty() || word.size() > 16) return false;
    for (size_t i = 0; i < word.size();) {
        const auto lead = static_cast<unsigned char>(word[i]);
        const size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
        if (length == 0 || i + length > word.size() || (length == 1 && (lead <= ' ' || lead == 0x7f))) return false;
        for (size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(word[i + k]) & 0xc0) != 0x80) return false;
        i += length;
    }
    return true;
}

// A `label T TEXT [turned]` line: the text of T's piece, already declared.
std::string read_label(const std::vector<std::string_view> &words, BoardDrawing &d) {
    const size_t args = words.size() - 1;
    if (args != 2 && !(args == 3 && words[3] == "turned")) return "expected 'label T TEXT' or 'label T TEXT turned'";
    if (!is_token(words[1])) return "the cell character must be one printable character";
    if (!is_label(words[2])) return "a label is 1..16 bytes of UTF-8 without spaces";
    for (auto &p : d.pieces) {
        if (p.token != words[1][0]) continue;
        if (!p.label.empty()) return "this piece has a label already";
        p.label = std::string(words[2]);
        p.turned = args == 3;
        return {};
    }
    return "no piece line for this cell character before it";
}

}  // namespace

Expected<BoardDrawing> parse_board_drawing(std::string_view text, int revision) {
    BoardDrawing d;
    std::set<char> tokens;
    int line_number = 0;
    bool empty_given = false;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++line_number;
        auto bad = [&](const std::string &what) {
            return fail(fmt::format("diagram drawing line {} '{}': {}", line_number, line, what));
        };
        const auto words = words_of(line);
        if (words.empty() || words[0].empty()) return bad("empty line");
        const std::string_view keyword = words[0];
        const size_t args = words.size() - 1;
        if (line_number == 1) {
            if (keyword != "grid" || args != 2) return bad("the drawing must start with 'grid COLUMNS ROWS'");
            auto c = number(words[1], 1, 64), r = number(words[2], 1, 64);
            if (!c || !r) return bad("columns and rows are 1..64");
            d.columns = *c;
            d.rows = *r;
            continue;
        }
        if (keyword == "style") {
            if (args != 1 || (words[1] != "squares" && words[1] != "points")) return bad("style is squares or points");
            d.points = words[1] == "points";
        } else if (keyword == "files" || keyword == "ranks") {
            const size_t want = static_cast<size_t>(keyword == "files" ? d.columns : d.rows);
            if (args != want) return bad(fmt::format("{} labels expected", want));
            auto &labels = keyword == "files" ? d.files : d.ranks;
            labels.clear();
            for (size_t i = 1; i < words.size(); ++i) {
                if (words[i].empty() || words[i].size() > 3) return bad("a label is 1..3 characters");
                labels.emplace_back(words[i]);
            }
        } else if (keyword == "board") {
            if (args != 1 || !is_colour(words[1])) return bad("board takes one colour #rrggbb");
            d.board_colour = std::string(words[1]);
        } else if (keyword == "line" || keyword == "frame") {
            if (args != 4) return bad("four numbers expected: C1 R1 C2 R2");
            auto c1 = number(words[1], 0, d.columns - 1), r1 = number(words[2], 0, d.rows - 1);
            auto c2 = number(words[3], 0, d.columns - 1), r2 = number(words[4], 0, d.rows - 1);
            if (!c1 || !r1 || !c2 || !r2) return bad("a coordinate is outside the grid");
            (keyword == "line" ? d.lines : d.frames).push_back({*c1, *r1, *c2, *r2});
        } else if (keyword == "empty") {
            if (args != 1 || !is_token(words[1])) return bad("empty takes one printable character");
            if (empty_given || tokens.count(words[1][0])) return bad("this cell character is already used");
            empty_given = true;
            d.empty = words[1][0];
        } else if (keyword == "piece") {
            if (args != 4) return bad("expected 'piece T SHAPE #RRGGBB NAME'");
            if (!is_token(words[1])) return bad("the cell character must be one printable character");
            static const std::set<std::string_view> kShapes{"disc", "ring", "square", "cross", "letter"};
            if (!kShapes.count(words[2])) return bad("shape is disc, ring, square, cross or letter");
            if (!is_colour(words[3])) return bad("colour must be #rrggbb");
            if (!tokens.insert(words[1][0]).second) return bad("this cell character is already used");
            d.pieces.push_back({words[1][0], std::string(words[2]), std::string(words[3]), std::string(words[4]), {}, false});
        } else if (keyword == "label" && revision >= 3) {
            if (const std::string problem = read_label(words, d); !problem.empty()) return bad(problem);
        } else {
            return bad(fmt::format("unknown keyword '{}'{}", keyword, keyword == "label" ? " (before arbiter.diagram/3)" : ""));
        }
    }
    if (line_number == 0) return fail("diagram drawing is empty");
    for (const auto &p : d.pieces)
        if (p.token == d.empty) return fail(fmt::format("diagram drawing: piece '{}' is also the empty cell", p.token));
    return d;
}

std::optional<DiagramReader> DiagramReader::of(const Plugin &plugin) {
    if (plugin.diagram() == nullptr) return std::nullopt;
    return DiagramReader(plugin.diagram());
}

Expected<std::string_view> DiagramReader::call(DiagramPart part, const GameState &state) {
    if (state.diagram_text(part, reader_, text_) == ARB_OK) return std::string_view(text_);
    return fail(fmt::format("plugin {}: {} of arbiter.diagram/{} failed", state.plugin()->id(),
                            part == DiagramPart::Drawing ? "write_drawing" : "write_cells", ext_->revision()));
}

Expected<BoardDrawing> DiagramReader::drawing(const GameState &state) {
    auto text = call(DiagramPart::Drawing, state);
    if (!text) return fail(text.error().message);
    auto parsed = parse_board_drawing(*text, ext_->revision());
    if (!parsed) return fail("plugin " + state.plugin()->id() + ": " + parsed.error().message);
    return parsed;
}

Expected<std::string> parse_diagram_cells(std::string_view text, const BoardDrawing &drawing) {
    std::string cells;
    cells.reserve(static_cast<size_t>(drawing.columns * drawing.rows));
    int row = 0, column = 0;
    auto bad = [&](const std::string &what) { return fail(fmt::format("diagram cells '{}': {}", text, what)); };
    bool known[256] = {};
    known[static_cast<unsigned char>(drawing.empty)] = true;
    for (const auto &p : drawing.pieces) known[static_cast<unsigned char>(p.token)] = true;
    for (char c : text) {
        if (c == '/') {
            if (column != drawing.columns) return bad(fmt::format("row {} has {} cells, not {}", row + 1, column, drawing.columns));
            ++row;
            column = 0;
            continue;
        }
        if (!known[static_cast<unsigned char>(c)])
            return bad(fmt::format("'{}' is neither the empty cell nor a piece", shown(c)));
        if (column >= drawing.columns) return bad(fmt::format("row {} has more than {} cells", row + 1, drawing.columns));
        cells.push_back(c);
        ++column;
    }
    if (row + 1 != drawing.rows || column != drawing.columns)
        return bad(fmt::format("expected {} rows of {} cells", drawing.rows, drawing.columns));
    return cells;
}

Expected<std::string> DiagramReader::cells(const GameState &state, const BoardDrawing &drawing) {
    auto text = call(DiagramPart::Cells, state);
    if (!text) return fail(text.error().message);
    auto cells = parse_diagram_cells(*text, drawing);
    if (!cells) return fail("plugin " + state.plugin()->id() + ": " + cells.error().message);
    return cells;
}

}  // namespace arb::game
