// Reading a text a plugin writes under the text rule of <arbiter/game.h>
// (caller buffer and capacity, *needed with the NUL): one buffer kept between
// calls and sized from the last needed size, so the common call is one call,
// and a second only when a text outgrows every one before it.
#pragma once

#include <arbiter/game.h>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace arb::game {

struct TextRead {
    arb_status status = ARB_ERR_INTERNAL;
    std::string_view text;  // on ARB_OK: valid until the next read
    uint32_t needed = 0;    // what the plugin last reported
    bool unterminated = false;  // ARB_OK, but no NUL within the buffer (then ARB_ERR_INTERNAL)
};

class TextReader {
public:
    // `limit` is the most the reader will grow to: a plugin that asks for
    // more gets ARB_ERR_BUFFER back, not the memory.
    explicit TextReader(uint32_t initial = 256, uint32_t limit = 1u << 24) : buffer_(initial), limit_(limit) {}

    // Calls write(buf, cap, &needed), an arb_status. On ARB_ERR_BUFFER with
    // needed above the buffer (and within the limit) the buffer grows to
    // needed and write is called once more. The text is read no further than
    // the buffer or its first NUL, whatever the plugin claims; a text with no
    // NUL inside the buffer is ARB_ERR_INTERNAL.
    template <class Write>
    TextRead read(Write &&write) {
        TextRead r;
        for (int attempt = 0; attempt < 2; ++attempt) {
            r.needed = 0;
            r.status = write(buffer_.data(), static_cast<uint32_t>(buffer_.size()), &r.needed);
            if (r.status == ARB_OK) {
                const size_t length = strnlen(buffer_.data(), buffer_.size());
                r.unterminated = length == buffer_.size();
                if (r.unterminated) r.status = ARB_ERR_INTERNAL;
                else r.text = std::string_view(buffer_.data(), length);
                return r;
            }
            if (r.status != ARB_ERR_BUFFER || r.needed <= buffer_.size() || r.needed > limit_) return r;
            buffer_.resize(r.needed);
        }
        return r;
    }

    [[nodiscard]] size_t capacity() const noexcept { return buffer_.size(); }

private:
    std::vector<char> buffer_;
    uint32_t limit_;
};

}  // namespace arb::game
