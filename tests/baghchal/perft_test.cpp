// Perft from the start position against the reference counts, for both
// capture rules, through the loaded ABI.
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

#include <fstream>
#include <map>
#include <set>

using namespace arb;
using namespace arb::test::baghchal;

namespace {

// Depth 5 keeps the sanitizer build quick; perft_slow_test.cpp goes deeper.
constexpr int kUnitDepth = 5;

}  // namespace

TEST_CASE("baghchal perft matches the reference with optional capture", "[baghchal][perft]") {
    auto state = test::new_game("baghchal", kOptional);
    sdk::Perft perft(state.api(), state.raw(), kUnitDepth);
    for (const PerftRow &row : read_perft()) {
        if (row.depth > kUnitDepth) continue;
        INFO("depth " << row.depth);
        CHECK(perft.count(state.raw(), row.depth) == row.optional);
    }
}

TEST_CASE("baghchal perft matches the reference with mandatory capture", "[baghchal][perft]") {
    auto state = test::new_game("baghchal", kMandatory);
    sdk::Perft perft(state.api(), state.raw(), kUnitDepth);
    for (const PerftRow &row : read_perft()) {
        if (row.depth > kUnitDepth) continue;
        INFO("depth " << row.depth);
        CHECK(perft.count(state.raw(), row.depth) == row.mandatory);
    }
}

TEST_CASE("baghchal perft 3 divide: 240 below central-cross drops, 241 elsewhere", "[baghchal][perft]") {
    auto state = test::new_game("baghchal");
    sdk::Perft perft(state.api(), state.raw(), 3);
    const std::set<std::string> fewer = {"G@b3", "G@c1", "G@c2", "G@c3", "G@c4", "G@c5", "G@d3", "G@a3", "G@e3"};
    std::map<std::string, uint64_t> counts;
    perft.divide(state.raw(), 3, [&](arb_move m, uint64_t n) { counts[state.format_move(m)] = n; });
    REQUIRE(counts.size() == 21);
    for (const auto &[move, n] : counts) {
        INFO(move);
        CHECK(n == (fewer.count(move) ? 240u : 241u));
    }
}

TEST_CASE("baghchal perft does not depend on the repetition rule during placement", "[baghchal][perft]") {
    // Every position within 39 plies still has goats in hand.
    for (const char *rule : {"draw3", "none"}) {
        auto state = test::new_game("baghchal", {{"repetition", rule}});
        sdk::Perft perft(state.api(), state.raw(), 4);
        CHECK(perft.count(state.raw(), 4) == 68204u);
    }
}

TEST_CASE("baghchal perft below sliding-phase positions matches an independent model", "[baghchal][perft]") {
    // Repetition, capture rule and capture target all change these counts.
    std::ifstream in(test::data_path("baghchal/perft_sliding.txt"));
    REQUIRE(in.good());
    int checked = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        std::istringstream split(line);
        for (std::string f; std::getline(split, f, '|');) fields.push_back(trim(f));
        REQUIRE(fields.size() == 4);
        std::istringstream rules(fields[1]);
        std::string repetition, capture, goats_to_win;
        REQUIRE(rules >> repetition >> capture >> goats_to_win);
        const int depth = std::stoi(fields[2]);
        INFO(line);
        auto state = test::new_game(
            "baghchal", {{"repetition", repetition}, {"capture", capture}, {"goats_to_win", goats_to_win}});
        REQUIRE(state.set_position(fields[0]).has_value());
        sdk::Perft perft(state.api(), state.raw(), depth);
        CHECK(perft.count(state.raw(), depth) == std::stoull(fields[3]));
        ++checked;
    }
    CHECK(checked >= 20);
}
