// A finished game in the game's own record format (games.ggf for Othello),
// written by the plugin through "arbiter.record-format/2" (or /1). The host knows
// nothing of the format: it replays the game's move texts into codes and
// hands them, with the players, result and clock, to the plugin. Both the
// tournament (appending per game, rebuilding on --resume) and a merge of
// result folders write the file through this one writer.
#pragma once

#include "core/expected.hpp"
#include "core/time_control.hpp"
#include "game/game_state.hpp"
#include "match/finished_game.hpp"

#include <optional>
#include <string>
#include <vector>

namespace arb::output {

struct NativeRecordContext {
    std::string event;
    std::string site;
    core::TimeControl time_control;  // the tournament's: for records that do not say what their game was played under
};

class NativeRecordWriter {
public:
    // nullopt when the plugin has no record format (no file is written);
    // an error when the game cannot be created with these options.
    static Expected<std::optional<NativeRecordWriter>> create(const game::PluginPtr &plugin,
                                                              const game::OptionList &options,
                                                              NativeRecordContext context);
    // One writer per format of the plugin (game::Plugin::record_formats(),
    // shogi's KIF and CSA), none when it has no format.
    static Expected<std::vector<NativeRecordWriter>> create_all(const game::PluginPtr &plugin,
                                                                const game::OptionList &options,
                                                                const NativeRecordContext &context);

    [[nodiscard]] std::string format_name() const { return format_->name(); }
    // "games.ggf": the file of the tournament folder.
    [[nodiscard]] std::string file_name() const { return std::string("games.") + format_->file_extension(); }

    // The record of one game, ending with a newline. An error names the game
    // and the move the plugin could not replay or the status it returned.
    [[nodiscard]] Expected<std::string> write(const match::FinishedGame &game) const;

private:
    NativeRecordWriter(game::GameState start, const game::RecordFormatCalls *format, NativeRecordContext context)
        : start_(std::move(start)), format_(format), context_(std::move(context)) {}

    game::GameState start_;  // the game's start with the tournament's options
    const game::RecordFormatCalls *format_;
    NativeRecordContext context_;
};

// How the extension names our termination (a time forfeit, an adjudication...).
arb_record_ending record_ending(match::Termination termination);

// "2026-11-22T10:05:00Z" (UTC).
std::string iso_utc(std::chrono::system_clock::time_point when);

}  // namespace arb::output
