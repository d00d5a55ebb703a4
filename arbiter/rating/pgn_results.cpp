#include "rating/pgn_results.hpp"

#include "core/quote.hpp"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <string_view>

namespace arb::rating {
namespace {

struct Tag {
    std::string name, value;
};

bool is_blank(char c) { return c == ' ' || c == '\t'; }
bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// The tags of a tag line, `[Name "value"]` one or more times (backslash
// escapes \" and \\ in the value); nullopt if the line is anything else.
std::optional<std::vector<Tag>> parse_tag_line(std::string_view line) {
    std::vector<Tag> tags;
    std::size_t pos = 0;
    auto skip_blanks = [&] {
        while (pos < line.size() && is_blank(line[pos])) ++pos;
    };
    auto at = [&](char c) { return pos < line.size() && line[pos] == c; };
    skip_blanks();
    while (pos < line.size()) {
        if (!at('[')) return std::nullopt;
        ++pos;
        skip_blanks();
        Tag tag;
        while (pos < line.size() && is_name_char(line[pos])) tag.name += line[pos++];
        skip_blanks();
        if (tag.name.empty() || !at('"')) return std::nullopt;
        for (++pos; pos < line.size() && line[pos] != '"'; ++pos) {
            if (line[pos] == '\\' && pos + 1 < line.size()) ++pos;
            tag.value += line[pos];
        }
        if (!at('"')) return std::nullopt;
        ++pos;
        skip_blanks();
        if (!at(']')) return std::nullopt;
        ++pos;
        skip_blanks();
        tags.push_back(std::move(tag));
    }
    return tags;
}

// Whether a movetext line leaves a '{' comment open, given whether it began
// inside one. ';' comments end with their line.
bool ends_in_comment(std::string_view line, bool in_comment) {
    for (char c : line) {
        if (in_comment) in_comment = c != '}';
        else if (c == '{') in_comment = true;
        else if (c == ';') break;
    }
    return in_comment;
}

class Reader {
public:
    Reader(const std::string &source, PgnResults &results) : source_(source), out_(results) {
        for (std::size_t i = 0; i < out_.names.size(); ++i) index_[out_.names[i]] = static_cast<int>(i);
    }

    // "games.pgn:12: " or "line 12: ".
    [[nodiscard]] std::string at(int line) const {
        return source_.empty() ? fmt::format("line {}: ", line) : fmt::format("{}:{}: ", source_, line);
    }

    Expected<void> tag(Tag t, int line) {
        if (tags_.empty()) first_line_ = line;
        auto [it, inserted] = tags_.try_emplace(std::move(t.name), Value{std::move(t.value), line});
        if (!inserted)
            return fail(at(line) + fmt::format("a second {} tag in one game (does a blank line or the movetext of "
                                               "the game before end too early?)",
                                               it->first));
        return {};
    }

    Expected<void> finish_game() {
        if (tags_.empty()) return {};
        std::map<std::string, Value> tags = std::move(tags_);
        tags_.clear();
        ++games_;
        for (const char *required : {"White", "Black", "Result"}) {
            auto it = tags.find(required);
            if (it == tags.end() || it->second.text.empty())
                return fail(at(first_line_) + fmt::format("the game whose tags start here has no {} tag", required));
        }
        const Value &white = tags["White"], &black = tags["Black"], &result = tags["Result"];
        double score = 0;
        if (result.text == "1-0") score = 1.0;
        else if (result.text == "0-1") score = 0.0;
        else if (result.text == "1/2-1/2") score = 0.5;
        else if (result.text == "*") {
            ++out_.unfinished;
            return {};
        } else
            return fail(at(result.line) + "unknown result " + quote(result.text) +
                        " (PGN's results are 1-0, 0-1, 1/2-1/2 and *)");
        if (white.text == black.text) return fail(at(first_line_) + quote(white.text) + " plays against itself");
        out_.games.push_back({index_of(white.text), index_of(black.text), score});
        return {};
    }

    [[nodiscard]] int games() const { return games_; }

private:
    struct Value {
        std::string text;
        int line = 0;
    };

    int index_of(const std::string &name) {
        auto [it, inserted] = index_.try_emplace(name, static_cast<int>(out_.names.size()));
        if (inserted) out_.names.push_back(name);
        return it->second;
    }

    const std::string &source_;
    PgnResults &out_;
    std::map<std::string, int> index_;
    std::map<std::string, Value> tags_;  // of the game being read
    int first_line_ = 0;                 // its first tag line
    int games_ = 0;
};

}  // namespace

Expected<int> add_pgn_results(std::istream &in, const std::string &source, PgnResults &results) {
    PgnResults added = results;  // nothing is added on failure
    Reader reader(source, added);
    enum class Section { BeforeGame, Tags, Movetext } section = Section::BeforeGame;
    bool in_comment = false;
    int comment_line = 0;  // where the open '{' comment began
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
        if (in_comment) {
            in_comment = ends_in_comment(line, true);
            continue;
        }
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos) {
            if (section == Section::Tags) section = Section::Movetext;  // the blank line after the tags
            continue;
        }
        if (line[0] == '%') continue;  // PGN's escape line
        if (line[first] == '[') {
            if (section == Section::Movetext) {  // the next game's tags
                if (auto done = reader.finish_game(); !done) return Unexpected<Error>{done.error()};
            }
            auto tags = parse_tag_line(line);
            if (!tags)
                return fail(reader.at(number) + "malformed tag line " + quote(line.substr(first)) +
                            " (a tag is [Name \"value\"])");
            for (auto &tag : *tags)
                if (auto added_tag = reader.tag(std::move(tag), number); !added_tag)
                    return Unexpected<Error>{added_tag.error()};
            section = Section::Tags;
        } else {
            if (section == Section::BeforeGame)
                return fail(reader.at(number) + "text before any tag section: " + quote(line.substr(first)) +
                            " (a PGN game starts with tags such as [White \"name\"])");
            section = Section::Movetext;
            in_comment = ends_in_comment(line, false);
            if (in_comment) comment_line = number;
        }
    }
    if (in_comment) return fail(reader.at(comment_line) + "a '{' comment that is never closed");
    if (auto done = reader.finish_game(); !done) return Unexpected<Error>{done.error()};
    results = std::move(added);
    return reader.games();
}

Expected<PgnResults> read_pgn_results(std::istream &in) {
    PgnResults results;
    if (auto read = add_pgn_results(in, "", results); !read) return Unexpected<Error>{read.error()};
    return results;
}

}  // namespace arb::rating
