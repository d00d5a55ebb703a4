#include "tournament/progress.hpp"

#include "core/quote.hpp"

#include <fmt/format.h>

#include <cmath>

namespace arb::tournament {

std::string format_duration(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "?";
    auto s = static_cast<long>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

Progress::Progress(std::ostream &out, bool live, int total, int done, bool quiet, bool peer_lines)
    : out_(out), live_(live), quiet_(quiet), peer_lines_(peer_lines), total_(total), done_(done), done_at_start_(done), start_(std::chrono::steady_clock::now()) {}

int Progress::done() const {
    std::lock_guard lock(mutex_);
    return done_;
}

double Progress::games_per_second() const {
    std::lock_guard lock(mutex_);
    return rate();
}

double Progress::rate() const {
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return elapsed > 0 ? (done_ - done_at_start_) / elapsed : 0;
}

std::string Progress::status_line() const {
    double r = rate();
    std::string eta = r > 0 ? format_duration((total_ - done_) / r) : "?";
    return fmt::format("games {}/{}  {:.2f} games/s  ETA {}{}", done_, total_, r, eta,
                       last_.empty() ? "" : "  last: " + last_);
}

void Progress::game_finished(const match::FinishedGame &g) {
    std::lock_guard lock(mutex_);
    ++done_;
    const auto &r = g.record;
    // A record's names and reason can hold an engine's text: shown escaped.
    const std::string white = escaped(r.engine_names[0]), black = escaped(r.engine_names[1]), reason = escaped(r.reason);
    if (live_) {
        last_ = fmt::format("{} vs {} {} ({})", white, black, match::result_text(r.result),
                            match::termination_name(r.termination));
        draw();
        return;
    }
    if (quiet_) return;
    if (peer_lines_) {
        out_ << fmt::format("Finished game {} ({} vs {}): {} {{{}}}\n", g.slot.index + 1, white, black,
                            match::result_text(r.result), reason.empty() ? match::termination_name(r.termination) : reason);
        out_.flush();
        return;
    }
    out_ << fmt::format("game {} done ({}/{}): {} vs {} {} {}{}\n", g.slot.index + 1, done_, total_, white, black,
                        match::result_text(r.result), match::termination_name(r.termination),
                        reason.empty() ? "" : ": " + reason);
    out_.flush();
}

void Progress::tick() {
    std::lock_guard lock(mutex_);
    draw();
}

void Progress::message(const std::string &text) {
    std::lock_guard lock(mutex_);
    erase();
    out_ << text;
    if (!text.empty() && text.back() != '\n') out_ << '\n';
    out_.flush();
    draw();
}

void Progress::clear() {
    std::lock_guard lock(mutex_);
    erase();
}

void Progress::draw() {
    if (!live_) return;
    out_ << "\r\033[K" << status_line() << std::flush;
    line_shown_ = true;
}

void Progress::erase() {
    if (live_ && line_shown_) out_ << "\r\033[K" << std::flush;
    line_shown_ = false;
}

}  // namespace arb::tournament
