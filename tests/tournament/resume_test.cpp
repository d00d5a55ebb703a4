#include "output/jsonl_record.hpp"
#include "output/record_log.hpp"

#include "sample_games.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

using namespace arb;

namespace {
std::string line_of(int index) { return output::to_json_line(test::sample_game(index), {"tictactoe", "tictactoe", ""}) + "\n"; }
}  // namespace

TEST_CASE("a torn last record is dropped and the valid length kept", "[resume]") {
    std::string good = line_of(0) + line_of(1);
    std::string torn = good + line_of(2).substr(0, 40);
    auto log = output::parse_record_log(torn, "games.jsonl");
    REQUIRE(log.has_value());
    CHECK(log->games.size() == 2);
    CHECK(log->dropped_torn_line);
    CHECK(log->valid_bytes == good.size());
    // A complete JSON object that lacks its newline was cut during write: dropped too.
    auto no_newline = output::parse_record_log(good + line_of(2).substr(0, line_of(2).size() - 1), "games.jsonl");
    REQUIRE(no_newline.has_value());
    CHECK(no_newline->games.size() == 2);
    CHECK(no_newline->dropped_torn_line);
}

TEST_CASE("records are kept exactly once per schedule index", "[resume]") {
    auto log = output::parse_record_log(line_of(0) + line_of(1) + line_of(0) + line_of(2), "games.jsonl");
    REQUIRE(log.has_value());
    REQUIRE(log->games.size() == 3);
    CHECK(log->duplicates == 1);
    CHECK(log->games[2].slot.index == 2);
    CHECK_FALSE(log->dropped_torn_line);
}

TEST_CASE("damage before the last line is an error naming the line", "[resume]") {
    auto log = output::parse_record_log(line_of(0) + "{garbage\n" + line_of(1), "games.jsonl");
    REQUIRE_FALSE(log.has_value());
    CHECK_THAT(log.error().message, Catch::StartsWith("games.jsonl:2: bad game record"));
}

TEST_CASE("truncating the file removes the torn tail", "[resume]") {
    test::TempDir dir;
    std::string good = line_of(0);
    auto file = dir.write("games.jsonl", good + "{\"index\":1,");
    auto log = output::read_record_log(file);
    REQUIRE(log.has_value());
    REQUIRE(output::truncate_record_log(file, log->valid_bytes).has_value());
    CHECK(std::filesystem::file_size(file) == good.size());
    auto again = output::read_record_log(file);
    REQUIRE(again.has_value());
    CHECK_FALSE(again->dropped_torn_line);
    CHECK(again->games.size() == 1);
}
