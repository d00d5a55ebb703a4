// The report's digest, kept game by game, against recounts made here from
// the whole list of games after every game, and the bounded choice of games
// a long run's page shows.
#include "game/plugin.hpp"
#include "output/html_report.hpp"
#include "output/report_digest.hpp"
#include "output/standings.hpp"

#include "report/payload_decoder.hpp"
#include "tournament/sample_games.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <map>
#include <random>
#include <set>

using namespace arb;

namespace {

game::PluginPtr tictactoe() {
    for (auto &p : game::discover_plugins({ARBITER_PLUGIN_DIR}).plugins)
        if (p->id() == "tictactoe") return p;
    FAIL("no tictactoe plugin");
    return nullptr;
}

// A random game between two of `engines` engines: games come in pairs
// (same pair_id, colours swapped), a few ending by an engine's crash.
match::FinishedGame random_game(std::mt19937 &rng, int index, int engines) {
    match::FinishedGame g = test::sample_game(index);
    static std::pair<int, int> pairing{0, 1};  // of the game pair `index` is in
    if (index % 2 == 0) {
        const int a = static_cast<int>(rng() % static_cast<unsigned>(engines));
        int b = static_cast<int>(rng() % static_cast<unsigned>(engines - 1));
        if (b >= a) ++b;
        pairing = {a, b};
    }
    g.slot.engine[0] = index % 2 == 0 ? pairing.first : pairing.second;
    g.slot.engine[1] = index % 2 == 0 ? pairing.second : pairing.first;
    g.slot.pair_id = index / 2;
    const unsigned r = rng() % 10;
    g.record.result = r < 4 ? ARB_RESULT_WIN_SIDE_0 : r < 7 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_DRAW;
    if (rng() % 8 == 0) {
        g.record.termination = match::Termination::Crash;
        if (g.record.result == ARB_RESULT_DRAW) g.record.result = ARB_RESULT_WIN_SIDE_0;
        g.record.loser_side = g.record.result == ARB_RESULT_WIN_SIDE_0 ? 1 : 0;
        g.record.reason = "exit code " + std::to_string(rng() % 3);
    }
    return g;
}

double side0_score(const match::FinishedGame &g) {
    return g.record.result == ARB_RESULT_WIN_SIDE_0 ? 1 : g.record.result == ARB_RESULT_WIN_SIDE_1 ? 0 : 0.5;
}

// The counts the standings are made of, by a pass over `games` written here:
// pairwise points, engine 0's trinomial against engine 1, and its
// pentanomial of the pairs whose two games are both in.
rating::ResultCounts recount(const std::vector<match::FinishedGame> &games, int engines) {
    rating::ResultCounts c(engines);
    std::map<int, std::vector<double>> pair_scores;  // pair_id -> engine 0's scores
    for (const auto &g : games) {
        const double s = side0_score(g);
        c.pairs.add(g.slot.engine[0], g.slot.engine[1], s);
        ++c.games;
        const bool zero_first = g.slot.engine[0] == 0 && g.slot.engine[1] == 1;
        const bool zero_second = g.slot.engine[0] == 1 && g.slot.engine[1] == 0;
        if (!zero_first && !zero_second) continue;
        const double mine = zero_first ? s : 1 - s;
        if (mine == 1) ++c.trinomial.wins;
        else if (mine == 0) ++c.trinomial.losses;
        else ++c.trinomial.draws;
        pair_scores[g.slot.pair_id].push_back(mine);
    }
    for (const auto &[id, scores] : pair_scores) {
        if (scores.size() < 2) continue;
        const double both = scores[0] + scores[1];  // 0, 0.5, 1, 1.5, 2
        if (both == 0) ++c.pentanomial.ll;
        else if (both == 0.5) ++c.pentanomial.ld;
        else if (both == 1) (scores[0] == 0.5 ? c.pentanomial.dd : c.pentanomial.wl)++;
        else if (both == 1.5) ++c.pentanomial.wd;
        else ++c.pentanomial.ww;
    }
    return c;
}

void check_same_standings(const output::Standings &a, const output::Standings &b) {
    REQUIRE(a.games == b.games);
    REQUIRE(a.table.ranked.size() == b.table.ranked.size());
    for (size_t i = 0; i < a.table.ranked.size(); ++i) {
        const auto &x = a.table.ranked[i], &y = b.table.ranked[i];
        CHECK(x.index == y.index);
        CHECK(x.points == y.points);
        CHECK(x.games == y.games);
        CHECK(x.wins == y.wins);
        CHECK(x.draws == y.draws);
        CHECK(x.losses == y.losses);
        CHECK(x.elo == y.elo);
        CHECK(x.los_next == y.los_next);
    }
    CHECK(a.table.los == b.table.los);
    CHECK(a.table.score == b.table.score);
    REQUIRE(a.head_to_head.has_value() == b.head_to_head.has_value());
    if (!a.head_to_head) return;
    const auto &h = *a.head_to_head, &k = *b.head_to_head;
    CHECK(h.trinomial.wins == k.trinomial.wins);
    CHECK(h.trinomial.draws == k.trinomial.draws);
    CHECK(h.trinomial.losses == k.trinomial.losses);
    CHECK(h.pentanomial.ll == k.pentanomial.ll);
    CHECK(h.pentanomial.ld == k.pentanomial.ld);
    CHECK(h.pentanomial.wl == k.pentanomial.wl);
    CHECK(h.pentanomial.dd == k.pentanomial.dd);
    CHECK(h.pentanomial.wd == k.pentanomial.wd);
    CHECK(h.pentanomial.ww == k.pentanomial.ww);
    CHECK(h.games.los == k.games.los);
    REQUIRE(h.sprt.has_value() == k.sprt.has_value());
    if (h.sprt) CHECK(h.sprt->llr == k.sprt->llr);
}

const rating::SprtConfig kSprt{};

}  // namespace

