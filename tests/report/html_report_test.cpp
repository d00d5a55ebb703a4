#include "game/plugin.hpp"
#include "output/html_report.hpp"
#include "rating/standings_format.hpp"

#include "report/payload_decoder.hpp"
#include "tournament/sample_games.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <fmt/format.h>

using namespace arb;

namespace {

using arb::test::count_of;

game::PluginPtr tictactoe() {
    for (auto &p : game::discover_plugins({ARBITER_PLUGIN_DIR}).plugins)
        if (p->id() == "tictactoe") return p;
    FAIL("no tictactoe plugin");
    return nullptr;
}

struct Page {
    std::vector<match::FinishedGame> games;
    output::Standings standings;
    std::string html;
};

Page page(const std::vector<std::string> &names, int count, const std::optional<rating::SprtConfig> &sprt) {
    Page p;
    output::ReportGames viewer(tictactoe(), {});
    for (int i = 0; i < count; ++i) {
        p.games.push_back(test::sample_game(i, i % 3 == 2 ? ARB_RESULT_DRAW : ARB_RESULT_WIN_SIDE_0));
        viewer.add(p.games.back());
    }
    p.standings = output::compute_standings(names, p.games, sprt);
    output::ReportHeader header;
    header.event = "Cup & <Final>";
    header.game_name = "Tic-tac-toe";
    header.variant = "tictactoe";
    header.side_names[0] = "x";
    header.side_names[1] = "o";
    header.time_control = "10+0.1";
    header.games_scheduled = 10;
    header.arbiter_version = "9.9.9";
    header.status = "interim standings after 6 games";
    p.html = output::html_report(header, p.standings, p.games, viewer, sprt);
    return p;
}

}  // namespace

TEST_CASE("the page has every part, self-contained, with the header's facts", "[report]") {
    rating::SprtConfig sprt;
    auto p = page({"alpha", "beta"}, 6, sprt);
    const auto &h = p.html;
    for (const char *id : {"id=\"standings\"", "id=\"elo-chart\"", "id=\"crosstable\"", "id=\"los-matrix\"",
                           "id=\"termination-table\"", "id=\"head-to-head\"", "id=\"pentanomial\"", "id=\"llr-chart\"",
                           "id=\"game-list\"", "id=\"viewer\"", "id=\"report-data\""})
        CHECK_THAT(h, Catch::Contains(id));
    CHECK_THAT(h, Catch::Contains("<h1>Cup &amp; &lt;Final&gt;</h1>"));
    CHECK_THAT(h, Catch::Contains("6 of 10 scheduled"));
    CHECK_THAT(h, Catch::Contains("interim standings after 6 games"));
    CHECK_THAT(h, Catch::Contains("arbiter 9.9.9"));
    CHECK_THAT(h, Catch::Contains("10+0.1"));
    CHECK_THAT(h, Catch::Contains("2025-11-22"));  // the games' date
    // Nothing is fetched: no external script, stylesheet, font or image.
    CHECK(count_of(h, "src=") == 0);
    CHECK(count_of(h, "<link") == 0);
    CHECK(count_of(h, "http://") + count_of(h, "https://") == count_of(h, "http://www.w3.org/2000/svg"));
    // The pentanomial row: pairs (0,1), (2,3), (4,5), alpha's points per pair 1, 1.5 (draw in game 2), 0.5+...
    const auto &pent = p.standings.head_to_head->pentanomial;
    CHECK_THAT(h, Catch::Contains(fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
                                              pent.ll, pent.ld, pent.wl, pent.dd, pent.wd, pent.ww)));
}

TEST_CASE("engine names and reasons cannot break out of the page", "[report]") {
    auto p = page({"</script><script>alert(1)</script>", "b<i>"}, 2, std::nullopt);
    const auto &h = p.html;
    CHECK(count_of(h, "</script>") == 3);  // the data's, the games' and the program's own
    CHECK(count_of(h, "<script>alert") == 0);
    CHECK_THAT(h, Catch::Contains("&lt;/script&gt;&lt;script&gt;alert(1)"));
    CHECK_THAT(h, Catch::Contains("\\u003c/script>"));  // in the JSON data
    CHECK(count_of(h, "<i>") == 0);
}

