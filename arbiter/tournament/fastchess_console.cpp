#include "tournament/fastchess_console.hpp"

#include "core/quote.hpp"
#include "output/fastchess_text.hpp"
#include "output/standings.hpp"

#include <fmt/format.h>

namespace arb::tournament {

FastchessConsole::FastchessConsole(Setup setup)
    : setup_(std::move(setup)), counted_(static_cast<int>(setup_.names.size())), failures_(setup_.names.size()) {}

std::string FastchessConsole::started(const match::ScheduledGame &slot) const {
    return fmt::format("Started game {} of {} ({} vs {})\n", slot.index + 1, setup_.total_games,
                       escaped(setup_.names.at(static_cast<size_t>(slot.engine[0]))),
                       escaped(setup_.names.at(static_cast<size_t>(slot.engine[1]))));
}

std::string FastchessConsole::finished(const match::FinishedGame &g, bool last) {
    const auto &r = g.record;
    std::string out = output::fastchess_pv_warnings(r, setup_.test_env) + output::fastchess_warnings(r) +
                      output::fastchess_finished_line(g, setup_.margin);
    // fastchess's tally of failures: the player at fault, for time losses, crashes and stalls.
    if (r.loser_side == 0 || r.loser_side == 1) {
        auto &f = failures_.at(static_cast<size_t>(g.slot.engine[r.loser_side]));
        if (r.termination == match::Termination::TimeForfeit) ++f.timeouts;
        if (r.termination == match::Termination::Crash || r.termination == match::Termination::Stall) ++f.crashes;
    }
    auto outcome = output::outcome_of(g);
    bool due = false;
    if (outcome && !setup_.context.pentanomial) {
        counted_.add(*outcome);
        ++counted_games_;
        due = setup_.rating_interval > 0 && counted_games_ % setup_.rating_interval == 0;
    } else if (outcome) {
        // Counted once the pair is complete, both games at once, as fastchess counts them.
        auto first = open_.find(outcome->pair_id);
        if (first == open_.end()) {
            open_.emplace(outcome->pair_id, *outcome);
        } else {
            counted_.add(first->second);
            counted_.add(*outcome);
            open_.erase(first);
            counted_games_ += 2;
            due = setup_.rating_interval > 0 && (outcome->pair_id + 1) % setup_.rating_interval == 0;
        }
    }
    if (due || last) out += block();
    return out;
}

std::string FastchessConsole::block() {
    shown_games_ = counted_games_;
    const auto standings = output::compute_standings(setup_.names, counted_.counts(), setup_.sprt);
    return output::peer_standings_text(output::PeerLayout::Fastchess, standings, setup_.context);
}

std::string FastchessConsole::closing(std::chrono::seconds elapsed) {
    std::string out;
    if (counted_games_ != shown_games_) out += block();
    std::string players;
    for (size_t i = 0; i < failures_.size(); ++i) {
        const auto &f = failures_[i];
        if (f.timeouts == 0 && f.crashes == 0) continue;
        players += fmt::format("Player: {}\n  Timeouts: {}\n  Crashed: {}\n", escaped(setup_.names[i]), f.timeouts,
                               f.crashes);
    }
    if (!players.empty()) out += "\n" + players + "\n";
    const auto s = elapsed.count();
    return out + fmt::format("Finished match\nTotal Time: {:02}:{:02}:{:02} (hours:minutes:seconds)\n\n", s / 3600,
                             s / 60 % 60, s % 60);
}

}  // namespace arb::tournament
