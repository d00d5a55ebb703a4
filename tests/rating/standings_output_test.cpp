// The standings files' head-to-head part and JSON for a sweep: a bound with
// its mark, no "+/- 0.0" that looks exact, and the bound kind in the JSON.
#include "output/standings.hpp"
#include "rating/standings_format.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace arb;

namespace {

// `count` game pairs (colours swapped); `first_wins` says who wins every game.
std::vector<match::FinishedGame> sweep(int pairs, bool first_wins) {
    std::vector<match::FinishedGame> games;
    for (int p = 0; p < pairs; ++p)
        for (int side = 0; side < 2; ++side) {
            match::FinishedGame g;
            g.slot.index = 2 * p + side;
            g.slot.pair_id = p;
            g.slot.engine[0] = side;  // engine 0 plays side 0 in the first game of a pair
            g.slot.engine[1] = 1 - side;
            const bool side0_is_first = side == 0;
            g.record.result = first_wins == side0_is_first ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1;
            games.push_back(g);
        }
    return games;
}

}  // namespace

TEST_CASE("a 0-4 match prints bounds with their marks and no error, LOS unknown", "[rating][standings]") {
    const auto s = output::compute_standings({"weak", "strong"}, sweep(2, false), std::nullopt);
    std::ostringstream text;
    output::write_standings_text(text, s);
    INFO(text.str());
    // By hand: 4 losses have probability 1/2 at E^8 = 1/2, E = 2^(-1/8):
    // 400 log10(E / (1 - E)) = 417.3 Elo; nElo (E - 1/2) / sqrt(E(1 - E)/2) * 800/ln 10 = 742.7.
    CHECK_THAT(text.str(), Catch::Contains("weak vs strong: +0 =0 -4"));
    // Two engines: the difference leads, the table follows.
    CHECK_THAT(text.str(), Catch::StartsWith("Head to head (weak minus strong; "));
    CHECK_THAT(text.str(), Catch::Contains("Elo <-417.3, nElo <-742.7, LOS ?, draw ratio 0.0%"));
    // Two LL pairs are the same 4 lost games.
    CHECK_THAT(text.str(), Catch::Contains("Pairs: Elo <-417.3, nElo <-742.7, LOS ?"));
    CHECK_THAT(text.str(), !Catch::Contains("+/- 0.0"));
    CHECK_THAT(text.str(), Catch::Contains(rating::kBoundFootnote));
    // The table: strong's perfect score is the bound, weak the reference (0.0, no error from one engine).
    CHECK_THAT(text.str(), Catch::Contains("strong  >417.3    ?"));
    CHECK_THAT(text.str(), Catch::Contains("weak       0.0    ?"));
    // The note under the head to head says so, not "0 at the two engines' average".
    CHECK_THAT(text.str(), Catch::Contains("the table's Elo puts weak at 0 and strong above it as a bound"));
    CHECK_THAT(text.str(), !Catch::Contains("average"));

    const nlohmann::json j = nlohmann::json::parse(output::standings_json(s));
    CHECK(j["head_to_head"]["games"]["bound"] == "upper");
    CHECK(j["head_to_head"]["games"]["elo"].get<double>() == Approx(-417.3257).margin(1e-4));
    CHECK(j["head_to_head"]["games"]["elo_error"].is_null());
    CHECK(j["head_to_head"]["games"]["nelo_error"].is_null());
    CHECK(j["head_to_head"]["games"]["los"].is_null());
    CHECK(j["head_to_head"]["pairs"]["bound"] == "upper");
    CHECK(j["table"]["engines"][0]["name"] == "strong");
    CHECK(j["table"]["engines"][0]["bound"] == "lower");
    CHECK(j["table"]["engines"][0]["error95"].is_null());
    CHECK(j["table"]["engines"][1]["bound"].is_null());
}

