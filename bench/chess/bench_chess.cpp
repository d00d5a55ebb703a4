// Chess speed, printed as figures (not a test):
//  1. perft through the C ABI (sdk::Perft: legal_moves, assign, play per
//     node, with the game's draw rules and repetition history) against a
//     plain copy-make perft loop calling the same bitboard generator
//     directly, and their ratio (goal: under 2);
//  2. the host's judgement of one engine move, parse_move of its UCI text
//     through the ABI (the text read, the legal moves generated, the move
//     found), at typical positions (goal: under a microsecond).
//
// usage: bench_chess [depth]   default 5
#include "position.hpp"
#include "fen.hpp"

#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/sdk/perft.hpp>

#include <chrono>
#include <cstdio>
#include <string>

namespace {

using Clock = std::chrono::steady_clock;

uint64_t plain_perft(const arb::chess::Position &p, int depth) {
    arb_move moves[arb::chess::kMaxMoves];
    const int n = p.legal_moves(moves);
    if (depth == 1) return static_cast<uint64_t>(n);
    uint64_t total = 0;
    for (int i = 0; i < n; ++i) {
        arb::chess::Position child = p;
        child.play(moves[i]);
        total += plain_perft(child, depth - 1);
    }
    return total;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

int main(int argc, char **argv) {
    const int depth = argc > 1 ? std::stoi(argv[1]) : 5;
    auto plugin = arb::game::find_plugin("chess", arb::game::plugin_search_path({ARBITER_PLUGIN_DIR}));
    if (!plugin) {
        std::fprintf(stderr, "chess plugin not built\n");
        return 1;
    }
    struct Case {
        const char *name;
        const char *fen;
        const char *move;  // a legal move to judge
    };
    const Case cases[] = {
        {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3"},
        {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e2a6"},
        {"middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "c3d5"},
        {"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "e2e4"},
    };
    std::printf("perft depth %d\n%-11s %12s %10s %10s %12s %7s\n", depth, "position", "leaves", "abi s", "plain s",
                "abi leaves/s", "ratio");
    for (const Case &c : cases) {
        auto state = arb::game::GameState::create(*plugin);
        if (!state || !state->set_position(c.fen)) return 1;
        arb::chess::Position direct;
        if (arb::chess::parse_fen(c.fen, false, direct, arb::sdk::ErrorOut(nullptr, 0)) != ARB_OK) return 1;
        arb::sdk::Perft perft(state->api(), state->raw(), depth);
        auto t0 = Clock::now();
        const uint64_t abi = perft.count(state->raw(), depth);
        const double abi_s = seconds_since(t0);
        t0 = Clock::now();
        const uint64_t plain = plain_perft(direct, depth);
        const double plain_s = seconds_since(t0);
        if (abi != plain) std::printf("MISMATCH %llu vs %llu\n", (unsigned long long)abi, (unsigned long long)plain);
        std::printf("%-11s %12llu %10.3f %10.3f %12.0f %7.2f\n", c.name, (unsigned long long)abi, abi_s, plain_s,
                    static_cast<double>(abi) / abi_s, abi_s / plain_s);
    }
    std::printf("\njudging one engine move (parse_move of its UCI text through the ABI)\n%-11s %8s %12s\n", "position",
                "move", "ns per move");
    for (const Case &c : cases) {
        auto state = arb::game::GameState::create(*plugin);
        if (!state || !state->set_position(c.fen)) return 1;
        const arb_game_api &api = state->api();
        constexpr int kRounds = 1000000;
        arb_move move = ARB_MOVE_NONE;
        uint64_t sum = 0;
        auto t0 = Clock::now();
        for (int i = 0; i < kRounds; ++i) {
            if (api.parse_move(state->raw(), c.move, &move, nullptr, 0) != ARB_OK) return 1;
            sum += static_cast<uint64_t>(move);
        }
        const double ns = seconds_since(t0) * 1e9 / kRounds;
        std::printf("%-11s %8s %12.1f%s\n", c.name, c.move, ns, sum == 0 ? " ?" : "");
    }
    return 0;
}
