// What report.html says about each engine beyond its score: how it was run
// (command, protocol, options, from the config) and what its moves in the
// page's games show (time, depth and nodes per move, time per move through
// the game, the length of its games, its score game by game). The figures
// come from the games the page shows (every game up to a thousand, else the
// digest's bounded choice, which the page names), read while the viewer
// replays them: the replay knows which side made each move.
#pragma once

#include "match/finished_game.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arb::output {

// How one engine was run, from the tournament's config.
struct EngineFacts {
    std::string name;
    std::string command;   // the program and its arguments, as one line
    std::string protocol;  // "ugi", "uci", ... or "auto"
    std::string options;   // "Hash=64, Skill Level=3", in the config's order; empty: none
};

class EngineFigures {
public:
    // Per engine, in config order.
    struct Engine {
        int64_t moves = 0;       // moves it chose (not forced ones)
        int64_t milliseconds = 0;
        int64_t depth_sum = 0, depths = 0;    // over the moves that reported a depth
        double node_sum = 0;
        int64_t node_counts = 0;              // moves that reported nodes
        std::vector<int64_t> ms_by_move;      // per move number of its own (1st, 2nd, ...): time summed
        std::vector<int64_t> moves_by_move;   // and the moves summed there
        std::vector<int64_t> game_plies;      // each of its games' length, in the order added
        std::vector<double> points;           // its points in each rated game, in the order added
        std::string protocol;                 // the dialect its games record (under "auto", the one found)

        [[nodiscard]] std::optional<double> mean_ms() const;
        [[nodiscard]] std::optional<double> mean_depth() const;
        [[nodiscard]] std::optional<double> mean_nodes() const;
    };

    explicit EngineFigures(size_t engines) : engines_(engines) {}

    // The engine of `side` in `game` chose engine move `move` of the game.
    void add_move(const match::FinishedGame &game, int side, const match::MoveRecord &move);
    // After its moves: the game's length and result.
    void add_game(const match::FinishedGame &game);

    [[nodiscard]] const std::vector<Engine> &engines() const noexcept { return engines_; }
    [[nodiscard]] int64_t games() const noexcept { return games_; }

private:
    std::vector<Engine> engines_;
    int64_t games_ = 0;
    // Moves of the current game so far, per side (the move number of each side's next move).
    int64_t own_moves_[2] = {0, 0};
};

}  // namespace arb::output
