#include "output/html_report.hpp"

#include "output/html_text.hpp"
#include "output/page_packing.hpp"
#include "output/report_assets.hpp"
#include "output/report_charts.hpp"
#include "rating/standings_format.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace arb::output {

namespace {

using match::Termination;

// Points of the side-0 engine, or -1 for a game that is not rated (abandoned).
std::string grade(double fraction) {
    fraction = std::clamp(fraction, 0.0, 1.0);
    const double t = std::abs(fraction - 0.5) * 2;
    const int r0 = fraction < 0.5 ? 0xe6 : 0x7c, g0 = fraction < 0.5 ? 0x7c : 0xc9, b0 = fraction < 0.5 ? 0x73 : 0x8a;
    auto mix = [&](int c) { return static_cast<int>(std::lround(255 + (c - 255) * t)); };
    return fmt::format("background:#{:02x}{:02x}{:02x}", mix(r0), mix(g0), mix(b0));
}

std::string utc_text(std::chrono::system_clock::time_point t) {
    return fmt::format("{:%Y-%m-%d %H:%M} UTC", std::chrono::floor<std::chrono::seconds>(t));
}

// "white" -> "White": the plugin's side names as headings.
std::string capitalised(std::string name) {
    if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name;
}

// "1 h 05 min", "3 min 20 s", "45 s".
std::string duration_text(double seconds) {
    const auto s = static_cast<int64_t>(std::llround(std::max(0.0, seconds)));
    if (s >= 3600) return fmt::format("{} h {:02} min", s / 3600, s / 60 % 60);
    if (s >= 60) return fmt::format("{} min {:02} s", s / 60, s % 60);
    return fmt::format("{} s", s);
}

// A chart in a box of its own that scrolls on a screen too narrow for it
// (report.css gives charts a least width there, so their text stays legible).
std::string chart_box(const std::string &svg) { return "<div class=\"chart-wrap\">" + svg + "</div>\n"; }

std::string elo_text(const rating::EngineRating &e) {
    if (!e.rated) return "? (" + html_escape(e.unrated_reason) + ")";  // why, in its row
    const char *mark = e.bound == rating::Bound::Lower ? "&gt;" : e.bound == rating::Bound::Upper ? "&lt;" : "";
    return mark + rating::fixed1(e.elo);
}

void header_section(std::string &h, const ReportHeader &header, const Standings &standings,
                    const ReportDigest &digest) {
    h += "<header class=\"report\"><h1>" + html_escape(header.event) + "</h1>\n<dl class=\"facts\">\n";
    auto fact = [&](const char *name, const std::string &value) {
        h += fmt::format("<dt>{}</dt><dd>{}</dd>\n", name, html_escape(value));
    };
    fact("Game", header.game_name + (header.variant.empty() ? "" : " (" + header.variant + ")"));
    fact("Time control", header.time_control);
    if (auto played = digest.played()) fact("Played", utc_text(played->first) + " to " + utc_text(played->second));
    fact("Games", fmt::format("{} of {} scheduled ({} rated){}", digest.games(), header.games_scheduled,
                              standings.games, header.status.empty() ? "" : ", " + header.status));
    fact("Engines", std::to_string(standings.names.size()));
    fact("Report by", "arbiter " + header.arbiter_version);
    h += "</dl></header>\n";
}

// The mean margin and its standard error, beside the score ("?" when not known).
std::string margin_cells(const rating::MarginSummary &m) {
    return fmt::format("<td class=\"margin\">{}</td><td>{}</td>", m.games > 0 ? fmt::format("{:+.2f}", m.mean) : "?",
                       m.standard_error ? fmt::format("{:.2f}", *m.standard_error) : "?");
}

void standings_section(std::string &h, const Standings &s) {
    h += "<section id=\"standings\"><h2>Standings</h2>\n";
    const bool no_finite_rating = std::none_of(s.table.ranked.begin(), s.table.ranked.end(), [](const rating::EngineRating &e) {
        return e.rated && e.bound == rating::Bound::None && e.error95.has_value();
    });
    if (no_finite_rating && !s.table.ranked.empty())
        h += "<p class=\"note\" id=\"no-ratings-yet\">No engine has a finite rating with an error yet: every result so "
             "far is one-sided (an engine won or lost all its games against the others). Compare them by points and "
             "score; ratings appear once results overlap.</p>\n";
    const bool with_margins = !s.margins.empty();
    h += "<div class=\"table-wrap\"><table class=\"standings\"><thead><tr><th>#</th>"
         "<th class=\"name\">Engine</th><th>Elo</th><th>± 95%</th><th>Points</th><th>Games</th><th>Score</th>";
    if (with_margins) h += "<th>Margin</th><th>± SE</th>";
    h += "<th>W</th><th>D</th><th>L</th><th>Draws</th><th>LOS next</th></tr></thead><tbody>\n";
    bool footnote = false;
    int rank = 0;
    for (const auto &e : s.table.ranked) {
        ++rank;
        footnote = footnote || e.bound != rating::Bound::None || !e.rated;
        // An engine without games has no score and no draw ratio: a dash, not 0 %.
        const std::string score = e.games > 0 ? fmt::format("{:.1f}%", 100 * e.points / e.games) : "—";
        const std::string draws = e.games > 0 ? fmt::format("{:.1f}%", 100.0 * e.draws / e.games) : "—";
        h += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{:g}</td><td>{}</td>"
                         "<td style=\"{}\">{}</td>",
                         rank, html_escape(e.name), elo_text(e), e.error95 ? rating::fixed1(*e.error95) : "?",
                         e.points, e.games, e.games > 0 ? grade(e.points / e.games) : "", score);
        if (with_margins) h += margin_cells(s.margins[static_cast<std::size_t>(e.index)]);
        h += fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", e.wins, e.draws, e.losses,
                         draws, e.los_next ? fmt::format("{:.1f}%", 100 * *e.los_next) : "");
    }
    h += "</tbody></table></div>\n";
    if (footnote) h += "<p class=\"note\">" + html_escape(rating::kBoundFootnote) + "</p>\n";
    if (with_margins) h += "<p class=\"note\" id=\"margins\">" + html_escape(rating::kMarginFootnote) + "</p>\n";
    h += "<h3>Elo with 95% intervals</h3>\n" + chart_box(elo_chart_svg(s.table));
    h += "<p class=\"note\">Ratings from a joint maximum-likelihood fit over all games (Ordo's figures); a "
         "point with an arrow is a bound, not a rating: the engine won (arrow right) or lost (arrow left) every game "
         "that places it, and the arrow's length means nothing.</p></section>\n";
}

