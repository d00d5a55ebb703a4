// "arbiter.status-line/3" (and /2) for a game class with
//     std::string status_line() const;  // at most ARB_STATUS_LINE_MAX bytes, no control characters
// A line that depends on the game's history (not only on its position) is
// declared by `static constexpr bool kStatusLineReadsHistory = true;` in the
// game class: it is then offered as /3 only, whose contract allows it.
#pragma once

#include <arbiter/ext/status_line.h>
#include <arbiter/sdk/adapter/guarded.hpp>

#include <concepts>
#include <string>

namespace arb::sdk::detail {

template <class Game>
constexpr bool status_line_reads_history() {
    if constexpr (requires { Game::kStatusLineReadsHistory; })
        return Game::kStatusLineReadsHistory;
    else
        return false;
}

template <class Game, bool kHistory>
struct StatusLineRevision {
    static constexpr bool kPresent = (kHistory || !status_line_reads_history<Game>()) && requires(const Game &g) {
        { g.status_line() } -> std::convertible_to<std::string>;
    };

    static arb_status ARB_CALL write_status(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "status_line", arb_status{ARB_ERR_INTERNAL},
                                [&] { return text_out(as_game<Game>(state).status_line(), buf, cap, needed); });
    }

    static const void *table() noexcept {
        static constexpr arb_game_status_line_2 kTable{&write_status};
        return &kTable;
    }
};

// /3 for every game with a line; /2 only for a line of the position alone.
template <class Game>
struct StatusLineExtension : StatusLineRevision<Game, true> {
    static constexpr const char *kId = ARB_EXT_STATUS_LINE_3;
};

template <class Game>
struct StatusLineExtension2 : StatusLineRevision<Game, false> {
    static constexpr const char *kId = ARB_EXT_STATUS_LINE_2;
};

}  // namespace arb::sdk::detail
