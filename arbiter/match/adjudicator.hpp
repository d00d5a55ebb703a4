// Score-based adjudication in the style of cutechess: pure bookkeeping over
// the scores the engines report, tested without processes.
#pragma once

#include "match/adjudication_rules.hpp"
#include "match/game_record.hpp"

#include <optional>
#include <string>

namespace arb::match {

class Adjudicator {
public:
    struct Verdict {
        Termination termination;  // ResignAdjudication or DrawAdjudication
        int loser_side;           // -1 for a draw
        std::string reason;       // e.g. "side 1 scored <= -1000 cp for 3 moves and side 0 agreed"
    };

    explicit Adjudicator(const AdjudicationRules &rules) : rules_(rules) {}

    // Records the score `side` reported with its move (from its own point
    // of view; none breaks every streak of that side). `plies` counts every
    // move played so far, this one included.
    std::optional<Verdict> after_move(int side, std::optional<int> score_cp, int plies);

    // The verdict on a draw offer (xboard's 'offer draw') made with the
    // move after_move last recorded: a draw when the draw rule is on, its
    // first ply reached, and both sides' last scores inside its band (the
    // offer stands for the rule's count of moves); nullopt: the offer is
    // passed over.
    [[nodiscard]] std::optional<Verdict> on_draw_offer(int plies) const;

private:
    AdjudicationRules rules_;
    int losing_[2] = {0, 0};   // consecutive moves with score <= -resign.score_cp
    int winning_[2] = {0, 0};  // consecutive moves with score >= +resign.score_cp
    int drawish_[2] = {0, 0};  // consecutive moves with |score| <= draw.score_cp
};

}  // namespace arb::match
