#include "game/isolated_backend.hpp"

#include "game/plugin_host.hpp"

#include <algorithm>
#include <cstring>
#include <new>

namespace arb::game {

using wire::Op;

// A round trip to the child costs far more than the plugin call: what the
// match loop asks at every turn comes in one response, and the canonical
// text of a parsed move with the parse.
struct IsolatedBackend::Turn {
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

// The moves of a LegalMoves response or a Turn.
void read_moves(wire::Reader &r, std::vector<arb_move> &moves) {
    uint32_t n = r.u32();
    moves.clear();
    for (uint32_t i = 0; i < n && r.ok(); ++i) moves.push_back(r.i32());
}

}  // namespace

IsolatedBackend::IsolatedBackend(PluginPtr plugin, std::shared_ptr<PluginHost> host, uint32_t id, uint64_t generation)
    : GameBackend(std::move(plugin)), host_(std::move(host)), id_(id), generation_(generation) {
    host_->state_created();
}

template <class Args>
std::string IsolatedBackend::call(Op op, Args &&args) const {
    std::string request;
    wire::Writer w(request);
    w.u32(id_);
    args(w);
    return host_->call(op, request, generation_);
}

std::string IsolatedBackend::call(Op op) const {
    return call(op, [](wire::Writer &) {});
}

Expected<std::unique_ptr<GameBackend>> IsolatedBackend::create(PluginPtr plugin, const OptionList &options,
                                                               uint64_t seed, std::shared_ptr<PluginHost> host) {
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
    const uint32_t id = r.u32();
    const uint64_t generation = host->generation();
    return std::unique_ptr<GameBackend>(new IsolatedBackend(std::move(plugin), std::move(host), id, generation));
}

IsolatedBackend::~IsolatedBackend() {
    // A state of a child that is gone went with it, and does not count
    // among the states of the one that serves now.
    if (host_->generation() != generation_) return;
    host_->state_destroyed();
    try {
        (void)call(Op::Destroy);
    } catch (const std::exception &) {
        // It died just now.
    }
}

std::unique_ptr<GameBackend> IsolatedBackend::clone() const {
    wire::Reader r(call(Op::Clone));
    if (r.u8() == 0) throw std::bad_alloc();
    return std::unique_ptr<GameBackend>(new IsolatedBackend(plugin(), host_, r.u32(), generation_));
}

bool IsolatedBackend::assign_from(const GameBackend &other) {
    const auto *from = dynamic_cast<const IsolatedBackend *>(&other);
    if (from == nullptr || from->host_ != host_ || from->generation_ != generation_) return false;
    turn_.reset();
    (void)call(Op::Assign, [&](wire::Writer &w) { w.u32(from->id_); });
    return true;
}

const IsolatedBackend::Turn *IsolatedBackend::kept() const {
    if (turn_ && !host_->serves(generation_)) turn_.reset();
    return turn_.get();
}

const IsolatedBackend::Turn &IsolatedBackend::turn() const {
    if (kept() == nullptr) {
        wire::Reader r(call(Op::Turn));
        auto t = std::make_unique<Turn>();
        t->outcome = read_outcome(r);
        t->listed = r.u8() != 0;
        if (t->listed) read_moves(r, t->moves);
        else t->error = r.str();
        t->side = r.i32();
        t->first_flags = r.u32();
        turn_ = std::move(t);
    }
    return *turn_;
}

Expected<void> IsolatedBackend::set_position(const std::string &text) {
    turn_.reset();
    wire::Reader r(call(Op::SetPosition, [&](wire::Writer &w) { w.str(text); }));
    if (r.u8() == 0) return fail(r.str());
    return {};
}

arb_status IsolatedBackend::reset() {
    turn_.reset();
    return wire::Reader(call(Op::Reset)).i32();
}

arb_status IsolatedBackend::legal_moves(std::vector<arb_move> &moves) const {
    wire::Reader r(call(Op::LegalMoves));
    auto status = r.i32();
    read_moves(r, moves);
    return status;
}

Expected<void> IsolatedBackend::checked_legal_moves(std::vector<arb_move> &moves) const {
    const Turn &t = turn();
    moves.assign(t.moves.begin(), t.moves.end());
    if (!t.listed) return fail(t.error);
    return {};
}

Expected<std::string> IsolatedBackend::checked_position() const {
    wire::Reader r(call(Op::Position));
    bool ok = r.u8() != 0;
    std::string text = r.str();
    if (!ok) return fail(text);
    return text;
}

arb_status IsolatedBackend::play(arb_move move) {
    turn_.reset();
    return wire::Reader(call(Op::Play, [&](wire::Writer &w) { w.i32(move); })).i32();
}

arb_status IsolatedBackend::parse_move(const char *text, arb_move &move, std::string &error) const {
    wire::Reader r(call(Op::ParseMove, [&](wire::Writer &w) { w.str(text); }));
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

std::string_view IsolatedBackend::format_move(arb_move move, std::string &buf) const {
    if (const Turn *t = kept(); t && t->parsed == move && move != ARB_MOVE_NONE) buf = t->parsed_text;
    else buf = wire::Reader(call(Op::FormatMove, [&](wire::Writer &w) { w.i32(move); })).str();
    return buf;
}

arb_move_flags IsolatedBackend::move_flags(arb_move move) const {
    if (const Turn *t = kept(); t && t->listed && t->moves.size() == 1 && t->moves[0] == move) return t->first_flags;
    return wire::Reader(call(Op::MoveFlags, [&](wire::Writer &w) { w.i32(move); })).u32();
}

std::optional<uint64_t> IsolatedBackend::hash() const {
    wire::Reader r(call(Op::Hash));
    bool has = r.u8() != 0;
    uint64_t value = r.u64();
    return has ? std::optional<uint64_t>(value) : std::nullopt;
}

std::optional<int32_t> IsolatedBackend::margin() const {
    wire::Reader r(call(Op::Margin));
    const bool has = r.u8() != 0;
    const int32_t value = r.i32();
    return has ? std::optional<int32_t>(value) : std::nullopt;
}

int32_t IsolatedBackend::side_to_move() const { return turn().side; }

arb_outcome IsolatedBackend::outcome() const { return turn().outcome; }

arb_status IsolatedBackend::diagram_text(DiagramPart part, TextReader &, std::string &text) const {
    wire::Reader r(call(Op::Diagram, [&](wire::Writer &w) { w.u8(static_cast<uint8_t>(part)); }));
    const arb_status status = r.i32();
    text = r.str();
    return status;
}

}  // namespace arb::game
