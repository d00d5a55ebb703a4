// Two plugins of one game compared by their play: the way a second author
// validates a plugin against the first, or an author checks a rewrite. Pure
// logic over loaded plugins; `arbiter plugin-diff` prints what it finds.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::game {

struct DiffSettings {
    uint32_t seed = 1;
    int games = 50;          // random games walked through both plugins
    int max_plies = 300;     // per random game
    int perft_depth = 2;     // perft with a divide at sampled positions; 0: none
    int perft_every = 4;     // the sampled positions: plies 0, n, 2n, ... of each game
    OptionList options;      // given to both plugins
};

// What differs at the first position where the plugins disagree.
enum class DiffKind {
    Create,    // one plugin creates the game with the options, the other refuses
    Outcome,   // result (or whether the game is over)
    Moves,     // the set of legal moves, as texts
    Position,  // the position text
    Play,      // a move both list fails to parse or play in one of them
    EdgeStart, // a rule edge's position text is read by one plugin only
};
[[nodiscard]] std::string_view to_string(DiffKind kind) noexcept;

// One line of a perft divide where the plugins' counts differ.
struct DivideLine {
    std::string move;
    int64_t count_a = 0;
    int64_t count_b = 0;
};

struct Difference {
    DiffKind kind = DiffKind::Moves;
    int game = 0;                       // the random game (from 0) that met it; -1: a rule edge
    // Set when a rule edge's walk met it: "A's rule edge 3 (forced-pass)",
    // and the position text the moves start from ("" for the start position).
    std::string edge;
    std::string start_position;
    std::vector<std::string> moves;     // the move texts from the start (or the edge's position) to the position
    std::string position_a, position_b; // the position text in each plugin
    // What each plugin says there: the sorted move texts (Moves), one line
    // of outcome (Outcome), the position text (Position) or an error (Create, Play).
    std::vector<std::string> a, b;
    // Set when a perft divide at an earlier position of the walk found it:
    // the ply of that position in `moves`, the depth and the lines that differ.
    std::optional<int> perft_ply;
    int perft_depth = 0;
    std::vector<DivideLine> divide;
};

struct DiffReport {
    int games = 0;                 // random games walked
    int64_t positions = 0;         // positions compared along the walks
    int perft_positions = 0;       // positions where a perft divide was compared
    int games_disagreeing = 0;     // games that met a difference
    int edges = 0;                 // rule edges of either plugin walked ("arbiter.rule-edges/1")
    int edges_disagreeing = 0;     // of those, the ones that met a difference
    // The difference with the shortest move sequence from the start among
    // the games and rule edges that disagree (on a tie the first game, then
    // the first edge); none: they agree.
    std::optional<Difference> difference;

    [[nodiscard]] bool agree() const noexcept { return !difference.has_value(); }
};

// Walks `settings.games` seeded random games through both plugins with the
// same options (each move chosen among the sorted common move texts, so the
// walk does not depend on either plugin's move codes), comparing outcome,
// legal moves and position text at every position and a perft divide at the
// sampled ones; a divide that differs is followed down to the first position
// below whose moves or outcome differ. Before the random games, the rule
// edges of A, then those of B not already in A's ("arbiter.rule-edges/1";
// those that apply under the options): each edge's position and moves are
// compared the same way, then a random game goes on from there. An error
// when neither plugin accepts the options (it names the option).
Expected<DiffReport> diff_plugins(const PluginPtr &a, const PluginPtr &b, const DiffSettings &settings);

}  // namespace arb::game
