// One SPRT over the shards of a tournament, through a folder they all can
// read and write (a cluster filesystem, a ReadWriteMany volume, any local
// folder), without a server and without locks:
//
//   DIR/tournament               "fingerprint F shards N": which run the folder belongs to
//   DIR/shard-K-of-N.pairs       one line per finished game pair of shard K, written only by it
//   DIR/decision.json            the decision, created once (O_EXCL) by the first shard to see it
//
// A shard appends each finished pair (engine 0's score in each of its games)
// to its own file and syncs it, and reads the lines the others appended since
// its last look (each file re-opened from its last offset: close-to-open
// consistency on NFS; a torn last line waits until it is complete). Every
// shard counts the pairs in one order, the schedule's (pair 0, 1, 2, ...: a
// pair waits until those before it are in), with the same model as an
// unsharded run (output::sprt_state over the pentanomial, or the trinomial for
// a schedule of single games), checking the bounds after each pair. So every
// shard sees the same sequence of LLRs, and the first crossing is the one an
// unsharded run playing these pair results in schedule order reaches, at the
// same pair, whichever shard sees it first and whenever. (Counting in the
// order each shard happens to see the pairs would give each shard its own
// sequence, and the decision would be the earliest crossing of any of them:
// an SPRT that stops too early, more so the more shards; bench_shared_sprt.)
// The first shard to reach it writes the decision file; the others read it.
#pragma once

#include "config/shard_spec.hpp"
#include "match/scheduled_game.hpp"
#include "core/expected.hpp"
#include "output/append_file.hpp"
#include "output/standings.hpp"
#include "rating/ratings.hpp"
#include "rating/result_tally.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace arb::tournament {

// A finished game pair, or a lone game (a schedule of one game per pairing,
// or the odd game of an odd count).
struct SharedPair {
    int64_t pair = 0;            // the schedule's pair id
    int shard = 0;               // 1-based
    // Engine 0's score in each rated game of the pair, in schedule order: 2, or 1 for
    // a lone game; fewer when a game has no result (a plugin error), as the
    // unsharded count leaves such a pair out of the pentanomial.
    std::vector<double> scores;
};

// The pair as its line in a shard's file, newline included; and back (none: not such a line).
std::string shared_pair_line(const SharedPair &pair);
std::optional<SharedPair> parse_shared_pair_line(const std::string &line);

// A shard's games into its pairs, as they finish in any order.
class PairAssembler {
public:
    PairAssembler(int games_per_pairing, int shard) : games_per_pairing_(games_per_pairing), shard_(shard) {}
    // The game's pair once this game completes it. `engine0_score`: the
    // config's first engine's score in it (1, 0.5 or 0); none: no result.
    std::optional<SharedPair> add(const match::ScheduledGame &slot, std::optional<double> engine0_score);

private:
    int games_per_pairing_, shard_;
    // pair id -> the first game in: its game_in_pairing and score
    std::unordered_map<int, std::pair<int, std::optional<double>>> open_;
};

// The running count of an SPRT over pairs in the order they arrive: the model
// of an unsharded run, fed pair by pair.
class PairCount {
public:
    explicit PairCount(const rating::SprtConfig &config);
    void add(const std::vector<double> &scores);  // a pair's scores (SharedPair::scores)
    [[nodiscard]] rating::SprtState state() const;
    [[nodiscard]] int64_t pairs() const noexcept { return pairs_; }
    [[nodiscard]] int64_t games() const noexcept { return counts_.games; }

private:
    rating::SprtConfig config_;
    rating::ResultCounts counts_{2};
    int64_t pairs_ = 0;
};

struct SharedDecision {
    rating::SprtState state;
    int64_t pairs = 0, games = 0;  // counted at the decision: pairs 0 .. pairs-1, their rated games
    int decided_by = 0;            // the shard that wrote it
    int64_t time_ms = 0;           // when (ms since 1970, that shard's clock), taken before the file was made
    // False: the file exists (the test is decided) but its text is not complete
    // yet (a shard writing it right now): the figures are not known.
    bool complete = true;
};

std::string decision_text(const SharedDecision &decision);  // decision.json's line
Expected<SharedDecision> parse_decision(const std::string &text, const std::string &file);
// "H1 accepted, LLR 2.96 (-2.94, 2.94) after 212 pairs (424 games), decided by shard 2"
std::string decision_summary(const SharedDecision &decision);
// For the standings; `all_games`: they hold every shard's games (a merge).
output::SharedSprtStanding shared_standing(const SharedDecision &decision, bool all_games);
// DIR/decision.json if there is one (absent: none); an error if it cannot be read.
Expected<std::optional<SharedDecision>> read_decision(const std::filesystem::path &dir);

inline constexpr const char *kDecisionFile = "decision.json";
inline constexpr const char *kSharedTournamentFile = "tournament";
std::string shard_pairs_file(int shard, int count);  // "shard-2-of-4.pairs"

class SharedSprt {
public:
    // Opens (making it if need be) the shared folder of the tournament with
    // `fingerprint` (tournament/config_identity.hpp) for `shard`: refuses a
    // folder of another tournament or shard count; reads this shard's own
    // file (its torn last line, from a kill during a write, is cut off) and
    // everything the others wrote so far.
    static Expected<SharedSprt> open(const std::filesystem::path &dir, const config::ShardSpec &shard,
                                     const rating::SprtConfig &sprt, const std::string &fingerprint);
    SharedSprt(SharedSprt &&) noexcept;
    ~SharedSprt();

    // Whether this shard's file holds the pair.
    [[nodiscard]] bool has(int64_t pair) const;
    // Appends one of this shard's pairs (written and synced before it returns) and counts it.
    Expected<void> append(const SharedPair &pair);
    // What the others appended since the last look, and the decision file.
    Expected<void> look();
    [[nodiscard]] std::optional<SharedDecision> decision() const;
    [[nodiscard]] rating::SprtState state() const;
    [[nodiscard]] int64_t pairs_counted() const;  // pairs 0 .. n-1 (frozen at the decision)
    [[nodiscard]] int64_t pairs_waiting() const;  // read, waiting for a pair before them

    // What looking costs: looks so far and their total time.
    struct LookCost {
        int64_t looks = 0;
        std::chrono::nanoseconds time{0};
    };
    [[nodiscard]] LookCost look_cost() const;

private:
    struct Source {
        std::filesystem::path path;
        int shard = 0;
        int64_t offset = 0;  // up to the end of its last complete line
        int64_t lines = 0;
    };
    SharedSprt(std::filesystem::path dir, config::ShardSpec shard, const rating::SprtConfig &sprt);
    Expected<void> read_own_file();
    Expected<void> read_new_lines(Source &source);
    Expected<void> read_decision_file();
    Expected<void> check_folder() const;
    Expected<void> count(const SharedPair &pair);
    Expected<void> decide();

    std::filesystem::path dir_;
    config::ShardSpec shard_;
    mutable std::mutex mutex_;  // appends come from workers, looks from the runner's feed
    std::optional<output::AppendFile> own_;
    std::unordered_set<int64_t> own_pairs_;
    std::vector<Source> others_;
    PairCount count_;
    std::map<int64_t, std::vector<double>> waiting_;  // pairs read, not counted yet: by pair id
    std::optional<SharedDecision> decision_;
    LookCost cost_;
};

}  // namespace arb::tournament
