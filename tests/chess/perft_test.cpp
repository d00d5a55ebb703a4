// Perft through the loaded ABI against the published counts, to the depths
// that keep the sanitizer build quick (perft_slow_test.cpp goes deeper).
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;
using namespace arb::test::chess;

TEST_CASE("chess perft matches the published counts up to a million leaves", "[chess][perft]") {
    for (const PerftVector &v : read_perft()) {
        auto state = chess_at(v);
        sdk::Perft perft(state.api(), state.raw(), static_cast<int>(v.counts.size()));
        for (size_t d = 1; d <= v.counts.size() && v.counts[d - 1] <= 1000000; ++d) {
            INFO(v.name << " depth " << d);
            CHECK(perft.count(state.raw(), static_cast<int>(d)) == v.counts[d - 1]);
        }
    }
}

TEST_CASE("chess960 start 518 is the standard array with the standard perft", "[chess][perft]") {
    auto state = test::new_game("chess", {{"variant", "chess960"}, {"start", "518"}});
    CHECK(state.position() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    sdk::Perft perft(state.api(), state.raw(), 3);
    CHECK(perft.count(state.raw(), 3) == 8902u);
}

TEST_CASE("chess960 start numbers follow Scharnagl's numbering", "[chess][perft]") {
    // Chess960 numbering scheme (chessprogramming wiki, Wikipedia): 0 is BBQNNRKR, 959 is RKRNNQBB.
    auto first = test::new_game("chess", {{"variant", "chess960"}, {"start", "0"}});
    CHECK(first.position() == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    auto last = test::new_game("chess", {{"variant", "chess960"}, {"start", "959"}});
    CHECK(last.position() == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
}
