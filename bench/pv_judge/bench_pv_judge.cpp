// The PV checks' cost per ply (docs/config.md, "PV checks"), printed as
// figures (not a test). A random chess game through the plugin gives the
// positions; each ply gets the info lines a short-clock search prints (10
// lines, PVs of 1 to 12 plies of random legal moves, a few with a mate
// score), written as UCI text. Each mode is timed over the same plies:
//
//   off    the ply's own judgement alone (legal moves, the bestmove judged,
//          played): the baseline, measured in the same run
//   moves  the same, plus what the checks add: the lines kept (a copy each),
//          read (parse_pv_line), every PV replayed and the bestmove compared
//   mates  moves plus the mate checks
//
// and printed as us/ply and the ratio to off.
//
// usage: bench_pv_judge [plies]   default 200
#include "game/game_state.hpp"
#include "game/move_judge.hpp"
#include "game/plugin.hpp"
#include "game/pv_judge.hpp"

#include <arbiter/protocol/reply.hpp>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using arb::game::GameState;
using arb::game::PvChecks;

struct Ply {
    GameState position;
    std::string bestmove;
    std::vector<std::string> lines;  // as the engine sent them
};

// A PV of `length` random legal moves from `state` (shorter when the game ends).
std::string random_pv(GameState state, int length, std::mt19937 &rng) {
    std::string pv;
    for (int i = 0; i < length; ++i) {
        auto moves = state.legal_moves();
        if (moves.empty()) break;
        const arb_move m = moves[rng() % moves.size()];
        pv += " " + state.format_move(m);
        state.play(m);
    }
    return pv;
}

std::vector<Ply> make_plies(const GameState &start, int count, std::mt19937 &rng) {
    std::vector<Ply> plies;
    GameState state = start;
    while (static_cast<int>(plies.size()) < count) {
        auto moves = state.legal_moves();
        if (moves.empty()) {
            state = start;  // a new game
            continue;
        }
        Ply ply{state, state.format_move(moves[rng() % moves.size()]), {}};
        for (int depth = 1; depth <= 10; ++depth) {
            const bool mate = depth == 10 && rng() % 8 == 0;
            const std::string score = mate ? "mate 3" : "cp " + std::to_string(static_cast<int>(rng() % 200) - 100);
            GameState from = state;
            std::string pv = " " + ply.bestmove;
            arb_move first = ARB_MOVE_NONE;
            std::string error;
            (void)from.parse_move(ply.bestmove.c_str(), first, error);
            from.play(first);
            pv += random_pv(from, 1 + depth, rng);
            ply.lines.push_back("info depth " + std::to_string(depth) + " seldepth " + std::to_string(depth + 3) +
                                " multipv 1 score " + score + " nodes 12345 nps 600000 hashfull 8 tbhits 0 time 15 pv" + pv);
        }
        plies.push_back(std::move(ply));
        arb_move m = ARB_MOVE_NONE;
        std::string error;
        (void)state.parse_move(plies.back().bestmove.c_str(), m, error);
        state.play(m);
    }
    return plies;
}

// One pass over the plies in `checks` mode; the number of findings (kept, so the work is not optimised away).
long pass(const std::vector<Ply> &plies, PvChecks checks) {
    arb::game::PvJudge judge(checks);
    std::vector<arb_move> legal;
    std::string error;
    long findings = 0;
    for (const Ply &ply : plies) {
        GameState state = ply.position;  // the runner's state, as the game holds it
        if (checks != PvChecks::Off) {
            std::vector<std::string> kept(ply.lines.begin(), ply.lines.end());
            arb::protocol::PvLine last;
            for (const auto &text : kept) {
                arb::protocol::PvLine line;
                if (!arb::protocol::parse_pv_line(text, line)) continue;
                findings += judge.judge(state, line).has_value();
                last = std::move(line);
            }
            findings += !judge.begins_pv(state, last, ply.bestmove);
        }
        (void)state.legal_moves(legal);
        arb_move move = ARB_MOVE_NONE;
        (void)arb::game::judge_move(state, ply.bestmove.c_str(), legal, move, error);
        state.play(move);
    }
    return findings;
}

}  // namespace

int main(int argc, char **argv) {
    const int count = argc > 1 ? std::stoi(argv[1]) : 200;
    auto plugin = arb::game::find_plugin("chess", arb::game::plugin_search_path({ARBITER_PLUGIN_DIR}));
    if (!plugin) {
        std::fprintf(stderr, "chess plugin not built\n");
        return 1;
    }
    auto start = GameState::create(*plugin);
    if (!start) return 1;
    std::mt19937 rng(7);
    const auto plies = make_plies(*start, count, rng);
    std::printf("PV checks per ply, %d plies of random chess, 10 info lines each (PVs of 2-12 plies):\n", count);
    double baseline = 0;
    for (PvChecks checks : {PvChecks::Off, PvChecks::Moves, PvChecks::Mates}) {
        long findings = pass(plies, checks);  // warm-up
        const int rounds = 20;
        const auto began = Clock::now();
        for (int r = 0; r < rounds; ++r) findings += pass(plies, checks);
        const double us = std::chrono::duration<double, std::micro>(Clock::now() - began).count() / (rounds * count);
        if (checks == PvChecks::Off) baseline = us;
        std::printf("  %-5s %8.2f us/ply  x%.1f of off  (%ld findings)\n", arb::game::pv_checks_name(checks), us,
                    us / baseline, findings);
    }
    return 0;
}
