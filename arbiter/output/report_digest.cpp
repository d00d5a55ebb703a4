#include "output/report_digest.hpp"

#include "output/standings.hpp"

#include <algorithm>

namespace arb::output {

bool engine_fault(match::Termination t) {
    using match::Termination;
    switch (t) {
    case Termination::IllegalMove: case Termination::UnparsableMove: case Termination::TimeForfeit:
    case Termination::Crash: case Termination::Stall: case Termination::ProtocolError:
    case Termination::FalseClaim: return true;
    default: return false;
    }
}

namespace {

double side0_points(const match::FinishedGame &g) {
    switch (g.record.result) {
    case ARB_RESULT_WIN_SIDE_0: return 1;
    case ARB_RESULT_WIN_SIDE_1: return 0;
    case ARB_RESULT_DRAW: return 0.5;
    default: return -1;
    }
}

bool is_fault_game(const match::FinishedGame &g) { return engine_fault(g.record.termination) && g.record.loser_side >= 0; }

}  // namespace

ReportDigest::ReportDigest(int engines, std::optional<rating::SprtConfig> sprt, ReportLimits limits)
    : limits_(limits), sprt_(engines == 2 ? std::move(sprt) : std::nullopt), tally_(engines),
      endings_(static_cast<size_t>(engines)), faults_(static_cast<size_t>(engines)),
      other_faults_(static_cast<size_t>(engines), 0) {}

void ReportDigest::add(const match::FinishedGame &game) {
    note_totals(game);
    const int64_t order = games_++;
    // Which games the viewer gets: faults and pairing samples for good, the rest while recent.
    const bool fault = is_fault_game(game);
    const auto pairing = std::minmax(game.slot.engine[0], game.slot.engine[1]);
    bool keep = false;
    if (fault) {
        if (fault_games_ < limits_.faults) {
            ++fault_games_;
            keep = true;
        } else {
            ++faults_not_shown_;
        }
    }
    if (!keep && sampled_ < limits_.sampled) {
        auto &taken = per_pairing_[pairing];
        if (taken < limits_.per_pairing) {
            ++taken;
            ++sampled_;
            keep = true;
        }
    }
    auto shared = std::make_shared<const match::FinishedGame>(game);
    if (keep) kept_.push_back({order, std::move(shared)});
    else recent_.push_back({order, std::move(shared)});
    if (!limits_.all_games && games_ > limits_.all_games_up_to)
        while (recent_.size() > limits_.latest) recent_.pop_front();
}

std::string ReportDigest::ending_name(const match::FinishedGame &g) {
    const auto &r = g.record;
    std::string t = match::termination_name(r.termination);
    // The game's own words for how it ended ("white mates", "board full"),
    // while they are few; faults and adjudications keep their kind.
    if (r.termination != match::Termination::GameRule || r.reason.empty()) return t;
    if (reasons_.count(r.reason) > 0) return r.reason;
    if (reasons_.size() >= limits_.ending_reasons) return t;
    reasons_.insert(r.reason);
    return r.reason;
}

void ReportDigest::note_totals(const match::FinishedGame &g) {
    const auto end = g.record.started + std::chrono::duration_cast<std::chrono::system_clock::duration>(g.record.duration);
    if (!have_times_) {
        first_ = g.record.started;
        last_ = end;
        have_times_ = true;
    } else {
        first_ = std::min(first_, g.record.started);
        last_ = std::max(last_, end);
    }
    const double p0 = side0_points(g);
    const std::string t = match::termination_name(g.record.termination);
    const std::string ending = ending_name(g);
    for (int side = 0; side < 2; ++side) {
        const auto e = static_cast<size_t>(g.slot.engine[side]);
        if (e >= endings_.size()) continue;
        if (p0 < 0) continue;  // abandoned: not counted
        const double p = side == 0 ? p0 : 1 - p0;
        auto &c = endings_[e][ending];
        ++c[p == 1 ? 0 : p == 0.5 ? 1 : 2];
        ++columns_[ending];
    }
    if (is_fault_game(g)) {
        const auto e = static_cast<size_t>(g.slot.engine[g.record.loser_side]);
        if (e < faults_.size()) {
            const std::string reason = t + ": " + g.record.reason;
            auto &mine = faults_[e];
            if (auto it = mine.find(reason); it != mine.end()) ++it->second;
            else if (mine.size() < limits_.reasons) mine.emplace(reason, 1);
            else ++other_faults_[e];
        }
    }
    if (auto outcome = outcome_of(g)) tally_.add(*outcome);
    note_llr();
}

void ReportDigest::note_llr() {
    if (!sprt_) return;
    // After game `games_ + 1` (games_ is counted after this call).
    const int64_t game = games_ + 1;
    if (game % llr_step_ != 0) return;
    llr_.push_back(sprt_state(*sprt_, tally_.counts()).llr);
    if (llr_.size() >= 2 * std::max<size_t>(limits_.llr_points, 1)) {
        // Keep the points after every (2 step)-th game: those at odd positions.
        std::vector<double> coarser;
        coarser.reserve(llr_.size() / 2 + 1);
        for (size_t i = 1; i < llr_.size(); i += 2) coarser.push_back(llr_[i]);
        llr_ = std::move(coarser);
        llr_step_ *= 2;
    }
}

std::vector<match::FinishedGame> ReportDigest::shown() const {
    std::vector<const Shown *> all;
    all.reserve(shown_count());
    for (const auto &s : kept_) all.push_back(&s);
    for (const auto &s : recent_) all.push_back(&s);
    std::sort(all.begin(), all.end(), [](const Shown *a, const Shown *b) { return a->order < b->order; });
    std::vector<match::FinishedGame> out;
    out.reserve(all.size());
    for (const auto *s : all) out.push_back(*s->game);
    return out;
}

std::optional<std::pair<std::chrono::system_clock::time_point, std::chrono::system_clock::time_point>>
ReportDigest::played() const {
    if (!have_times_) return std::nullopt;
    return std::make_pair(first_, last_);
}

}  // namespace arb::output
