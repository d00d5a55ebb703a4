// Finished games for record tests, built by hand.
#pragma once

#include "match/finished_game.hpp"

namespace arb::test {

inline match::FinishedGame sample_game(int index, arb_result result = ARB_RESULT_WIN_SIDE_0) {
    match::FinishedGame g;
    g.slot.index = index;
    g.slot.round = 1 + index / 4;
    g.slot.pairing = 0;
    g.slot.game_in_pairing = index % 4;
    g.slot.pair_id = index / 2;
    g.slot.engine[0] = index % 2;
    g.slot.engine[1] = 1 - index % 2;
    g.slot.opening = index / 2;
    auto &r = g.record;
    r.engine_names[0] = index % 2 ? "beta" : "alpha";
    r.engine_names[1] = index % 2 ? "alpha" : "beta";
    r.opening_moves = {"b2"};
    const char *moves[] = {"a1", "c3", "a3", "a2", "c1"};
    int i = 0;
    for (const char *m : moves) {
        match::MoveRecord mr;
        mr.text = m;
        mr.elapsed = std::chrono::milliseconds(10 + i);
        if (i == 1) mr.info.score_cp = -35;
        if (i == 2) {
            mr.info.depth = 4;
            mr.info.nodes = 12345;
        }
        if (i == 3) mr.forced = true;
        r.moves.push_back(mr);
        ++i;
    }
    r.final_position = "OXX.XO..X O";
    r.result = result;
    r.termination = match::Termination::GameRule;
    r.reason = "three in a row {diagonal}";
    r.started = std::chrono::system_clock::time_point(std::chrono::milliseconds(1763776800000));  // 2025-11-22
    r.duration = std::chrono::milliseconds(321);
    return g;
}

}  // namespace arb::test
