#include "match/adjudicator.hpp"

#include <cstdlib>

namespace arb::match {

std::optional<Adjudicator::Verdict> Adjudicator::after_move(int side, std::optional<int> score_cp, int plies) {
    if (side < 0 || side > 1) return std::nullopt;
    if (!score_cp) {
        losing_[side] = winning_[side] = drawish_[side] = 0;
        return std::nullopt;
    }
    int s = *score_cp;
    losing_[side] = s <= -rules_.resign.score_cp ? losing_[side] + 1 : 0;
    winning_[side] = s >= rules_.resign.score_cp ? winning_[side] + 1 : 0;
    drawish_[side] = std::abs(s) <= rules_.draw.score_cp ? drawish_[side] + 1 : 0;

    if (rules_.resign.enabled) {
        int n = rules_.resign.move_count;
        for (int loser = 0; loser < 2; ++loser) {
            if (losing_[loser] >= n && (!rules_.resign.two_sided || winning_[1 - loser] >= n))
                return Verdict{Termination::ResignAdjudication, loser,
                               "side " + std::to_string(loser) + " scored <= -" + std::to_string(rules_.resign.score_cp) +
                                   " cp for " + std::to_string(n) + " moves" +
                                   (rules_.resign.two_sided ? " and side " + std::to_string(1 - loser) + " agreed"
                                                            : std::string())};
        }
    }
    if (rules_.draw.enabled && plies >= rules_.draw.min_ply) {
        int n = rules_.draw.move_count;
        if (drawish_[0] >= n && drawish_[1] >= n)
            return Verdict{Termination::DrawAdjudication, -1,
                           "both sides scored within +-" + std::to_string(rules_.draw.score_cp) + " cp for " +
                               std::to_string(n) + " moves"};
    }
    return std::nullopt;
}

std::optional<Adjudicator::Verdict> Adjudicator::on_draw_offer(int plies) const {
    if (!rules_.draw.enabled || plies < rules_.draw.min_ply || drawish_[0] == 0 || drawish_[1] == 0) return std::nullopt;
    return Verdict{Termination::DrawAdjudication, -1,
                   "a draw offer, accepted as both sides' last scores are within +-" + std::to_string(rules_.draw.score_cp) +
                       " cp"};
}

}  // namespace arb::match
