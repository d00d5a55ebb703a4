#include "config/schedule_size.hpp"

#include <limits>

namespace arb::config {

namespace {

uint64_t multiply_capped(uint64_t a, uint64_t b) {
    uint64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? std::numeric_limits<uint64_t>::max() : product;
}

}  // namespace

uint64_t pairings_per_round(TournamentType type, uint64_t engine_count, uint64_t gauntlet_seeds) {
    if (engine_count < 2) return 0;
    if (type == TournamentType::Gauntlet) {
        const uint64_t seeds = gauntlet_seeds < 1 ? 1 : gauntlet_seeds >= engine_count ? engine_count - 1 : gauntlet_seeds;
        return multiply_capped(seeds, engine_count - seeds);
    }
    // n (n - 1) / 2 without overflow: one of the two factors is even.
    return engine_count % 2 == 0 ? multiply_capped(engine_count / 2, engine_count - 1)
                                 : multiply_capped(engine_count, (engine_count - 1) / 2);
}

uint64_t scheduled_game_count(const ScheduleSection &schedule, uint64_t engine_count) {
    const uint64_t rounds = schedule.rounds > 0 ? static_cast<uint64_t>(schedule.rounds) : 0;
    const uint64_t per_pairing = schedule.games_per_pairing > 0 ? static_cast<uint64_t>(schedule.games_per_pairing) : 0;
    const uint64_t seeds = schedule.gauntlet_seeds > 0 ? static_cast<uint64_t>(schedule.gauntlet_seeds) : 1;
    return multiply_capped(multiply_capped(pairings_per_round(schedule.type, engine_count, seeds), rounds), per_pairing);
}

}  // namespace arb::config
