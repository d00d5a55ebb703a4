// "arbiter.margin/1" for a game class with
//     std::string margin_unit() const;  // "discs": plural, lower case, at most ARB_MARGIN_UNIT_MAX bytes
//     int32_t margin() const;           // side 0's margin; called only when the game is over
#pragma once

#include <arbiter/ext/margin.h>
#include <arbiter/sdk/adapter/guarded.hpp>

#include <concepts>
#include <cstdint>
#include <string>

namespace arb::sdk::detail {

template <class Game>
struct MarginExtension {
    static constexpr const char *kId = ARB_EXT_MARGIN_1;
    static constexpr bool kPresent = requires(const Game &g) {
        { g.margin_unit() } -> std::convertible_to<std::string>;
        { g.margin() } -> std::convertible_to<int32_t>;
    };

    static arb_status ARB_CALL write_unit(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "margin_unit", arb_status{ARB_ERR_INTERNAL},
                                [&] { return text_out(as_game<Game>(state).margin_unit(), buf, cap, needed); });
    }

    static arb_status ARB_CALL margin(const arb_state *state, int32_t *margin) noexcept {
        if (margin == nullptr) return ARB_ERR_INTERNAL;
        *margin = 0;
        return guarded_on<Game>(state, "margin", arb_status{ARB_ERR_INTERNAL}, [&] {
            const Game &game = as_game<Game>(state);
            // The margin of a finished game only (margin.h).
            if (game.side_to_move() != ARB_SIDE_NONE) return arb_status{ARB_ERR_ILLEGAL};
            *margin = static_cast<int32_t>(game.margin());
            return arb_status{ARB_OK};
        });
    }

    static const void *table() noexcept {
        static constexpr arb_game_margin_1 kTable{&write_unit, &margin};
        return &kTable;
    }
};

}  // namespace arb::sdk::detail
