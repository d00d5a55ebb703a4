#include "output/pgn_notation.hpp"

#include "game/plugin_text.hpp"

#include <algorithm>

namespace arb::output {

Expected<std::shared_ptr<const PgnNotation>> PgnNotation::create(const game::PluginPtr &plugin,
                                                                 const game::OptionList &options) {
    const game::PgnNotationCalls *ext = plugin->pgn_notation();
    if (ext == nullptr) return std::shared_ptr<const PgnNotation>();
    auto start = game::GameState::create(plugin, options);
    if (!start) return Unexpected<Error>{start.error()};
    return std::make_shared<const PgnNotation>(std::move(*start), ext);
}

Expected<PgnMoves> PgnNotation::replay(const match::GameRecord &r) const {
    game::GameState state = start_;
    if (!r.opening_position.empty()) {
        if (auto set = state.set_position(r.opening_position); !set)
            return fail("start position '" + r.opening_position + "': " + set.error().message);
    }
    PgnMoves out;
    // One reader for the tags and every move: after the first call it has
    // the size of the longest text so far, so each later one is one call.
    game::TextReader reader(static_cast<uint32_t>(std::max<size_t>(1024, state.plugin()->max_move_text_size())));
    const game::TextRead tags = reader.read([&](char *buf, uint32_t cap, uint32_t *needed) {
        return ext_->write_start_tags(state.raw(), buf, cap, needed);
    });
    if (tags.status != ARB_OK) return fail("the plugin's PGN start tags failed");
    out.start_tags = std::string(tags.text);
    out.first_number = std::max(1, ext_->move_number(state.raw()));
    auto add = [&](const std::string &move) -> Expected<void> {
        arb_move code = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(move.c_str(), code, error) != ARB_OK)
            return fail("move " + std::to_string(out.moves.size() + 1) + " '" + move + "': " + error);
        const game::TextRead text = reader.read([&](char *buf, uint32_t cap, uint32_t *needed) {
            return ext_->write_move(state.raw(), code, buf, cap, needed);
        });
        if (text.status != ARB_OK) return fail("the plugin's PGN notation failed on '" + move + "'");
        out.moves.emplace_back(text.text);
        state.play(code);
        return {};
    };
    for (const auto &m : r.opening_moves)
        if (auto ok = add(m); !ok) return Unexpected<Error>{ok.error()};
    for (const auto &m : r.moves)
        if (auto ok = add(m.text); !ok) return Unexpected<Error>{ok.error()};
    return out;
}

}  // namespace arb::output
