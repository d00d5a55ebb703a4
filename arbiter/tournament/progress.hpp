// Progress of a running tournament: on a terminal one line redrawn in place
// (games done/total, games per second, ETA), elsewhere one plain line per
// finished game; interim standings every N games.
//
// Thread-safe: games finish on worker threads while the live line is redrawn
// and reports are printed on the main thread.
#pragma once

#include "match/finished_game.hpp"

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

namespace arb::tournament {

class Progress {
public:
    // `done` games were finished before this run (resume); `quiet`: no plain
    // line per game (the live line is still drawn); `peer_lines`: the plain
    // line as fastchess and cutechess-cli print it, "Finished game 5 (alpha vs
    // beta): 1-0 {reason}", for scripts that read those (output.format).
    Progress(std::ostream &out, bool live, int total, int done, bool quiet = false, bool peer_lines = false);

    void game_finished(const match::FinishedGame &game);
    void tick();                               // redraws the live line
    void message(const std::string &text);     // a full line, keeping the live line intact
    void clear();                              // removes the live line (before the final report)

    [[nodiscard]] int done() const;
    [[nodiscard]] double games_per_second() const;

private:
    [[nodiscard]] double rate() const;  // with mutex_ held
    [[nodiscard]] std::string status_line() const;
    void draw();
    void erase();

    mutable std::mutex mutex_;  // guards everything below

    std::ostream &out_;
    bool live_;
    bool quiet_;
    bool peer_lines_;
    int total_, done_, done_at_start_;
    std::chrono::steady_clock::time_point start_;
    bool line_shown_ = false;
    std::string last_;
};

std::string format_duration(double seconds);  // "1:02:03" or "2:03"

}  // namespace arb::tournament
