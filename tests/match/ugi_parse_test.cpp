#include "engine/ugi_parse.hpp"

#include <arbiter/ugi/option_spec.hpp>

#include <catch2/catch.hpp>

using namespace arb::engine;

TEST_CASE("info lines give score, depth, seldepth, nodes and nps, later lines update them", "[ugi]") {
    arb::protocol::InfoFields info;
    parse_info_line("info depth 7 seldepth 9 score cp -35 nodes 123456 nps 1000 pv f5 d6", info);
    CHECK(info.depth == 7);
    CHECK(info.seldepth == 9);
    CHECK(info.score_cp == -35);
    CHECK(info.nodes == 123456);
    CHECK(info.nps == 1000);
    parse_info_line("info nodes 200000", info);
    CHECK(info.nodes == 200000);
    CHECK(info.score_cp == -35);  // kept: the line did not give one
    CHECK(info.seldepth == 9);
    CHECK(info.nps == 1000);
    parse_info_line("info nps 4000000000 seldepth 12", info);  // above 2^31: nps is 64-bit
    CHECK(info.nps == 4000000000LL);
    CHECK(info.seldepth == 12);
    parse_info_line("info string nps 5 seldepth 1", info);  // free text, not fields
    CHECK(info.nps == 4000000000LL);
    CHECK(info.seldepth == 12);
    parse_info_line("info\tdepth 8\tscore mate 3", info);
    CHECK(info.depth == 8);
    CHECK(info.score_cp == kMateScore);
    parse_info_line("info score mate -2", info);
    CHECK(info.score_cp == -kMateScore);
    parse_info_line("info score mate 0", info);
    CHECK(info.score_cp == -kMateScore);
}

TEST_CASE("a mate score keeps its distance until a cp score or a distance-free mate replaces it", "[ugi]") {
    arb::protocol::InfoFields info;
    parse_info_line("info depth 9 score mate 3 pv e2e4", info);
    CHECK(info.mate == 3);
    parse_info_line("info depth 10 score mate +5", info);  // USI's signed form
    CHECK(info.mate == 5);
    CHECK(info.score_cp == kMateScore);
    parse_info_line("info depth 11 score mate -", info);  // USI: mated, no distance
    CHECK_FALSE(info.mate);
    CHECK(info.score_cp == -kMateScore);
    parse_info_line("info score mate -2", info);
    CHECK(info.mate == -2);
    parse_info_line("info depth 12 nodes 5", info);  // no score: the last one stands
    CHECK(info.mate == -2);
    parse_info_line("info score cp 31", info);
    CHECK_FALSE(info.mate);
    CHECK(info.score_cp == 31);
}

TEST_CASE("info parsing stops at string and pv and ignores malformed numbers", "[ugi]") {
    arb::protocol::InfoFields info;
    parse_info_line("info string score cp 500 depth 3", info);
    CHECK_FALSE(info.score_cp);
    CHECK_FALSE(info.depth);
    parse_info_line("info pv depth score", info);
    CHECK_FALSE(info.depth);
    parse_info_line("info depth x score cp 12abc nodes", info);
    CHECK_FALSE(info.depth);
    CHECK_FALSE(info.score_cp);
    CHECK_FALSE(info.nodes);
    parse_info_line("info score cp 20 lowerbound depth 4", info);
    CHECK(info.score_cp == 20);
    CHECK(info.depth == 4);
    parse_info_line("informative depth 9", info);  // not an info line
    CHECK(info.depth == 4);
}

TEST_CASE("bestmove gives its first word, none when missing", "[ugi]") {
    CHECK(parse_bestmove("bestmove f5") == "f5");
    CHECK(parse_bestmove("bestmove  a1-b2 ponder c3") == "a1-b2");
    CHECK(parse_bestmove("bestmove").empty());
    CHECK(parse_bestmove("bestmove   ").empty());
    CHECK(parse_bestmove("bestmoves f5").empty());
}

TEST_CASE("option names may contain spaces and end at 'type'", "[ugi]") {
    CHECK(parse_option_name("option name game type string default othello") == "game");
    CHECK(parse_option_name("option name Hash Size type spin default 16 min 1 max 1024") == "Hash Size");
    CHECK(parse_option_name("option type spin").empty());
    CHECK(arb::ugi::same_option_name("Game", "gAME"));
    CHECK_FALSE(arb::ugi::same_option_name("game", "games"));
}

TEST_CASE("tokens split at spaces and tabs", "[ugi]") {
    std::string_view rest = "  a\tbb  c ";
    CHECK(next_token(rest) == "a");
    CHECK(next_token(rest) == "bb");
    CHECK(next_token(rest) == "c");
    CHECK(next_token(rest).empty());
    CHECK(first_token("\treadyok\r") == "readyok");
}

TEST_CASE("only the principal line sets score depth and nodes, multipv 2 lines change nothing", "[ugi]") {
    arb::protocol::InfoFields info;
    parse_info_line("info depth 12 seldepth 15 multipv 1 score cp 40 nodes 5000 nps 100000 pv e2e4", info);
    CHECK(info.score_cp == 40);
    CHECK(info.depth == 12);
    // The second-best line, sent after the first, as Stockfish does with MultiPV 2.
    parse_info_line("info depth 12 seldepth 14 multipv 2 score cp -900 nodes 5100 nps 100001 pv a2a3", info);
    CHECK(info.score_cp == 40);
    CHECK(info.depth == 12);
    CHECK(info.seldepth == 15);
    CHECK(info.nodes == 5000);
    CHECK(info.nps == 100000);
    parse_info_line("info depth 13 score cp 35 nodes 9000", info);  // no multipv: the principal line
    CHECK(info.score_cp == 35);
    CHECK(info.depth == 13);
    parse_info_line("info multipv 3 depth 14 score mate 2", info);  // multipv first: the rest is ignored too
    CHECK(info.score_cp == 35);
    CHECK(info.depth == 13);
}

TEST_CASE("negative depth seldepth nodes and nps are malformed fields and ignored", "[ugi]") {
    arb::protocol::InfoFields info;
    parse_info_line("info depth 5 seldepth 7 nodes 100 nps 1000 score cp 10", info);
    parse_info_line("info depth -3 seldepth -1 nodes -100 nps -5 score cp -20", info);
    CHECK(info.depth == 5);
    CHECK(info.seldepth == 7);
    CHECK(info.nodes == 100);
    CHECK(info.nps == 1000);
    CHECK(info.score_cp == -20);  // a score may be negative
    parse_info_line("info depth 0 nodes 0", info);  // zero is a count
    CHECK(info.depth == 0);
    CHECK(info.nodes == 0);
}
