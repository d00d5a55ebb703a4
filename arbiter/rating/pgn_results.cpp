#include "rating/pgn_results.hpp"

#include <fmt/format.h>

#include <map>
#include <optional>

namespace arb::rating {
namespace {

struct Tag {
    std::string name, value;
};

// `[Name "value"]` with \" and \\ escapes; nullopt if the line is not one.
std::optional<Tag> parse_tag(const std::string &line) {
    std::size_t pos = line.find_first_not_of(" \t");
    if (pos == std::string::npos || line[pos] != '[') return std::nullopt;
    ++pos;
    Tag tag;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t' && line[pos] != '"') tag.name += line[pos++];
    pos = line.find('"', pos);
    if (tag.name.empty() || pos == std::string::npos) return std::nullopt;
    for (++pos; pos < line.size() && line[pos] != '"'; ++pos) {
        if (line[pos] == '\\' && pos + 1 < line.size()) ++pos;
        tag.value += line[pos];
    }
    if (pos >= line.size() || line.find(']', pos) == std::string::npos) return std::nullopt;
    return tag;
}

class Reader {
public:
    Expected<void> finish_game(int line) {
        if (tags_.empty()) return {};
        auto get = [&](const char *name) -> std::optional<std::string> {
            auto it = tags_.find(name);
            return it == tags_.end() ? std::nullopt : std::optional<std::string>(it->second);
        };
        const auto white = get("White"), black = get("Black"), result = get("Result");
        if (!white || !black || !result)
            return fail(fmt::format("game ending before line {}: missing White, Black or Result tag", line));
        tags_.clear();
        if (*result == "*") {
            ++out_.unfinished;
            return {};
        }
        double score = 0;
        if (*result == "1-0") score = 1.0;
        else if (*result == "0-1") score = 0.0;
        else if (*result == "1/2-1/2") score = 0.5;
        else return fail(fmt::format("game ending before line {}: unknown result '{}'", line, *result));
        if (*white == *black)
            return fail(fmt::format("game ending before line {}: '{}' plays itself", line, *white));
        out_.games.push_back({index_of(*white), index_of(*black), score});
        return {};
    }

    void tag(Tag t) { tags_[std::move(t.name)] = std::move(t.value); }
    [[nodiscard]] bool in_game() const { return !tags_.empty(); }
    PgnResults take() { return std::move(out_); }

private:
    int index_of(const std::string &name) {
        auto [it, inserted] = index_.try_emplace(name, static_cast<int>(out_.names.size()));
        if (inserted) out_.names.push_back(name);
        return it->second;
    }

    std::map<std::string, std::string> tags_;
    std::map<std::string, int> index_;
    PgnResults out_;
};

}  // namespace

Expected<PgnResults> read_pgn_results(std::istream &in) {
    Reader reader;
    std::string line;
    int number = 0;
    bool in_movetext = false;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos) continue;
        if (line[first] == '[') {
            if (in_movetext) {  // the next game's tags
                if (auto done = reader.finish_game(number); !done) return Unexpected<Error>{done.error()};
                in_movetext = false;
            }
            auto tag = parse_tag(line);
            if (!tag) return fail(fmt::format("line {}: malformed tag '{}'", number, line));
            reader.tag(std::move(*tag));
        } else if (reader.in_game()) {
            in_movetext = true;
        }
    }
    if (auto done = reader.finish_game(number + 1); !done) return Unexpected<Error>{done.error()};
    return reader.take();
}

}  // namespace arb::rating
