// The request/response protocol between the arbiter and its plugin-host
// child (game/plugin_host.hpp): frames of a 32-bit length and a payload of
// fixed-width little-endian fields and length-prefixed strings. Both ends are
// this program, so the protocol has no version; it only has to refuse a
// frame it cannot read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
    ParseMove,          // u32 id, str text -> i32 status, i32 move, str error, str format_move(move) if ok
    FormatMove,         // u32 id, i32 move -> str text (empty: failed)
    MoveFlags,          // u32 id, i32 move -> u32 flags
    Hash,               // u32 id -> u8 has, u64 hash
    Play,               // u32 id, i32 move -> i32 status
    SideToMove,         // u32 id -> i32 side
    Outcome,            // u32 id -> i32 result, i32 has_score, i32 score0, i32 score1, str reason
    Reset,              // u32 id -> i32 status
    // What the match loop asks at every turn, in one round trip:
    // u32 id -> Outcome's fields, then CheckedLegalMoves's, i32 side to move,
    // u32 move_flags of the first move (0 unless exactly one is listed).
    Turn,
    Diagram,            // u32 id, u8 DiagramPart -> i32 status, str text (empty unless ARB_OK)
    Margin,             // u32 id -> u8 has, i32 margin (0 unless has): GameState::margin
};

// The plugin function behind an operation, for messages ("play").
const char *function_of(Op op);

// A response starts with a flags byte: kTainted says the plugin broke a
// promise (wrote past a buffer) in this child, so its memory is not to be
// trusted for another game.
inline constexpr uint8_t kTainted = 1;
// The child's last frame, written by its fatal-signal handler: the plugin
// crashed, in the function the payload names (game/plugin_call.hpp).
inline constexpr uint8_t kCrashed = 2;

// Frames above this are refused (a position text is at most 16 MiB).
inline constexpr uint32_t kMaxFrame = 64u << 20;

class Writer {
public:
    explicit Writer(std::string &out) : out_(out) {}
    void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
    void u32(uint32_t v) { put(v, 4); }
    void i32(int32_t v) { put(static_cast<uint32_t>(v), 4); }
    void u64(uint64_t v) { put(v, 8); }
    void str(std::string_view s) {
        u32(static_cast<uint32_t>(s.size()));
        out_.append(s);
    }

private:
    void put(uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
    }
    std::string &out_;
};

// Reads fields in order from the payload it owns (so that it may be built
// from a call's result); a read past the end sets !ok() and gives zeros.
class Reader {
public:
    explicit Reader(const std::string &in) : data_(in.begin(), in.end()) {}
    [[nodiscard]] bool ok() const noexcept { return ok_; }
    uint8_t u8() { return static_cast<uint8_t>(get(1)); }
    uint32_t u32() { return static_cast<uint32_t>(get(4)); }
    int32_t i32() { return static_cast<int32_t>(static_cast<uint32_t>(get(4))); }
    uint64_t u64() { return get(8); }
    std::string str() {
        uint32_t n = u32();
        if (!ok_ || n > data_.size() - at_) {
            ok_ = false;
            return {};
        }
        std::string s(data_.data() + at_, n);
        at_ += n;
        return s;
    }

private:
    uint64_t get(size_t bytes) {
        if (!ok_ || data_.size() - at_ < bytes) {
            ok_ = false;
            return 0;
        }
        uint64_t v = 0;
        for (size_t i = 0; i < bytes; ++i) v |= static_cast<uint64_t>(static_cast<uint8_t>(data_[at_ + i])) << (8 * i);
        at_ += bytes;
        return v;
    }
    std::vector<char> data_;  // not a string: GCC 12 warns of its small-string buffer, wrongly
    size_t at_ = 0;
    bool ok_ = true;
};

// Whole-frame I/O on a blocking descriptor, retrying short transfers and
// EINTR. False on end of file or any error.
bool write_frame(int fd, std::string_view payload);
bool read_frame(int fd, std::string &payload);

}  // namespace arb::game::wire
