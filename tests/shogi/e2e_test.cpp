// Shogi end to end: `arbiter check` catches an engine that breaks each rule
// (arbiter-mock-engine --misbehave ignore-rule=RULE plays what an engine
// lacking the rule plays at the plugin's rule edges), over UGI and USI; and
// `arbiter play` ends games by perpetual check, sennichite and a false
// declaration as the plugin's README says.
#include "support/child_process.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace arb;

namespace {

const std::string kBin = ARBITER_BIN_DIR;
const std::string kRandom = kBin + "/arbiter-engine --game shogi --mode random --seed 5";

std::string mock(const std::string &rule, const std::string &protocol = "ugi") {
    return kBin + "/arbiter-mock-engine --game shogi --protocol " + protocol + " --misbehave ignore-rule=" + rule;
}

test::Run check(const std::string &engine, const std::string &extra = "") {
    return test::run_command(kBin + "/arbiter check --game shogi --positions 2 --games 0 --engine '" + engine + "'" +
                             extra + " 2>&1");
}

test::Run play(const std::string &position, const std::string &moves, const std::string &first,
               const std::string &second) {
    std::string command = kBin + "/arbiter play --game shogi --tc 5+0.05 --engine '" + first + "' --engine '" + second + "'";
    if (!position.empty()) command += " --position '" + position + "'";
    if (!moves.empty()) command += " --moves '" + moves + "'";
    return test::run_command(command + " 2>&1");
}

}  // namespace

TEST_CASE("shogi: arbiter check names each rule an engine breaks", "[e2e][shogi]") {
    const std::pair<const char *, const char *> rules[] = {
        {"nifu", ""},
        {"uchifuzume", ""},
        {"forced-promotion", ""},
        {"drop-last-rank", ""},
        {"false-declaration", ""},
        {"perpetual-check", ""},
        {"max-moves", " --option max_moves=400"},
    };
    for (const auto &[rule, options] : rules) {
        INFO(rule);
        auto run = check(mock(rule), options);
        INFO(run.output);
        CHECK(run.exit_code == 1);
        CHECK(run.output.find(std::string(" (") + rule + "): ") != std::string::npos);
        CHECK(run.output.find("FAIL  rule edge ") != std::string::npos);
    }
    // The honest engine passes them all.
    auto honest = check(kRandom);
    INFO(honest.output);
    CHECK(honest.exit_code == 0);
    CHECK(honest.output.find("PASS  rule edge 3 (uchifuzume): must not play 'P*1b'") != std::string::npos);
}

TEST_CASE("shogi over USI: 'bestmove win' reaches the plugin, and a false one fails the check", "[e2e][shogi]") {
    auto run = check(mock("false-declaration", "usi"), " --protocol usi");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("FAIL  rule edge 12 (false-declaration): must not play 'win'") != std::string::npos);
    CHECK(run.output.find("sente has 27 points, 28 are needed (27-point rule)") != std::string::npos);
    auto perpetual = check(mock("perpetual-check", "usi"), " --protocol usi");
    INFO(perpetual.output);
    CHECK(perpetual.exit_code == 1);
    CHECK(perpetual.output.find("(perpetual-check): must not play '2c1c'") != std::string::npos);
    CHECK(perpetual.output.find("FAIL  rule edge ") != std::string::npos);
}

TEST_CASE("shogi games end by perpetual check, sennichite and a false declaration", "[e2e][shogi]") {
    // Sente's rook checks from 1c and 2c; gote's 2a1a brings the start back a fourth time.
    auto perpetual = play("8k/9/7R1/9/9/9/9/9/4K4 b - 1",
                          "2c1c 1a2a 1c2c 2a1a 2c1c 1a2a 1c2c 2a1a 2c1c 1a2a 1c2c 2a1a", kRandom, kRandom);
    INFO(perpetual.output);
    CHECK(perpetual.output.find("result: 0-1") != std::string::npos);
    CHECK(perpetual.output.find("reason: perpetual check: sente checked on every move of a fourfold repetition") !=
          std::string::npos);
    // The kings step aside and back three times: the start a fourth time, a draw.
    auto sennichite = play("", "5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a", kRandom, kRandom);
    INFO(sennichite.output);
    CHECK(sennichite.output.find("result: 1/2-1/2") != std::string::npos);
    CHECK(sennichite.output.find("reason: sennichite: the same position for the fourth time") != std::string::npos);
    // 27 points are not enough for sente: its 'win' is an illegal move and loses.
    auto declared = play("RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 9P 1", "", mock("false-declaration"), kRandom);
    INFO(declared.output);
    CHECK(declared.output.find("result: 0-1") != std::string::npos);
    CHECK(declared.output.find("false declaration (win): sente has 27 points, 28 are needed") != std::string::npos);
}
