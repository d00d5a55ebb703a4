#include "rating/pgn_results.hpp"

#include "core/pgn_reader.hpp"
#include "core/quote.hpp"

#include <fmt/format.h>

#include <map>

namespace arb::rating {
namespace {

class Reader {
public:
    Reader(const LineReader &lines, PgnResults &results) : lines_(lines), out_(results) {
        for (std::size_t i = 0; i < out_.names.size(); ++i) index_[out_.names[i]] = static_cast<int>(i);
    }

    // "games.pgn:12: " or "line 12: ".
    [[nodiscard]] std::string at(int line) const { return lines_.at(line); }

    Expected<void> add(const PgnGame &game) {
        ++games_;
        first_line_ = game.line;
        if (game.tags.empty())
            return fail(at(game.line) + "text before any tag section: " + quote(game.first_text) +
                        " (a PGN game starts with tags such as [White \"name\"])");
        std::map<std::string, Value> tags;
        for (const PgnTag &t : game.tags) tags[t.name] = Value{t.value, t.line};
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

    const LineReader &lines_;
    PgnResults &out_;
    std::map<std::string, int> index_;
    int first_line_ = 0;  // the first tag line of the game being read
    int games_ = 0;
};

}  // namespace

Expected<int> add_pgn_results(LineReader &lines, PgnResults &results) {
    PgnResults added = results;  // nothing is added on failure
    Reader reader(lines, added);
    PgnReader games(lines);
    for (;;) {
        auto game = games.next();
        if (!game) return Unexpected<Error>{game.error()};
        if (!*game) break;
        if (auto done = reader.add(**game); !done) return Unexpected<Error>{done.error()};
    }
    results = std::move(added);
    return reader.games();
}

Expected<int> add_pgn_results(std::istream &in, const std::string &source, PgnResults &results) {
    LineReader lines(in, source, kTextLineLimit);
    return add_pgn_results(lines, results);
}

Expected<PgnResults> read_pgn_results(std::istream &in) {
    PgnResults results;
    if (auto read = add_pgn_results(in, "", results); !read) return Unexpected<Error>{read.error()};
    return results;
}

}  // namespace arb::rating
