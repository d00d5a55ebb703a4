// "arbiter.rule-edges/1" for a game class with
//     static std::span<const arb_rule_edge> rule_edges();
// in static storage, e.g. a static constexpr array of designated initializers
// (see <arbiter/ext/rule_edges.h>). Declared data, not a computed list: the
// host steps through it by the plugin's edge size.
#pragma once

#include <arbiter/ext/rule_edges.h>
#include <arbiter/sdk/adapter/guarded.hpp>

#include <concepts>
#include <span>

namespace arb::sdk::detail {

template <class Game>
struct RuleEdgesExtension {
    static constexpr const char *kId = ARB_EXT_RULE_EDGES;
    static constexpr bool kPresent = requires {
        { Game::rule_edges() } -> std::convertible_to<std::span<const arb_rule_edge>>;
    };

    static const void *table() noexcept {
        return guarded(Host(), "rule_edges", static_cast<const void *>(nullptr), [] {
            static const arb_game_rule_edges kTable = [] {
                const std::span<const arb_rule_edge> edges = Game::rule_edges();
                return arb_game_rule_edges{static_cast<uint32_t>(sizeof(arb_rule_edge)),
                                           static_cast<uint32_t>(edges.size()), edges.data()};
            }();
            return static_cast<const void *>(&kTable);
        });
    }
};

}  // namespace arb::sdk::detail
