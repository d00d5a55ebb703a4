// The seed a tournament game hands its engines (docs/config.md, "Seeds"):
// a function of the tournament seed and the game's schedule index alone, so
// that a game gets the same seed in a whole run, a resumed run and a shard.
#pragma once

#include <cstdint>

namespace arb::tournament {

// The (index+1)-th output of SplitMix64 started at `tournament_seed`, shifted
// right by 33 bits: 0..2^31-1, which fits the spin range of engines whose
// options are 32-bit integers.
constexpr uint64_t engine_seed(uint64_t tournament_seed, int index) noexcept {
    uint64_t z = tournament_seed + (static_cast<uint64_t>(index) + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (z ^ (z >> 31)) >> 33;
}

}  // namespace arb::tournament
