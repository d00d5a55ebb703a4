#include "output/native_record.hpp"

#include <ctime>
#include <vector>

namespace arb::output {

arb_record_ending record_ending(match::Termination termination) {
    using T = match::Termination;
    switch (termination) {
    case T::GameRule: return ARB_ENDING_RULE;
    case T::TimeForfeit: return ARB_ENDING_TIME;
    case T::ResignAdjudication: return ARB_ENDING_RESIGN;
    case T::IllegalMove:
    case T::UnparsableMove:
    case T::Crash:
    case T::Stall:
    case T::ProtocolError: return ARB_ENDING_FORFEIT;
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
    const arb_game_record_format *format = plugin->record_format();
    if (format == nullptr) return std::optional<NativeRecordWriter>();
    auto start = game::GameState::create(plugin, options);
    if (!start) return Unexpected<Error>{start.error()};
    return std::optional<NativeRecordWriter>(NativeRecordWriter(std::move(*start), format, std::move(context)));
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
    std::vector<arb_record_move> moves;
    moves.reserve(r.opening_moves.size() + r.moves.size());
    auto replay = [&](const std::string &text, const match::MoveRecord *engine_move) -> Expected<void> {
        arb_move code = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(text.c_str(), code, error) != ARB_OK)
            return fail(which + ": move " + std::to_string(moves.size() + 1) + " '" + text + "': " + error);
        state.play(code);
        arb_record_move m{};
        m.move = code;
        m.elapsed_ms = -1;
        if (engine_move != nullptr) {
            m.elapsed_ms = engine_move->forced ? 0 : engine_move->elapsed.count();
            if (engine_move->score_cp) {
                m.has_score = 1;
                m.score_cp = *engine_move->score_cp;
            }
        }
        moves.push_back(m);
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
    const std::string time_control = same ? side_text[0] : std::string();
    arb_record_game g{};
    g.struct_size = sizeof g;
    g.move_struct_size = sizeof(arb_record_move);
    g.moves = moves.empty() ? nullptr : moves.data();
    g.move_count = static_cast<int32_t>(moves.size());
    g.result = r.result;
    g.ending = record_ending(r.termination);
    g.player_names[0] = r.engine_names[0].c_str();
    g.player_names[1] = r.engine_names[1].c_str();
    g.event = context_.event.c_str();
    g.site = context_.site.c_str();
    g.date = date.c_str();
    for (int side = 0; side < 2; ++side) {
        if (side_tc[side].kind == core::TimeControl::Kind::Clock) {
            g.side_clock_base_ms[side] = side_tc[side].base.count();
            g.side_clock_increment_ms[side] = side_tc[side].increment.count();
        }
        g.side_time_control[side] = side_text[side].c_str();
    }
    // The common clock fields, all a plugin of the first layout reads: set when both sides had the
    // same clock, whatever depth or node caps each had beside it.
    if (same || (side_tc[0].kind == core::TimeControl::Kind::Clock && side_tc[0].time_text() == side_tc[1].time_text())) {
        g.clock_base_ms = g.side_clock_base_ms[0];
        g.clock_increment_ms = g.side_clock_increment_ms[0];
    }
    g.time_control = time_control.c_str();

    // Most records fit the first buffer; a longer one is written again at the size the plugin asks for.
    std::string text(4096, '\0');
    size_t size = 0;
    arb_status status = format_->write_record(start.raw(), &g, text.data(), text.size(), &size);
    if (status == ARB_ERR_BUFFER && size > text.size()) {
        text.assign(size, '\0');
        status = format_->write_record(start.raw(), &g, text.data(), text.size(), &size);
    }
    if (status != ARB_OK) return fail(which + ": the plugin's record writer failed (status " + std::to_string(status) + ")");
    if (size >= text.size()) return fail(which + ": the plugin's record writer reported a wrong length");
    text.resize(size);
    if (text.empty() || text.back() != '\n') text += '\n';
    return text;
}

}  // namespace arb::output
