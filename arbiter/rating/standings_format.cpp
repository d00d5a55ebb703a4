#include "rating/standings_format.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace arb::rating {
namespace {

// Columns sized to their widest cell, two spaces apart, no trailing blanks.
// The first `left` columns are left-aligned, the rest right-aligned.
class TextTable {
public:
    explicit TextTable(std::vector<bool> left_aligned) : left_(std::move(left_aligned)) {}
    void row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

    void write(std::ostream &out) const {
        std::vector<std::size_t> width(left_.size(), 0);
        for (const auto &r : rows_)
            for (std::size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], r[c].size());
        for (const auto &r : rows_) {
            std::string line;
            for (std::size_t c = 0; c < r.size(); ++c) {
                if (c > 0) line += "  ";
                line += left_[c] ? fmt::format("{:<{}}", r[c], width[c]) : fmt::format("{:>{}}", r[c], width[c]);
            }
            line.erase(line.find_last_not_of(' ') + 1);
            out << line << '\n';
        }
    }

private:
    std::vector<bool> left_;
    std::vector<std::vector<std::string>> rows_;
};

// What the table prints for a figure that is not known.
constexpr const char *kUnknown = "?";

std::string elo_text(const EngineRating &e) {
    if (!e.rated) return kUnknown;
    return bound_mark(e.bound) + fixed1(e.elo);
}

std::string optional_text(const std::optional<double> &x, double scale = 1.0, const char *unit = "") {
    return x ? fixed1(scale * *x) + unit : kUnknown;
}

std::string percent(double part, double whole) { return whole > 0 ? fixed1(100.0 * part / whole) + "%" : "-"; }

std::string points_of(double points, int games) { return fmt::format("{:g}/{}", points, games); }

std::string margin_mean_text(const std::vector<MarginSummary> &margins, int index) {
    const MarginSummary &m = margins[static_cast<std::size_t>(index)];
    return m.games > 0 ? fmt::format("{:+.2f}", m.mean) : kUnknown;
}

std::string margin_error_text(const std::vector<MarginSummary> &margins, int index) {
    const auto &e = margins[static_cast<std::size_t>(index)].standard_error;
    return e ? fmt::format("{:.2f}", *e) : kUnknown;
}

std::vector<bool> name_columns(std::size_t extra) {
    std::vector<bool> left{false, true};
    left.resize(2 + extra, false);
    return left;
}

}  // namespace

std::string fixed1(double x) {
    std::string s = fmt::format("{:.1f}", x);
    return s == "-0.0" ? "0.0" : s;
}

std::string bound_mark(Bound bound) {
    switch (bound) {
        case Bound::Lower: return ">";
        case Bound::Upper: return "<";
        default: return "";
    }
}

nlohmann::json bound_name(Bound bound) {
    switch (bound) {
        case Bound::Lower: return "lower";
        case Bound::Upper: return "upper";
        default: return nullptr;
    }
}

void write_standings(std::ostream &out, const RatingTable &table, const std::vector<MarginSummary> &margins) {
    // An engine left out of the fit says why in its row, in a last column
    // that only such a table has.
    const bool any_unrated =
        std::any_of(table.ranked.begin(), table.ranked.end(), [](const EngineRating &e) { return !e.rated; });
    const bool with_margins = !margins.empty();
    std::vector<bool> left = name_columns(with_margins ? 10 : 8);
    std::vector<std::string> header{"Rank", "Engine", "Elo", "+/-", "Points", "Games", "Score"};
    if (with_margins) header.insert(header.end(), {"Margin", "+/-"});
    header.insert(header.end(), {"W/D/L", "Draw", "LOS"});
    if (any_unrated) {
        left.push_back(true);
        header.push_back("Not rated because");
    }
    TextTable t(std::move(left));
    t.row(std::move(header));
    int rank = 0;
    for (const EngineRating &e : table.ranked) {
        const bool last = rank + 1 == static_cast<int>(table.ranked.size());
        std::vector<std::string> cells{std::to_string(++rank),  e.name,
                                       elo_text(e),             optional_text(e.error95),
                                       fixed1(e.points),        std::to_string(e.games),
                                       percent(e.points, e.games)};
        if (with_margins) cells.insert(cells.end(), {margin_mean_text(margins, e.index), margin_error_text(margins, e.index)});
        cells.insert(cells.end(), {fmt::format("{}/{}/{}", e.wins, e.draws, e.losses), percent(e.draws, e.games),
                                   last ? "" : optional_text(e.los_next, 100.0, "%")});
        if (any_unrated) cells.push_back(e.unrated_reason);
        t.row(std::move(cells));
    }
    t.write(out);
    if (table.any_bound() || any_unrated) out << kBoundFootnote << '\n';
    if (with_margins) out << kMarginFootnote << '\n';
}