// While the run goes on: its pace and the games being played.
void live_section(std::string &h, const ReportHeader &header, const Standings &s, const ReportDigest &digest) {
    if (!header.live) return;
    const auto &live = *header.live;
    h += "<section id=\"live\"><h2>In progress</h2>\n<p id=\"live-pace\">";
    h += fmt::format("{} of {} games played, {:.2f} games/s", digest.games(), header.games_scheduled,
                     live.games_per_second);
    h += live.seconds_left ? ", about " + duration_text(*live.seconds_left) + " left" : ", time left not known yet";
    h += fmt::format(". This page reloads itself every {} s while the run goes on.</p>\n", live.refresh_seconds);
    if (live.running.empty()) {
        h += "<p class=\"note\">No game is being played at this moment.</p></section>\n";
        return;
    }
    h += fmt::format("<div class=\"table-wrap\"><table id=\"running-games\"><thead><tr><th>#</th><th class=\"name\">{}</th>"
                     "<th class=\"name\">{}</th><th>Plies</th></tr></thead><tbody>\n",
                     html_escape(capitalised(header.side_names[0])), html_escape(capitalised(header.side_names[1])));
    auto name = [&](int e) { return e >= 0 && static_cast<size_t>(e) < s.names.size() ? html_escape(s.names[static_cast<size_t>(e)]) : "?"; };
    for (const auto &g : live.running)
        h += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td><td>{}</td></tr>\n", g.number,
                         name(g.engine[0]), name(g.engine[1]), g.plies);
    h += "</tbody></table></div></section>\n";
}

std::string figure_text(const std::optional<double> &v, const char *unit) {
    if (!v) return "—";
    if (*v >= 1e6) return fmt::format("{:.2f} M{}", *v / 1e6, unit);
    if (*v >= 1e4) return fmt::format("{:.1f} k{}", *v / 1e3, unit);
    return fmt::format("{:.1f}{}", *v, unit);
}

