// "arbiter.position-hash/1", always: a game's own
//     uint64_t hash() const;
// or, without it, the key of its position text (which allocates).
#pragma once

#include <arbiter/ext/position_hash.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/hash.hpp>

#include <concepts>

namespace arb::sdk::detail {

template <class Game>
struct PositionHashExtension {
    static constexpr const char *kId = ARB_EXT_POSITION_HASH;
    static constexpr bool kPresent = true;

    static uint64_t ARB_CALL hash(const arb_state *state) noexcept {
        return guarded_on<Game>(state, "hash", uint64_t{0}, [&]() -> uint64_t {
            if constexpr (requires(const Game &g) { { g.hash() } -> std::convertible_to<uint64_t>; })
                return as_game<Game>(state).hash();
            else
                return text_key(as_game<Game>(state).position());
        });
    }

    static const void *table() noexcept {
        static constexpr arb_game_position_hash kTable{&hash};
        return &kTable;
    }
};

}  // namespace arb::sdk::detail
