// The plugin checker's test of one text function under the text rule of
// <arbiter/game.h>: the size query, a small buffer, the exact fit, one byte
// short, one byte and none, and the same text asked again. Shared by every
// part that checks a text extension, whichever revision it is.
#pragma once

#include "plugin_tools/check_buffer.hpp"
#include "plugin_tools/check_log.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace arb::game {

// `write(buf, cap, &needed)` is the function under test at one state; `what`
// names it ("arbiter.status-line/2 write_status"), `at` the state. The text
// when it was written; nullopt (with a failed expectation) when not.
// `exact_sizes` false is for a /1 function that reported no size (the host's
// adapter guesses one): then *needed and the size query are not checked.
template <class Write>
std::optional<std::string> checked_rule_text(Write write, const std::string &what, const std::string &at, CheckLog &c,
                                             bool exact_sizes = true) {
    constexpr uint32_t kUnset = 0xdeadbeef;
    auto call = [&](uint32_t cap, uint32_t &needed) {
        needed = kUnset;
        return guarded_write(cap, [&](char *buf, size_t n) { return write(buf, static_cast<uint32_t>(n), &needed); });
    };
    // The size query: no buffer at all.
    uint32_t asked = kUnset;
    const arb_status query = write(nullptr, 0, &asked);
    if (exact_sizes && !c.expect(query == ARB_ERR_BUFFER && asked != kUnset && asked >= 1,
                  what + " with no buffer (a size query) gives no ARB_ERR_BUFFER and the size needed (status " +
                      std::to_string(query) + ", *needed " + std::to_string(asked) + ")" + at))
        return std::nullopt;
    uint32_t needed = 0;
    GuardedWrite first = call(64, needed);
    if (!c.expect(!first.past_cap, what + " writes past a buffer of 64 bytes" + at)) return std::nullopt;
    if (first.status == ARB_ERR_BUFFER) {
        if (!c.expect(needed != kUnset && needed > 64 && needed <= (1u << 24),
                      what + " returns ARB_ERR_BUFFER for a 64-byte buffer but sets *needed to " +
                          std::to_string(needed) + at))
            return std::nullopt;
        c.expect(first.terminated && first.text.empty(), what + " leaves text in a buffer too small (\"\" expected)" + at);
        first = call(needed, needed);  // the exact fit of what it asked for
    }
    if (!c.expect(first.status == ARB_OK, what + " fails with status " + std::to_string(first.status) + at))
        return std::nullopt;
    if (!c.expect(!first.past_cap && first.terminated,
                  what + " writes past the buffer its own *needed asked for, or no NUL" + at))
        return std::nullopt;
    const std::string text = first.text;
    const uint32_t size = static_cast<uint32_t>(text.size() + 1);
    if (exact_sizes) c.expect(needed == size, what + " sets *needed to " + std::to_string(needed) + " for a text of " +
                                 std::to_string(text.size()) + " characters (the rule counts the NUL: " +
                                 std::to_string(size) + ")" + at);
    if (exact_sizes) c.expect(asked == size, what + " answers the size query with " + std::to_string(asked) + ", not " +
                                std::to_string(size) + at);
    const GuardedWrite exact = call(size, needed);
    c.expect(exact.status == ARB_OK && !exact.past_cap,
             what + " fails with a buffer of exactly the size needed (" + std::to_string(size) + " bytes, status " +
                 std::to_string(exact.status) + ")" + at);
    // One byte short (no room for the NUL), one byte, none.
    for (uint32_t cap : {size - 1, uint32_t{1}, uint32_t{0}}) {
        if (cap >= size) continue;  // an empty text fits in one byte
        const GuardedWrite w = call(cap, needed);
        const std::string buffer = " with a buffer of " + std::to_string(cap) + " bytes for a text of " +
                                   std::to_string(text.size()) + " characters";
        c.expect(!w.past_cap, what + " writes past the capacity" + buffer + at);
        c.expect(w.status == ARB_ERR_BUFFER && (!exact_sizes || needed == size),
                 what + " gives no ARB_ERR_BUFFER with the size needed" + buffer + " (status " +
                     std::to_string(w.status) + ", *needed " + std::to_string(needed) + ")" + at);
        if (cap > 0) c.expect(w.terminated && w.text.empty(), what + " leaves text in the buffer" + buffer + at);
    }
    // Twice more in a row: the same state must give the same text every time.
    for (int i = 0; i < 2; ++i) {
        const GuardedWrite again = call(size, needed);
        if (!c.expect(again.status == ARB_OK && again.text == text,
                      what + " gives another text when asked again: '" + text + "', then '" + again.text + "'" + at))
            break;
    }
    return text;
}

}  // namespace arb::game