// How each engine was run, what its moves show, and charts of its games.
void engines_section(std::string &h, const ReportHeader &header, const Standings &s, const ReportDigest &digest,
                     const EngineFigures &figures) {
    h += "<section id=\"engines\"><h2>Engines</h2>\n";
    h += "<div class=\"table-wrap\"><table id=\"engine-table\"><thead><tr><th class=\"name\">Engine</th>"
         "<th class=\"name\">Command</th><th class=\"name\">Protocol</th><th class=\"name\">Options</th>"
         "<th>Time/move</th><th>Depth</th><th>Nodes/move</th></tr></thead><tbody>\n";
    const auto &engines = figures.engines();
    for (size_t i = 0; i < s.names.size(); ++i) {
        const EngineFacts *facts = i < header.engines.size() ? &header.engines[i] : nullptr;
        const EngineFigures::Engine *mine = i < engines.size() ? &engines[i] : nullptr;
        std::string protocol = facts ? facts->protocol : "";
        if (mine && !mine->protocol.empty() && mine->protocol != protocol)
            protocol += protocol.empty() ? mine->protocol : " (" + mine->protocol + ")";
        h += fmt::format("<tr><td class=\"name\">{}</td><td class=\"left code\"><code>{}</code></td><td class=\"name\">{}</td>"
                         "<td class=\"left\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                         html_escape(s.names[i]), facts ? html_escape(facts->command) : "", html_escape(protocol),
                         facts && !facts->options.empty() ? html_escape(facts->options) : "—",
                         mine ? figure_text(mine->mean_ms(), " ms") : "—", mine ? figure_text(mine->mean_depth(), "") : "—",
                         mine ? figure_text(mine->mean_nodes(), "") : "—");
    }
    h += "</tbody></table></div>\n";
    h += fmt::format("<p class=\"note\">Time, depth and nodes per move are means over the moves each engine chose "
                     "(forced moves left out) in the {} games this page shows{}; a dash: the engine reported none.</p>\n",
                     figures.games(), digest.complete() ? "" : " (of " + std::to_string(digest.games()) + " played)");
    if (figures.games() == 0) {
        h += "</section>\n";
        return;
    }
    std::vector<ChartSeries> score, time;
    std::vector<std::vector<int64_t>> lengths;
    for (size_t i = 0; i < s.names.size(); ++i) {
        ChartSeries sc{s.names[i], {}}, tm{s.names[i], {}};
        if (i < engines.size()) {
            const auto &e = engines[i];
            double sum = 0;
            for (size_t g = 0; g < e.points.size(); ++g) {
                sum += e.points[g];
                sc.points.emplace_back(static_cast<double>(g + 1), 100 * sum / static_cast<double>(g + 1));
            }
            // Move numbers most of its games reach: a lone long game's last moves say little.
            const int64_t enough = std::max<int64_t>(1, static_cast<int64_t>(e.game_plies.size()) / 4);
            for (size_t m = 0; m < e.ms_by_move.size(); ++m)
                if (e.moves_by_move[m] >= enough)
                    tm.points.emplace_back(static_cast<double>(m + 1), static_cast<double>(e.ms_by_move[m]) /
                                                                          static_cast<double>(e.moves_by_move[m]));
            lengths.push_back(e.game_plies);
        } else {
            lengths.emplace_back();
        }
        score.push_back(std::move(sc));
        time.push_back(std::move(tm));
    }
    h += "<h3>Score over the games</h3>\n" +
         chart_box(line_chart_svg({"score-chart", "Each engine's score after each of its games", "its games", "score", true}, score));
    h += "<h3>Time per move through the game</h3>\n" +
         chart_box(line_chart_svg({"time-chart", "Each engine's mean time per move by its move number", "its move number", "ms", false},
                                  time));
    h += "<h3>Game length</h3>\n" + chart_box(length_chart_svg(s.names, lengths));
    h += "<p class=\"note\">Score: the engine's points over its games so far, in the order they finished. Time: the "
         "mean over its games of its n-th move, for the move numbers at least a quarter of its games reach. Length: "
         "plies per game, the mark at the mean, the bar from the shortest to the longest.</p></section>\n";
}