TEST_CASE("the page carries the viewer's games, zlib-compressed in base64", "[report]") {
    auto p = page({"alpha", "beta"}, 6, std::nullopt);
    const std::string open = "<script type=\"application/octet-stream\" id=\"report-games\" data-encoding=\"zlib base64\">";
    const size_t begin = p.html.find(open);
    REQUIRE(begin != std::string::npos);
    const size_t end = p.html.find("</script>", begin);
    const std::string text = p.html.substr(begin + open.size(), end - begin - open.size());
    CHECK(text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") ==
          std::string::npos);
    const auto decoded = test::decode_payload(test::zlib_inflate(test::base64_decode(text)));
    REQUIRE(decoded.games.size() == 6);
    for (size_t i = 0; i < 6; ++i) {
        CHECK(decoded.games[i].facts["n"] == i + 1);
        CHECK(decoded.games[i].facts["why"] == "three in a row {diagonal}");
        CHECK(decoded.games[i].boards.back() == "O.OXX.O.X");
    }
}

TEST_CASE("the LLR course of a paired schedule counts pairs only: 0 until the first pair is complete", "[report]") {
    rating::SprtConfig sprt;
    sprt.elo0 = 0;
    sprt.elo1 = 50;
    REQUIRE(sprt.paired_schedule);  // games_per_pairing 2, the default
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 4; ++i) games.push_back(test::sample_game(i));
    // Game 0: alpha (side 0) wins. Game 1: beta (side 0) wins, so pair 0 is one win each (WL).
    // Games 2, 3: the same again.
    auto llr = output::llr_series(games, sprt);
    REQUIRE(llr.size() == 4);
    // No pair complete after one game: no evidence, and no other model in the
    // meantime (a trinomial LLR of one game would first jump and then fall back).
    CHECK(llr[0] == Approx(0.0));
    rating::Pentanomial wl;
    wl.wl = 1;
    CHECK(llr[1] == Approx(rating::sprt(sprt, wl).llr));
    CHECK(llr[2] == Approx(llr[1]));  // the second pair is not complete yet
    wl.wl = 2;
    CHECK(llr[3] == Approx(rating::sprt(sprt, wl).llr));
    // Every point is the decision's own figure after that many games.
    for (size_t n = 1; n <= games.size(); ++n) {
        const std::vector<match::FinishedGame> first(games.begin(), games.begin() + static_cast<std::ptrdiff_t>(n));
        auto standings = output::compute_standings({"alpha", "beta"}, first, sprt);
        CHECK(llr[n - 1] == Approx(standings.head_to_head->sprt->llr));
    }
}

TEST_CASE("the LLR course of an unpaired schedule counts games", "[report]") {
    rating::SprtConfig sprt;
    sprt.elo0 = 0;
    sprt.elo1 = 50;
    sprt.paired_schedule = false;  // games_per_pairing 1
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 2; ++i) games.push_back(test::sample_game(i));
    auto llr = output::llr_series(games, sprt);
    REQUIRE(llr.size() == 2);
    rating::Trinomial t;
    t.wins = 1;
    CHECK(llr[0] == Approx(rating::sprt(sprt, t).llr));
    t.losses = 1;
    CHECK(llr[1] == Approx(rating::sprt(sprt, t).llr));
}

TEST_CASE("a bound is drawn as a point with a short arrow of fixed length, not as a bar", "[report]") {
    // alpha (side 0 in even games, side 1 in odd ones) wins every game: with two engines, beta is
    // the reference (rated 0, no interval: a group of one) and alpha's perfect score the bound.
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 4; ++i)
        games.push_back(test::sample_game(i, i % 2 == 0 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1));
    auto standings = output::compute_standings({"alpha", "beta"}, games, std::nullopt);
    REQUIRE(standings.table.ranked[0].bound == rating::Bound::Lower);
    REQUIRE(standings.table.ranked[1].bound == rating::Bound::None);
    output::ReportGames viewer(tictactoe(), {});
    const auto html = output::html_report({}, standings, games, viewer, std::nullopt);
    CHECK(count_of(html, "class=\"bound\"") == 1);     // alpha: an arrow pointing right
    CHECK(count_of(html, "class=\"arrow\" d=\"M") == 1);
    CHECK(count_of(html, "<circle class=\"elo\"") == 1);  // beta: a dot
    CHECK(count_of(html, "<circle class=\"elo bound-point\"") == 1);  // alpha: its point
    CHECK(count_of(html, "class=\"interval\"") == 0);   // without an interval
    CHECK_THAT(html, Catch::Contains("alpha: above"));
    // The arrow starts at the point and is 14 px long whatever the scale: it
    // must not read as an interval reaching the edge of the chart.
    std::smatch m;
    REQUIRE(std::regex_search(html, m, std::regex("class=\"bound\" x1=\"([0-9.]+)\" y1=\"[0-9.]+\" x2=\"([0-9.]+)\"")));
    CHECK(std::stod(m[2].str()) - std::stod(m[1].str()) == Approx(14.0));
    // A clean sweep: no rating has an error bar, so the page says to read the points first.
    CHECK_THAT(html, Catch::Contains("id=\"no-ratings-yet\""));
}

