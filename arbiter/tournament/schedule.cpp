#include "tournament/schedule.hpp"

#include "config/schedule_size.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>

namespace arb::tournament {

namespace {

// A uniform draw below `bound` from the raw 64-bit stream: std::shuffle and
// std::uniform_int_distribution differ between standard libraries, this does not.
uint64_t draw_below(std::mt19937_64 &rng, uint64_t bound) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x = rng();
    while (x >= limit) x = rng();
    return x % bound;
}

std::vector<int> shuffled(int count, std::mt19937_64 &rng) {
    std::vector<int> order(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) order[static_cast<size_t>(i)] = i;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[draw_below(rng, i)]);
    return order;
}

}  // namespace

// Hands out openings in sequence, or in seeded shuffled passes over the list.
class OpeningDealer {
public:
    OpeningDealer(const ScheduleParams &p)
        : count_(p.opening_count), random_(p.order == config::OpeningOrder::Random), rng_(p.seed),
          dealt_(p.opening_start > 0 ? static_cast<uint64_t>(p.opening_start) : 0) {}

    int next() {
        if (count_ == 0) return -1;
        if (!random_) return static_cast<int>(dealt_++ % static_cast<uint64_t>(count_));
        if (position_ == order_.size()) {
            order_ = shuffled(count_, rng_);
            position_ = 0;
        }
        return order_[position_++];
    }

private:
    int count_;
    bool random_;
    std::mt19937_64 rng_;
    uint64_t dealt_ = 0;
    std::vector<int> order_;
    size_t position_ = 0;
};


ScheduleParams schedule_params(const config::TournamentConfig &c, int opening_count) {
    ScheduleParams p;
    p.type = c.schedule.type;
    p.engine_count = static_cast<int>(c.engines.size());
    p.rounds = c.schedule.rounds;
    p.games_per_pairing = c.schedule.games_per_pairing;
    p.opening_count = opening_count;
    p.order = c.openings.order;
    p.seed = c.schedule.seed;
    p.gauntlet_seeds = c.schedule.gauntlet_seeds;
    p.no_swap = c.schedule.no_swap;
    p.reverse = c.schedule.reverse;
    p.opening_start = c.openings.start - 1;
    return p;
}

std::vector<std::pair<int, int>> pairings(config::TournamentType type, int engine_count, int gauntlet_seeds) {
    std::vector<std::pair<int, int>> out;
    if (type == config::TournamentType::Gauntlet) {
        const int seeds = std::clamp(gauntlet_seeds, 1, std::max(1, engine_count - 1));
        for (int i = 0; i < seeds; ++i)
            for (int j = seeds; j < engine_count; ++j) out.emplace_back(i, j);
    } else {
        for (int i = 0; i < engine_count; ++i)
            for (int j = i + 1; j < engine_count; ++j) out.emplace_back(i, j);
    }
    return out;
}

ScheduleStream::ScheduleStream(const ScheduleParams &p)
    : params_(p), pairs_(pairings(p.type, p.engine_count, p.gauntlet_seeds)),
      dealer_(std::make_unique<OpeningDealer>(p)) {
    config::ScheduleSection section{p.type, p.rounds, p.games_per_pairing, p.seed, p.gauntlet_seeds, p.no_swap, p.reverse};
    size_ = config::scheduled_game_count(section, p.engine_count > 0 ? static_cast<uint64_t>(p.engine_count) : 0);
    // The config check refuses larger schedules; this guards the int indices.
    if (size_ > config::kMaxScheduledGames)
        throw std::length_error("a schedule of " + std::to_string(size_) + " games, more than the limit of " +
                                std::to_string(config::kMaxScheduledGames));
}

ScheduleStream::~ScheduleStream() = default;
ScheduleStream::ScheduleStream(ScheduleStream &&) noexcept = default;

std::optional<match::ScheduledGame> ScheduleStream::next() {
    const auto &p = params_;
    if (pairs_.empty() || p.games_per_pairing <= 0 || round_ > p.rounds) return std::nullopt;
    const int g = game_;
    if (g % 2 == 0) opening_ = dealer_->next();
    // With an odd number of games per pairing the extra game's colours
    // alternate by round, so no engine keeps side 0.
    bool swap = !p.no_swap &&
                (g % 2 == 1) != (p.games_per_pairing % 2 == 1 && g == p.games_per_pairing - 1 && round_ % 2 == 0);
    swap = swap != p.reverse;
    const auto &pair = pairs_[pairing_];
    match::ScheduledGame s;
    s.index = index_++;
    s.round = round_;
    s.pairing = static_cast<int>(pairing_);
    s.game_in_pairing = g;
    s.pair_id = pair_id_ + g / 2;
    s.engine[0] = swap ? pair.second : pair.first;
    s.engine[1] = swap ? pair.first : pair.second;
    s.opening = opening_;
    if (++game_ == p.games_per_pairing) {
        game_ = 0;
        pair_id_ += (p.games_per_pairing + 1) / 2;
        if (++pairing_ == pairs_.size()) {
            pairing_ = 0;
            ++round_;
        }
    }
    return s;
}

std::vector<match::ScheduledGame> make_schedule(const ScheduleParams &p) {
    ScheduleStream stream(p);
    std::vector<match::ScheduledGame> games;
    games.reserve(stream.size());
    while (auto g = stream.next()) games.push_back(*g);
    return games;
}

}  // namespace arb::tournament
