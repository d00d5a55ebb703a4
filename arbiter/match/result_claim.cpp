#include "match/result_claim.hpp"

#include "match/game_record.hpp"

namespace arb::match {

bool claim_is_true(std::string_view claim, const arb_outcome &outcome) {
    const size_t end = claim.find_first_of(" \t{");
    const auto claimed = result_from_text(claim.substr(0, end));
    return claimed && *claimed != ARB_RESULT_ONGOING && *claimed == outcome.result;
}

}  // namespace arb::match
