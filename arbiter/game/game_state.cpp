#include "game/game_state.hpp"

#include <new>

namespace arb::game {

Expected<GameState> GameState::create(PluginPtr plugin, const OptionList &options, uint64_t seed) {
    std::vector<arb_option_value> values;
    values.reserve(options.size());
    for (const auto &[name, value] : options) values.push_back({name.c_str(), value.c_str()});
    char err[ARB_ERROR_SIZE] = "";
    const arb_game_api &api = plugin->api();
    const auto count = static_cast<int32_t>(values.size());
    arb_state *state = ARB_API_HAS(&api, create_ex)
                           ? api.create_ex(&plugin->host(), seed, values.data(), count, err, sizeof err)
                           : api.create(values.data(), count, err, sizeof err);
    if (state == nullptr)
        return fail(plugin->id() + ": " + (err[0] ? err : "could not create a game state"));
    return GameState(std::move(plugin), state);
}

GameState::GameState(const GameState &other) : plugin_(other.plugin_), state_(other.api().clone(other.state_)) {
    if (state_ == nullptr) throw std::bad_alloc();
}

GameState &GameState::operator=(const GameState &other) {
    if (this == &other) return *this;
    if (plugin_ == other.plugin_ && state_ != nullptr) {
        if (!ARB_API_HAS(&api(), assign_ex)) {
            api().assign(state_, other.state_);
            return *this;
        }
        if (api().assign_ex(state_, other.state_) == ARB_OK) return *this;
        // A failed assign_ex leaves a destroyable state of unknown position:
        // replace it by a clone, which throws bad_alloc if that fails too.
    }
    {
        GameState copy(other);
        *this = std::move(copy);
    }
    return *this;
}

GameState::GameState(GameState &&other) noexcept
    : plugin_(std::move(other.plugin_)), state_(std::exchange(other.state_, nullptr)) {}

GameState &GameState::operator=(GameState &&other) noexcept {
    if (this != &other) {
        if (state_ != nullptr) api().destroy(state_);
        plugin_ = std::move(other.plugin_);
        state_ = std::exchange(other.state_, nullptr);
    }
    return *this;
}

GameState::~GameState() {
    if (state_ != nullptr) api().destroy(state_);
}

Expected<void> GameState::set_position(const std::string &text) {
    char err[ARB_ERROR_SIZE] = "";
    if (api().set_position(state_, text.c_str(), err, sizeof err) != ARB_OK)
        return fail(err[0] ? err : "position refused");
    return {};
}

std::string GameState::position() const {
    std::string buf(static_cast<size_t>(api().max_position_size), '\0');
    if (api().write_position(state_, buf.data(), buf.size()) != ARB_OK) return {};
    buf.resize(std::char_traits<char>::length(buf.c_str()));
    return buf;
}

arb_status GameState::reset() noexcept {
    if (!ARB_API_HAS(&api(), reset_ex)) {
        api().reset(state_);
        return ARB_OK;
    }
    return api().reset_ex(state_);
}

arb_status GameState::legal_moves(std::vector<arb_move> &moves) const {
    const int32_t cap = api().max_legal_moves;
    moves.resize(static_cast<size_t>(cap));
    int32_t n = 0;
    arb_status status = ARB_OK;
    if (ARB_API_HAS(&api(), legal_moves_ex)) {
        status = api().legal_moves_ex(state_, moves.data(), cap, &n);
    } else {
        n = api().legal_moves(state_, moves.data(), cap);
    }
    if (status == ARB_OK && (n < 0 || n > cap)) status = ARB_ERR_INTERNAL;  // a count no plugin may give
    moves.resize(status == ARB_OK ? static_cast<size_t>(n) : 0);
    return status;
}

std::vector<arb_move> GameState::legal_moves() const {
    std::vector<arb_move> moves;
    legal_moves(moves);
    return moves;
}

arb_status GameState::parse_move(const char *text, arb_move &move, std::string &error) const {
    char err[ARB_ERROR_SIZE];
    err[0] = '\0';
    arb_status status = api().parse_move(state_, text, &move, err, sizeof err);
    if (status != ARB_OK) error = err[0] ? err : "move refused";
    return status;
}

std::string_view GameState::format_move(arb_move move, std::string &buf) const {
    buf.resize(plugin_->max_move_text_size());
    if (api().format_move(state_, move, buf.data(), buf.size()) != ARB_OK) return {};
    return std::string_view(buf.c_str());  // up to the NUL the plugin wrote (a full buffer is cut at size-1)
}

std::string GameState::format_move(arb_move move) const {
    std::string buf;
    return std::string(format_move(move, buf));
}

arb_move_flags GameState::move_flags(arb_move move) const noexcept {
    const arb_game_move_properties *ext = plugin_->move_properties();
    return ext != nullptr ? ext->properties(state_, move) : 0;
}

std::optional<uint64_t> GameState::hash() const noexcept {
    const arb_game_position_hash *ext = plugin_->position_hash();
    if (ext == nullptr) return std::nullopt;
    return ext->hash(state_);
}

arb_outcome GameState::outcome() const noexcept {
    arb_outcome out{};
    out.struct_size = sizeof out;
    api().outcome(state_, &out);
    return out;
}

}  // namespace arb::game
