#include "cli/engine_id_names.hpp"

#include "core/quote.hpp"
#include "engine/protocol_engine.hpp"
#include "match/engine_setup.hpp"

#include <algorithm>
#include <map>

namespace arb::cli {

Expected<void> name_engines_by_id(config::TournamentConfig &config, const game::Plugin &plugin,
                                  const std::vector<size_t> &indices) {
    const auto game = match::engine_game_options(plugin, config.game.options, config.plugin_dirs);
    std::map<size_t, std::string> id_names;
    for (size_t i : indices) {
        const engine::EngineConfig &e = config.engines[i];
        const std::string engine_label = "-engine " + std::to_string(i + 1);
        auto started = engine::ProtocolEngine::start(e, config.timeouts, game);
        if (!started)
            return fail(engine_label + " (no name=, named by its 'id name' since another engine shares its program): " +
                        engine::describe_start_failure(e, started.error()));
        std::string id = escaped((*started)->id_name());
        (*started)->quit();
        if (id.empty())
            return fail(engine_label + ": no name= and its program is shared by another engine, and it gave no 'id "
                                       "name' to be named by: give each of them a name=");
        if (id.find('"') != std::string::npos)
            return fail(engine_label + ": its 'id name' " + quote(id) + " has a quote, so it cannot name it: give it a name=");
        id_names[i] = std::move(id);
    }
    for (const auto &[i, id] : id_names)
        for (size_t k = 0; k < config.engines.size(); ++k) {
            const bool renamed = id_names.count(k) > 0;
            const std::string &other = renamed ? id_names.at(k) : config.engines[k].name;
            if (k != i && other == id && (!renamed || k < i))
                return fail("-engine " + std::to_string(std::min(i, k) + 1) + " and -engine " +
                            std::to_string(std::max(i, k) + 1) + " would both be named " + quote(id) +
                            (renamed ? " (one program, no name=, and the same 'id name')" : "") +
                            ": give each a distinct name=");
        }
    for (const auto &[i, id] : id_names) config.engines[i].name = id;
    return {};
}

}  // namespace arb::cli
