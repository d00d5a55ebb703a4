// The plugin checker's look at one write into a caller's buffer: guard bytes
// behind the capacity show a write past it, and the text is read up to its
// NUL. Shared by the parts that check an extension's buffer rule.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>

#include <arbiter/game.h>

namespace arb::game {

struct GuardedWrite {
    arb_status status = ARB_OK;
    std::string text;         // up to the NUL (all of the capacity without one)
    bool past_cap = false;    // a byte past the capacity was changed
    bool terminated = false;  // a NUL within the capacity
};

// Calls write(buf, cap) (returning its status) on a buffer of `cap` bytes
// followed by guard bytes.
template <class Write>
GuardedWrite guarded_write(size_t cap, Write write) {
    constexpr size_t kGuard = 16;
    constexpr char kUntouched = '\x7f';
    std::string buf(cap + kGuard, kUntouched);
    GuardedWrite w;
    w.status = write(buf.data(), cap);
    w.past_cap = std::any_of(buf.begin() + static_cast<std::ptrdiff_t>(cap), buf.end(),
                             [](char c) { return c != kUntouched; });
    const size_t nul = buf.find('\0');
    w.terminated = nul < cap;
    w.text = buf.substr(0, std::min(nul, cap));
    return w;
}

}  // namespace arb::game
