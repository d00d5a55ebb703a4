// "arbiter.status-line/2" for a game class with
//     std::string status_line() const;  // at most ARB_STATUS_LINE_MAX bytes, no control characters
#pragma once

#include <arbiter/ext/status_line.h>
#include <arbiter/sdk/adapter/guarded.hpp>

#include <concepts>
#include <string>

namespace arb::sdk::detail {

template <class Game>
struct StatusLineExtension {
    static constexpr const char *kId = ARB_EXT_STATUS_LINE_2;
    static constexpr bool kPresent = requires(const Game &g) {
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

}  // namespace arb::sdk::detail
