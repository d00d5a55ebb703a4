#include "tournament/output_files.hpp"

#include "output/append_file.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace arb::tournament {

namespace fs = std::filesystem;

namespace {

std::string host_name() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "?";
    return buf;
}

std::string read_text(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

std::string variant_text(const config::GameSection &game) {
    std::string text = game.id;
    for (const auto &[k, v] : game.options) text += " " + k + "=" + v;
    return text;
}

output::PgnContext RecordFormat::for_game(const output::FinishedGame &g) const {
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
    f.pgn.event = c.event;
    f.pgn.site = host_name();
    f.pgn.variant = f.record.variant;
    for (int side = 0; side < 2; ++side) f.pgn.side_names[side] = loaded.plugin->api().side_names[side];
    f.pgn.time_control = c.time_control.to_string();
    if (auto notation = output::PgnNotation::create(loaded.plugin, c.game.options)) f.pgn.notation = *notation;
    if (auto native = output::NativeRecordWriter::create(loaded.plugin, c.game.options,
                                                         {c.event, f.pgn.site, c.time_control}))
        f.native = std::move(*native);
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

std::string pgn_text(const std::vector<output::FinishedGame> &games, const RecordFormat &format) {
    std::string pgn;
    for (const auto &g : games) pgn += output::to_pgn(g, format.for_game(g));
    return pgn;
}

std::string native_text(const std::vector<output::FinishedGame> &games, const RecordFormat &format,
                        std::vector<std::string> &problems) {
    std::string text;
    if (!format.native) return text;
    for (const auto &g : games) {
        if (auto record = format.native->write(g)) text += *record;
        else problems.push_back(record.error().message);
    }
    return text;
}

Expected<void> write_effective_config(const config::LoadedConfig &loaded, const fs::path &dir) {
    config::TournamentConfig effective = loaded.config;
    if (!effective.openings.file.empty()) {
        auto copied = output::write_file_atomically(dir / kOpeningsFile, read_text(effective.openings.file));
        if (!copied) return copied;
        effective.openings.file = kOpeningsFile;  // relative to config.yaml, so the folder can move
    }
    return output::write_file_atomically(dir / kConfigFile, config::to_yaml(effective));
}

std::string write_standings_files(const fs::path &dir, const output::Standings &standings) {
    std::ostringstream text;
    output::write_standings_text(text, standings);
    (void)output::write_file_atomically(dir / kStandingsText, text.str());
    (void)output::write_file_atomically(dir / kStandingsJson, output::standings_json(standings));
    return text.str();
}

}  // namespace arb::tournament
