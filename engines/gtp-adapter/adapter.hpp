// The translation itself: UGI lines in (from arbiter), GTP commands out (to
// the engine), UGI replies back. Synchronous: each UGI line is handled to
// the end, waiting for the engine's GTP replies, before the next is read.
#pragma once

#include "gtp_channel.hpp"
#include "settings.hpp"
#include "ugi_session.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arb::gtp {

class UgiAdapter final : public adapter::UgiFrontEnd {
public:
    // `out` receives the UGI replies, `log` diagnostics (our stderr).
    UgiAdapter(IChannel &engine, Settings settings, std::ostream &out, std::ostream &log);

private:
    using Position = adapter::UgiPosition;

    Expected<void> start() override;
    Expected<void> new_game() override;
    Expected<void> go(const Position &position, const adapter::GoLimits &limits) override;
    Expected<void> sync_engine(const Position &want);
    Expected<void> reset_engine_board(const Position &want);
    Expected<void> load_position_file(const std::string &fen);
    Expected<void> send_move(const Position &want, size_t index);
    Expected<Reply> must(const std::string &command);
    [[nodiscard]] bool knows(std::string_view command) const;

    IChannel &engine_;
    const Settings settings_;
    std::vector<std::string> known_commands_;
    std::string setup_command_;       // resolved from settings ("" = none, "loadsgf" = a temporary GGF file)
    bool engine_passes_itself_ = false;  // learned in PassMode::Auto, or set by Skip
    std::optional<Position> engine_board_;  // what the engine's board holds now
    // A setup command has loaded a position in this process: from then on
    // clear_board may not mean the start (Edax's returns to the last loaded
    // position), so the start is set up explicitly.
    bool loaded_position_ = false;
};

}  // namespace arb::gtp
