// "arbiter.diagram/2" for a game class with both
//     const arb::sdk::BoardDrawing &drawing() const;  // see board_drawing.hpp
//     std::string diagram_cells() const;
#pragma once

#include <arbiter/ext/diagram.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/board_drawing.hpp>

#include <concepts>
#include <string>
#include <string_view>

namespace arb::sdk::detail {

template <class Game>
struct DiagramExtension {
    static constexpr const char *kId = ARB_EXT_DIAGRAM_2;
    static constexpr bool kPresent = requires(const Game &g) {
        { g.drawing().text() } -> std::convertible_to<std::string_view>;
        { g.diagram_cells() } -> std::convertible_to<std::string>;
    };

    static arb_status ARB_CALL write_drawing(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "write_drawing", arb_status{ARB_ERR_INTERNAL},
                                [&] { return text_out(as_game<Game>(state).drawing().text(), buf, cap, needed); });
    }

    static arb_status ARB_CALL write_cells(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "write_cells", arb_status{ARB_ERR_INTERNAL},
                                [&] { return text_out(as_game<Game>(state).diagram_cells(), buf, cap, needed); });
    }

    static const void *table() noexcept {
        static constexpr arb_game_diagram_2 kTable{&write_drawing, &write_cells};
        return &kTable;
    }
};

}  // namespace arb::sdk::detail