TEST_CASE("standings, LOS and SPRT kept game by game equal a full recount after every game", "[report][digest]") {
    for (int engines : {2, 3}) {
        INFO("engines: " << engines);
        std::mt19937 rng(20261127u + static_cast<unsigned>(engines));
        std::vector<std::string> names;
        for (int e = 0; e < engines; ++e) names.push_back("e" + std::to_string(e));
        output::ReportDigest digest(engines, kSprt);
        std::vector<match::FinishedGame> games;
        for (int i = 0; i < 300; ++i) {
            games.push_back(random_game(rng, i, engines));
            digest.add(games.back());
            INFO("after game " << i + 1);
            const auto counts = recount(games, engines);
            check_same_standings(output::compute_standings(names, digest.counts(), kSprt),
                                 output::compute_standings(names, counts, kSprt));
            if (engines == 2) {
                // The SPRT course: one point a game (300 is below the digest's resolution).
                REQUIRE(digest.llr_step() == 1);
                REQUIRE(digest.llr().size() == games.size());
                CHECK(digest.llr().back() == output::sprt_state(kSprt, counts).llr);
            } else {
                CHECK(digest.llr().empty());  // SPRT is a two-engine matter
            }
        }
    }
}

TEST_CASE("how games ended and the engine faults, kept game by game, equal a recount", "[report][digest]") {
    std::mt19937 rng(7);
    output::ReportDigest digest(3, std::nullopt);
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 500; ++i) {
        games.push_back(random_game(rng, i, 3));
        digest.add(games.back());
    }
    // Recount: per engine and ending, won / drawn / lost; per engine, faults by reason.
    std::vector<std::map<std::string, std::array<int64_t, 3>>> endings(3);
    std::vector<std::map<std::string, int64_t>> faults(3);
    for (const auto &g : games) {
        const std::string t = match::termination_name(g.record.termination);
        // A game-rule ending counts under its reason (sample_game's: "three in a row {diagonal}").
        const std::string ending = g.record.termination == match::Termination::GameRule ? g.record.reason : t;
        for (int side = 0; side < 2; ++side) {
            const double mine = side == 0 ? side0_score(g) : 1 - side0_score(g);
            ++endings[static_cast<size_t>(g.slot.engine[side])][ending][mine == 1 ? 0 : mine == 0.5 ? 1 : 2];
        }
        if (g.record.termination == match::Termination::Crash)
            ++faults[static_cast<size_t>(g.slot.engine[g.record.loser_side])][t + ": " + g.record.reason];
    }
    CHECK(digest.endings() == endings);
    CHECK(digest.faults() == faults);
    CHECK(digest.games() == 500);
    CHECK(digest.complete());  // below all_games_up_to: every game is shown
    CHECK(digest.shown().size() == 500);
}

