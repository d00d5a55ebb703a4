#include "game/game_state.hpp"

#include "game/plugin_call.hpp"
#include "game/plugin_host.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <new>

namespace arb::game {

namespace {

using wire::Op;

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

std::string request_for(uint32_t id) {
    std::string out;
    wire::Writer(out).u32(id);
    return out;
}

std::string request_for(uint32_t id, int32_t move) {
    std::string out;
    wire::Writer w(out);
    w.u32(id);
    w.i32(move);
    return out;
}

}  // namespace

// The moves' buffer: max_legal_moves entries, kGuardMoves guard entries, then
// an inaccessible page. A few moves too many land in the guard and are
// reported; a list that runs further (200 moves into room for 4) faults on
// the page at once -- a crash in legal_moves(), named as such (in-process:
// install_plugin_crash_report; isolated: the child's signal) -- instead of
// corrupting the heap and failing somewhere unrelated later.
struct GameState::MoveBuffer {
    explicit MoveBuffer(size_t entries) {
        const auto page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
        const size_t bytes = entries * sizeof(arb_move);
        const size_t usable = (bytes + page - 1) / page * page;
        size_ = usable + page;
        void *base = ::mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED) throw std::bad_alloc();
        base_ = static_cast<char *>(base);
        ::mprotect(base_ + usable, page, PROT_NONE);
        data = reinterpret_cast<arb_move *>(base_ + usable - bytes);
    }
    ~MoveBuffer() { ::munmap(base_, size_); }
    MoveBuffer(const MoveBuffer &) = delete;
    MoveBuffer &operator=(const MoveBuffer &) = delete;

    arb_move *data = nullptr;

private:
    char *base_ = nullptr;
    size_t size_ = 0;
};

// Isolated, a round trip to the child costs far more than the plugin call:
// what the match loop asks at every turn comes in one response, and the
// canonical text of a parsed move with the parse.
struct GameState::RemoteTurn {
    arb_outcome outcome{};
    bool listed = false;  // checked_legal_moves succeeded
    std::vector<arb_move> moves;
    std::string error;    // why not, when !listed
    int32_t side = ARB_SIDE_NONE;
    arb_move_flags first_flags = 0;  // of moves[0], when it is the only one
    // The last move parse_move read, and format_move's text of it.
    arb_move parsed = ARB_MOVE_NONE;
    std::string parsed_text;
};

namespace {

arb_outcome read_outcome(wire::Reader &r) {
    arb_outcome out{};
    out.struct_size = sizeof out;
    out.result = r.i32();
    out.has_score = r.i32();
    out.score[0] = r.i32();
    out.score[1] = r.i32();
    std::string reason = r.str();
    std::memcpy(out.reason, reason.data(), std::min(reason.size(), sizeof out.reason - 1));
    return out;
}

}  // namespace

const GameState::RemoteTurn &GameState::turn() const {
    if (!turn_) {
        wire::Reader r(remote(static_cast<uint8_t>(Op::Turn), request_for(remote_id_)));
        auto t = std::make_unique<RemoteTurn>();
        t->outcome = read_outcome(r);
        t->listed = r.u8() != 0;
        if (t->listed) {
            uint32_t n = r.u32();
            for (uint32_t i = 0; i < n && r.ok(); ++i) t->moves.push_back(r.i32());
        } else {
            t->error = r.str();
        }
        t->side = r.i32();
        t->first_flags = r.u32();
        turn_ = std::move(t);
    }
    return *turn_;
}

GameState::GameState(PluginPtr plugin, arb_state *state) : plugin_(std::move(plugin)), state_(state) {}

GameState::GameState(PluginPtr plugin, std::shared_ptr<PluginHost> host, uint32_t id)
    : plugin_(std::move(plugin)), host_(std::move(host)), remote_id_(id), generation_(host_->generation()) {
    host_->state_created();
}

std::string GameState::remote(uint8_t op, const std::string &request) const {
    return host_->call(static_cast<Op>(op), request, generation_);
}