void matrices_section(std::string &h, const Standings &s) {
    const auto &t = s.table;
    if (s.names.size() < 2) return;
    auto head = [&](const char *id, const char *title, const char *note) {
        h += fmt::format("<h3>{}</h3><p class=\"note\">{}</p><div class=\"table-wrap\"><table class=\"matrix\" id=\"{}\"><thead><tr><th></th>",
                         title, note, id);
        for (size_t c = 0; c < t.ranked.size(); ++c) h += fmt::format("<th title=\"{0}\">{1}</th>", html_escape(t.ranked[c].name), c + 1);
        h += "</tr></thead><tbody>\n";
    };
    h += "<section id=\"matrices\"><h2>Crosstable and LOS</h2>\n";
    head("crosstable", "Crosstable", "Points of the row engine against the column engine, of the games they played.");
    for (size_t r = 0; r < t.ranked.size(); ++r) {
        const int i = t.ranked[r].index;
        h += fmt::format("<tr><th class=\"name\">{} {}</th>", r + 1, html_escape(t.ranked[r].name));
        for (const auto &col : t.ranked) {
            const int j = col.index;
            const int n = t.games[static_cast<size_t>(i)][static_cast<size_t>(j)];
            const double p = t.score[static_cast<size_t>(i)][static_cast<size_t>(j)];
            if (i == j) h += "<td class=\"self\">—</td>";
            else if (n == 0) h += "<td class=\"none\">·</td>";
            else h += fmt::format("<td style=\"{}\">{:g}/{}</td>", grade(p / n), p, n);
        }
        h += "</tr>\n";
    }
    h += "</tbody></table></div>\n";
    head("los-matrix", "Likelihood of superiority", "Chance that the row engine is stronger than the column engine.");
    for (size_t r = 0; r < t.ranked.size(); ++r) {
        const int i = t.ranked[r].index;
        h += fmt::format("<tr><th class=\"name\">{} {}</th>", r + 1, html_escape(t.ranked[r].name));
        for (const auto &col : t.ranked) {
            const int j = col.index;
            const auto &los = t.los[static_cast<size_t>(i)][static_cast<size_t>(j)];
            if (i == j) h += "<td class=\"self\">—</td>";
            else if (!los) h += "<td class=\"none\">?</td>";
            else h += fmt::format("<td style=\"{}\">{:.1f}%</td>", grade(*los), 100 * *los);
        }
        h += "</tr>\n";
    }
    h += "</tbody></table></div></section>\n";
}

void terminations_section(std::string &h, const Standings &s, const ReportDigest &digest) {
    const auto &counts = digest.endings();
    const auto &faults = digest.faults();
    const auto &columns = digest.ending_columns();
    h += "<section id=\"terminations\"><h2>How games ended</h2>\n<p class=\"note\">Per engine and way of ending: "
         "won / drawn / lost.</p>\n<div class=\"table-wrap\"><table id=\"termination-table\"><thead><tr><th class=\"name\">Engine</th>";
    for (const auto &[t, n] : columns) h += "<th>" + html_escape(t) + "</th>";
    h += "</tr></thead><tbody>\n";
    for (const auto &e : s.table.ranked) {
        h += "<tr><td class=\"name\">" + html_escape(e.name) + "</td>";
        const auto &mine = counts[static_cast<size_t>(e.index)];
        for (const auto &[t, n] : columns) {
            auto it = mine.find(t);
            if (it == mine.end()) h += "<td class=\"none\">·</td>";
            else h += fmt::format("<td>{} / {} / {}</td>", it->second[0], it->second[1], it->second[2]);
        }
        h += "</tr>\n";
    }
    h += "</tbody></table></div>\n";
    bool any = false;
    for (const auto &f : faults) any = any || !f.empty();
    for (int64_t n : digest.other_faults()) any = any || n > 0;
    if (!any) {
        h += "<p id=\"engine-faults\">No engine lost a game by a fault (illegal move, time, crash, stall, protocol "
             "error).</p></section>\n";
        return;
    }
    h += "<h3>Engine faults</h3><ul id=\"engine-faults\">\n";
    constexpr int kShown = 12;
    for (const auto &e : s.table.ranked) {
        const auto &mine = faults[static_cast<size_t>(e.index)];
        const int64_t other = digest.other_faults()[static_cast<size_t>(e.index)];
        if (mine.empty() && other == 0) continue;
        std::vector<std::pair<int64_t, std::string>> sorted;
        for (const auto &[reason, n] : mine) sorted.emplace_back(-n, reason);
        std::sort(sorted.begin(), sorted.end());
        h += "<li><b>" + html_escape(e.name) + "</b><ul>";
        for (size_t i = 0; i < sorted.size() && i < kShown; ++i)
            h += fmt::format("<li>{}× {}</li>", -sorted[i].first, html_escape(sorted[i].second));
        if (sorted.size() > kShown) h += fmt::format("<li>… and {} other reasons</li>", sorted.size() - kShown);
        if (other > 0) h += fmt::format("<li>{}× with reasons past the first {} (not told apart)</li>", other, mine.size());
        h += "</ul></li>\n";
    }
    h += "</ul></section>\n";
}

