// Perft through the loaded ABI against the published counts, to the depths
// that keep the sanitizer build quick (perft_slow_test.cpp goes deeper).
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;
using namespace arb::test::shogi;

TEST_CASE("shogi perft matches the published counts up to a million leaves", "[shogi][perft]") {
    int checked = 0;
    for (const PerftVector &v : perft_vectors()) {
        auto state = shogi_at(v.sfen);
        sdk::Perft perft(state.api(), state.raw(), static_cast<int>(v.counts.size()));
        for (size_t d = 1; d <= v.counts.size() && v.counts[d - 1] <= 1000000; ++d) {
            if (v.counts[d - 1] == 0) continue;
            INFO(v.name << " depth " << d);
            CHECK(perft.count(state.raw(), static_cast<int>(d)) == v.counts[d - 1]);
            ++checked;
        }
    }
    CHECK(checked == 13);  // the start to depth 4, the others to 1 or 2
}

TEST_CASE("shogi perft from the start position of a new game is the published one", "[shogi][perft]") {
    auto state = test::new_game("shogi");
    CHECK(state.position() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    sdk::Perft perft(state.api(), state.raw(), 3);
    CHECK(perft.count(state.raw(), 3) == 25470u);
}
