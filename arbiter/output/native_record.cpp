#include "output/native_record.hpp"

#include "game/plugin_text.hpp"

#include <arbiter/sdk/record_game_builder.hpp>

#include <ctime>
#include <vector>

namespace arb::output {

arb_record_ending record_ending(match::Termination termination) {
    using T = match::Termination;
    switch (termination) {
    case T::GameRule: return ARB_ENDING_RULE;
    case T::TimeForfeit: return ARB_ENDING_TIME;
    case T::ResignAdjudication:
    case T::Resigned: return ARB_ENDING_RESIGN;
    case T::IllegalMove:
    case T::UnparsableMove:
    case T::Crash:
    case T::Stall:
    case T::ProtocolError:
    case T::FalseClaim: return ARB_ENDING_FORFEIT;
    case T::MaxPlies:
    case T::DrawAdjudication: return ARB_ENDING_AGREED;
    case T::Abandoned:
    case T::PluginError: return ARB_ENDING_UNFINISHED;  // no player's doing, not rated: no result
    }
    return ARB_ENDING_UNFINISHED;
}

std::string iso_utc(std::chrono::system_clock::time_point when) {
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

Expected<std::optional<NativeRecordWriter>> NativeRecordWriter::create(const game::PluginPtr &plugin,
                                                                       const game::OptionList &options,
                                                                       NativeRecordContext context) {
    const game::RecordFormatCalls *format = plugin->record_format();
    if (format == nullptr) return std::optional<NativeRecordWriter>();
    auto start = game::GameState::create(plugin, options);
    if (!start) return Unexpected<Error>{start.error()};
    return std::optional<NativeRecordWriter>(NativeRecordWriter(std::move(*start), format, std::move(context)));
}

Expected<std::vector<NativeRecordWriter>> NativeRecordWriter::create_all(const game::PluginPtr &plugin,
                                                                         const game::OptionList &options,
                                                                         const NativeRecordContext &context) {
    std::vector<NativeRecordWriter> writers;
    if (plugin->record_formats().empty()) return writers;
    auto start = game::GameState::create(plugin, options);
    if (!start) return Unexpected<Error>{start.error()};
    for (const auto &format : plugin->record_formats()) writers.push_back(NativeRecordWriter(*start, &format, context));
    return writers;
}

Expected<std::string> NativeRecordWriter::write(const match::FinishedGame &game) const {
    const match::GameRecord &r = game.record;
    const std::string which = "game " + std::to_string(game.slot.index + 1) + " in " + format_name();
    // The codes of the moves, replayed from the game's start.
    game::GameState state = start_;
    if (!r.opening_position.empty()) {
        if (auto set = state.set_position(r.opening_position); !set)
            return fail(which + ": start position '" + r.opening_position + "': " + set.error().message);
    }
    const game::GameState start = state;
    sdk::RecordGameBuilder g;
    g.reserve_moves(r.opening_moves.size() + r.moves.size());
    size_t replayed = 0;
    auto replay = [&](const std::string &text, const match::MoveRecord *engine_move) -> Expected<void> {
        arb_move code = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(text.c_str(), code, error) != ARB_OK)
            return fail(which + ": move " + std::to_string(replayed + 1) + " '" + text + "': " + error);
        state.play(code);
        ++replayed;
        if (engine_move == nullptr) g.add_move(code);
        else g.add_move(code, engine_move->forced ? 0 : engine_move->elapsed.count(), engine_move->info.score_cp);
        return {};
    };
    for (const auto &text : r.opening_moves)
        if (auto ok = replay(text, nullptr); !ok) return Unexpected<Error>{ok.error()};
    for (const auto &m : r.moves)
        if (auto ok = replay(m.text, &m); !ok) return Unexpected<Error>{ok.error()};

    const std::string date = iso_utc(r.started);
    // What each side played under, from the record; a record that does not say
    // (written before it did) takes the tournament's.
    core::TimeControl side_tc[2];
    std::string side_text[2];
    for (int side = 0; side < 2; ++side) {
        side_tc[side] = r.played_under.time_control[side].value_or(context_.time_control);
        side_text[side] = side_tc[side].to_string();
    }
    const bool same = side_tc[0] == side_tc[1];
    g.players(r.engine_names[0], r.engine_names[1]).event(context_.event).site(context_.site).date(date);
    g.result(r.result, record_ending(r.termination));
    for (int side = 0; side < 2; ++side) {
        const bool clock = side_tc[side].kind == core::TimeControl::Kind::Clock;
        g.side_clock(side, clock ? side_tc[side].base.count() : 0, clock ? side_tc[side].increment.count() : 0,
                     side_text[side]);
    }
    // The common clock fields, all a plugin of the first layout reads: set when both sides had the
    // same clock, whatever depth or node caps each had beside it (the text only when all is the same).
    if (!same && side_tc[0].kind == core::TimeControl::Kind::Clock && side_tc[0].time_text() == side_tc[1].time_text())
        g.common_clock(side_tc[0].base.count(), side_tc[0].increment.count(), "");

    // Most records fit the first buffer; a longer one is written again at the size the plugin asks for.
    game::TextReader reader(4096);
    const arb_record_game &game_record = g.game();
    const game::TextRead written = reader.read([&](char *buf, uint32_t cap, uint32_t *needed) {
        return format_->write_record(start.raw(), &game_record, buf, cap, needed);
    });
    if (written.status != ARB_OK)
        return fail(which + ": the plugin's record writer failed (status " + std::to_string(written.status) + ")");
    std::string text(written.text);
    if (text.empty() || text.back() != '\n') text += '\n';
    return text;
}

}  // namespace arb::output