std::string figures(const rating::HeadToHead &x) {
    const char *mark = x.bound == rating::Bound::Lower ? "&gt;" : x.bound == rating::Bound::Upper ? "&lt;" : "";
    std::string s = fmt::format("Elo {}{}", mark, rating::fixed1(x.elo));
    if (x.elo_error) s += " ± " + rating::fixed1(*x.elo_error);
    if (x.los) s += ", LOS " + rating::fixed1(100 * *x.los) + "%";
    s += fmt::format(", nElo {}{}", mark, rating::fixed1(x.nelo));
    if (x.nelo_error) s += " ± " + rating::fixed1(*x.nelo_error);
    return s + fmt::format(", draw ratio {:.1f}%", 100 * x.draw_ratio);
}

void head_to_head_section(std::string &h, const Standings &s, const ReportDigest &digest,
                          const std::optional<rating::SprtConfig> &sprt) {
    if (!s.head_to_head) return;
    const auto &hh = *s.head_to_head;
    const auto &t = hh.trinomial;
    const auto &p = hh.pentanomial;
    h += fmt::format("<section id=\"head-to-head\"><h2>{} vs {}</h2>\n<p>Games: +{} ={} −{}; {}</p>\n",
                     html_escape(s.names[0]), html_escape(s.names[1]), t.wins, t.draws, t.losses, figures(hh.games));
    h += fmt::format("<h3>Game pairs (same opening, colours swapped)</h3><div class=\"table-wrap\"><table id=\"pentanomial\"><thead><tr>"
                     "<th>LL</th><th>LD</th><th>WL</th><th>DD</th><th>WD</th><th>WW</th></tr></thead>"
                     "<tbody><tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr></tbody></table></div>\n",
                     p.ll, p.ld, p.wl, p.dd, p.wd, p.ww);
    if (hh.pairs) h += "<p>Pairs: " + figures(*hh.pairs) + "</p>\n";
    if (sprt && hh.sprt) {
        const auto &st = *hh.sprt;
        const char *decision = st.decision == rating::SprtState::Decision::AcceptH1   ? "H1 accepted"
                               : st.decision == rating::SprtState::Decision::AcceptH0 ? "H0 accepted"
                                                                                       : "continuing";
        h += fmt::format("<h3>SPRT</h3><p>elo0 {:g}, elo1 {:g} ({}), alpha {:g}, beta {:g}: LLR {:.2f} in ({:.2f}, "
                         "{:.2f}), {}.</p>\n",
                         sprt->elo0, sprt->elo1,
                         sprt->model == rating::SprtConfig::Model::Logistic ? "logistic" : "normalized", sprt->alpha,
                         sprt->beta, st.llr, st.lower, st.upper, decision);
        h += chart_box(llr_chart_svg(digest.llr(), st.lower, st.upper, digest.llr_step()));
    }
    h += "</section>\n";
}

void games_section(std::string &h, const ReportHeader &header, const ReportGames &viewer, const ReportDigest &digest) {
    h += fmt::format("<section id=\"games\" data-shown=\"{}\" data-played=\"{}\"><h2>Games</h2>\n",
                     digest.shown_count(), digest.games());
    if (!digest.complete()) {
        const auto &l = digest.limits();
        h += fmt::format("<p class=\"note\" id=\"games-shown\">This page shows {} of the {} games: every game lost "
                         "by an engine fault{}, the latest {} and the first {} of each pairing{}. "
                         "<code>arbiter report --all-games OUTDIR</code> writes a page with all of them "
                         "(games.jsonl and games.pgn hold every game).</p>\n",
                         digest.shown_count(), digest.games(),
                         digest.faults_not_shown() > 0 ? fmt::format(" (the first {})", l.faults) : "", l.latest,
                         l.per_pairing, fmt::format(" (up to {} in all)", l.sampled));
    }
    h += R"HTML(<div class="filters">
<label>Engine <select id="filter-engine"><option value="">any</option></select></label>
<label>Result <select id="filter-result"><option value="">any</option><option value="decisive">decisive</option>
<option value="draw">draw</option><option value="win">won by the engine</option><option value="loss">lost by the engine</option></select></label>
<label>Ending <select id="filter-termination"><option value="">any</option></select></label>
<span id="game-list-note" class="note"></span>
</div>
<div class="game-list-wrap"><table id="game-list"><thead><tr><th>#</th><th class="name">)HTML";
    h += html_escape(capitalised(header.side_names[0])) + "</th><th class=\"name\">" +
         html_escape(capitalised(header.side_names[1]));
    h += R"HTML(</th>
<th>Result</th><th>Plies</th><th class="name">Ending</th><th class="name">Reason</th></tr></thead>
<tbody id="game-list-body"></tbody></table></div>
<div id="viewer" hidden>
<p id="viewer-title"></p>
<div><div id="viewer-board"></div>
<p id="viewer-status"></p>
<div id="viewer-legend"></div>
<div class="controls"><button id="viewer-first" title="start (Home)">&laquo;</button><button id="viewer-prev" title="back (left arrow)">&lsaquo;</button>
<button id="viewer-next" title="forward (right arrow)">&rsaquo;</button><button id="viewer-last" title="end (End)">&raquo;</button></div></div>
<div><p id="viewer-info"></p><div id="viewer-moves"></div>
<p class="note">Click a game in the list, then step with the buttons or the arrow keys; click a move to jump to it.</p></div>
</div>
)HTML";
    if (!viewer.drawing() && !viewer.drawing_error().empty())
        h += "<p class=\"note\">Boards are shown as position text: " + html_escape(viewer.drawing_error()) + "</p>\n";
    h += "<noscript><p class=\"note\">The game list and viewer need JavaScript.</p></noscript></section>\n";
}

