// `arbiter check` in standard chess against UCI engines that castle in
// Chess960's notation: one that declares UCI_Chess960 with default true (as
// Sjaak II does) is told false, as a tournament tells it; one that still
// writes e1h1 fails the castling-notation edge, which names both notations.
// The engine is arbiter-mock-engine, which logs what it receives.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>

namespace {

using arb::test::kBin;

// `extra`: more arguments of arbiter check (--engine-arg for one with spaces).
arb::test::Run check(const std::string &mock_args, const std::string &extra = "") {
    return arb::test::run_command(kBin + "/arbiter check --plugin-dir " + ARBITER_PLUGIN_DIR +
                                  " --game chess --protocol uci --games 0 --positions 1 --engine '" + kBin +
                                  "/arbiter-mock-engine --game chess --seed 3 " + mock_args + "' " + extra);
}

}  // namespace

TEST_CASE("check: a UCI engine whose UCI_Chess960 defaults to true is told false in standard chess",
          "[e2e][chess][check]") {
    const auto dir = arb::test::chess::fresh_dir("uci-chess960-default");
    const auto log = dir / "received.txt";
    auto run = check("--log " + log.string(), "--engine-arg '--declare-option=UCI_Chess960 type check default true'");
    INFO(run.output);
    CHECK_THAT(run.output, Catch::Contains("PASS  told the rules in uci: setoption name UCI_Chess960 value false"));
    const std::string received = arb::test::chess::read(log);
    INFO(received);
    CHECK_THAT(received, Catch::Contains("setoption name UCI_Chess960 value false\n"));
    CHECK_THAT(received, !Catch::Contains("UCI_Chess960 value true"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("check: an engine that castles e1h1 in standard chess fails the castling-notation edge, naming e1g1",
          "[e2e][chess][check]") {
    auto run = check("--misbehave ignore-rule=castling-notation");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(std::regex_search(run.output, std::regex("FAIL  rule edge [0-9]+ \\(castling-notation\\): must not play 'e1h1'")));
    CHECK_THAT(run.output, Catch::Contains("castling-notation: castled as e1h1, king takes rook, as an engine in "
                                           "Chess960 mode (UCI_Chess960 true) writes it; standard chess writes "
                                           "castling e1g1, the only move here that Rb1 does not mate"));
    CHECK_THAT(run.output, Catch::Contains("illegal move 'e1h1' after 'position fen kr6/8/8/8/8/8/r5PP/4K2R w K - 0 1 moves'"));
}
