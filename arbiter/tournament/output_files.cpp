#include "tournament/output_files.hpp"

#include "core/line_reader.hpp"
#include "core/utf8.hpp"
#include "output/folder_lock.hpp"
#include "tournament/report_file.hpp"
#include "tournament/run_identity.hpp"

#include <unistd.h>

#include <sstream>

namespace arb::tournament {

namespace fs = std::filesystem;

namespace {

std::string host_name() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "?";
    return buf;
}

}  // namespace

std::string variant_text(const config::GameSection &game) {
    std::string text = game.id;
    for (const auto &[k, v] : game.options) text += " " + k + "=" + v;
    return text;
}

output::PgnContext RecordFormat::for_game(const match::FinishedGame &g) const {
    output::PgnContext c = pgn;
    size_t i = g.slot.opening >= 0 ? static_cast<size_t>(g.slot.opening) : first_side.size() - 1;
    c.first_side = i < first_side.size() ? first_side[i] : 0;
    return c;
}

RecordFormat record_format(const config::LoadedConfig &loaded) {
    const auto &c = loaded.config;
    RecordFormat f;
    f.record.game_id = c.game.id;
    f.record.variant = variant_text(c.game);
    // The event is text from the config: made valid UTF-8 here, once, for
    // every record (JSON lines, PGN, the game's own) to carry the same.
    f.record.event = valid_utf8(c.event);
    f.pgn.event = f.record.event;
    f.pgn.site = c.site.empty() ? host_name() : c.site;
    f.pgn.variant = f.record.variant;
    for (int side = 0; side < 2; ++side) f.pgn.side_names[side] = loaded.plugin->api().side_names[side];
    f.pgn.time_control = c.time_control;
    f.pgn.comment_fields = {c.pgn_comments.nodes, c.pgn_comments.seldepth, c.pgn_comments.nps};
    if (auto notation = output::PgnNotation::create(loaded.plugin, c.game.options)) f.pgn.notation = *notation;
    if (auto natives = output::NativeRecordWriter::create_all(loaded.plugin, c.game.options,
                                                              {f.record.event, f.pgn.site, c.time_control}))
        f.natives = std::move(*natives);
    auto start = game::GameState::create(loaded.plugin, c.game.options);
    if (start) {
        f.pgn.start_position = start->position();
        for (const auto &o : loaded.openings) {
            game::GameState s = *start;
            if (!o.position.empty() && s.set_position(o.position)) f.first_side.push_back(s.side_to_move());
            else f.first_side.push_back(start->side_to_move());
        }
        f.first_side.push_back(start->side_to_move());
    }
    return f;
}

output::RecordWriters record_writers(const RecordFormat &format) {
    output::RecordWriters w;
    w.json_line = [&format](const match::FinishedGame &g) { return output::to_json_line(g, format.record); };
    w.pgn = [&format](const match::FinishedGame &g) { return output::to_pgn(g, format.for_game(g)); };
    for (const auto &native : format.natives)
        w.natives.push_back({native.file_name(), [&native](const match::FinishedGame &g) { return native.write(g); }});
    return w;
}

std::vector<std::string> folder_file_names(const RecordFormat &format) {
    std::vector<std::string> names{kConfigFile,     kOpeningsFile,  kJsonlFile, kPgnFile,
                                   kStandingsText, kStandingsJson, kReportFile};
    for (const auto &native : format.natives) names.push_back(native.file_name());
    const size_t files = names.size();
    for (size_t i = 0; i < files; ++i) names.push_back(names[i] + ".tmp");  // OutputFolder's temporaries
    names.emplace_back(output::kLockFile);
    return names;
}

Expected<void> write_effective_config(const config::LoadedConfig &loaded, const output::RecordSet &records) {
    config::TournamentConfig effective = loaded.config;
    if (!effective.openings.file.empty()) {
        auto book = read_text_file(effective.openings.file, kBookFileLimit, kTextLineLimit);
        if (!book) return fail(book.error().message);
        auto copied = records.write_derived(kOpeningsFile, *book);
        if (!copied) return copied;
        effective.openings.file = kOpeningsFile;  // relative to config.yaml, so the folder can move
    }
    if (auto written = records.write_derived(kConfigFile, config::to_yaml(effective)); !written) return written;
    return write_identity(loaded, records);
}

Expected<void> write_identity(const config::LoadedConfig &loaded, const output::RecordSet &records) {
    return records.write_derived(kIdentityFile, identity_file_text(run_identity(loaded)));
}

Expected<std::string> write_standings_files(const output::RecordSet &records, const output::Standings &standings) {
    std::ostringstream text;
    output::write_standings_text(text, standings);
    if (auto w = records.write_derived(kStandingsText, text.str()); !w) return fail(w.error().message);
    if (auto w = records.write_derived(kStandingsJson, output::standings_json(standings)); !w)
        return fail(w.error().message);
    return text.str();
}

}  // namespace arb::tournament
