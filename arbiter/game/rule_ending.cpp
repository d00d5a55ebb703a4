#include "game/rule_ending.hpp"

namespace arb::game {

RuleEnding rule_ending_of(std::string_view reason) noexcept {
    auto has = [&](std::string_view text) { return reason.find(text) != std::string_view::npos; };
    if (has("white mates")) return RuleEnding::WhiteMates;
    if (has("black mates")) return RuleEnding::BlackMates;
    if (has("mates")) return RuleEnding::Mates;
    if (has("stalemate")) return RuleEnding::Stalemate;
    if (has("repetition") || has("the same position occurred")) return RuleEnding::Repetition;
    if (has("without a capture or a pawn move")) return RuleEnding::MoveRule;
    if (has("insufficient material")) return RuleEnding::InsufficientMaterial;
    return RuleEnding::Other;
}

}  // namespace arb::game
