// Judging the principal variations an engine's search reported, with the
// plugin as the judge (any game): each PV is replayed on a copy of the
// position through the plugin's own move calls, as fastchess checks a
// chess engine's PVs. The findings, in fastchess's order of checks:
//
//   a PV move the plugin refuses there            IllegalMove
//   a PV move after the game is over              After* (the end named from the plugin's reason)
//   with mate checks, a "score mate N" line whose PV is not a mate in N:
//     fewer plies than the mate takes (N > 0: 2N-1, N <= 0: -2N)   IncompleteMate
//     more plies                                                    TooLongMate
//     the right length, but no win for the side playing its last ply MateWithoutMate
//   and, apart, 'bestmove' is not the first move of the last best-line PV  BestmoveMismatch
#pragma once

#include "game/game_state.hpp"

#include <arbiter/protocol/reply.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::game {

// How far PVs are judged (config `pv_checks`): not at all, their moves,
// their moves and their mates (fastchess's -check-mate-pvs).
enum class PvChecks { Off, Moves, Mates };
const char *pv_checks_name(PvChecks checks);  // "off", "moves", "mates"
std::optional<PvChecks> pv_checks_named(std::string_view name);

enum class PvIssue {
    IllegalMove,
    AfterCheckmate,
    AfterStalemate,
    AfterRepetition,
    AfterFiftyMoves,
    AfterEnd,  // the game ended otherwise
    IncompleteMate,
    TooLongMate,
    MateWithoutMate,
    BestmoveMismatch,
    // Both engines' scores of consecutive moves claim a mate for the same side
    // to win (or to lose): found by the match from the two moves' scores.
    MateSignMismatch,
};

struct PvFinding {
    PvIssue issue;
    std::string move;  // the PV move the finding is about (BestmoveMismatch: the bestmove); empty for mate findings
};

// The issue a PV move after a game that ended with `reason` is (the plugin's
// outcome reason): the chess plugin's endings by name (mate, stalemate,
// repetition, the 50- and 75-move rules), AfterEnd for any other game's;
// nullopt for a dead position ("insufficient material"), past which engines
// search by design and fastchess judges no PV.
std::optional<PvIssue> issue_after_end(std::string_view reason);

// Replays PVs in one position. Not thread-safe: one per game.
class PvJudge {
public:
    explicit PvJudge(PvChecks checks) : checks_(checks) {}

    // The first finding of `line`'s PV in `state` (the position the engine
    // searched), nullopt when it passes or `line` has no PV. A plugin that
    // fails while replaying makes no finding (the game's own moves judge it).
    std::optional<PvFinding> judge(const GameState &state, const protocol::PvLine &line);

    // Whether `bestmove` (legal in `state`) begins `line`'s PV: the same
    // text, or a text the plugin reads as the same move. A line with a
    // bound score or no PV says nothing: true.
    bool begins_pv(const GameState &state, const protocol::PvLine &line, std::string_view bestmove);

private:
    std::optional<PvFinding> judge_mate(const GameState &end, const protocol::PvLine &line, int last_mover);

    PvChecks checks_;
    std::optional<GameState> board_;  // the PV's position, reused from line to line
    std::vector<arb_move> legal_;  // reused: a ply allocates nothing once it has grown
    std::string error_;
};

}  // namespace arb::game
