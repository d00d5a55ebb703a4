// Perft to the published depths past a million leaves (label slow): 41 s
// of CPU in Release through the ABI (depth 6 from the start, 547581517
// leaves, takes 19 s of it).
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;
using namespace arb::test::shogi;

TEST_CASE("shogi perft matches the published counts past a million leaves", "[shogi][perft][slow]") {
    int checked = 0;
    for (const PerftVector &v : perft_vectors()) {
        auto state = shogi_at(v.sfen);
        sdk::Perft perft(state.api(), state.raw(), static_cast<int>(v.counts.size()));
        for (size_t d = 1; d <= v.counts.size(); ++d) {
            if (v.counts[d - 1] <= 1000000) continue;
            INFO(v.name << " depth " << d);
            CHECK(perft.count(state.raw(), static_cast<int>(d)) == v.counts[d - 1]);
            ++checked;
        }
    }
    CHECK(checked == 10);  // the start at 5 and 6, matsuri and the middle games at 3 and 4, the others at 3
}
