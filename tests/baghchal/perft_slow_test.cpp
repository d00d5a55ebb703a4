// Every reference perft depth for both capture rules (depth 6: 18.6 million
// leaves), plus depth 7 from the rules file (339 million leaves with
// optional capture, about 2 s in Release); labelled slow.
#include "vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;
using namespace arb::test::baghchal;

TEST_CASE("baghchal perft matches every reference depth", "[baghchal][perft][slow]") {
    auto optional = test::new_game("baghchal", kOptional);
    auto mandatory = test::new_game("baghchal", kMandatory);
    sdk::Perft perft_optional(optional.api(), optional.raw(), 8);
    sdk::Perft perft_mandatory(mandatory.api(), mandatory.raw(), 8);
    for (const PerftRow &row : read_perft()) {
        INFO("depth " << row.depth);
        CHECK(perft_optional.count(optional.raw(), row.depth) == row.optional);
        CHECK(perft_mandatory.count(mandatory.raw(), row.depth) == row.mandatory);
    }
    // From the rules file (both reference implementations agree).
    CHECK(perft_optional.count(optional.raw(), 7) == 339123476u);
    CHECK(perft_mandatory.count(mandatory.raw(), 7) == 31637084u);
}