void write_crosstable(std::ostream &out, const RatingTable &table) {
    const std::size_t n = table.ranked.size();
    TextTable t(name_columns(n + 1));
    std::vector<std::string> header{"", "Engine"};
    for (std::size_t k = 0; k < n; ++k) header.push_back(std::to_string(k + 1));
    header.push_back("Total");
    t.row(std::move(header));
    int rank = 0;
    for (const EngineRating &a : table.ranked) {
        std::vector<std::string> cells{std::to_string(++rank), a.name};
        for (const EngineRating &b : table.ranked) {
            const int games = table.games[a.index][b.index];
            cells.push_back(a.index == b.index ? "-" : games == 0 ? "." : points_of(table.score[a.index][b.index], games));
        }
        cells.push_back(points_of(a.points, a.games));
        t.row(std::move(cells));
    }
    t.write(out);
}

void write_los_matrix(std::ostream &out, const RatingTable &table) {
    const std::size_t n = table.ranked.size();
    TextTable t(name_columns(n));
    std::vector<std::string> header{"", "Engine"};
    for (std::size_t k = 0; k < n; ++k) header.push_back(std::to_string(k + 1));
    t.row(std::move(header));
    int rank = 0;
    for (const EngineRating &a : table.ranked) {
        std::vector<std::string> cells{std::to_string(++rank), a.name};
        for (const EngineRating &b : table.ranked)
            cells.push_back(a.index == b.index ? "-" : optional_text(table.los[a.index][b.index], 100.0));
        t.row(std::move(cells));
    }
    t.write(out);
}

nlohmann::json to_json(const RatingTable &table, const std::vector<MarginSummary> &margins) {
    using nlohmann::json;
    json engines = json::array();
    int rank = 0;
    for (const EngineRating &e : table.ranked) {
        json j = {{"rank", ++rank},
                            {"name", e.name},
                            {"index", e.index},
                            {"elo", e.rated ? json(e.elo) : json(nullptr)},
                            {"error95", e.error95 ? json(*e.error95) : json(nullptr)},
                            {"bound", bound_name(e.bound)},
                            {"points", e.points},
                            {"games", e.games},
                            {"wins", e.wins},
                            {"draws", e.draws},
                            {"losses", e.losses}};
        j["los_next"] = e.los_next ? json(*e.los_next) : json(nullptr);
        j["unrated_reason"] = e.rated ? json(nullptr) : json(e.unrated_reason);
        if (!margins.empty()) {
            const MarginSummary &m = margins[static_cast<std::size_t>(e.index)];
            j["margin"] = {{"games", m.games},
                           {"mean", m.games > 0 ? json(m.mean) : json(nullptr)},
                           {"standard_error", m.standard_error ? json(*m.standard_error) : json(nullptr)}};
        }
        engines.push_back(std::move(j));
    }
    json los = json::array();
    for (const auto &row : table.los) {
        json cells = json::array();
        for (const auto &p : row) cells.push_back(p ? json(*p) : json(nullptr));
        los.push_back(std::move(cells));
    }
    return {{"engines", engines}, {"los", los}, {"score", table.score}, {"games", table.games}};
}

}  // namespace arb::rating
