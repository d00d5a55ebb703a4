// A small seeded random generator with a portable bounded draw, so that an
// engine's choices depend only on its seed and the positions it was given
// (std::uniform_int_distribution differs between standard libraries).
#pragma once

#include <cstdint>

namespace arb::engines {

// xoshiro256** seeded through splitmix64.
class Rng {
public:
    explicit Rng(uint64_t seed = 1) noexcept { reseed(seed); }

    void reseed(uint64_t seed) noexcept {
        for (auto &word : s_) {
            seed += 0x9e3779b97f4a7c15ULL;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            word = z ^ (z >> 31);
        }
    }

    // A seed for the `n`-th of several generators from one `seed`: the n-th
    // output of SplitMix64 started at `seed`.
    static uint64_t mix(uint64_t seed, uint64_t n) noexcept {
        uint64_t z = seed + n * 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    uint64_t next() noexcept {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, n) for n >= 1, without modulo bias (rejection).
    uint32_t below(uint32_t n) noexcept {
        const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
        uint64_t x;
        do x = next();
        while (x >= limit);
        return static_cast<uint32_t>(x % n);
    }

private:
    static uint64_t rotl(uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4]{};
};

}  // namespace arb::engines
