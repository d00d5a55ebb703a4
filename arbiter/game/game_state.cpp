#include "game/game_state.hpp"

#include <new>

namespace arb::game {

Expected<GameState> GameState::create(PluginPtr plugin, const OptionList &options) {
    std::vector<arb_option_value> values;
    values.reserve(options.size());
    for (const auto &[name, value] : options) values.push_back({name.c_str(), value.c_str()});
    char err[ARB_ERROR_SIZE] = "";
    arb_state *state = plugin->api().create(values.data(), static_cast<int32_t>(values.size()), err, sizeof err);
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
        api().assign(state_, other.state_);
    } else {
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

void GameState::legal_moves(std::vector<arb_move> &moves) const {
    moves.resize(static_cast<size_t>(api().max_legal_moves));
    int32_t n = api().legal_moves(state_, moves.data(), api().max_legal_moves);
    moves.resize(static_cast<size_t>(n < 0 ? 0 : n));
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

void GameState::format_move(arb_move move, char (&buf)[ARB_MOVE_TEXT_SIZE]) const noexcept {
    if (api().format_move(state_, move, buf, sizeof buf) != ARB_OK) buf[0] = '\0';
}

std::string GameState::format_move(arb_move move) const {
    char buf[ARB_MOVE_TEXT_SIZE];
    format_move(move, buf);
    return buf;
}

arb_outcome GameState::outcome() const noexcept {
    arb_outcome out{};
    out.struct_size = sizeof out;
    api().outcome(state_, &out);
    return out;
}

}  // namespace arb::game
