#include "game/in_process_backend.hpp"

#include "game/plugin_call.hpp"
#include "game/plugin_text.hpp"

#include <sys/mman.h>
#include <unistd.h>

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

// The error text a plugin wrote into `err`, or `fallback` when it wrote none.
template <size_t N>
std::string text_or(const char (&err)[N], const char *fallback) {
    const std::string_view text = plugin_text(err, N);
    return text.empty() ? std::string(fallback) : std::string(text);
}

}  // namespace

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

// The moves' buffer: max_legal_moves entries, kGuardMoves guard entries, then
// an inaccessible page. A few moves too many land in the guard and are
// reported; a list that runs further (200 moves into room for 4) faults on
// the page at once -- a crash in legal_moves(), named as such (in-process:
// install_plugin_crash_report; isolated: the child's signal) -- instead of
// corrupting the heap and failing somewhere unrelated later.
struct InProcessBackend::MoveBuffer {
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

InProcessBackend::InProcessBackend(PluginPtr plugin, arb_state *state) : GameBackend(std::move(plugin)), state_(state) {}

Expected<std::unique_ptr<GameBackend>> InProcessBackend::create(PluginPtr plugin, const OptionList &options,
                                                                uint64_t seed) {
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
    return std::unique_ptr<GameBackend>(new InProcessBackend(std::move(plugin), state));
}

InProcessBackend::~InProcessBackend() {
    PluginCallScope scope(api().id, "destroy");
    api().destroy(state_);
}

std::unique_ptr<GameBackend> InProcessBackend::clone() const {
    arb_state *copy = nullptr;
    {
        PluginCallScope scope(api().id, "clone");
        copy = api().clone(state_);
    }
    if (copy == nullptr) throw std::bad_alloc();
    return std::unique_ptr<GameBackend>(new InProcessBackend(plugin(), copy));
}

bool InProcessBackend::assign_from(const GameBackend &other) {
    const auto *from = dynamic_cast<const InProcessBackend *>(&other);
    if (from == nullptr || from->plugin() != plugin()) return false;
    PluginCallScope scope(api().id, "assign");
    if (!ARB_API_HAS(&api(), assign_ex)) {
        api().assign(state_, from->state_);
        return true;
    }
    // A failed assign_ex leaves a destroyable state of unknown position,
    // which the caller replaces by a clone.
    return api().assign_ex(state_, from->state_) == ARB_OK;
}

Expected<void> InProcessBackend::set_position(const std::string &text) {
    char err[ARB_ERROR_SIZE] = "";
    arb_status status = ARB_OK;
    {
        PluginCallScope scope(api().id, "set_position");
        status = api().set_position(state_, text.c_str(), err, sizeof err);
    }
    if (status != ARB_OK) return fail(text_or(err, "position refused"));
    return {};
}

arb_status InProcessBackend::reset() {
    PluginCallScope scope(api().id, "reset");
    if (!ARB_API_HAS(&api(), reset_ex)) {
        api().reset(state_);
        return ARB_OK;
    }
    return api().reset_ex(state_);
}

const arb_move *InProcessBackend::call_legal_moves(int32_t &count, arb_status &status) const {
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

arb_status InProcessBackend::legal_moves(std::vector<arb_move> &moves) const {
    const int32_t cap = api().max_legal_moves;
    int32_t n = 0;
    arb_status status = ARB_OK;
    const arb_move *buf = call_legal_moves(n, status);
    if (status == ARB_OK && (n < 0 || n > cap)) status = ARB_ERR_INTERNAL;  // a count no plugin may give
    moves.assign(buf, buf + (status == ARB_OK ? n : 0));
    return status;
}

Expected<void> InProcessBackend::checked_legal_moves(std::vector<arb_move> &moves) const {
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

Expected<std::string> InProcessBackend::checked_position() const {
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

arb_status InProcessBackend::play(arb_move move) {
    PluginCallScope scope(api().id, "play");
    return api().play(state_, move);
}

arb_status InProcessBackend::parse_move(const char *text, arb_move &move, std::string &error) const {
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

std::string_view InProcessBackend::format_move(arb_move move, std::string &buf) const {
    const size_t declared = plugin()->max_move_text_size();
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

arb_move_flags InProcessBackend::move_flags(arb_move move) const {
    PluginCallScope scope(api().id, "arbiter.move-properties/1 properties");
    return plugin()->move_properties()->properties(state_, move);
}

std::optional<uint64_t> InProcessBackend::hash() const {
    PluginCallScope scope(api().id, "arbiter.position-hash/1 hash");
    return plugin()->position_hash()->hash(state_);
}

std::optional<int32_t> InProcessBackend::margin() const {
    PluginCallScope scope(api().id, "arbiter.margin/1 margin");
    int32_t margin = 0;
    if (margin_calls(plugin())->margin(state_, &margin) != ARB_OK) return std::nullopt;
    return margin;
}

int32_t InProcessBackend::side_to_move() const {
    PluginCallScope scope(api().id, "side_to_move");
    return api().side_to_move(state_);
}

arb_outcome InProcessBackend::outcome() const {
    arb_outcome out{};
    out.struct_size = sizeof out;
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

arb_status InProcessBackend::diagram_text(DiagramPart part, TextReader &reader, std::string &text) const {
    const DiagramCalls &ext = *plugin()->diagram();
    const bool drawing = part == DiagramPart::Drawing;
    PluginCallScope scope(api().id, drawing ? "arbiter.diagram write_drawing" : "arbiter.diagram write_cells");
    const TextRead r = reader.read([&](char *buf, uint32_t cap, uint32_t *needed) {
        return drawing ? ext.write_drawing(state_, buf, cap, needed) : ext.write_cells(state_, buf, cap, needed);
    });
    if (r.status == ARB_OK) text.assign(r.text);
    return r.status;
}

}  // namespace arb::game
