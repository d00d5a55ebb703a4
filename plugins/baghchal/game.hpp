// Bagh Chal (tigers and goats) as an arbiter game: the state of one game,
// its move generator and its end-of-game rules. The binding rule decisions
// are in README.md next to this file.
#pragma once

#include "board.hpp"
#include "move_text.hpp"
#include "rules.hpp"

#include <arbiter/sdk/game_adapter.hpp>
#include <arbiter/sdk/position_history.hpp>

#include <span>
#include <string>
#include <string_view>

namespace arb::baghchal {

class BaghChal {
public:
    // Goats: at most one step per segment between a goat and an empty point
    // (56 segments), at most 21 drops; tigers: at most 4 x 8 moves.
    static constexpr int32_t kMaxLegalMoves = 64;

    static const sdk::GameInfo &info();

    explicit BaghChal(const sdk::Options &options) : rules_(rules_from(options)) {}

    void reset();
    arb_status set_position(std::string_view text, sdk::ErrorOut err);
    [[nodiscard]] std::string position() const;

    int32_t legal_moves(arb_move *out) const noexcept { return generate(out, true); }
    arb_status parse_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const;
    [[nodiscard]] sdk::MoveText format_move(arb_move move) const;
    // Refuses (ARB_ERR_ILLEGAL, state unchanged) a code that cannot be a move
    // here: wrong piece, occupied target, no line. Repetition and mandatory
    // capture are left to legal_moves and parse_move.
    arb_status play(arb_move move);

    [[nodiscard]] int32_t side_to_move() const;
    [[nodiscard]] sdk::Outcome outcome() const;

    // Drops and captures are irreversible (goats in hand and on the board
    // only decrease); steps are reversible.
    [[nodiscard]] arb_move_flags move_properties(arb_move move) const noexcept;
    // Exact: the board, the side to move and both goat counts fit in 62 bits.
    [[nodiscard]] uint64_t hash() const noexcept;

    // "arbiter.diagram/1" (diagram.cpp): the Alquerque board, a1 top-left.
    [[nodiscard]] const sdk::BoardDrawing &drawing() const;
    [[nodiscard]] std::string diagram_cells() const;
    // "arbiter.status-line/1": what the board does not show, e.g. "goats in hand 5, captured 3".
    [[nodiscard]] std::string status_line() const;
    // "arbiter.margin/1": the goats the tigers captured, for the goats (side 0) as a
    // negative margin: a game the tigers end with 5 captured is -5.
    [[nodiscard]] std::string margin_unit() const { return "goats captured"; }
    [[nodiscard]] int32_t margin() const { return -static_cast<int32_t>(pos_.captured); }
    // "arbiter.rule-edges/1" (rule_edges.cpp): positions where engines get the rules wrong.
    static std::span<const arb_rule_edge> rule_edges();

private:
    // Keys since the last irreversible move, once every goat is placed.
    // Runs of reversible moves are rarely long, so 128 keys stay inline.
    using History = sdk::PositionHistory<uint64_t, 128>;

    [[nodiscard]] bool decided() const noexcept { return pos_.captured >= rules_.goats_to_win || drawn_; }
    [[nodiscard]] bool forbids_repetition() const noexcept {
        return rules_.repetition == Repetition::forbid && !pos_.placing();
    }
    // The key after the side to move steps a piece from -> to.
    [[nodiscard]] uint64_t key_after_step(int from, int to) const noexcept;
    [[nodiscard]] bool step_repeats(int from, int to) const noexcept {
        return history_.contains(key_after_step(from, to));
    }
    [[nodiscard]] bool tiger_can_capture() const noexcept;
    // Legal moves; with `repetition` false, as if no repetition rule applied.
    int32_t generate(arb_move *out, bool repetition) const noexcept;
    arb_status explain_illegal(const Move &m, sdk::ErrorOut err) const;
    [[nodiscard]] bool playable(const Move &m) const noexcept;
    void restart_history();

    // Declared first so that copy assignment, which copies members in this
    // order, leaves the state whole if the history cannot allocate.
    History history_;
    Rules rules_;
    Position pos_;
    bool drawn_ = false;  // draw3: the current position has occurred three times
};

}  // namespace arb::baghchal