TEST_CASE("a match that is not a sweep prints errors and no footnote", "[rating][standings]") {
    auto games = sweep(2, true);
    games[3].record.result = ARB_RESULT_DRAW;  // 3.5/4
    const auto s = output::compute_standings({"a", "b"}, games, std::nullopt);
    std::ostringstream text;
    output::write_standings_text(text, s);
    INFO(text.str());
    CHECK_THAT(text.str(), Catch::Contains("Elo +338.0 +/- "));
    CHECK_THAT(text.str(), !Catch::Contains(rating::kBoundFootnote));
    const nlohmann::json j = nlohmann::json::parse(output::standings_json(s));
    CHECK(j["head_to_head"]["games"]["bound"].is_null());
    CHECK(j["table"]["engines"][0]["bound"].is_null());
    CHECK(j["table"]["engines"][0]["error95"].get<double>() > 0);
}

TEST_CASE("names holding terminal escapes are shown escaped in every form of the standings", "[rating][standings][text]") {
    const auto s = output::compute_standings({"\x1b]0;pwned\x07", "Tigre \xc3\xb1\x1b[2J"}, sweep(2, false), std::nullopt);
    std::ostringstream text;
    output::write_standings_text(text, s);
    const std::string shown = text.str();
    INFO(shown);
    CHECK(shown.find('\x1b') == std::string::npos);
    CHECK(shown.find('\x07') == std::string::npos);
    CHECK_THAT(shown, Catch::Contains("\\x1b]0;pwned\\x07"));
    CHECK_THAT(shown, Catch::Contains("Tigre \xc3\xb1\\x1b[2J"));
    const std::string json = output::standings_json(s);
    CHECK(json.find('\x1b') == std::string::npos);
}

TEST_CASE("standings show each engine's mean margin with its standard error, text and JSON", "[rating][standings][margin]") {
    // a wins by 10 as side 0, loses by 4 as side 1 (side 0's margin +4): a's margins +10 and -4,
    // mean 3, standard error sqrt(98 / 1 / 2) = 7; b's -10 and +4, mean -3, the same error.
    auto games = sweep(1, true);  // game 0: a (side 0) wins; game 1: b is side 0 and loses
    games[0].record.margin = 10;
    games[1].record.result = ARB_RESULT_WIN_SIDE_0;  // b (side 0) wins game 1 instead
    games[1].record.margin = 4;
    const auto s = output::compute_standings({"a", "b"}, games, std::nullopt);
    std::ostringstream text;
    output::write_standings_text(text, s);
    INFO(text.str());
    // The margin sits beside the score, as Elo and its error do: "Score" is as wide as "50.0%",
    // "Margin" one wider than "+3.00", "+/-" as wide as "7.00".
    CHECK_THAT(text.str(), Catch::Contains("Score  Margin   +/-  W/D/L"));
    CHECK_THAT(text.str(), Catch::Contains("50.0%   +3.00  7.00  1/0/1"));
    CHECK_THAT(text.str(), Catch::Contains("50.0%   -3.00  7.00  1/0/1"));
    CHECK_THAT(text.str(), Catch::Contains(rating::kMarginFootnote));
    CHECK_THAT(text.str(), !Catch::Contains("Mean margin per game"));  // no second table of them
    const nlohmann::json j = nlohmann::json::parse(output::standings_json(s));
    const auto &engines = j["table"]["engines"];
    REQUIRE(engines.size() == 2);
    for (const auto &e : engines) {
        const double sign = e["name"] == "a" ? 1.0 : -1.0;
        CHECK(e["margin"]["games"] == 2);
        CHECK(e["margin"]["mean"].get<double>() == Approx(3.0 * sign));
        CHECK(e["margin"]["standard_error"].get<double>() == Approx(7.0));
    }
    // A game without margins has none of it.
    const auto plain = output::compute_standings({"a", "b"}, sweep(1, true), std::nullopt);
    CHECK(output::standings_json(plain).find("\"margin\"") == std::string::npos);
    std::ostringstream plain_text;
    output::write_standings_text(plain_text, plain);
    CHECK_THAT(plain_text.str(), !Catch::Contains("Margin"));
}
