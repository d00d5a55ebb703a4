// The plugin-host child's side of game/plugin_host.hpp: runs each request on
// a local GameState and answers with what it returned.
#include "game/game_state.hpp"
#include "game/plugin_host.hpp"
#include "game/plugin_text.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>

namespace arb::game {

namespace wire {

bool write_frame(int fd, std::string_view payload) {
    std::string frame(sizeof(uint32_t), '\0');
    const auto size = static_cast<uint32_t>(payload.size());
    std::memcpy(frame.data(), &size, sizeof size);
    frame.append(payload);
    for (size_t done = 0; done < frame.size();) {
        ssize_t n = ::write(fd, frame.data() + done, frame.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

namespace {

bool read_exactly(int fd, char *buf, size_t size) {
    for (size_t done = 0; done < size;) {
        ssize_t n = ::read(fd, buf + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

}  // namespace

bool read_frame(int fd, std::string &payload) {
    uint32_t size = 0;
    if (!read_exactly(fd, reinterpret_cast<char *>(&size), sizeof size) || size > kMaxFrame) return false;
    payload.resize(size);
    return read_exactly(fd, payload.data(), size);
}

}  // namespace wire

namespace {

using wire::Op;

class Server {
public:
    explicit Server(PluginPtr plugin) : plugin_(std::move(plugin)) {}

    // The response to one request (after the flags byte), or false for a
    // request that cannot be read.
    bool handle(const std::string &request, std::string &out) {
        wire::Reader r(request);
        wire::Writer w(out);
        const auto op = static_cast<Op>(r.u8());
        if (op == Op::Create) return create(r, w);
        GameState *state = find(r.u32());
        if (state == nullptr || !r.ok()) return false;
        switch (op) {
        case Op::Create: return false;
        case Op::Clone: {
            try {
                const uint32_t id = next_id_++;
                states_.emplace(id, *state);
                w.u8(1);
                w.u32(id);
            } catch (const std::bad_alloc &) {
                w.u8(0);
                w.u32(0);
            }
            return true;
        }
        case Op::Destroy: {
            states_.erase(last_id_);
            return true;
        }
        case Op::Assign: {
            GameState *from = find(r.u32());
            if (from == nullptr) return false;
            *state = *from;
            return true;
        }
        case Op::SetPosition: {
            std::string text = r.str();
            auto set = state->set_position(text);
            w.u8(set ? 1 : 0);
            w.str(set ? std::string() : set.error().message);
            return r.ok();
        }
        case Op::Position: {
            auto text = state->checked_position();
            if (!text) tainted_ = true;
            w.u8(text ? 1 : 0);
            w.str(text ? *text : text.error().message);
            return true;
        }
        case Op::LegalMoves: {
            w.i32(state->legal_moves(moves_));
            put_moves(w);
            return true;
        }
        case Op::CheckedLegalMoves: put_checked_moves(*state, w); return true;
        case Op::ParseMove: {
            std::string text = r.str();
            arb_move move = ARB_MOVE_NONE;
            std::string error;
            arb_status status = state->parse_move(text.c_str(), move, error);
            w.i32(status);
            w.i32(move);
            w.str(error);
            w.str(status == ARB_OK ? state->format_move(move, text_) : std::string_view());
            return r.ok();
        }
        case Op::FormatMove: w.str(state->format_move(r.i32(), text_)); return r.ok();
        case Op::MoveFlags: w.u32(state->move_flags(r.i32())); return r.ok();
        case Op::Hash: {
            auto hash = state->hash();
            w.u8(hash ? 1 : 0);
            w.u64(hash.value_or(0));
            return true;
        }
        case Op::Play: w.i32(state->play(r.i32())); return r.ok();
        case Op::SideToMove: w.i32(state->side_to_move()); return true;
        case Op::Outcome: put_outcome(*state, w); return true;
        case Op::Turn: {
            put_outcome(*state, w);
            put_checked_moves(*state, w);
            w.i32(state->side_to_move());
            w.u32(moves_.size() == 1 ? state->move_flags(moves_[0]) : 0);
            return true;
        }
        case Op::Reset: w.i32(state->reset()); return true;
        case Op::Margin: {
            const auto margin = state->margin();
            w.u8(margin ? 1 : 0);
            w.i32(margin.value_or(0));
            return true;
        }
        case Op::Diagram: {
            const auto part = static_cast<DiagramPart>(r.u8());
            if (part != DiagramPart::Drawing && part != DiagramPart::Cells) return false;
            const arb_status status = state->diagram_text(part, reader_, text_);
            w.i32(status);
            w.str(status == ARB_OK ? std::string_view(text_) : std::string_view());
            return r.ok();
        }
        }
        return false;
    }

    [[nodiscard]] bool tainted() const noexcept { return tainted_; }

private:
    bool create(wire::Reader &r, wire::Writer &w) {
        const uint64_t seed = r.u64();
        const uint32_t n = r.u32();
        OptionList options;
        for (uint32_t i = 0; i < n && r.ok(); ++i) {
            std::string name = r.str();
            options.emplace_back(std::move(name), r.str());
        }
        if (!r.ok()) return false;
        auto state = GameState::create(plugin_, options, seed);
        if (!state) {
            // The message without the "id: " the client adds again.
            std::string message = state.error().message;
            const std::string prefix = plugin_->id() + ": ";
            if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
            w.u8(0);
            w.str(message);
            return true;
        }
        const uint32_t id = next_id_++;
        states_.emplace(id, std::move(*state));
        w.u8(1);
        w.u32(id);
        return true;
    }

    GameState *find(uint32_t id) {
        last_id_ = id;
        auto it = states_.find(id);
        return it == states_.end() ? nullptr : &it->second;
    }

    static void put_outcome(const GameState &state, wire::Writer &w) {
        arb_outcome o = state.outcome();
        w.i32(o.result);
        w.i32(o.has_score);
        w.i32(o.score[0]);
        w.i32(o.score[1]);
        w.str(std::string_view(o.reason, ::strnlen(o.reason, sizeof o.reason)));
    }

    void put_checked_moves(const GameState &state, wire::Writer &w) {
        auto listed = state.checked_legal_moves(moves_);
        if (!listed) {
            tainted_ = true;
            w.u8(0);
            w.str(listed.error().message);
        } else {
            w.u8(1);
            put_moves(w);
        }
    }

    void put_moves(wire::Writer &w) {
        w.u32(static_cast<uint32_t>(moves_.size()));
        for (arb_move m : moves_) w.i32(m);
    }

    PluginPtr plugin_;
    std::map<uint32_t, GameState> states_;
    uint32_t next_id_ = 1;
    uint32_t last_id_ = 0;
    bool tainted_ = false;
    std::vector<arb_move> moves_;  // reused between requests
    std::string text_;
    TextReader reader_{512};
};

}  // namespace

int serve_plugin_host(const PluginPtr &plugin, int in_fd, int out_fd) {
    Server server(plugin);
    std::string request, response;
    for (;;) {
        if (!wire::read_frame(in_fd, request)) return 0;  // the arbiter is done (or gone)
        if (request.empty()) return 3;
        response.assign(1, '\0');
        if (!server.handle(request, response)) return 3;
        if (server.tainted()) response[0] = static_cast<char>(wire::kTainted);
        if (!wire::write_frame(out_fd, response)) return 0;
    }
}

}  // namespace arb::game
