// The one PGN reader of the host: splits a PGN text into games, each its tag
// pairs and the moves of its main line (comments, variations, NAGs, move
// numbers and the result taken out), with the line of everything it found.
// What opening books (config/openings.cpp) and `arbiter rate` read; either
// adds its own meaning (a [FEN] start, the White/Black/Result tags).
//
// Lines come from a LineReader (bounded: kTextLineLimit). A UTF-8 byte
// order mark, CRLF line ends, several tags on one line, '%' escape lines and
// comments that span lines (and hold '[') are accepted. Every damaged game is
// an error naming `file:line` (of the place where the damage starts) and
// quoting the text: a '{' comment or '(' variation never closed, a ')'
// without '(', a malformed tag line, a tag twice in one game, a game whose
// moves end without a result (1-0, 0-1, 1/2-1/2 or *).
#pragma once

#include "core/expected.hpp"
#include "core/line_reader.hpp"

#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb {

struct PgnTag {
    std::string name, value;
    int line = 0;
};

struct PgnMove {
    std::string text;  // as written ("Nf3", "e8=Q+", "e2e4"): the game's notation reads it
    int line = 0;
};

struct PgnGame {
    int line = 0;                // its first tag, or for a game without tags its first movetext line
    std::vector<PgnTag> tags;    // in file order, each name once
    std::vector<PgnMove> moves;  // the main line
    std::string result;          // the termination marker; empty for a game without movetext
    std::string first_text;      // for a game without tags: its first line (for messages)

    [[nodiscard]] const PgnTag *tag(std::string_view name) const;
};

class PgnReader {
public:
    explicit PgnReader(LineReader &lines) : lines_(lines) {}

    // The next game, nullopt after the last; an error for a damaged one.
    Expected<std::optional<PgnGame>> next();

    // "FILE:LINE: " for messages about the games (the LineReader's form).
    [[nodiscard]] std::string at(int line) const { return lines_.at(line); }

private:
    Expected<void> read_line(std::string &line);
    Expected<void> movetext(const std::string &line, size_t from);
    Expected<void> token(std::string text);
    Expected<void> finish(const char *before);
    Expected<void> end_of_file();

    enum class Section { None, Tags, Movetext };
    LineReader &lines_;
    std::deque<PgnGame> ready_;
    PgnGame game_;
    Section section_ = Section::None;
    bool any_game_ = false;   // a game was seen: later stray comments are no game
    bool ended_ = false;
    int comment_line_ = 0;    // where the open '{' comment began, 0: none
    int variation_depth_ = 0;
    int variation_line_ = 0;  // where the outermost open '(' began
};

}  // namespace arb
