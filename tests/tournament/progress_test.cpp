#include "tournament/progress.hpp"

#include "sample_games.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace arb;

TEST_CASE("plain progress writes one line per game, the live line redraws in place", "[progress]") {
    std::ostringstream plain;
    tournament::Progress p(plain, false, 10, 3);
    p.game_finished(test::sample_game(4));
    CHECK(plain.str() == "game 5 done (4/10): alpha vs beta 1-0 game-rule: three in a row {diagonal}\n");
    CHECK(p.done() == 4);

    std::ostringstream live;
    tournament::Progress l(live, true, 10, 0);
    l.game_finished(test::sample_game(0));
    CHECK_THAT(live.str(), Catch::StartsWith("\r\033[Kgames 1/10  "));
    CHECK(live.str().find('\n') == std::string::npos);
    l.message("standings");
    CHECK_THAT(live.str(), Catch::Contains("\r\033[Kstandings\n\r\033[Kgames 1/10"));

    std::ostringstream quiet;
    tournament::Progress q(quiet, false, 10, 0, true);
    q.game_finished(test::sample_game(0));
    CHECK(quiet.str().empty());
    CHECK(q.done() == 1);
}

TEST_CASE("with a peer layout the per-game line is fastchess's and cutechess-cli's", "[progress]") {
    // Both print e.g. "Finished game 1 (sfA vs sfB): 1/2-1/2 {Draw by insufficient mating material}".
    std::ostringstream plain;
    tournament::Progress p(plain, false, 10, 3, false, true);
    p.game_finished(test::sample_game(4));
    CHECK(plain.str() == "Finished game 5 (alpha vs beta): 1-0 {three in a row {diagonal}}\n");
}

TEST_CASE("durations print as m:ss or h:mm:ss", "[progress]") {
    CHECK(tournament::format_duration(0) == "0:00");
    CHECK(tournament::format_duration(125.4) == "2:05");
    CHECK(tournament::format_duration(3723) == "1:02:03");
    CHECK(tournament::format_duration(-1) == "?");
}
