#include "game/pv_judge.hpp"

#include "game/move_judge.hpp"
#include "game/rule_ending.hpp"

namespace arb::game {

const char *pv_checks_name(PvChecks checks) {
    switch (checks) {
    case PvChecks::Off: return "off";
    case PvChecks::Moves: return "moves";
    case PvChecks::Mates: return "mates";
    }
    return "moves";
}

std::optional<PvChecks> pv_checks_named(std::string_view name) {
    for (PvChecks c : {PvChecks::Off, PvChecks::Moves, PvChecks::Mates})
        if (name == pv_checks_name(c)) return c;
    return std::nullopt;
}

std::optional<PvIssue> issue_after_end(std::string_view reason) {
    switch (rule_ending_of(reason)) {
    case RuleEnding::InsufficientMaterial: return std::nullopt;
    case RuleEnding::WhiteMates:
    case RuleEnding::BlackMates:
    case RuleEnding::Mates: return PvIssue::AfterCheckmate;
    case RuleEnding::Stalemate: return PvIssue::AfterStalemate;
    case RuleEnding::Repetition: return PvIssue::AfterRepetition;
    case RuleEnding::MoveRule: return PvIssue::AfterFiftyMoves;
    case RuleEnding::Other: break;
    }
    return PvIssue::AfterEnd;
}

std::optional<PvFinding> PvJudge::judge(const GameState &state, const protocol::PvLine &line) {
    if (checks_ == PvChecks::Off || line.moves.empty()) return std::nullopt;
    // Assigned, not copied: a copy is a new plugin state and move buffer
    // (an mmap and an munmap, whose TLB shootdown interrupts every CPU the
    // arbiter's threads ran on) for every info line.
    if (board_)
        *board_ = state;
    else
        board_.emplace(state);
    GameState &board = *board_;
    int last_mover = -1;
    for (const std::string &text : line.moves) {
        if (board.legal_moves(legal_) != ARB_OK) return std::nullopt;
        if (legal_.empty()) {
            const arb_outcome outcome = board.outcome();
            if (auto issue = issue_after_end(outcome.reason)) return PvFinding{*issue, text};
            return std::nullopt;  // a dead position: the rest is not judged
        }
        arb_move move = ARB_MOVE_NONE;
        if (judge_move(board, text.c_str(), legal_, move, error_) != MoveVerdict::Legal)
            return PvFinding{PvIssue::IllegalMove, text};
        last_mover = board.side_to_move();
        if (board.play(move) != ARB_OK) return std::nullopt;
    }
    if (checks_ != PvChecks::Mates || !line.mate || line.bound) return std::nullopt;
    return judge_mate(board, line, last_mover);
}

std::optional<PvFinding> PvJudge::judge_mate(const GameState &end, const protocol::PvLine &line, int last_mover) {
    // Mate in N moves of the engine's side: N of its moves, N-1 of the
    // other's between them; mated in N: N of each, the other's last.
    const long long n = *line.mate;
    const long long plies = n > 0 ? 2 * n - 1 : -2 * n;
    const auto size = static_cast<long long>(line.moves.size());
    if (size < plies) return PvFinding{PvIssue::IncompleteMate, {}};
    if (size > plies) return PvFinding{PvIssue::TooLongMate, {}};
    const arb_outcome outcome = end.outcome();
    const arb_result won = last_mover == 0 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1;
    if (last_mover < 0 || outcome.result != won) return PvFinding{PvIssue::MateWithoutMate, {}};
    return std::nullopt;
}

bool PvJudge::begins_pv(const GameState &state, const protocol::PvLine &line, std::string_view bestmove) {
    if (line.bound || line.moves.empty() || bestmove == line.moves.front()) return true;
    const std::string best(bestmove);
    arb_move a = ARB_MOVE_NONE, b = ARB_MOVE_NONE;
    if (state.parse_move(best.c_str(), a, error_) != ARB_OK) return false;
    if (state.parse_move(line.moves.front().c_str(), b, error_) != ARB_OK) return false;
    return a == b;
}

}  // namespace arb::game