TEST_CASE("the standings table shows each engine's mean margin and its error beside the score", "[report][margin]") {
    // alpha wins game 0 as side 0 by 10 and loses game 1 as side 1 by 4 (side 0's margin +4):
    // alpha's margins +10 and -4, mean +3.00, standard error sqrt(((10-3)^2 + (-4-3)^2) / 1 / 2) = 7.00.
    std::vector<match::FinishedGame> games{test::sample_game(0, ARB_RESULT_WIN_SIDE_0),
                                           test::sample_game(1, ARB_RESULT_WIN_SIDE_0)};
    games[0].record.margin = 10;
    games[1].record.margin = 4;
    REQUIRE(games[1].slot.engine[0] == 1);  // beta is side 0 in game 1
    auto standings = output::compute_standings({"alpha", "beta"}, games, std::nullopt);
    output::ReportGames viewer(tictactoe(), {});
    const auto html = output::html_report({}, standings, games, viewer, std::nullopt);
    CHECK_THAT(html, Catch::Contains("<th>Score</th><th>Margin</th><th>± SE</th><th>W</th>"));
    CHECK_THAT(html, Catch::Contains("50.0%</td><td class=\"margin\">+3.00</td><td>7.00</td><td>1</td>"));
    CHECK_THAT(html, Catch::Contains("50.0%</td><td class=\"margin\">-3.00</td><td>7.00</td><td>1</td>"));
    // Without margins, no such column.
    const auto plain = output::compute_standings({"alpha", "beta"}, {test::sample_game(0, ARB_RESULT_DRAW)}, std::nullopt);
    CHECK_THAT(output::html_report({}, plain, games, viewer, std::nullopt), !Catch::Contains("<th>Margin</th>"));
}

TEST_CASE("no figure of the page reads -0.0", "[report]") {
    // Two engines of equal strength sit at -0.0 and 0.0 on a centred scale
    // when the fit's rounding falls so; the page must show 0.0 for both.
    CHECK(rating::fixed1(-0.0) == "0.0");
    CHECK(rating::fixed1(-0.04) == "0.0");
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 4; ++i)
        games.push_back(test::sample_game(i, i < 2 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1));
    auto standings = output::compute_standings({"alpha", "beta"}, games, std::nullopt);
    for (auto &e : standings.table.ranked) e.elo = -0.0;
    output::ReportGames viewer(tictactoe(), {});
    const auto html = output::html_report({}, standings, games, viewer, std::nullopt);
    CHECK_THAT(html, !Catch::Contains(">-0.0<") && !Catch::Contains("Elo -0.0"));
}

TEST_CASE("tables scroll in their own box and the viewer stacks on a narrow screen", "[report]") {
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 2; ++i) games.push_back(test::sample_game(i, ARB_RESULT_DRAW));
    auto standings = output::compute_standings({"alpha", "beta"}, games, std::nullopt);
    output::ReportGames viewer(tictactoe(), {});
    const auto html = output::html_report({}, standings, games, viewer, std::nullopt);
    // Every table but the game list (which has its own scrolling box) sits in a .table-wrap.
    CHECK(count_of(html, "<table") == count_of(html, "<div class=\"table-wrap\"><table") + 1);
    CHECK_THAT(html, Catch::Contains(".table-wrap { max-width: 100%; overflow-x: auto; }"));
    CHECK_THAT(html, Catch::Contains("@media (max-width: 700px)"));
    CHECK_THAT(html, Catch::Contains("print-color-adjust: exact"));
    CHECK_THAT(html, !Catch::Contains("id=\"no-ratings-yet\""));  // drawn games: finite ratings with errors
}

