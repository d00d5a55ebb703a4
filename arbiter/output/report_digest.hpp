// What report.html says about a tournament, kept up to date game by game so
// that a report never re-reads the games: the running totals (standings,
// how games ended, engine faults, the SPRT course) over every game, and the
// games the page shows in its viewer. Memory and the cost of a report do not
// grow with the games played: past `all_games_up_to` games the page shows a
// bounded choice of them (every engine fault up to a cap, the latest ones, the
// first games of each pairing) and says so; `arbiter report --all-games`
// builds a page with every game.
#pragma once

#include "match/finished_game.hpp"
#include "rating/ratings.hpp"
#include "rating/result_tally.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace arb::output {

struct ReportLimits {
    bool all_games = false;          // show every game, whatever the count
    int64_t all_games_up_to = 1000;  // up to this many games, every game is shown
    size_t latest = 200;             // past it: the latest games
    size_t faults = 500;             // every game lost by an engine fault, up to this many
    size_t per_pairing = 2;          // the first games of each pairing (an engine pair)...
    size_t sampled = 1000;           // ...up to this many in all
    size_t reasons = 256;            // distinct fault reasons counted per engine; the rest are "other"
    size_t llr_points = 4096;        // the SPRT course is kept at most about this fine
    size_t ending_reasons = 12;      // game-rule endings told apart by their reason, the first this many
};

// Whether a termination is an engine's fault (illegal move, time, crash, stall, protocol error).
bool engine_fault(match::Termination t);

class ReportDigest {
public:
    // Per engine and way of ending: won, drawn, lost. A game ended by its
    // rules counts under the plugin's reason ("board full", "white mates"),
    // up to limits().ending_reasons distinct ones, then as "game-rule".
    using EndingCounts = std::map<std::string, std::array<int64_t, 3>>;

    ReportDigest(int engines, std::optional<rating::SprtConfig> sprt, ReportLimits limits = {});

    // O(1) amortised in the games added so far.
    void add(const match::FinishedGame &game);

    [[nodiscard]] int64_t games() const noexcept { return games_; }
    [[nodiscard]] const rating::ResultCounts &counts() const noexcept { return tally_.counts(); }
    [[nodiscard]] const ReportLimits &limits() const noexcept { return limits_; }

    // The games for the viewer, in the order they were added.
    [[nodiscard]] std::vector<match::FinishedGame> shown() const;
    [[nodiscard]] size_t shown_count() const noexcept { return kept_.size() + recent_.size(); }
    // Whether shown() holds every game added.
    [[nodiscard]] bool complete() const noexcept { return static_cast<int64_t>(shown_count()) == games_; }
    // Engine faults past the first limits().faults (shown only while among the latest).
    [[nodiscard]] int64_t faults_not_shown() const noexcept { return faults_not_shown_; }

    // When the games were played: the first start and the last end.
    [[nodiscard]] std::optional<std::pair<std::chrono::system_clock::time_point, std::chrono::system_clock::time_point>>
    played() const;
    [[nodiscard]] const std::vector<EndingCounts> &endings() const noexcept { return endings_; }
    [[nodiscard]] const std::map<std::string, int64_t> &ending_columns() const noexcept { return columns_; }
    // Per engine: games lost by a fault, by "termination: reason".
    [[nodiscard]] const std::vector<std::map<std::string, int64_t>> &faults() const noexcept { return faults_; }
    // Per engine: faults whose reason was not counted on its own (past limits().reasons).
    [[nodiscard]] const std::vector<int64_t> &other_faults() const noexcept { return other_faults_; }

    // The SPRT log-likelihood ratio of engines 0 and 1 after every
    // llr_step()-th game (after games step, 2 step, ...); empty without SPRT.
    [[nodiscard]] const std::vector<double> &llr() const noexcept { return llr_; }
    [[nodiscard]] int64_t llr_step() const noexcept { return llr_step_; }

private:
    // Shared, not copied, when the digest is: a running tournament copies
    // it under a lock for each interim report.
    struct Shown {
        int64_t order;
        std::shared_ptr<const match::FinishedGame> game;
    };
    void note_totals(const match::FinishedGame &game);
    void note_llr();
    // The column a game's ending counts under (see EndingCounts).
    std::string ending_name(const match::FinishedGame &g);

    ReportLimits limits_;
    std::optional<rating::SprtConfig> sprt_;
    rating::ResultTally tally_;
    int64_t games_ = 0;
    bool have_times_ = false;
    std::chrono::system_clock::time_point first_{}, last_{};
    std::vector<EndingCounts> endings_;
    std::map<std::string, int64_t> columns_;
    std::set<std::string> reasons_;  // game-rule reasons with a column of their own
    std::vector<std::map<std::string, int64_t>> faults_;
    std::vector<int64_t> other_faults_;
    std::vector<double> llr_;
    int64_t llr_step_ = 1;
    // Games shown: kept_ for good (faults, pairing samples), recent_ the
    // latest of the others.
    std::vector<Shown> kept_;
    std::deque<Shown> recent_;
    size_t fault_games_ = 0, sampled_ = 0;
    int64_t faults_not_shown_ = 0;
    std::map<std::pair<int, int>, size_t> per_pairing_;
};

}  // namespace arb::output
