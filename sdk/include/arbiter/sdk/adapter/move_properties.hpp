// "arbiter.move-properties/1" for a game class with
//     arb_move_flags move_properties(arb_move move) const;  // ARB_MOVE_PASS, ARB_MOVE_IRREVERSIBLE
// and also "/2" when the class says its answers carry ARB_MOVE_CAPTURE and
// ARB_MOVE_CHECK exactly:
//     static constexpr bool kMovePropertiesCaptureCheck = true;
#pragma once

#include <arbiter/ext/move_properties.h>
#include <arbiter/sdk/adapter/guarded.hpp>

#include <concepts>

namespace arb::sdk::detail {

template <class Game>
struct MovePropertiesExtension {
    static constexpr const char *kId = ARB_EXT_MOVE_PROPERTIES;
    static constexpr bool kPresent = requires(const Game &g, arb_move m) {
        { g.move_properties(m) } -> std::convertible_to<arb_move_flags>;
    };

    // "Reversible, not a pass" on failure: the safe answer.
    static arb_move_flags ARB_CALL properties(const arb_state *state, arb_move move) noexcept {
        return guarded_on<Game>(state, "move_properties", arb_move_flags{0},
                                [&] { return static_cast<arb_move_flags>(as_game<Game>(state).move_properties(move)); });
    }

    static const void *table() noexcept {
        static constexpr arb_game_move_properties kTable{&properties};
        return &kTable;
    }
};

// The same table under "arbiter.move-properties/2", for a class that declares it.
template <class Game>
struct MovePropertiesExtension2 {
    static constexpr const char *kId = ARB_EXT_MOVE_PROPERTIES_2;
    static constexpr bool kPresent = MovePropertiesExtension<Game>::kPresent && requires {
        requires Game::kMovePropertiesCaptureCheck;
    };
    static const void *table() noexcept { return MovePropertiesExtension<Game>::table(); }
};

}  // namespace arb::sdk::detail
