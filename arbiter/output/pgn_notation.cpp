#include "output/pgn_notation.hpp"

namespace arb::output {

Expected<std::shared_ptr<const PgnNotation>> PgnNotation::create(const game::PluginPtr &plugin,
                                                                 const game::OptionList &options) {
    const arb_game_pgn_notation *ext = plugin->pgn_notation();
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
    std::string tags(1024, '\0');
    size_t size = 0;
    arb_status status = ext_->write_start_tags(state.raw(), tags.data(), tags.size(), &size);
    if (status == ARB_ERR_BUFFER && size + 1 > tags.size()) {
        tags.assign(size + 1, '\0');
        status = ext_->write_start_tags(state.raw(), tags.data(), tags.size(), &size);
    }
    if (status != ARB_OK || size >= tags.size()) return fail("the plugin's PGN start tags failed");
    tags.resize(size);
    out.start_tags = tags;
    out.first_number = std::max(1, ext_->move_number(state.raw()));
    std::string text(state.plugin()->max_move_text_size(), '\0');
    auto add = [&](const std::string &move) -> Expected<void> {
        arb_move code = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(move.c_str(), code, error) != ARB_OK)
            return fail("move " + std::to_string(out.moves.size() + 1) + " '" + move + "': " + error);
        if (ext_->write_move(state.raw(), code, text.data(), text.size()) != ARB_OK)
            return fail("the plugin's PGN notation failed on '" + move + "'");
        out.moves.emplace_back(text.c_str());
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
