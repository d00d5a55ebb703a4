// report.html: one self-contained page (inline CSS, SVG and a little plain
// JavaScript, nothing fetched) with the standings as tables and charts, why
// games ended, the SPRT course of a two-engine match, and every game in a
// viewer that steps through its boards.
#pragma once

#include "match/finished_game.hpp"
#include "output/report_digest.hpp"
#include "output/report_engines.hpp"
#include "output/report_games.hpp"
#include "output/standings.hpp"

#include <optional>
#include <string>
#include <vector>

namespace arb::output {

// What the page says about the tournament, besides its games.
struct ReportHeader {
    std::string event;
    std::string game_name;                // "Othello"
    std::string variant;                  // "othello" or "baghchal capture=mandatory"
    std::string side_names[2];            // "black", "white"
    std::string time_control;             // "10+0.1", with per-engine overrides
    int games_scheduled = 0;
    std::string arbiter_version;
    std::string status;                   // "finished", "interim standings", ...
    std::vector<EngineFacts> engines;     // in config order; empty: the page has no engine facts
    // Set while the run goes on: the page says how it goes and reloads itself.
    struct Live {
        double games_per_second = 0;               // of this run so far
        std::optional<double> seconds_left;        // the ETA at that rate; none before a game is done
        struct Running {
            int number = 0;                        // in the schedule, from 1
            int engine[2] = {0, 0};                // side 0, side 1
            int plies = 0;                         // played so far
        };
        std::vector<Running> running;              // in schedule order
        int refresh_seconds = 10;
    };
    std::optional<Live> live;
};

// The totals and charts from `digest`; `viewer` holds the digest's shown()
// games, encoded. When the digest does not show every game, the page says
// how many it shows and how to get all of them.
std::string html_report(const ReportHeader &header, const Standings &standings, const ReportDigest &digest,
                        const ReportGames &viewer, const std::optional<rating::SprtConfig> &sprt);
// Every game of `games` (in the order they finished: the SPRT chart follows
// it); `viewer` holds the same games, encoded.
std::string html_report(const ReportHeader &header, const Standings &standings,
                        const std::vector<match::FinishedGame> &games, const ReportGames &viewer,
                        const std::optional<rating::SprtConfig> &sprt);

// The SPRT log-likelihood ratio after each game of a two-engine match, as
// compute_standings would give it had the match stopped there.
std::vector<double> llr_series(const std::vector<match::FinishedGame> &games, const rating::SprtConfig &sprt);

}  // namespace arb::output
