#include "output/standings.hpp"

#include "core/quote.hpp"
#include "rating/standings_format.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace arb::output {

namespace {

// Points of engine `a` in a finished game it played, or -1 if it did not play.
double points_of(const match::FinishedGame &g, int a) {
    int side = g.slot.engine[0] == a ? 0 : g.slot.engine[1] == a ? 1 : -1;
    if (side < 0) return -1;
    switch (g.record.result) {
        case ARB_RESULT_WIN_SIDE_0: return side == 0 ? 1 : 0;
        case ARB_RESULT_WIN_SIDE_1: return side == 1 ? 1 : 0;
        case ARB_RESULT_DRAW: return 0.5;
        default: return -1;
    }
}

bool between(const match::FinishedGame &g, int a, int b) {
    return (g.slot.engine[0] == a && g.slot.engine[1] == b) || (g.slot.engine[0] == b && g.slot.engine[1] == a);
}

const char *decision_name(rating::SprtState::Decision d) {
    switch (d) {
        case rating::SprtState::Decision::AcceptH0: return "H0 accepted";
        case rating::SprtState::Decision::AcceptH1: return "H1 accepted";
        default: return "continue";
    }
}

// "Elo +12.3 +/- 45.6, nElo +7.8 +/- 9.0, LOS 61.2%"; a 4-0 sweep: "Elo >+417.3,
// nElo >+742.7, LOS ?" (no error for a bound; a sweep also makes one engine
// of the table a bound, so the table's footnote explains the marks).
std::string figures_text(const rating::HeadToHead &h) {
    const std::string mark = rating::bound_mark(h.bound);
    auto error = [](const std::optional<double> &e) { return e ? fmt::format(" +/- {:.1f}", *e) : std::string(); };
    return fmt::format("Elo {}{:+.1f}{}, nElo {}{:+.1f}{}, LOS {}", mark, h.elo, error(h.elo_error), mark, h.nelo,
                       error(h.nelo_error), h.los ? fmt::format("{:.1f}%", 100 * *h.los) : std::string("?"));
}

// Where the table of two engines puts their ratings, for the head to head's
// label: centred when both are estimates, else the reference at 0 and the
// other a bound (fit_ratings: the perfect score is the bound).
std::string two_engine_table_note(const rating::RatingTable &table) {
    const auto &r = table.ranked;
    if (r.size() != 2 || !r[0].rated || !r[1].rated) return "the table rates them once both have games";
    for (int k = 0; k < 2; ++k)
        if (r[k].bound != rating::Bound::None)
            return fmt::format("the table's Elo puts {} at 0 and {} {} it as a bound", r[1 - k].name, r[k].name,
                               r[k].bound == rating::Bound::Lower ? "above" : "below");
    return "the table's Elo is each engine's rating, 0 at the two engines' average";
}

}  // namespace

rating::Trinomial count_trinomial(const std::vector<match::FinishedGame> &games, int a, int b) {
    rating::Trinomial t;
    for (const auto &g : games) {
        if (!between(g, a, b)) continue;
        double p = points_of(g, a);
        if (p == 1) ++t.wins;
        else if (p == 0.5) ++t.draws;
        else if (p == 0) ++t.losses;
    }
    return t;
}

rating::Pentanomial count_pentanomial(const std::vector<match::FinishedGame> &games, int a, int b) {
    struct Pair {
        int count = 0;
        double points = 0;
        int draws = 0;
    };
    std::map<int, Pair> pairs;
    for (const auto &g : games) {
        if (!between(g, a, b)) continue;
        double p = points_of(g, a);
        if (p < 0) continue;
        auto &pair = pairs[g.slot.pair_id];
        ++pair.count;
        pair.points += p;
        if (p == 0.5) ++pair.draws;
    }
    rating::Pentanomial out;
    for (const auto &[id, pair] : pairs) {
        if (pair.count != 2) continue;
        if (pair.points == 0) ++out.ll;
        else if (pair.points == 0.5) ++out.ld;
        else if (pair.points == 1) (pair.draws == 2 ? out.dd : out.wl)++;
        else if (pair.points == 1.5) ++out.wd;
        else ++out.ww;
    }
    return out;
}

