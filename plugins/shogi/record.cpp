// Shogi::write_record ("arbiter.record-formats/1"): KIF is kif.cpp's; for
// CSA the game is replayed from its start into a ShogiRecord, with its
// ending read from the host's result and, for an ending by the rules, from
// the plugin's own state at the end.
#include "game.hpp"
#include "record.hpp"

#include <array>
#include <stdexcept>

namespace arb::shogi {
namespace {

constexpr std::array<sdk::RecordFormat, 2> kFormats{{{"KIF", "kif"}, {"CSA", "csa"}}};

int winner_of(arb_result result) {
    if (result == ARB_RESULT_WIN_SIDE_0) return 0;
    if (result == ARB_RESULT_WIN_SIDE_1) return 1;
    return -1;
}

}  // namespace

std::span<const sdk::RecordFormat> Shogi::record_formats() { return kFormats; }

int64_t byoyomi_ms(const std::string &time_control) {
    const size_t at = time_control.find("byoyomi=");
    if (at == std::string::npos) return 0;
    // Seconds with at most three decimals, as the host writes them.
    int64_t whole = 0, fraction = 0, scale = 1000;
    size_t i = at + 8;
    for (; i < time_control.size() && time_control[i] >= '0' && time_control[i] <= '9'; ++i)
        whole = whole * 10 + (time_control[i] - '0');
    if (i < time_control.size() && time_control[i] == '.')
        for (++i; i < time_control.size() && time_control[i] >= '0' && time_control[i] <= '9' && scale > 1; ++i) {
            scale /= 10;
            fraction += (time_control[i] - '0') * scale;
        }
    return whole * 1000 + fraction;
}

std::string Shogi::write_record(const sdk::RecordGame &game, size_t format) const {
    if (format == 0) return write_record(game);  // KIF (kif.cpp)
    ShogiRecord r;
    Shogi state = *this;
    r.start = state.pos_;
    for (int32_t i = 0; i < game.move_count(); ++i) {
        const arb_record_move m = game.move(i);
        if (state.play(m.move) != ARB_OK) throw std::invalid_argument("a move that cannot be played where it is");
        if (m.move != kDeclareWin) r.moves.push_back({m.move, m.elapsed_ms});
    }
    r.winner = winner_of(game.result());
    switch (game.ending()) {
    case ARB_ENDING_RULE:
        switch (state.end_) {
        case End::sennichite: r.end = RecordEnd::Sennichite; break;
        case End::perpetual_check: r.end = RecordEnd::PerpetualCheck; break;
        case End::declared_win: r.end = RecordEnd::EnteringKing; break;
        case End::declared_draw: r.end = RecordEnd::EnteringKingDraw; break;
        case End::max_moves: r.end = RecordEnd::MaxMoves; break;
        case End::none: r.end = r.winner < 0 ? RecordEnd::Interrupted : RecordEnd::Mate; break;
        }
        break;
    case ARB_ENDING_TIME: r.end = RecordEnd::TimeUp; break;
    case ARB_ENDING_RESIGN: r.end = RecordEnd::Resign; break;
    case ARB_ENDING_FORFEIT: r.end = RecordEnd::Foul; break;
    case ARB_ENDING_AGREED: r.end = RecordEnd::Draw; break;
    default: r.end = RecordEnd::Interrupted; break;
    }
    for (int side = 0; side < 2; ++side) {
        r.names[side] = std::string(game.player(side));
        r.side_time_text[side] = std::string(game.side_time_control(side));
        r.side_base_ms[side] = game.side_clock_base_ms(side);
        r.side_increment_ms[side] = game.side_clock_increment_ms(side);
    }
    r.event = std::string(game.event());
    r.site = std::string(game.site());
    r.date = std::string(game.date());
    r.time_text = r.side_time_text[0] == r.side_time_text[1] ? r.side_time_text[0] : std::string(game.time_control());
    return write_csa(r);
}

}  // namespace arb::shogi
