#include "game/game_state.hpp"

#include <algorithm>
#include <cstring>
#include <new>

namespace arb::game {

namespace {

// Guard regions past the size a plugin declared: the host fills them with a
// pattern and checks it afterwards, so a plugin that writes past its own
// maximum is reported instead of corrupting the heap. Sized for the
// off-by-a-few mistakes (a forgotten NUL, one move too many).
constexpr size_t kGuardMoves = 64;
constexpr arb_move kGuardMove = static_cast<arb_move>(0x5AFE6A7D);
constexpr size_t kGuardBytes = 256;
constexpr char kGuardByte = static_cast<char>(0xA5);

std::string status_text(arb_status status) {
    switch (status) {
    case ARB_OK: return "ARB_OK";
    case ARB_ERR_SYNTAX: return "ARB_ERR_SYNTAX";
    case ARB_ERR_ILLEGAL: return "ARB_ERR_ILLEGAL";
    case ARB_ERR_OPTION: return "ARB_ERR_OPTION";
    case ARB_ERR_BUFFER: return "ARB_ERR_BUFFER";
    case ARB_ERR_INTERNAL: return "ARB_ERR_INTERNAL";
    default: return "status " + std::to_string(status);
    }
}

// The error text a plugin wrote into `err`, or `fallback` when it wrote none.
template <size_t N>
std::string text_or(const char (&err)[N], const char *fallback) {
    const std::string_view text = plugin_text(err, N);
    return text.empty() ? std::string(fallback) : std::string(text);
}

}  // namespace

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
        return fail(plugin->id() + ": " + text_or(err, "could not create a game state"));
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
        return fail(text_or(err, "position refused"));
    return {};
}

std::string GameState::position() const {
    auto text = checked_position();
    return text ? std::move(*text) : std::string();
}

arb_status GameState::reset() noexcept {
    if (!ARB_API_HAS(&api(), reset_ex)) {
        api().reset(state_);
        return ARB_OK;
    }
    return api().reset_ex(state_);
}

arb_status GameState::call_legal_moves(arb_move *moves, int32_t cap, int32_t &count) const {
    if (ARB_API_HAS(&api(), legal_moves_ex)) return api().legal_moves_ex(state_, moves, cap, &count);
    count = api().legal_moves(state_, moves, cap);
    return ARB_OK;
}

arb_status GameState::legal_moves(std::vector<arb_move> &moves) const {
    const int32_t cap = api().max_legal_moves;
    // Room past the cap, so that a plugin writing a few moves too many
    // corrupts nothing; checked_legal_moves also reports it.
    moves.resize(static_cast<size_t>(cap) + kGuardMoves);
    int32_t n = 0;
    arb_status status = call_legal_moves(moves.data(), cap, n);
    if (status == ARB_OK && (n < 0 || n > cap)) status = ARB_ERR_INTERNAL;  // a count no plugin may give
    moves.resize(status == ARB_OK ? static_cast<size_t>(n) : 0);
    return status;
}

Expected<void> GameState::checked_legal_moves(std::vector<arb_move> &moves) const {
    const int32_t cap = api().max_legal_moves;
    const auto size = static_cast<size_t>(cap);
    moves.assign(size + kGuardMoves, kGuardMove);
    int32_t n = 0;
    arb_status status = call_legal_moves(moves.data(), cap, n);
    // Entries written past the cap, counted from the first guard entry.
    size_t past = 0;
    while (past < kGuardMoves && moves[size + past] != kGuardMove) ++past;
    const bool guard_intact = std::all_of(moves.begin() + static_cast<std::ptrdiff_t>(size), moves.end(),
                                          [](arb_move m) { return m == kGuardMove; });
    const std::string declared = "max_legal_moves says " + std::to_string(cap);
    std::string broken;
    if (past > 0 || n > cap)
        broken = "legal_moves wrote " + std::to_string(past > 0 ? size + past : static_cast<size_t>(n)) + " moves, " +
                 declared;
    else if (!guard_intact)
        broken = "legal_moves wrote past its buffer (" + declared + ")";
    else if (status != ARB_OK)
        broken = "legal_moves failed with " + status_text(status);
    else if (n < 0)
        broken = "legal_moves gave the count " + std::to_string(n);
    moves.resize(broken.empty() ? static_cast<size_t>(n) : 0);  // the capacity stays for the next call
    if (!broken.empty()) return fail(broken);
    return {};
}

Expected<std::string> GameState::checked_position() const {
    const auto declared = static_cast<size_t>(api().max_position_size);
    std::string buf(declared + kGuardBytes, kGuardByte);
    arb_status status = api().write_position(state_, buf.data(), declared);
    const bool guard_intact = std::all_of(buf.begin() + static_cast<std::ptrdiff_t>(declared), buf.end(),
                                          [](char c) { return c == kGuardByte; });
    const std::string size = "max_position_size (" + std::to_string(declared) + " bytes)";
    if (!guard_intact) return fail("write_position wrote past " + size + "; does it count the NUL?");
    if (status != ARB_OK) return fail("write_position failed with " + status_text(status) + " in a buffer of " + size);
    const void *nul = std::memchr(buf.data(), '\0', declared);
    if (nul == nullptr) return fail("write_position wrote no NUL within " + size);
    buf.resize(static_cast<size_t>(static_cast<const char *>(nul) - buf.data()));
    return buf;
}

Expected<void> GameState::checked_play(arb_move move) {
    arb_status status = api().play(state_, move);
    if (status != ARB_OK) return fail("play(" + std::to_string(move) + ") failed with " + status_text(status));
    return {};
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
    if (status != ARB_OK) error = text_or(err, "move refused");
    return status;
}

std::string_view GameState::format_move(arb_move move, std::string &buf) const {
    const size_t declared = plugin_->max_move_text_size();
    buf.resize(declared + kGuardBytes);  // room for a plugin that writes past its maximum
    if (api().format_move(state_, move, buf.data(), declared) != ARB_OK) return {};
    const void *nul = std::memchr(buf.data(), '\0', declared);
    if (nul == nullptr) return {};  // no NUL where the plugin promised one
    return std::string_view(buf.data(), static_cast<size_t>(static_cast<const char *>(nul) - buf.data()));
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
    // The reason holds at most ARB_REASON_SIZE - 1 bytes and its NUL: a plugin
    // that filled all of it must not make every reader run past the struct
    // (stack bytes would reach the records). For a plugin that keeps the
    // contract this byte is already 0.
    out.reason[ARB_REASON_SIZE - 1] = '\0';
    return out;
}

std::string_view plugin_text(const char *buf, size_t size) noexcept { return {buf, ::strnlen(buf, size)}; }

}  // namespace arb::game
