// Small text helpers for plugins: an error sink over the caller's buffer and
// a fixed-capacity string, so that move formatting and parse errors never
// allocate.
#pragma once

#include <arbiter/game.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace arb::sdk {

// The caller's (err, err_cap) pair. fail() formats one line into it and
// returns the status, so a parser can write `return err.fail(ARB_ERR_SYNTAX, ...)`.
class ErrorOut {
public:
    ErrorOut(char *buf, size_t cap) noexcept : buf_(buf), cap_(cap) {
        if (buf_ != nullptr && cap_ > 0) buf_[0] = '\0';
    }

#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    arb_status fail(arb_status code, const char *format, ...) const noexcept {
        if (buf_ != nullptr && cap_ > 0) {
            va_list args;
            va_start(args, format);
            std::vsnprintf(buf_, cap_, format, args);
            va_end(args);
        }
        return code;
    }

private:
    char *buf_;
    size_t cap_;
};

// A NUL-terminated string of at most Capacity-1 characters; longer input is
// cut. Used for move text and outcome reasons.
template <size_t Capacity>
class FixedText {
public:
    FixedText() noexcept { data_[0] = '\0'; }
    FixedText(std::string_view text) noexcept { append(text); }  // NOLINT: implicit by design

    FixedText &append(std::string_view text) noexcept {
        size_t n = text.size();
        if (n > Capacity - 1 - size_) n = Capacity - 1 - size_;
        std::memcpy(data_ + size_, text.data(), n);
        size_ += n;
        data_[size_] = '\0';
        return *this;
    }
    FixedText &push_back(char c) noexcept { return append(std::string_view(&c, 1)); }
    FixedText &append_int(long long value) noexcept {
        char digits[24];
        int n = std::snprintf(digits, sizeof digits, "%lld", value);
        return append(std::string_view(digits, n > 0 ? static_cast<size_t>(n) : 0));
    }

    [[nodiscard]] const char *c_str() const noexcept { return data_; }
    [[nodiscard]] std::string_view view() const noexcept { return {data_, size_}; }
    [[nodiscard]] size_t size() const noexcept { return size_; }

private:
    char data_[Capacity];
    size_t size_ = 0;
};

using MoveText = FixedText<ARB_MOVE_TEXT_SIZE>;
using ReasonText = FixedText<ARB_REASON_SIZE>;

// Copies text into a caller buffer; ARB_ERR_BUFFER (and "") if it does not fit.
inline arb_status copy_out(std::string_view text, char *buf, size_t cap) noexcept {
    if (buf == nullptr || cap == 0) return ARB_ERR_BUFFER;
    if (text.size() + 1 > cap) {
        buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    return ARB_OK;
}

// Writes `text` under the text rule of <arbiter/game.h>: *needed is always
// its size with the NUL; ARB_OK when cap holds that, else ARB_ERR_BUFFER and
// "" (when cap > 0). A NULL buf with cap 0 is the size query.
inline arb_status text_out(std::string_view text, char *buf, uint32_t cap, uint32_t *needed) noexcept {
    const size_t size = text.size() + 1;
    if (needed != nullptr) *needed = size > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(size);
    if (buf == nullptr || cap < size) {
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    return ARB_OK;
}

// Quotes untrusted text for an error message: printable ASCII kept, anything
// else as \xNN, cut after a few dozen bytes so a huge input gives a short line.
inline FixedText<200> quoted(std::string_view text) noexcept {
    FixedText<200> out;
    out.push_back('\'');
    size_t shown = 0;
    for (unsigned char c : text) {
        if (shown >= 40) {
            out.append("...");
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\'') {
            out.push_back(static_cast<char>(c));
        } else {
            static constexpr char hex[] = "0123456789abcdef";
            char esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            out.append(std::string_view(esc, 4));
        }
        ++shown;
    }
    out.push_back('\'');
    return out;
}

}  // namespace arb::sdk
