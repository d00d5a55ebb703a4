// Golden tests of the text renderings (tests/data/rating/golden/*.txt).
#include "rating/pgn_results.hpp"
#include "rating/standings_format.hpp"
#include "vectors_file.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace arb::rating;

namespace {

RatingTable tiny_table() {
    std::ifstream in(test::data_path("ratings-tiny.pgn"));
    auto pgn = read_pgn_results(in);
    REQUIRE(pgn.has_value());
    return fit_ratings(pgn->names, pgn->games);
}

// A sweeper, a whipping boy and an idle engine. By hand: Middle-1 and
// Middle-2 scored 1.5/3 each against each other: both 0 (+/- from their 3
// games). Sweeper won 6 games against engines rated 0: E^12 = 1/2, E =
// 2^(-1/12), so ">490.3"; Whipping boy lost 6: "<-490.3"; Idle: "?".
RatingTable bounds_table() {
    std::vector<GameScore> games;
    for (int k = 0; k < 3; ++k) {
        games.push_back({0, 1, 1.0});
        games.push_back({2, 0, 0.0});
        games.push_back({1, 3, 1.0});
        games.push_back({3, 2, 0.0});
    }
    games.push_back({1, 2, 0.5});
    games.push_back({2, 1, 1.0});
    games.push_back({1, 2, 1.0});
    return fit_ratings({"Sweeper", "Middle-1", "Middle-2", "Whipping boy", "Idle"}, games);
}

template <class Write>
void check_golden(const std::string &file, const RatingTable &table, Write write) {
    std::ostringstream out;
    write(out, table);
    // ARBITER_UPDATE_GOLDEN=1 rewrites the files; review the diff before committing.
    if (std::getenv("ARBITER_UPDATE_GOLDEN")) std::ofstream(test::data_path("golden/" + file)) << out.str();
    const std::string golden = test::read_text("golden/" + file);
    INFO("got:\n" << out.str() << "expected (" << file << "):\n" << golden);
    CHECK(out.str() == golden);
}

}  // namespace

TEST_CASE("standings table", "[rating][format]") {
    const auto without_margins = [](std::ostream &out, const RatingTable &table) { write_standings(out, table); };
    check_golden("tiny_standings.txt", tiny_table(), without_margins);
    check_golden("bounds_standings.txt", bounds_table(), without_margins);
}

TEST_CASE("crosstable", "[rating][format]") {
    check_golden("tiny_crosstable.txt", tiny_table(), write_crosstable);
    check_golden("bounds_crosstable.txt", bounds_table(), write_crosstable);
}

TEST_CASE("LOS matrix", "[rating][format]") {
    check_golden("tiny_los.txt", tiny_table(), write_los_matrix);
}

TEST_CASE("JSON form of the table", "[rating][format]") {
    const RatingTable t = bounds_table();
    const nlohmann::json j = to_json(t);
    REQUIRE(j["engines"].size() == 5);
    CHECK(j["engines"][0]["name"] == "Sweeper");
    CHECK(j["engines"][0]["rank"] == 1);
    CHECK(j["engines"][0]["bound"] == "lower");
    CHECK(j["engines"][0]["error95"].is_null());
    CHECK(j["engines"][0]["los_next"].is_null());
    CHECK(j["engines"][0]["elo"].get<double>() == t.ranked[0].elo);
    CHECK(j["engines"][1]["bound"].is_null());
    CHECK(j["engines"][1]["error95"].get<double>() > 0);
    CHECK(j["engines"][3]["bound"] == "upper");
    CHECK(j["engines"][4]["name"] == "Idle");
    CHECK(j["engines"][4]["elo"].is_null());
    CHECK(j["engines"][4]["los_next"].is_null());
    // Why it is not rated, in its row; null for the rated ones.
    CHECK(j["engines"][4]["unrated_reason"] == "no games");
    CHECK(j["engines"][0]["unrated_reason"].is_null());
    CHECK(j["los"][0][1].is_null());
    CHECK(j["los"][1][2].get<double>() == Approx(0.5));
    CHECK(j["games"][0][1] == 3);
    CHECK(j["los"].size() == 5);
}