TEST_CASE("an engine without games shows a dash for its score and draws, not 0 %", "[report]") {
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 2; ++i) games.push_back(test::sample_game(i, ARB_RESULT_DRAW));  // alpha and beta only
    auto standings = output::compute_standings({"alpha", "beta", "gamma"}, games, std::nullopt);
    output::ReportGames viewer(tictactoe(), {});
    const auto html = output::html_report({}, standings, games, viewer, std::nullopt);
    std::smatch row;
    REQUIRE(std::regex_search(html, row, std::regex("<tr><td>3</td><td class=\"name\">gamma</td>.*</tr>")));
    // Score and Draws: a dash.
    CHECK(count_of(row.str(), "<td style=\"\">—</td>") == 1);
    CHECK(count_of(row.str(), ">—<") == 2);
    CHECK_THAT(row.str(), !Catch::Contains("0.0%"));
}

TEST_CASE("the game list heads its columns with the game's side names", "[report]") {
    auto p = page({"alpha", "beta"}, 2, std::nullopt);  // side names "x" and "o"
    CHECK_THAT(p.html, Catch::Contains("<th>#</th><th class=\"name\">X</th><th class=\"name\">O</th>"));
    CHECK_THAT(p.html, !Catch::Contains(">First<") && !Catch::Contains(">Second<"));
}

TEST_CASE("a live page gives the run's pace and games in progress and reloads, the last page none", "[report]") {
    std::vector<match::FinishedGame> games = {test::sample_game(0)};
    auto standings = output::compute_standings({"alpha", "beta"}, games, std::nullopt);
    output::ReportGames viewer(tictactoe(), {});
    output::ReportHeader header;
    header.side_names[0] = "x";
    header.side_names[1] = "o";
    header.games_scheduled = 40;
    const auto last = output::html_report(header, standings, games, viewer, std::nullopt);
    CHECK_THAT(last, !Catch::Contains("id=\"live\"") && !Catch::Contains("\"live\":"));
    header.live.emplace();
    header.live->games_per_second = 0.5;
    header.live->seconds_left = 78;  // 39 games at 0.5 a second
    header.live->running.push_back({3, {1, 0}, 17});
    const auto live = output::html_report(header, standings, games, viewer, std::nullopt);
    CHECK_THAT(live, Catch::Contains("1 of 40 games played, 0.50 games/s, about 1 min 18 s left."));
    CHECK_THAT(live, Catch::Contains("<tr><td>3</td><td class=\"name\">beta</td><td class=\"name\">alpha</td><td>17</td></tr>"));
    CHECK_THAT(live, Catch::Contains("\"live\":{\"refresh\":10}"));
}

TEST_CASE("the engine table shows how each engine ran and the means of its moves", "[report]") {
    std::vector<match::FinishedGame> games = {test::sample_game(0)};
    auto standings = output::compute_standings({"alpha", "beta"}, games, std::nullopt);
    output::ReportGames viewer(tictactoe(), {});
    viewer.add(games[0]);
    output::ReportHeader header;
    header.engines = {{"alpha", "/opt/alpha --fast", "uci", "Skill Level=3"}, {"beta", "beta", "auto", ""}};
    const auto html = output::html_report(header, standings, games, viewer, std::nullopt);
    // sample_game 0: opening b2 (x), then o a1 10 ms, x c3 11 ms, o a3 12 ms (depth 4, 12345 nodes),
    // x a2 forced, o c1 14 ms; alpha plays x (side 0), beta o. By hand: alpha 11.0 ms (the forced
    // move left out), no depth, no nodes; beta (10 + 12 + 14) / 3 = 12.0 ms, depth 4.0, 12.3 k nodes.
    auto row = [&](const std::string &name) {
        std::smatch m;
        std::regex_search(html, m, std::regex("<tr><td class=\"name\">" + name + "</td><td class=\"left code\">[^\n]*</tr>"));
        return m.str();
    };
    CHECK(row("alpha") == "<tr><td class=\"name\">alpha</td><td class=\"left code\"><code>/opt/alpha --fast</code></td>"
                         "<td class=\"name\">uci (ugi)</td><td class=\"left\">Skill Level=3</td><td>11.0 ms</td>"
                         "<td>—</td><td>—</td></tr>");
    CHECK(row("beta") == "<tr><td class=\"name\">beta</td><td class=\"left code\"><code>beta</code></td>"
                        "<td class=\"name\">auto (ugi)</td><td class=\"left\">—</td><td>12.0 ms</td>"
                        "<td>4.0</td><td>12.3 k</td></tr>");
    CHECK(count_of(html, "<polyline class=\"series\"") == 4);  // score and time per move, a line per engine
    CHECK_THAT(html, Catch::Contains("id=\"length-chart\""));
}