std::optional<rating::GameOutcome> outcome_of(const match::FinishedGame &g) {
    double p = points_of(g, g.slot.engine[0]);
    if (p < 0) return std::nullopt;
    rating::GameOutcome outcome{g.slot.engine[0], g.slot.engine[1], p, g.slot.pair_id};
    if (g.record.margin) outcome.margin = *g.record.margin;
    return outcome;
}

namespace {

bool have_pairs(const rating::Pentanomial &p) { return p.ll + p.ld + p.wl + p.dd + p.wd + p.ww > 0; }

}  // namespace

rating::SprtState sprt_state(const rating::SprtConfig &sprt, const rating::ResultCounts &counts) {
    return sprt.paired_schedule ? rating::sprt(sprt, counts.pentanomial) : rating::sprt(sprt, counts.trinomial);
}

Standings compute_standings(const std::vector<std::string> &names, const rating::ResultCounts &counts,
                            const std::optional<rating::SprtConfig> &sprt, const rating::ScaleAnchor &anchor) {
    Standings s;
    // Every form of the standings (standings.txt, the terminal, JSON, the
    // report) shows the names escaped: they come from configs, engines'
    // 'id name', records read back and PGN files read by `rate`.
    for (const auto &name : names) s.names.push_back(escaped(name));
    s.games = static_cast<int>(counts.games);
    s.table = rating::fit_ratings(s.names, counts.pairs, anchor);
    if (std::any_of(counts.margins.begin(), counts.margins.end(), [](const auto &m) { return m.games() > 0; }))
        for (const auto &m : counts.margins) s.margins.push_back(m.summary());
    if (names.size() == 2) {
        HeadToHeadStats h;
        h.trinomial = counts.trinomial;
        h.pentanomial = counts.pentanomial;
        h.games = rating::head_to_head(h.trinomial);
        if (have_pairs(h.pentanomial)) h.pairs = rating::head_to_head(h.pentanomial);
        if (sprt) h.sprt = sprt_state(*sprt, counts);
        s.head_to_head = h;
    }
    return s;
}

Standings compute_standings(const std::vector<std::string> &names, const std::vector<match::FinishedGame> &games,
                            const std::optional<rating::SprtConfig> &sprt) {
    rating::ResultTally tally(static_cast<int>(names.size()));
    for (const auto &g : games)
        if (auto outcome = outcome_of(g)) tally.add(*outcome);
    return compute_standings(names, tally.counts(), sprt);
}

void write_standings_text(std::ostream &out, const Standings &s) {
    // Two engines: the difference first, as fastchess users read a match.
    if (s.head_to_head) {
        const auto &h = *s.head_to_head;
        const auto &t = h.trinomial;
        // The figures here are the difference between the two; the table's
        // ratings are placed as the note says: labelled, so that nobody reads
        // "+20 / -20" below and "+40" here as a contradiction.
        out << fmt::format("Head to head ({0} minus {1}; {2}):\n", s.names[0], s.names[1], two_engine_table_note(s.table));
        out << fmt::format("{} vs {}: +{} ={} -{}\n", s.names[0], s.names[1], t.wins, t.draws, t.losses);
        out << fmt::format("{}, draw ratio {:.1f}%\n", figures_text(h.games), 100 * h.games.draw_ratio);
        const auto &p = h.pentanomial;
        if (h.pairs_known)
            out << fmt::format("Game pairs (LL LD WL DD WD WW): {} {} {} {} {} {}\n", p.ll, p.ld, p.wl, p.dd, p.wd, p.ww);
        if (h.pairs)
            out << fmt::format("Pairs: {}\n", figures_text(*h.pairs));
        if (h.sprt)
            out << fmt::format("SPRT: LLR {:.2f} ({:.2f}, {:.2f}): {}\n", h.sprt->llr, h.sprt->lower, h.sprt->upper,
                               decision_name(h.sprt->decision));
        out << "\n";
    }
    rating::write_standings(out, s.table, s.margins);
    if (s.names.size() >= 2) {
        out << "\nCrosstable (points of the row engine against the column engine)\n";
        rating::write_crosstable(out, s.table);
        out << "\nLOS (chance that the row engine is stronger than the column engine)\n";
        rating::write_los_matrix(out, s.table);
    }
    if (s.shared_sprt) {
        const auto &d = *s.shared_sprt;
        out << fmt::format("SPRT over all shards: {} at LLR {:.2f} ({:.2f}, {:.2f}) after {} pairs ({} games), "
                           "decided by shard {}",
                           decision_name(d.state.decision), d.state.llr, d.state.lower, d.state.upper, d.pairs,
                           d.games, d.decided_by);
        if (d.all_games)
            out << fmt::format("; {} games played, {} past the decision (overshoot)", s.games,
                               std::max<int64_t>(0, s.games - d.games));
        else
            out << fmt::format("; this shard played {} games", s.games);
        out << "\n";
    }
    if (s.endings) out << "\n" << s.endings->text();
}