// JSON inside <script>: "<" never appears raw, so no "</script>" or "<!--" can end it.
std::string script_safe(std::string json) {
    std::string out;
    out.reserve(json.size() + json.size() / 64);
    for (char c : json) {
        if (c == '<') out += "\\u003c";
        else out += c;
    }
    return out;
}

}  // namespace

std::vector<double> llr_series(const std::vector<match::FinishedGame> &games, const rating::SprtConfig &sprt) {
    // The same tally and the same sprt_state the runner decides with, fed in
    // the same order (the order games finished): the chart plots the decision.
    std::vector<double> out;
    out.reserve(games.size());
    rating::ResultTally tally(2);
    for (const auto &g : games) {
        if (auto outcome = outcome_of(g)) tally.add(*outcome);
        out.push_back(sprt_state(sprt, tally.counts()).llr);
    }
    return out;
}

std::string html_report(const ReportHeader &header, const Standings &standings, const std::vector<match::FinishedGame> &games,
                        const ReportGames &viewer, const std::optional<rating::SprtConfig> &sprt) {
    ReportLimits every;
    every.all_games = true;
    every.llr_points = games.size() + 1;
    ReportDigest digest(static_cast<int>(standings.names.size()), sprt, every);
    for (const auto &g : games) digest.add(g);
    return html_report(header, standings, digest, viewer, sprt);
}

std::string html_report(const ReportHeader &header, const Standings &standings, const ReportDigest &digest,
                        const ReportGames &viewer, const std::optional<rating::SprtConfig> &sprt) {
    std::string h;
    h.reserve(64 * 1024 + digest.shown_count() * 600);
    h += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"generator\" content=\"arbiter " + html_escape(header.arbiter_version) + "\">\n<title>" +
         html_escape(header.event) + " — arbiter report</title>\n<style>\n";
    h += kReportCss;
    h += "</style></head>\n<body><main>\n";
    header_section(h, header, standings, digest);
    live_section(h, header, standings, digest);
    standings_section(h, standings);
    matrices_section(h, standings);
    terminations_section(h, standings, digest);
    head_to_head_section(h, standings, digest, sprt);
    engines_section(h, header, standings, digest, viewer.engine_figures());
    games_section(h, header, viewer, digest);
    h += "<footer>Written by arbiter " + html_escape(header.arbiter_version) +
         ". This page is self-contained: it loads nothing from the network.</footer>\n</main>\n";
    nlohmann::json meta = {{"engines", standings.names}, {"sides", {header.side_names[0], header.side_names[1]}}};
    // A live page reloads itself; the run's last page has no "live" and stays.
    if (header.live) meta["live"] = {{"refresh", header.live->refresh_seconds}};
    h += "<script type=\"application/json\" id=\"report-data\">" +
         script_safe(meta.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) + "</script>\n";
    // The games, compressed (report_games.hpp describes the layout): base64 has no '<'.
    h += "<script type=\"application/octet-stream\" id=\"report-games\" data-encoding=\"zlib base64\">" +
         base64(zlib_compress(viewer.payload())) + "</script>\n<script>\n";
    h += kReportJs;
    h += "</script>\n</body></html>\n";
    return h;
}

}  // namespace arb::output
