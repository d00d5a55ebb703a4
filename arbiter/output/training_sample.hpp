// Training data from finished games (output.sample, the peers' -sample): the
// position each engine moved from, with the score that engine gave and the
// game's result, one CSV line `position,score,result` each, as c-chess-cli's
// -sample writes `fen,score,result` (docs/records.md, "Training samples").
//
// The score is the engine's own (its last 'info' score of that move, as
// games.jsonl keeps it), so from the side to move's view; mates are written
// as +-100000 (the distance is not kept). The result is from the same side's
// view: 0 loss, 1 draw, 2 win. The position is the plugin's own text (FEN for
// chess), quoted as RFC 4180 says when it holds a comma, a quote or a line
// break. Games without a result (abandoned, a plugin error) give none.
//
// Each engine move is kept with probability `freq`, drawn from the tournament
// seed, the game's schedule index and the move's number alone (sample_draw),
// so a run, a resumed run and a shard keep the same positions whatever the
// order games end in. `quiet` also drops the positions in check, those whose
// best move is a capture and mate scores (what c-chess-cli's resolve=y avoids
// by playing the PV, here simply left out); it needs a plugin whose move
// properties say capture and check ("arbiter.move-properties/2").
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "match/game_record.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace arb::output {

// The draw of engine move `move` (0-based, engine moves only) of the game at
// schedule index `index`: the output of SplitMix64 started at `seed` for the
// counter index * 2^20 + move + 1, its top 53 bits as a fraction in [0, 1).
// The move is kept when its draw is below freq.
double sample_draw(uint64_t seed, int index, size_t move) noexcept;

class TrainingSampler {
public:
    // The error says why `quiet` cannot be had with this plugin.
    static Expected<TrainingSampler> create(const game::PluginPtr &plugin, const game::OptionList &options,
                                            double freq, bool quiet, uint64_t seed);

    // The CSV lines of one finished game (empty: none kept); an Error when the
    // record does not replay (a move the plugin refuses).
    [[nodiscard]] Expected<std::string> lines(const match::GameRecord &record, int index) const;

private:
    TrainingSampler(game::GameState start, double freq, bool quiet, uint64_t seed)
        : start_(std::move(start)), freq_(freq), quiet_(quiet), seed_(seed) {}

    game::GameState start_;
    double freq_;
    bool quiet_;
    uint64_t seed_;
};

}  // namespace arb::output
