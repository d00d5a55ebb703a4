#include "game/game_state.hpp"

#include "game/in_process_backend.hpp"
#include "game/isolated_backend.hpp"

#include <cstring>

namespace arb::game {

GameState::GameState(std::unique_ptr<GameBackend> backend) noexcept : backend_(std::move(backend)) {}

Expected<GameState> GameState::create(PluginPtr plugin, const OptionList &options, uint64_t seed,
                                      const std::shared_ptr<PluginHost> &host) {
    auto backend = host != nullptr ? IsolatedBackend::create(std::move(plugin), options, seed, host)
                                   : InProcessBackend::create(std::move(plugin), options, seed);
    if (!backend) return fail(std::move(backend).error());
    return GameState(std::move(*backend));
}

GameState::GameState(const GameState &other) : backend_(other.backend_->clone()) {}

GameState &GameState::operator=(const GameState &other) {
    if (this == &other) return *this;
    if (backend_ != nullptr && backend_->assign_from(*other.backend_)) return *this;
    backend_ = other.backend_->clone();  // the clone first: a failed one leaves this state as it was
    return *this;
}

GameState::GameState(GameState &&other) noexcept = default;
GameState &GameState::operator=(GameState &&other) noexcept = default;
GameState::~GameState() = default;

const PluginPtr &GameState::plugin() const noexcept { return backend_->plugin(); }
arb_state *GameState::raw() noexcept { return backend_->raw(); }
const arb_state *GameState::raw() const noexcept { return backend_->raw(); }

arb_status GameState::reset() { return backend_->reset(); }

Expected<void> GameState::set_position(const std::string &text) { return backend_->set_position(text); }

std::string GameState::position() const {
    auto text = checked_position();
    return text ? std::move(*text) : std::string();
}

Expected<std::string> GameState::checked_position() const { return backend_->checked_position(); }

arb_status GameState::legal_moves(std::vector<arb_move> &moves) const { return backend_->legal_moves(moves); }

std::vector<arb_move> GameState::legal_moves() const {
    std::vector<arb_move> moves;
    legal_moves(moves);
    return moves;
}

Expected<void> GameState::checked_legal_moves(std::vector<arb_move> &moves) const {
    return backend_->checked_legal_moves(moves);
}

arb_status GameState::play(arb_move move) { return backend_->play(move); }

Expected<void> GameState::checked_play(arb_move move) {
    arb_status status = play(move);
    if (status != ARB_OK) return fail("play(" + std::to_string(move) + ") failed with " + status_text(status));
    return {};
}

arb_status GameState::parse_move(const char *text, arb_move &move, std::string &error) const {
    return backend_->parse_move(text, move, error);
}

std::string_view GameState::format_move(arb_move move, std::string &buf) const {
    return backend_->format_move(move, buf);
}

std::string GameState::format_move(arb_move move) const {
    std::string buf;
    return std::string(format_move(move, buf));
}

arb_move_flags GameState::move_flags(arb_move move) const {
    if (plugin()->move_properties() == nullptr) return 0;
    return backend_->move_flags(move);
}

std::optional<uint64_t> GameState::hash() const {
    if (plugin()->position_hash() == nullptr) return std::nullopt;
    return backend_->hash();
}

const arb_game_margin_1 *margin_calls(const PluginPtr &plugin) {
    const auto *table = static_cast<const arb_game_margin_1 *>(plugin->api().get_extension(ARB_EXT_MARGIN_1));
    return table != nullptr && table->margin != nullptr ? table : nullptr;
}

std::optional<int32_t> GameState::margin() const {
    if (margin_calls(plugin()) == nullptr) return std::nullopt;
    return backend_->margin();
}

int32_t GameState::side_to_move() const { return backend_->side_to_move(); }

arb_outcome GameState::outcome() const { return backend_->outcome(); }

arb_status GameState::diagram_text(DiagramPart part, TextReader &reader, std::string &text) const {
    if (plugin()->diagram() == nullptr) return ARB_ERR_INTERNAL;
    return backend_->diagram_text(part, reader, text);
}

std::string_view plugin_text(const char *buf, size_t size) noexcept { return {buf, ::strnlen(buf, size)}; }

bool is_default_start(const PluginPtr &plugin, const std::string &position, const std::shared_ptr<PluginHost> &host) {
    auto start = GameState::create(plugin, {}, 0, host);
    return start && start->position() == position;
}

}  // namespace arb::game
