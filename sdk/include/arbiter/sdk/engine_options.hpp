// "arbiter.engine-options/1" from one static member of the game class: the
// engine options that tell an engine of a protocol the game's rules, e.g.
//
//     static std::vector<arb::sdk::EngineOption> engine_options(arb_protocol protocol,
//                                                               const arb::sdk::Options &rules) {
//         if (protocol == ARB_PROTOCOL_UCI && rules.text("variant") == "chess960")
//             return {{"variant", "UCI_Chess960", "true"}};
//         return {};
//     }
//
// makes game_adapter.hpp offer the extension. `rules` holds every rule
// option with its effective value (checked as for the constructor).
#pragma once

#include <arbiter/ext/engine_options.h>

#include <string>

namespace arb::sdk {

// One "setoption name NAME value VALUE", standing for the rule option `rule`.
struct EngineOption {
    std::string rule;
    std::string name;
    std::string value;
};

}  // namespace arb::sdk