std::string standings_line(const Standings &s) {
    if (s.head_to_head) {
        const auto &h = *s.head_to_head;
        const auto &t = h.trinomial;
        const rating::HeadToHead &f = h.pairs ? *h.pairs : h.games;
        const std::string mark = rating::bound_mark(f.bound);
        std::string line = fmt::format("{} vs {} +{} ={} -{}, Elo {}{:+.1f}{} ({} minus {}), LOS {}", s.names[0],
                                       s.names[1], t.wins, t.draws, t.losses, mark, f.elo,
                                       f.elo_error ? fmt::format(" +/- {:.1f}", *f.elo_error) : std::string(),
                                       s.names[0], s.names[1],
                                       f.los ? fmt::format("{:.1f}%", 100 * *f.los) : std::string("?"));
        if (h.sprt)
            line += fmt::format(", SPRT LLR {:.2f} ({:.2f}, {:.2f})", h.sprt->llr, h.sprt->lower, h.sprt->upper);
        return line;
    }
    std::string line;
    int rank = 0;
    for (const auto &r : s.table.ranked) {
        line += fmt::format("{}{}. {} {}{:+.1f}", rank ? ", " : "", rank + 1, r.name, rating::bound_mark(r.bound), r.elo);
        ++rank;
    }
    return line + " (Elo, 0 at the average)";
}

std::string standings_json(const Standings &s) {
    using nlohmann::json;
    json j;
    j["games"] = s.games;
    j["table"] = rating::to_json(s.table, s.margins);
    if (s.head_to_head) {
        const auto &h = *s.head_to_head;
        auto hh = [](const rating::HeadToHead &x) {
            auto known = [](const std::optional<double> &v) { return v ? json(*v) : json(nullptr); };
            return json{{"elo", x.elo},
                        {"elo_error", known(x.elo_error)},
                        {"los", known(x.los)},
                        {"nelo", x.nelo},
                        {"nelo_error", known(x.nelo_error)},
                        {"bound", rating::bound_name(x.bound)},
                        {"draw_ratio", x.draw_ratio}};
        };
        json head = {{"wins", h.trinomial.wins}, {"draws", h.trinomial.draws}, {"losses", h.trinomial.losses},
                     {"pentanomial", h.pairs_known ? json{h.pentanomial.ll, h.pentanomial.ld, h.pentanomial.wl,
                                                          h.pentanomial.dd, h.pentanomial.wd, h.pentanomial.ww}
                                                    : json(nullptr)},
                     {"games", hh(h.games)}};
        if (h.pairs) head["pairs"] = hh(*h.pairs);
        if (h.sprt)
            head["sprt"] = {{"llr", h.sprt->llr}, {"lower", h.sprt->lower}, {"upper", h.sprt->upper},
                            {"decision", decision_name(h.sprt->decision)}};
        j["head_to_head"] = std::move(head);
    }
    if (s.shared_sprt) {
        const auto &d = *s.shared_sprt;
        json shared = {{"decision", decision_name(d.state.decision)}, {"llr", d.state.llr}, {"lower", d.state.lower},
                       {"upper", d.state.upper}, {"pairs", d.pairs}, {"games", d.games}, {"decided_by", d.decided_by}};
        shared["overshoot_games"] = d.all_games ? json(std::max<int64_t>(0, s.games - d.games)) : json(nullptr);
        j["sprt_over_shards"] = std::move(shared);
    }
    if (s.endings) j["endings"] = s.endings->json();
    return j.dump(2) + "\n";
}

}  // namespace arb::output