Expected<GameState> GameState::create(PluginPtr plugin, const OptionList &options, uint64_t seed,
                                      const std::shared_ptr<PluginHost> &host) {
    if (host != nullptr) {
        std::string request;
        wire::Writer w(request);
        w.u64(seed);
        w.u32(static_cast<uint32_t>(options.size()));
        for (const auto &[name, value] : options) {
            w.str(name);
            w.str(value);
        }
        // generation 0: "any child", so that a create may start one.
        wire::Reader r(host->call(Op::Create, request, 0));
        if (r.u8() == 0) return fail(plugin->id() + ": " + r.str());
        uint32_t id = r.u32();
        return GameState(std::move(plugin), host, id);
    }
    std::vector<arb_option_value> values;
    values.reserve(options.size());
    for (const auto &[name, value] : options) values.push_back({name.c_str(), value.c_str()});
    char err[ARB_ERROR_SIZE] = "";
    const arb_game_api &api = plugin->api();
    const auto count = static_cast<int32_t>(values.size());
    arb_state *state = nullptr;
    {
        PluginCallScope scope(api.id, "create");
        state = ARB_API_HAS(&api, create_ex) ? api.create_ex(&plugin->host(), seed, values.data(), count, err, sizeof err)
                                             : api.create(values.data(), count, err, sizeof err);
    }
    if (state == nullptr)
        return fail(plugin->id() + ": " + text_or(err, "could not create a game state"));
    return GameState(std::move(plugin), state);
}

GameState::GameState(const GameState &other) : plugin_(other.plugin_) {
    if (other.host_ != nullptr) {
        wire::Reader r(other.remote(static_cast<uint8_t>(Op::Clone), request_for(other.remote_id_)));
        if (r.u8() == 0) throw std::bad_alloc();
        host_ = other.host_;
        remote_id_ = r.u32();
        generation_ = other.generation_;
        host_->state_created();
        return;
    }
    PluginCallScope scope(other.api().id, "clone");
    state_ = other.api().clone(other.state_);
    if (state_ == nullptr) throw std::bad_alloc();
}

