// Position keys for the extension "arbiter.position-hash/1": a 64-bit mix of
// a few words, shared by the plugins so that none writes its own.
//
// Rationale: mix() is the finaliser of SplitMix64, a bijection of 64-bit
// values, so a position that fits in 64 bits exactly (Bagh Chal, tic-tac-toe)
// keeps an exact, collision-free key while its bits are spread for hash
// tables. Larger positions fold their words in one by one.
#pragma once

#include <cstdint>
#include <string_view>

namespace arb::sdk {

[[nodiscard]] constexpr uint64_t mix(uint64_t x) noexcept {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

// Folds words into one key; the order of add() calls matters.
class PositionKey {
public:
    constexpr PositionKey &add(uint64_t word) noexcept {
        // Adding a constant before mixing keeps a zero word from vanishing.
        key_ = mix(key_ ^ mix(word + 0x9e3779b97f4a7c15ULL + count_++));
        return *this;
    }
    [[nodiscard]] constexpr uint64_t value() const noexcept { return key_; }

private:
    uint64_t key_ = 0;
    uint64_t count_ = 0;
};

// The key of a position text: what the adapter offers for a game that
// defines no hash() of its own (equal texts, equal keys).
[[nodiscard]] inline uint64_t text_key(std::string_view text) noexcept {
    PositionKey key;
    uint64_t word = 0;
    size_t filled = 0;
    for (unsigned char c : text) {
        word = word << 8 | c;
        if (++filled == 8) {
            key.add(word);
            word = 0;
            filled = 0;
        }
    }
    key.add(word << 8 | filled);
    return key.value();
}

}  // namespace arb::sdk
