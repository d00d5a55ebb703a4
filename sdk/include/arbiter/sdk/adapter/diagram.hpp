// "arbiter.diagram/3" and /2 for a game class with both
//     const arb::sdk::BoardDrawing &drawing() const;  // see board_drawing.hpp
//     std::string diagram_cells() const;
// Both revisions share one table layout; /2's drawing leaves out the labels
// (a /2 host refuses a keyword it does not know).
#pragma once

#include <arbiter/ext/diagram.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/board_drawing.hpp>

#include <concepts>
#include <string>
#include <string_view>

namespace arb::sdk::detail {

template <class Game, bool kLabels>
struct DiagramRevision {
    static constexpr bool kPresent = requires(const Game &g) {
        { g.drawing().text() } -> std::convertible_to<std::string_view>;
        { g.diagram_cells() } -> std::convertible_to<std::string>;
    };

    static std::string drawing_text(const Game &game) {
        if constexpr (!kLabels && requires { game.drawing().text_without_labels(); })
            return std::string(game.drawing().text_without_labels());
        else
            return std::string(game.drawing().text());
    }

    static arb_status ARB_CALL write_drawing(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "write_drawing", arb_status{ARB_ERR_INTERNAL},
                                [&] { return text_out(drawing_text(as_game<Game>(state)), buf, cap, needed); });
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

template <class Game>
struct DiagramExtension : DiagramRevision<Game, true> {
    static constexpr const char *kId = ARB_EXT_DIAGRAM_3;
};

template <class Game>
struct DiagramExtension2 : DiagramRevision<Game, false> {
    static constexpr const char *kId = ARB_EXT_DIAGRAM_2;
};

}  // namespace arb::sdk::detail
