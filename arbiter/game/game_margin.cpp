#include "game/game_margin.hpp"

#include "game/plugin.hpp"

#include <arbiter/ext/margin.h>

namespace arb::game {

std::optional<int32_t> finished_game_margin(const GameState &state) {
    const auto *table = static_cast<const arb_game_margin_1 *>(state.plugin()->api().get_extension(ARB_EXT_MARGIN_1));
    if (table == nullptr || table->margin == nullptr) return std::nullopt;
    int32_t margin = 0;
    if (table->margin(state.raw(), &margin) != ARB_OK) return std::nullopt;
    return margin;
}

}  // namespace arb::game
