// Perft to the published depths past a million leaves (label slow).
// The figures past 60 million (depth 6 from the start, 547581517, about two
// minutes through the ABI) are a manual test: plugins/shogi/README.md.
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;
using namespace arb::test::shogi;

TEST_CASE("shogi perft matches the published counts up to 60 million leaves", "[shogi][perft][slow]") {
    int checked = 0;
    for (const PerftVector &v : perft_vectors()) {
        auto state = shogi_at(v.sfen);
        sdk::Perft perft(state.api(), state.raw(), static_cast<int>(v.counts.size()));
        for (size_t d = 1; d <= v.counts.size(); ++d) {
            if (v.counts[d - 1] <= 1000000 || v.counts[d - 1] > 60000000) continue;
            INFO(v.name << " depth " << d);
            CHECK(perft.count(state.raw(), static_cast<int>(d)) == v.counts[d - 1]);
            ++checked;
        }
    }
    CHECK(checked == 5);  // the start at 5, the others but the bare kings at 3
}
