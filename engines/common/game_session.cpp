#include "game_session.hpp"

#include <algorithm>

namespace arb::engines {

Expected<void> GameSession::select_game(const std::string &id) {
    if (id.empty()) return fail("no game given (use --game ID or 'setoption name game value ID')");
    if (plugin_ && plugin_->id() == id) return {};
    auto found = game::find_plugin(id, game::plugin_search_path(plugin_dirs_));
    if (!found) return fail(found.error().message);
    for (const auto &[name, value] : options_) {
        if ((*found)->option(name) == nullptr)
            return fail("game '" + id + "' has no option '" + name + "' (set earlier)");
    }
    plugin_ = std::move(*found);
    state_.reset();
    state_stale_ = true;
    has_position_ = false;
    for (const auto &[name, value] : options_)
        if (auto ok = check_option(name, value); !ok) return ok;
    return {};
}

Expected<void> GameSession::check_option(const std::string &name, const std::string &value) const {
    if (!plugin_) return {};
    const arb_option_desc *desc = plugin_->option(name);
    if (desc == nullptr) {
        std::string known;
        for (int32_t i = 0; i < plugin_->api().option_count; ++i)
            known += std::string(i ? ", " : "") + plugin_->api().options[i].name;
        return fail("game '" + plugin_->id() + "' has no option '" + name + "'" +
                    (known.empty() ? std::string(" (it has no options)") : "; its options: " + known));
    }
    // The plugin is the judge of values: try a state with just this option.
    arb_option_value one{name.c_str(), value.c_str()};
    char err[ARB_ERROR_SIZE] = "";
    arb_state *probe = plugin_->api().create(&one, 1, err, sizeof err);
    if (probe == nullptr) return fail("option " + name + "=" + value + " refused: " + (err[0] ? err : "bad value"));
    plugin_->api().destroy(probe);
    return {};
}

Expected<void> GameSession::set_rule_option(const std::string &name, const std::string &value) {
    if (auto ok = check_option(name, value); !ok) return ok;
    auto it = std::find_if(options_.begin(), options_.end(), [&](const auto &o) { return o.first == name; });
    if (it != options_.end()) {
        if (it->second == value) return {};
        it->second = value;
    } else {
        options_.emplace_back(name, value);
    }
    state_stale_ = true;
    has_position_ = false;
    return {};
}

Expected<void> GameSession::set_rule_option(const std::string &setting) {
    size_t eq = setting.find('=');
    if (eq == std::string::npos || eq == 0) return fail("option '" + setting + "' must be written name=value");
    return set_rule_option(setting.substr(0, eq), setting.substr(eq + 1));
}

std::vector<ugi::OptionSpec> GameSession::rule_option_specs() const {
    std::vector<ugi::OptionSpec> specs;
    if (!plugin_) return specs;
    for (int32_t i = 0; i < plugin_->api().option_count; ++i) {
        const arb_option_desc &d = plugin_->api().options[i];
        std::string current = d.default_value;
        for (const auto &[name, value] : options_)
            if (name == d.name) current = value;
        switch (d.type) {
        case ARB_OPTION_BOOL: specs.push_back(ugi::OptionSpec::check(d.name, current == "true")); break;
        case ARB_OPTION_INT: {
            ugi::OptionSpec s = ugi::OptionSpec::spin(d.name, 0, d.min_value, d.max_value);
            s.default_value = current;
            specs.push_back(std::move(s));
            break;
        }
        case ARB_OPTION_CHOICE:
            specs.push_back(ugi::OptionSpec::combo(d.name, current, std::vector<std::string>(d.choices, d.choices + d.choice_count)));
            break;
        default: specs.push_back(ugi::OptionSpec::string(d.name, current)); break;
        }
    }
    return specs;
}

bool GameSession::is_rule_option(const std::string &name) const { return plugin_ && plugin_->option(name) != nullptr; }

Expected<void> GameSession::ensure_state() {
    if (!plugin_) return fail("no game selected (use --game ID or 'setoption name game value ID')");
    if (state_ && !state_stale_) return {};
    auto created = game::GameState::create(plugin_, options_);
    if (!created) return fail(created.error().message);
    state_.emplace(std::move(*created));
    state_stale_ = false;
    return {};
}

Expected<void> GameSession::set_position(const ugi::Position &position) {
    has_position_ = false;
    history_.clear();
    if (auto ok = ensure_state(); !ok) return ok;
    game::GameState &state = *state_;
    const auto protocol = static_cast<arb_protocol>(dialect_);
    using Conversion = game::Plugin::Conversion;
    std::string fen = position.fen;
    if (!position.startpos) {
        auto own = plugin_->convert_notation(Conversion::PositionIn, protocol, fen);
        if (!own) return fail("position: " + protocol::detail::quote(fen) + " is not a position of this game in " +
                              std::string(protocol::name(dialect_)));
        fen = std::move(*own);
    }
    if (position.startpos) {
        state.reset();
    } else if (auto ok = state.set_position(fen); !ok) {
        state.reset();
        return fail("position: fen " + protocol::detail::quote(position.fen) + " refused: " + ok.error().message);
    }
    base_position_ = state.position();
    std::string error;
    for (size_t i = 0; i < position.moves.size(); ++i) {
        auto own = plugin_->convert_notation(Conversion::MoveIn, protocol, position.moves[i]);
        if (!own)
            return fail("position: move " + std::to_string(i + 1) + " " + protocol::detail::quote(position.moves[i]) +
                        " is not a move of this game in " + std::string(protocol::name(dialect_)));
        const std::string &text = *own;
        arb_move move = ARB_MOVE_NONE;
        if (state.parse_move(text.c_str(), move, error) != ARB_OK) {
            return fail("position: move " + std::to_string(i + 1) + " " + protocol::detail::quote(text) + " refused: " +
                        error);
        }
        history_.push_back(text);
        state.play(move);
    }
    has_position_ = true;
    return {};
}

std::string GameSession::move_for_host(std::string move) const {
    if (!plugin_) return move;
    auto out = plugin_->convert_notation(game::Plugin::Conversion::MoveOut, static_cast<arb_protocol>(dialect_), move);
    return out ? std::move(*out) : move;
}

}  // namespace arb::engines
