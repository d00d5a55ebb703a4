// Perft to every published depth up to 5, and the start position to 6
// (119,060,324), through the loaded ABI.
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;
using namespace arb::test::chess;

TEST_CASE("chess perft matches the published counts to depth 5 and the start position to 6", "[chess][perft][slow]") {
    for (const PerftVector &v : read_perft()) {
        auto state = chess_at(v);
        const size_t deepest = v.name == "start" ? 6 : 5;
        sdk::Perft perft(state.api(), state.raw(), static_cast<int>(deepest));
        for (size_t d = 1; d <= deepest && d <= v.counts.size(); ++d) {
            if (v.counts[d - 1] <= 1000000) continue;  // perft_test.cpp has those
            INFO(v.name << " depth " << d);
            CHECK(perft.count(state.raw(), static_cast<int>(d)) == v.counts[d - 1]);
        }
    }
}