TEST_CASE("a long match keeps its SPRT course at a bounded resolution, each point the LLR after its game",
          "[report][digest]") {
    output::ReportLimits limits;
    limits.llr_points = 8;  // at most 15 points: the step doubles when 16 are reached
    output::ReportDigest digest(2, kSprt, limits);
    std::mt19937 rng(3);
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 1000; ++i) {
        games.push_back(random_game(rng, i, 2));
        digest.add(games.back());
        REQUIRE(digest.llr().size() < 16);
    }
    // The step doubles at games 16, 32, 64, 128, 256 and 512 (16 points each
    // time, halved to 8): after 1000 games it is 64, with points after games
    // 64, 128, ..., 960.
    CHECK(digest.llr_step() == 64);
    REQUIRE(digest.llr().size() == 15);
    for (size_t i = 0; i < digest.llr().size(); ++i) {
        const auto n = static_cast<size_t>(digest.llr_step()) * (i + 1);
        const std::vector<match::FinishedGame> first(games.begin(), games.begin() + static_cast<std::ptrdiff_t>(n));
        CHECK(digest.llr()[i] == output::sprt_state(kSprt, recount(first, 2)).llr);
    }
}

TEST_CASE("past its limit the page's games are every fault, the latest and the first of each pairing",
          "[report][digest]") {
    output::ReportLimits limits;
    limits.all_games_up_to = 20;
    limits.latest = 5;
    limits.faults = 3;
    limits.per_pairing = 1;
    std::mt19937 rng(11);
    output::ReportDigest digest(3, std::nullopt, limits);
    std::vector<match::FinishedGame> games;
    for (int i = 0; i < 60; ++i) {
        games.push_back(random_game(rng, i, 3));
        digest.add(games.back());
    }
    // Expected by hand from the list: the first 3 faults, the first game of
    // each engine pair (a fault already shown does not count as its sample),
    // the last 5 games.
    std::set<int> expected;
    int faults = 0;
    std::set<std::pair<int, int>> sampled;
    for (const auto &g : games) {
        const bool fault = g.record.termination == match::Termination::Crash;
        if (fault && faults < 3) {
            ++faults;
            expected.insert(g.slot.index);
            continue;
        }
        const auto pairing = std::minmax(g.slot.engine[0], g.slot.engine[1]);
        if (sampled.insert(pairing).second) expected.insert(g.slot.index);
    }
    for (int i = 55; i < 60; ++i) expected.insert(i);
    REQUIRE(faults == 3);
    REQUIRE(sampled.size() == 3);
    std::vector<int> shown;
    for (const auto &g : digest.shown()) shown.push_back(g.slot.index);
    CHECK(shown == std::vector<int>(expected.begin(), expected.end()));  // in the order played
    CHECK(digest.shown_count() == expected.size());
    CHECK_FALSE(digest.complete());
    CHECK(digest.games() == 60);

    limits.all_games = true;
    output::ReportDigest all(3, std::nullopt, limits);
    for (const auto &g : games) all.add(g);
    CHECK(all.shown().size() == 60);
    CHECK(all.complete());
}

