// The translation itself: UGI lines in (from arbiter), GTP commands out (to
// the engine), UGI replies back. Synchronous: each UGI line is handled to
// the end, waiting for the engine's GTP replies, before the next is read.
#pragma once

#include "gtp_channel.hpp"
#include "settings.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arb::gtp {

class UgiAdapter {
public:
    // `out` receives the UGI replies, `log` diagnostics (our stderr).
    UgiAdapter(IChannel &engine, Settings settings, std::ostream &out, std::ostream &log);

    // Handles one UGI line. Returns false after "quit"; an error is fatal
    // (the engine is gone or refused a move the arbiter found legal).
    Expected<bool> handle(std::string_view line);

private:
    // A game position as UGI sends it: where it started and the moves since.
    struct Position {
        std::string fen;  // empty for startpos
        std::vector<std::string> moves;
        friend bool operator==(const Position &, const Position &) = default;
    };

    Expected<void> start_engine();
    Expected<void> new_game();
    Expected<void> set_position(std::string_view args);
    Expected<void> go(std::string_view args);
    Expected<void> sync_engine();
    Expected<void> reset_engine_board();
    Expected<void> send_move(size_t index);
    Expected<Reply> must(const std::string &command);
    [[nodiscard]] bool knows(std::string_view command) const;
    [[nodiscard]] Expected<int> first_colour(const Position &position) const;  // 0 black, 1 white

    IChannel &engine_;
    const Settings settings_;
    std::ostream &out_;
    std::ostream &log_;
    std::vector<std::string> known_commands_;
    std::string setup_command_;       // resolved from settings ("" = none)
    bool engine_passes_itself_ = false;  // learned in PassMode::Auto, or set by Skip
    std::optional<Position> wanted_;  // from the last 'position'
    std::optional<Position> engine_board_;  // what the engine's board holds now
};

}  // namespace arb::gtp
