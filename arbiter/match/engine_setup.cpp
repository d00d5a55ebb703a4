#include "match/engine_setup.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace arb::match {
namespace {

// The plugin's "arbiter.protocol-notation/2" (or /1) behind the engine layer's
// Notation (the engine layer cannot see plugins), and its record notation
// ("arbiter.pgn-notation") for the moves an xboard engine writes in SAN.
class PluginNotation final : public engine::Notation {
public:
    PluginNotation(const game::Plugin &plugin, game::OptionList options) : plugin_(&plugin), options_(std::move(options)) {}

    [[nodiscard]] bool converts(protocol::Dialect dialect) const override {
        return plugin_->converts_notation(static_cast<arb_protocol>(dialect));
    }
    [[nodiscard]] std::optional<std::string> position_out(protocol::Dialect d, std::string_view text) const override {
        return plugin_->convert_notation(game::Plugin::Conversion::PositionOut, static_cast<arb_protocol>(d), text);
    }
    [[nodiscard]] std::optional<std::string> move_out(protocol::Dialect d, std::string_view text) const override {
        return plugin_->convert_notation(game::Plugin::Conversion::MoveOut, static_cast<arb_protocol>(d), text);
    }
    [[nodiscard]] std::optional<std::string> move_in(protocol::Dialect d, std::string_view text) const override {
        return plugin_->convert_notation(game::Plugin::Conversion::MoveIn, static_cast<arb_protocol>(d), text);
    }

    // The position is replayed in a state of this process: SAN is read only
    // from engines that write it, never on a UCI family engine's ply.
    [[nodiscard]] std::optional<std::string> record_move_in(const protocol::Position &position,
                                                            std::string_view move) const override {
        const game::PgnNotationCalls *pgn = plugin_->pgn_notation();
        if (pgn == nullptr) return std::nullopt;
        // Not owned: the plugin outlives its engines (below).
        auto state = game::GameState::create(game::PluginPtr(game::PluginPtr(), plugin_), options_);
        if (!state || (!position.startpos && !state->set_position(position.fen))) return std::nullopt;
        std::string error;
        for (const auto &text : position.moves) {
            arb_move code = ARB_MOVE_NONE;
            if (state->parse_move(text.c_str(), code, error) != ARB_OK || !state->checked_play(code)) return std::nullopt;
        }
        arb_move code = ARB_MOVE_NONE;
        char err[ARB_ERROR_SIZE] = "";
        if (pgn->read_move(state->raw(), std::string(move).c_str(), &code, err, sizeof err) != ARB_OK) return std::nullopt;
        return state->format_move(code);
    }

private:
    // Every caller (tournament, play, check) holds the plugin for its whole
    // run, longer than any engine it starts.
    const game::Plugin *plugin_;
    game::OptionList options_;
};

// What "arbiter.engine-options/1" gives for one dialect, collected by sink().
struct EngineOptionSink {
    protocol::Dialect dialect;
    std::vector<engine::GameSetupOptions::DialectOption> *out;
    bool failed = false;

    static void ARB_CALL sink(void *context, const char *rule, const char *name, const char *value) {
        auto *self = static_cast<EngineOptionSink *>(context);
        if (self->failed || rule == nullptr || name == nullptr || value == nullptr || *name == '\0') return;
        try {
            self->out->push_back({self->dialect, rule, name, value});
        } catch (...) {
            self->failed = true;  // out of memory: the options found so far are kept
        }
    }
};

// The plugin's engine options for each dialect engines may speak, under
// `options` (already checked against the plugin's descriptors).
void add_engine_options(const game::Plugin &plugin, const game::OptionList &options, engine::GameSetupOptions &out) {
    const arb_game_engine_options *table = plugin.engine_options();
    if (table == nullptr) return;
    std::vector<arb_option_value> values;
    values.reserve(options.size());
    for (const auto &[name, value] : options) values.push_back({name.c_str(), value.c_str()});
    for (protocol::Dialect d : out.protocols) {
        EngineOptionSink sink{d, &out.engine_options};
        const size_t before = out.engine_options.size();
        if (table->engine_options(static_cast<arb_protocol>(d), values.data(), static_cast<int32_t>(values.size()),
                                  &EngineOptionSink::sink, &sink) != ARB_OK)
            out.engine_options.resize(before);  // refused: the rule options alone, as without the extension
    }
}

}  // namespace

engine::GameSetupOptions engine_game_options(const game::Plugin &plugin, const game::OptionList &options,
                                             const std::vector<std::string> &plugin_dirs) {
    engine::GameSetupOptions out;
    out.game = plugin.id();
    auto add_dir = [&](const std::filesystem::path &dir) {
        if (dir.empty()) return;
        std::string text = std::filesystem::absolute(dir).lexically_normal().string();
        if (text.size() > 1 && text.back() == '/') text.pop_back();
        if (std::find(out.plugin_dirs.begin(), out.plugin_dirs.end(), text) == out.plugin_dirs.end())
            out.plugin_dirs.push_back(std::move(text));
    };
    add_dir(plugin.file().parent_path());
    for (const auto &dir : plugin_dirs) add_dir(dir);
    if (const game::ProtocolNotationCalls *n = plugin.protocol_notation()) {
        out.protocols.clear();
        for (protocol::Dialect d : protocol::kDialects)
            if (plugin.supports_protocol(static_cast<arb_protocol>(d))) out.protocols.push_back(d);
        if (n->converted() != 0 || plugin.pgn_notation() != nullptr)
            out.notation = std::make_shared<PluginNotation>(plugin, options);
    }
    const arb_game_api &api = plugin.api();
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &desc = api.options[i];
        std::string value = desc.default_value;
        for (const auto &[name, v] : options)
            if (name == desc.name) value = v;
        bool is_default = value == desc.default_value;
        out.rules.push_back({desc.name, std::move(value), is_default});
    }
    add_engine_options(plugin, options, out);
    return out;
}

}  // namespace arb::match
