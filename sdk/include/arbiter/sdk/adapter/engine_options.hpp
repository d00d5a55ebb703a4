// "arbiter.engine-options/1" for a game class with
//     static std::vector<arb::sdk::EngineOption> engine_options(arb_protocol protocol,
//                                                               const arb::sdk::Options &rules);
// the engine options an engine of `protocol` gets for these rule options,
// e.g. UCI_Chess960 (see engine_options.hpp). A list, so it goes to the
// caller's sink, one call per option (the list rule of <arbiter/game.h>).
#pragma once

#include <arbiter/ext/engine_options.h>
#include <arbiter/sdk/adapter/core.hpp>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/engine_options.hpp>
#include <arbiter/sdk/options.hpp>

#include <concepts>
#include <vector>

namespace arb::sdk::detail {

template <class Game>
struct EngineOptionsExtension {
    static constexpr const char *kId = ARB_EXT_ENGINE_OPTIONS;
    static constexpr bool kPresent = requires(arb_protocol protocol, const Options &rules) {
        { Game::engine_options(protocol, rules) } -> std::convertible_to<std::vector<EngineOption>>;
    };

    static arb_status ARB_CALL engine_options(arb_protocol protocol, const arb_option_value *values, int32_t count,
                                              arb_engine_option_sink sink, void *context) noexcept {
        if (sink == nullptr) return ARB_ERR_INTERNAL;
        return guarded(Host(), "engine_options", arb_status{ARB_ERR_INTERNAL}, [&] {
            Options rules;
            if (Options::parse(Game::info().options, values, count, rules, ErrorOut(nullptr, 0)) != ARB_OK)
                return arb_status{ARB_ERR_OPTION};
            const std::vector<EngineOption> options = Game::engine_options(protocol, rules);
            for (const EngineOption &o : options) sink(context, o.rule.c_str(), o.name.c_str(), o.value.c_str());
            return arb_status{ARB_OK};
        });
    }

    static const void *table() noexcept {
        static constexpr arb_game_engine_options kTable{&engine_options};
        return &kTable;
    }
};

}  // namespace arb::sdk::detail
