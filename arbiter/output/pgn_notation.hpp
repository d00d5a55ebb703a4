// The moves and start tags of a game's PGN record in the plugin's record
// notation ("arbiter.pgn-notation/2" or /1: SAN and [FEN]/[SetUp]/[Variant] for
// chess). The host knows nothing of the notation: it replays the game's
// move texts into codes and asks the plugin for each move's record text.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "match/game_record.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arb::output {

struct PgnMoves {
    std::string start_tags;          // whole tag lines, each ending with a newline; may be empty
    int first_number = 1;            // the number of the first move
    std::vector<std::string> moves;  // the opening moves, then the engines' moves
};

class PgnNotation {
public:
    // nullptr when the plugin has no record notation; an error when the game
    // cannot be created with these options.
    static Expected<std::shared_ptr<const PgnNotation>> create(const game::PluginPtr &plugin,
                                                               const game::OptionList &options);

    // The record texts of a game, replayed from its start; an error names
    // the move that does not replay.
    [[nodiscard]] Expected<PgnMoves> replay(const match::GameRecord &record) const;

    PgnNotation(game::GameState start, const game::PgnNotationCalls *ext) : start_(std::move(start)), ext_(ext) {}

private:
    game::GameState start_;
    const game::PgnNotationCalls *ext_;
};

}  // namespace arb::output
