// The request/response protocol between the arbiter and its plugin-host
// child (game/plugin_host.hpp): frames of a 32-bit length and a payload of
// fixed-width little-endian fields and length-prefixed strings. Both ends are
// this program, so the protocol has no version; it only has to refuse a
// frame it cannot read.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace arb::game::wire {

// What a request asks of the plugin-host; each names the GameState method
// it runs there. Every request gets a response.
enum class Op : uint8_t {
    Create = 1,         // u64 seed, u32 n, n x (str name, str value) -> u8 ok, u32 id | str error
    Clone,              // u32 id -> u8 ok, u32 id
    Destroy,            // u32 id -> (nothing)
    Assign,             // u32 to, u32 from -> (nothing)
    SetPosition,        // u32 id, str text -> u8 ok, str error
    Position,           // u32 id -> u8 ok, str text | str error (checked_position)
    LegalMoves,         // u32 id -> i32 status, u32 n, n x i32
    CheckedLegalMoves,  // u32 id -> u8 ok, u32 n, n x i32 | str error
    ParseMove,          // u32 id, str text -> i32 status, i32 move, str error
    FormatMove,         // u32 id, i32 move -> str text (empty: failed)
    MoveFlags,          // u32 id, i32 move -> u32 flags
    Hash,               // u32 id -> u8 has, u64 hash
    Play,               // u32 id, i32 move -> i32 status
    SideToMove,         // u32 id -> i32 side
    Outcome,            // u32 id -> i32 result, i32 has_score, i32 score0, i32 score1, str reason
    Reset,              // u32 id -> i32 status
};

// The plugin function behind an operation, for messages ("play").
const char *function_of(Op op);

// A response starts with a flags byte: kTainted says the plugin broke a
// promise (wrote past a buffer) in this child, so its memory is not to be
// trusted for another game.
inline constexpr uint8_t kTainted = 1;

// Frames above this are refused (a position text is at most 16 MiB).
inline constexpr uint32_t kMaxFrame = 64u << 20;

class Writer {
public:
    explicit Writer(std::string &out) : out_(out) {}
    void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
    void u32(uint32_t v) { raw(&v, sizeof v); }
    void i32(int32_t v) { raw(&v, sizeof v); }
    void u64(uint64_t v) { raw(&v, sizeof v); }
    void str(std::string_view s) {
        u32(static_cast<uint32_t>(s.size()));
        out_.append(s);
    }

private:
    void raw(const void *p, size_t n) { out_.append(static_cast<const char *>(p), n); }
    std::string &out_;
};

// Reads fields in order; a read past the end sets !ok() and gives zeros.
class Reader {
public:
    explicit Reader(std::string_view in) : in_(in) {}
    [[nodiscard]] bool ok() const noexcept { return ok_; }
    uint8_t u8() {
        uint8_t v = 0;
        raw(&v, 1);
        return v;
    }
    uint32_t u32() {
        uint32_t v = 0;
        raw(&v, sizeof v);
        return v;
    }
    int32_t i32() {
        int32_t v = 0;
        raw(&v, sizeof v);
        return v;
    }
    uint64_t u64() {
        uint64_t v = 0;
        raw(&v, sizeof v);
        return v;
    }
    std::string str() {
        uint32_t n = u32();
        if (!ok_ || n > in_.size()) {
            ok_ = false;
            return {};
        }
        std::string s(in_.substr(0, n));
        in_.remove_prefix(n);
        return s;
    }

private:
    void raw(void *p, size_t n) {
        if (!ok_ || in_.size() < n) {
            ok_ = false;
            return;
        }
        std::memcpy(p, in_.data(), n);
        in_.remove_prefix(n);
    }
    std::string_view in_;
    bool ok_ = true;
};

// Whole-frame I/O on a blocking descriptor, retrying short transfers and
// EINTR. False on end of file or any error.
bool write_frame(int fd, std::string_view payload);
bool read_frame(int fd, std::string &payload);

}  // namespace arb::game::wire
