// Perft 6 from the start position (label "slow": left out of the ASan run).
#include "support/plugins.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;

TEST_CASE("ataxx perft 6 from the start position is the published 141865520", "[ataxx][perft][slow]") {
    auto state = test::new_game("ataxx");
    sdk::Perft perft(state.api(), state.raw(), 6);
    CHECK(perft.count(state.raw(), 6) == 141865520ULL);
}
