// What a game's rule ending was, read from the plugin's reason text: the
// chess plugin's endings (plugins/chess/game.cpp), which the peers name in
// their own words (fastchess's result lines, its PV warnings); Other for
// every other text, another game's.
#pragma once

#include <string_view>

namespace arb::game {

enum class RuleEnding { WhiteMates, BlackMates, Mates, Stalemate, Repetition, MoveRule, InsufficientMaterial, Other };

// Mates: another game's mate (shogi's "sente mates"); Repetition: threefold
// or fivefold; MoveRule: the 50- or 75-move rule.
RuleEnding rule_ending_of(std::string_view reason) noexcept;

}  // namespace arb::game
