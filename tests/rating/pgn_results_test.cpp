#include "rating/pgn_results.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace arb::rating;

TEST_CASE("PGN results: names by first appearance, White's score", "[rating][pgn]") {
    std::istringstream in(
        "[Event \"x\"]\n[White \"Al \\\"pha\\\"\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
        "[White \"Beta\"]\r\n[Black \"Gamma\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n1. d4 1/2-1/2\r\n"
        "[White \"Gamma\"]\n[Black \"Al \\\"pha\\\"\"]\n[Result \"0-1\"]\n1. c4\n0-1\n"
        "[White \"Gamma\"]\n[Black \"Beta\"]\n[Result \"*\"]\n\n*\n");
    auto r = read_pgn_results(in);
    REQUIRE(r.has_value());
    CHECK(r->names == std::vector<std::string>{"Al \"pha\"", "Beta", "Gamma"});
    REQUIRE(r->games.size() == 3);
    CHECK(r->games[0].first == 0);
    CHECK(r->games[0].second == 1);
    CHECK(r->games[0].score == 1.0);
    CHECK(r->games[1].score == 0.5);
    CHECK(r->games[2].first == 2);
    CHECK(r->games[2].score == 0.0);
    CHECK(r->unfinished == 1);
}

TEST_CASE("PGN results: errors name the place", "[rating][pgn]") {
    std::istringstream bad_result("[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n1. e4 2-0\n");
    auto r = read_pgn_results(bad_result);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("'2-0'") != std::string::npos);

    std::istringstream missing("[White \"A\"]\n[Result \"1-0\"]\n\n1-0\n[White \"A\"]\n");
    auto m = read_pgn_results(missing);
    REQUIRE_FALSE(m.has_value());
    CHECK(m.error().message.find("line 5") != std::string::npos);

    std::istringstream malformed("[White A]\n");
    auto t = read_pgn_results(malformed);
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().message.find("[White A]") != std::string::npos);

    std::istringstream empty("");
    auto e = read_pgn_results(empty);
    REQUIRE(e.has_value());
    CHECK(e->games.empty());
}