TEST_CASE("the page of a long run holds a bounded choice of games and says how to get all", "[report][digest]") {
    const int played = 3000;
    std::mt19937 rng(5);
    std::vector<match::FinishedGame> games;
    output::ReportDigest digest(2, kSprt);
    output::ReportLimits every;
    every.all_games = true;
    output::ReportDigest all(2, kSprt, every);
    for (int i = 0; i < played; ++i) {
        games.push_back(random_game(rng, i, 2));
        digest.add(games.back());
        all.add(games.back());
    }
    auto page_games = [&](const output::ReportDigest &d) {
        output::ReportGames viewer(tictactoe(), {});
        for (const auto &g : d.shown()) viewer.add(g);
        const auto standings = output::compute_standings({"alpha", "beta"}, d.counts(), kSprt);
        const std::string html = output::html_report({}, standings, d, viewer, kSprt);
        const std::string open =
            "<script type=\"application/octet-stream\" id=\"report-games\" data-encoding=\"zlib base64\">";
        const size_t begin = html.find(open);
        REQUIRE(begin != std::string::npos);
        const size_t end = html.find("</script>", begin);
        const auto decoded = test::decode_payload(
            test::zlib_inflate(test::base64_decode(html.substr(begin + open.size(), end - begin - open.size()))));
        return std::make_pair(html, decoded.games.size());
    };
    const auto [bounded, bounded_games] = page_games(digest);
    // Defaults: the faults (about 1 game in 8, all below the cap of 500),
    // the latest 200 and the first 2 of the one pairing.
    size_t faults = 0;
    for (const auto &g : games) faults += g.record.termination == match::Termination::Crash;
    REQUIRE(faults < 500);
    CHECK(bounded_games == digest.shown_count());
    CHECK(bounded_games <= faults + 200 + 2);
    CHECK(bounded_games >= 200);
    CHECK_THAT(bounded, Catch::Contains("arbiter report --all-games"));
    CHECK_THAT(bounded, Catch::Contains(fmt::format("data-shown=\"{}\" data-played=\"{}\"", bounded_games, played)));
    CHECK_THAT(bounded, Catch::Contains(fmt::format("{} of 0 scheduled", played)));  // the totals count every game
    const auto [full, full_games] = page_games(all);
    CHECK(full_games == static_cast<size_t>(played));
    CHECK_THAT(full, !Catch::Contains("arbiter report --all-games"));
}

TEST_CASE("games ended by the rules count under the plugin's reasons, the first few of them", "[report][digest]") {
    output::ReportLimits limits;
    limits.ending_reasons = 2;
    output::ReportDigest digest(2, std::nullopt, limits);
    const char *reasons[] = {"white mates", "insufficient material", "white mates", "stalemate"};
    for (int i = 0; i < 4; ++i) {
        auto g = test::sample_game(i, i == 1 ? ARB_RESULT_DRAW : ARB_RESULT_WIN_SIDE_0);
        g.record.reason = reasons[i];
        digest.add(g);
    }
    auto crash = test::sample_game(4);
    crash.record.termination = match::Termination::Crash;
    crash.record.loser_side = 1;
    crash.record.reason = "exit code 3";
    digest.add(crash);
    // Games 0 and 2 (white mates), 1 (a draw), 3 past the two reasons: "game-rule"; the crash by its kind.
    const std::map<std::string, int64_t> columns = {
        {"white mates", 4}, {"insufficient material", 2}, {"game-rule", 2}, {"crash", 2}};
    CHECK(digest.ending_columns() == columns);
    // sample_game: engine 0 plays side 0 in even games; game 2's win is alpha's, game 0's too.
    CHECK(digest.endings()[0].at("white mates") == std::array<int64_t, 3>{2, 0, 0});
    CHECK(digest.endings()[1].at("white mates") == std::array<int64_t, 3>{0, 0, 2});
    CHECK(digest.endings()[1].at("insufficient material") == std::array<int64_t, 3>{0, 1, 0});
}
