// Shogi as an arbiter game: the state of one game, the whole history of its
// positions (sennichite looks back to the start: no shogi move is
// irreversible, a captured piece comes back as a drop), and the ways a game
// ends. The binding rule decisions are in README.md next to this file.
#pragma once

#include "position.hpp"
#include "rules.hpp"
#include "sfen.hpp"

#include <arbiter/sdk/board_drawing.hpp>
#include <arbiter/sdk/game_adapter.hpp>
#include <arbiter/sdk/position_history.hpp>
#include <arbiter/sdk/protocol_notation.hpp>
#include <arbiter/sdk/record.hpp>

#include <span>
#include <string>
#include <string_view>

namespace arb::shogi {

// What an entering-king declaration would score here, and whether it holds.
struct Declaration27 {
    bool king_in_camp = false;
    bool in_check = false;
    int pieces_in_camp = 0;  // the king's own pieces there, the king apart
    int points = 0;          // of those pieces and of the hand: rook and bishop 5, the others 1
};

class Shogi {
public:
    static constexpr int32_t kMaxLegalMoves = kMaxMoves + 1;  // + the declaration

    static const sdk::GameInfo &info();
    // "arbiter.protocol-notation/2": USI engines read the plugin's own texts
    // (SFEN, USI moves), so nothing is converted.
    static sdk::ProtocolNotation protocol_notation() {
        return sdk::ProtocolNotation::speaks({ARB_PROTOCOL_UGI, ARB_PROTOCOL_USI});
    }
    // "arbiter.rule-edges/1" (rule_edges.cpp).
    static std::span<const arb_rule_edge> rule_edges();

    explicit Shogi(const sdk::Options &options);

    void reset();
    arb_status set_position(std::string_view text, sdk::ErrorOut err);
    [[nodiscard]] std::string position() const { return write_sfen(pos_); }

    int32_t legal_moves(arb_move *out) const noexcept;
    arb_status parse_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const;
    [[nodiscard]] std::string format_move(arb_move move) const { return write_usi_move(move); }
    // Refuses (ARB_ERR_ILLEGAL, state unchanged) a code that cannot be
    // played here; full legality is parse_move's job.
    arb_status play(arb_move move);

    [[nodiscard]] int32_t side_to_move() const noexcept;
    [[nodiscard]] sdk::Outcome outcome() const;
    [[nodiscard]] uint64_t hash() const noexcept { return pos_.key(); }

    // "arbiter.diagram/3" and "arbiter.status-line/3" (diagram.cpp): the
    // line counts each side's checks in a row, which only the history holds.
    [[nodiscard]] const sdk::BoardDrawing &drawing() const;
    [[nodiscard]] std::string diagram_cells() const;
    [[nodiscard]] std::string status_line() const;
    static constexpr bool kStatusLineReadsHistory = true;
    // How many of `side`'s last moves in a row gave check (since the start
    // or the position set): the count the perpetual-check rule judges.
    [[nodiscard]] int checks_in_a_row(int side) const noexcept;

    // The KIF record (kif.cpp): games.kif, KIF 2.0 in UTF-8; "arbiter.record-format/2" for a
    // host of one format.
    static const sdk::RecordFormat &record_format() {
        static const sdk::RecordFormat kFormat{"KIF", "kif"};
        return kFormat;
    }
    [[nodiscard]] std::string write_record(const sdk::RecordGame &game) const;
    // "arbiter.record-formats/1": games.kif (write_record above) and games.csa
    // (record_csa.cpp), through record.cpp.
    static std::span<const sdk::RecordFormat> record_formats();
    [[nodiscard]] std::string write_record(const sdk::RecordGame &game, size_t format) const;

    [[nodiscard]] const Position &board() const noexcept { return pos_; }
    [[nodiscard]] Declaration27 declaration_count() const noexcept;

private:
    enum class End { none, sennichite, perpetual_check, declared_win, declared_draw, max_moves };

    [[nodiscard]] bool declaration_holds() const noexcept;
    [[nodiscard]] int declaration_threshold() const noexcept;
    // Would `move` make a position occur the fourth time while every move of
    // the mover since its first occurrence gave check? Then it is the
    // perpetual-check foul, not a legal move.
    [[nodiscard]] bool perpetual_check_foul(arb_move move) const noexcept;
    [[nodiscard]] int mover_check_streak() const noexcept;
    [[nodiscard]] bool all_checks_since(size_t first, size_t last) const noexcept;
    void judge_position() noexcept;
    [[nodiscard]] bool playable(arb_move move) const noexcept;

    // The key of every position since the start, the current one last.
    // Declared first so that copy assignment, which copies members in this
    // order, leaves the state whole if the history cannot allocate.
    sdk::PositionHistory<uint64_t, 64> history_;
    Rules rules_;
    Position start_;
    Position pos_;
    End end_ = End::none;
    int winner_ = -1;
    int declared_points_ = 0;
};

}  // namespace arb::shogi