GameState &GameState::operator=(const GameState &other) {
    if (this == &other) return *this;
    if (host_ != nullptr && host_ == other.host_ && generation_ == other.generation_) {
        std::string request;
        wire::Writer w(request);
        w.u32(remote_id_);
        w.u32(other.remote_id_);
        turn_.reset();
        remote(static_cast<uint8_t>(Op::Assign), request);
        return *this;
    }
    if (host_ == nullptr && other.host_ == nullptr && plugin_ == other.plugin_ && state_ != nullptr) {
        PluginCallScope scope(api().id, "assign");
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
    : plugin_(std::move(other.plugin_)), state_(std::exchange(other.state_, nullptr)), host_(std::move(other.host_)),
      remote_id_(other.remote_id_), generation_(other.generation_), moves_(std::move(other.moves_)),
      turn_(std::move(other.turn_)) {}

GameState &GameState::operator=(GameState &&other) noexcept {
    if (this != &other) {
        release();
        plugin_ = std::move(other.plugin_);
        state_ = std::exchange(other.state_, nullptr);
        host_ = std::move(other.host_);
        remote_id_ = other.remote_id_;
        generation_ = other.generation_;
        moves_ = std::move(other.moves_);  // sized for that state's plugin
        turn_ = std::move(other.turn_);
    }
    return *this;
}

GameState::~GameState() { release(); }

void GameState::release() noexcept {
    if (state_ != nullptr) {
        PluginCallScope scope(api().id, "destroy");
        api().destroy(state_);
        state_ = nullptr;
    }
    if (host_ != nullptr) {
        host_->state_destroyed();
        if (host_->generation() == generation_) {
            try {
                remote(static_cast<uint8_t>(Op::Destroy), request_for(remote_id_));
            } catch (const std::exception &) {
                // The child died: the state went with it.
            }
        }
        host_.reset();
    }
}

Expected<void> GameState::set_position(const std::string &text) {
    if (host_ != nullptr) {
        std::string request;
        wire::Writer w(request);
        w.u32(remote_id_);
        w.str(text);
        turn_.reset();
        wire::Reader r(remote(static_cast<uint8_t>(Op::SetPosition), request));
        if (r.u8() == 0) return fail(r.str());
        return {};
    }
    char err[ARB_ERROR_SIZE] = "";
    arb_status status = ARB_OK;
    {
        PluginCallScope scope(api().id, "set_position");
        status = api().set_position(state_, text.c_str(), err, sizeof err);
    }
    if (status != ARB_OK) return fail(text_or(err, "position refused"));
    return {};
}

std::string GameState::position() const {
    auto text = checked_position();
    return text ? std::move(*text) : std::string();
}

arb_status GameState::reset() {
    if (host_ != nullptr) {
        turn_.reset();
        return wire::Reader(remote(static_cast<uint8_t>(Op::Reset), request_for(remote_id_))).i32();
    }
    PluginCallScope scope(api().id, "reset");
    if (!ARB_API_HAS(&api(), reset_ex)) {
        api().reset(state_);
        return ARB_OK;
    }
    return api().reset_ex(state_);
}

const arb_move *GameState::call_legal_moves(int32_t &count, arb_status &status) const {
    const int32_t cap = api().max_legal_moves;
    if (!moves_) moves_ = std::make_unique<MoveBuffer>(static_cast<size_t>(cap) + kGuardMoves);
    arb_move *buf = moves_->data;
    std::fill(buf, buf + cap + static_cast<int32_t>(kGuardMoves), kGuardMove);
    count = 0;
    PluginCallScope scope(api().id, "legal_moves");
    if (ARB_API_HAS(&api(), legal_moves_ex)) {
        status = api().legal_moves_ex(state_, buf, cap, &count);
    } else {
        count = api().legal_moves(state_, buf, cap);
        status = ARB_OK;
    }
    return buf;
}

namespace {

// The moves of a LegalMoves/CheckedLegalMoves response.
void read_moves(wire::Reader &r, std::vector<arb_move> &moves) {
    uint32_t n = r.u32();
    moves.clear();
    for (uint32_t i = 0; i < n && r.ok(); ++i) moves.push_back(r.i32());
}

}  // namespace

arb_status GameState::legal_moves(std::vector<arb_move> &moves) const {
    if (host_ != nullptr) {
        wire::Reader r(remote(static_cast<uint8_t>(Op::LegalMoves), request_for(remote_id_)));
        auto status = r.i32();
        read_moves(r, moves);
        return status;
    }
    const int32_t cap = api().max_legal_moves;
    int32_t n = 0;
    arb_status status = ARB_OK;
    const arb_move *buf = call_legal_moves(n, status);
    if (status == ARB_OK && (n < 0 || n > cap)) status = ARB_ERR_INTERNAL;  // a count no plugin may give
    moves.assign(buf, buf + (status == ARB_OK ? n : 0));
    return status;
}

Expected<void> GameState::checked_legal_moves(std::vector<arb_move> &moves) const {
    if (host_ != nullptr) {
        const RemoteTurn &t = turn();
        moves.assign(t.moves.begin(), t.moves.end());
        if (!t.listed) return fail(t.error);
        return {};
    }
    const int32_t cap = api().max_legal_moves;
    const auto size = static_cast<size_t>(cap);
    int32_t n = 0;
    arb_status status = ARB_OK;
    const arb_move *buf = call_legal_moves(n, status);
    const arb_move *guard = buf + size;
    // Entries written past the cap, counted from the first guard entry.
    size_t past = 0;
    while (past < kGuardMoves && guard[past] != kGuardMove) ++past;
    const bool guard_intact = std::all_of(guard, guard + kGuardMoves, [](arb_move m) { return m == kGuardMove; });
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
    // The host never trusts a count beyond the capacity: only checked entries are copied.
    moves.assign(buf, buf + (broken.empty() ? n : 0));  // a reused vector keeps its capacity
    if (!broken.empty()) return fail(broken);
    return {};
}

Expected<std::string> GameState::checked_position() const {
    if (host_ != nullptr) {
        wire::Reader r(remote(static_cast<uint8_t>(Op::Position), request_for(remote_id_)));
        bool ok = r.u8() != 0;
        std::string text = r.str();
        if (!ok) return fail(text);
        return text;
    }
    const auto declared = static_cast<size_t>(api().max_position_size);
    std::string buf(declared + kGuardBytes, kGuardByte);
    arb_status status = ARB_OK;
    {
        PluginCallScope scope(api().id, "write_position");
        status = api().write_position(state_, buf.data(), declared);
    }
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

arb_status GameState::play(arb_move move) {
    if (host_ != nullptr) {
        turn_.reset();
        return wire::Reader(remote(static_cast<uint8_t>(Op::Play), request_for(remote_id_, move))).i32();
    }
    PluginCallScope scope(api().id, "play");
    return api().play(state_, move);
}

Expected<void> GameState::checked_play(arb_move move) {
    arb_status status = play(move);
    if (status != ARB_OK) return fail("play(" + std::to_string(move) + ") failed with " + status_text(status));
    return {};
}

std::vector<arb_move> GameState::legal_moves() const {
    std::vector<arb_move> moves;
    legal_moves(moves);
    return moves;
}

arb_status GameState::parse_move(const char *text, arb_move &move, std::string &error) const {
    if (host_ != nullptr) {
        std::string request;
        wire::Writer w(request);
        w.u32(remote_id_);
        w.str(text);
        wire::Reader r(remote(static_cast<uint8_t>(Op::ParseMove), request));
        arb_status status = r.i32();
        arb_move parsed = r.i32();
        std::string message = r.str();
        std::string canonical = r.str();
        if (status != ARB_OK) {
            error = std::move(message);
            return status;
        }
        move = parsed;
        if (turn_) {
            turn_->parsed = parsed;
            turn_->parsed_text = std::move(canonical);
        }
        return status;
    }
    char err[ARB_ERROR_SIZE];
    err[0] = '\0';
    arb_status status = ARB_OK;
    {
        PluginCallScope scope(api().id, "parse_move");
        status = api().parse_move(state_, text, &move, err, sizeof err);
    }
    if (status != ARB_OK) error = text_or(err, "move refused");
    return status;
}

std::string_view GameState::format_move(arb_move move, std::string &buf) const {
    if (host_ != nullptr) {
        if (turn_ && turn_->parsed == move && move != ARB_MOVE_NONE) buf = turn_->parsed_text;
        else buf = wire::Reader(remote(static_cast<uint8_t>(Op::FormatMove), request_for(remote_id_, move))).str();
        return buf;
    }
    const size_t declared = plugin_->max_move_text_size();
    buf.resize(declared + kGuardBytes);  // room for a plugin that writes past its maximum
    arb_status status = ARB_OK;
    {
        PluginCallScope scope(api().id, "format_move");
        status = api().format_move(state_, move, buf.data(), declared);
    }
    if (status != ARB_OK) return {};
    const void *nul = std::memchr(buf.data(), '\0', declared);
    if (nul == nullptr) return {};  // no NUL where the plugin promised one
    return std::string_view(buf.data(), static_cast<size_t>(static_cast<const char *>(nul) - buf.data()));
}

std::string GameState::format_move(arb_move move) const {
    std::string buf;
    return std::string(format_move(move, buf));
}

arb_move_flags GameState::move_flags(arb_move move) const {
    const arb_game_move_properties *ext = plugin_->move_properties();
    if (ext == nullptr) return 0;
    if (host_ != nullptr) {
        if (turn_ && turn_->listed && turn_->moves.size() == 1 && turn_->moves[0] == move) return turn_->first_flags;
        return wire::Reader(remote(static_cast<uint8_t>(Op::MoveFlags), request_for(remote_id_, move))).u32();
    }
    PluginCallScope scope(api().id, "arbiter.move-properties/1 properties");
    return ext->properties(state_, move);
}

std::optional<uint64_t> GameState::hash() const {
    const arb_game_position_hash *ext = plugin_->position_hash();
    if (ext == nullptr) return std::nullopt;
    if (host_ != nullptr) {
        wire::Reader r(remote(static_cast<uint8_t>(Op::Hash), request_for(remote_id_)));
        bool has = r.u8() != 0;
        uint64_t value = r.u64();
        return has ? std::optional<uint64_t>(value) : std::nullopt;
    }
    PluginCallScope scope(api().id, "arbiter.position-hash/1 hash");
    return ext->hash(state_);
}

int32_t GameState::side_to_move() const {
    if (host_ != nullptr) return turn().side;
    PluginCallScope scope(api().id, "side_to_move");
    return api().side_to_move(state_);
}

arb_outcome GameState::outcome() const {
    arb_outcome out{};
    out.struct_size = sizeof out;
    if (host_ != nullptr) return turn().outcome;
    {
        PluginCallScope scope(api().id, "outcome");
        api().outcome(state_, &out);
    }
    // The reason holds at most ARB_REASON_SIZE - 1 bytes and its NUL: a plugin
    // that filled all of it must not make every reader run past the struct
    // (stack bytes would reach the records). For a plugin that keeps the
    // contract this byte is already 0.
    out.reason[ARB_REASON_SIZE - 1] = '\0';
    return out;
}

std::string_view plugin_text(const char *buf, size_t size) noexcept { return {buf, ::strnlen(buf, size)}; }

bool is_default_start(const PluginPtr &plugin, const std::string &position, const std::shared_ptr<PluginHost> &host) {
    auto start = GameState::create(plugin, {}, 0, host);
    return start && start->position() == position;
}

}  // namespace arb::game
