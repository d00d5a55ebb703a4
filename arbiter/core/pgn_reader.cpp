#include "core/pgn_reader.hpp"

#include "core/quote.hpp"

namespace arb {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }
bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}
bool is_result(const std::string &t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }
// "2-0", "1/2", "0.5-0.5": meant as a result, but none of PGN's ("0-0" is castling written with zeros).
bool looks_like_result(const std::string &t) {
    return t.find_first_not_of("0123456789./-") == std::string::npos && t.find_first_of("-/") != std::string::npos &&
           t[0] >= '0' && t[0] <= '9' && t != "0-0" && t != "0-0-0";
}

// The tags of a tag line, `[Name "value"]` one or more times (backslash
// escapes \" and \\ in the value); nullopt if the line is anything else.
std::optional<std::vector<PgnTag>> parse_tag_line(std::string_view line, int number) {
    std::vector<PgnTag> tags;
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
        PgnTag tag;
        tag.line = number;
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

}  // namespace

const PgnTag *PgnGame::tag(std::string_view name) const {
    for (const auto &t : tags)
        if (t.name == name) return &t;
    return nullptr;
}

Expected<std::optional<PgnGame>> PgnReader::next() {
    std::string line;
    while (ready_.empty() && !ended_) {
        auto more = lines_.next(line);
        if (!more) return Unexpected<Error>{more.error()};
        Expected<void> read = *more ? read_line(line) : end_of_file();
        if (!*more) ended_ = true;
        if (!read) return Unexpected<Error>{read.error()};
    }
    if (ready_.empty()) return std::optional<PgnGame>{};
    std::optional<PgnGame> game = std::move(ready_.front());
    ready_.pop_front();
    return game;
}

Expected<void> PgnReader::read_line(std::string &line) {
    const int number = lines_.number();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
    if (comment_line_ != 0) return movetext(line, 0);  // a '{' comment goes on, '[' and all
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) {
        if (section_ == Section::Tags) section_ = Section::Movetext;  // the blank line after the tags
        return {};
    }
    if (line[0] == '%') return {};  // PGN's escape line
    if (line[first] == '[') {
        if (variation_depth_ > 0)
            return fail(at(variation_line_) + "a '(' variation that is never closed (a tag section follows at line " +
                        std::to_string(number) + ")");
        if (section_ == Section::Movetext) {
            if (auto done = finish(("the tags at line " + std::to_string(number)).c_str()); !done) return done;
        }
        auto tags = parse_tag_line(line, number);
        if (!tags)
            return fail(at(number) + "malformed tag line " + quote(line.substr(first)) + " (a tag is [Name \"value\"])");
        if (section_ == Section::None) {
            game_ = PgnGame{};
            game_.line = number;
        }
        section_ = Section::Tags;
        for (auto &tag : *tags) {
            if (game_.tag(tag.name) != nullptr)
                return fail(at(number) + "a second " + tag.name +
                            " tag in one game (does a blank line or the movetext of the game before end too early?)");
            game_.tags.push_back(std::move(tag));
        }
        return {};
    }
    if (section_ == Section::None && !any_game_) {  // movetext before any tags: a game without them
        game_ = PgnGame{};
        game_.line = number;
        game_.first_text = line.substr(first);
        section_ = Section::Movetext;
    }
    if (section_ == Section::Tags) section_ = Section::Movetext;
    return movetext(line, first);
}

Expected<void> PgnReader::movetext(const std::string &line, size_t from) {
    const int number = lines_.number();
    std::string word;
    auto flush = [&]() -> Expected<void> {
        if (word.empty()) return {};
        std::string t = std::move(word);
        word.clear();
        if (section_ == Section::None) {  // moves after a game's result: a game without tags
            game_ = PgnGame{};
            game_.line = number;
            game_.first_text = line.substr(line.find_first_not_of(" \t"));
            section_ = Section::Movetext;
        }
        return token(std::move(t));
    };
    for (size_t i = from; i < line.size(); ++i) {
        const char c = line[i];
        if (comment_line_ != 0) {
            if (c == '}') comment_line_ = 0;
            continue;
        }
        Expected<void> flushed;
        if (c == '{') {
            flushed = flush();
            comment_line_ = number;
        } else if (c == ';') {
            flushed = flush();
            if (flushed) return {};  // a comment to the end of the line
        } else if (c == '(') {
            flushed = flush();
            if (variation_depth_++ == 0) variation_line_ = number;
        } else if (c == ')') {
            flushed = flush();
            if (flushed && variation_depth_ == 0) return fail(at(number) + "a ')' that closes no '(' variation");
            if (variation_depth_ > 0) --variation_depth_;
        } else if (variation_depth_ > 0) {
            continue;
        } else if (is_blank(c)) {
            flushed = flush();
        } else {
            word += c;
        }
        if (!flushed) return flushed;
    }
    return flush();
}

Expected<void> PgnReader::token(std::string t) {
    if (is_result(t)) {
        game_.result = std::move(t);
        ready_.push_back(std::move(game_));
        game_ = PgnGame{};
        section_ = Section::None;
        any_game_ = true;
        return {};
    }
    if (looks_like_result(t))
        return fail(at(lines_.number()) + "unknown result " + quote(t) + " (PGN's results are 1-0, 0-1, 1/2-1/2 and *)");
    if (t[0] == '$') return {};  // a NAG
    const size_t digits = t.find_first_not_of("0123456789");
    if (digits != 0) {  // a move number: "12." or "12..." possibly glued to a move: "12.e4"
        if (digits == std::string::npos) return {};
        t = t.substr(digits);
        t.erase(0, t.find_first_not_of('.'));
        if (t.empty()) return {};
    }
    game_.moves.push_back({std::move(t), lines_.number()});
    return {};
}

Expected<void> PgnReader::finish(const char *before) {
    if (section_ == Section::None) return {};
    if (!game_.moves.empty() && game_.result.empty())
        return fail(at(game_.line) + "the game that starts here has moves but no result (1-0, 0-1, 1/2-1/2 or *) before " +
                    before + ": is it cut off?");
    ready_.push_back(std::move(game_));
    game_ = PgnGame{};
    section_ = Section::None;
    any_game_ = true;
    return {};
}

Expected<void> PgnReader::end_of_file() {
    if (comment_line_ != 0) return fail(at(comment_line_) + "a '{' comment that is never closed");
    if (variation_depth_ > 0) return fail(at(variation_line_) + "a '(' variation that is never closed");
    return finish("the end of the file");
}

}  // namespace arb
