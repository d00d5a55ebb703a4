#include "tournament/report_file.hpp"

#include "core/version.hpp"
#include "output/output_folder.hpp"
#include "output/record_log.hpp"
#include "output/standings.hpp"

#include <filesystem>

namespace arb::tournament {

namespace {

std::string variant_of(const config::GameSection &game) {
    std::string text = game.id;
    for (const auto &[k, v] : game.options) text += " " + k + "=" + v;
    return text;
}

std::string time_control_of(const config::TournamentConfig &c) {
    std::string text = c.time_control.to_string();
    for (const auto &e : c.engines)
        if (e.time_control) text += "; " + e.name + ": " + e.time_control->to_string();
    return text;
}

// The engine's command line as a user would type it: arguments with spaces or quotes quoted.
std::string command_line(const engine::EngineConfig &e) {
    std::string line = e.command;
    for (const auto &a : e.args) {
        const bool plain = !a.empty() && a.find_first_of(" \t\"'\\") == std::string::npos;
        if (plain) {
            line += " " + a;
            continue;
        }
        line += " \"";
        for (char c : a) {
            if (c == '"' || c == '\\') line += '\\';
            line += c;
        }
        line += '"';
    }
    return line;
}

output::EngineFacts engine_facts(const engine::EngineConfig &e) {
    output::EngineFacts facts;
    facts.name = e.name;
    facts.command = command_line(e);
    facts.protocol = engine::protocol_choice_name(e.protocol);
    for (const auto &[k, v] : e.ugi_options) facts.options += (facts.options.empty() ? "" : ", ") + k + "=" + v;
    if (e.time_control) facts.options += (facts.options.empty() ? "" : ", ") + std::string("tc=") + e.time_control->to_string();
    return facts;
}

}  // namespace

ReportFile::ReportFile(const config::LoadedConfig &loaded, int64_t games_scheduled) : loaded_(loaded) {
    const auto &c = loaded.config;
    const auto &api = loaded.plugin->api();
    header_.event = c.event;
    header_.game_name = api.name;
    header_.variant = variant_of(c.game);
    header_.side_names[0] = api.side_names[0];
    header_.side_names[1] = api.side_names[1];
    header_.time_control = time_control_of(c);
    header_.games_scheduled = static_cast<int>(games_scheduled);
    header_.arbiter_version = kArbiterVersion;
    for (const auto &e : c.engines) header_.engines.push_back(engine_facts(e));
}

output::ReportDigest report_digest(const config::LoadedConfig &loaded, bool all_games) {
    output::ReportLimits limits;
    limits.all_games = all_games;
    return output::ReportDigest(static_cast<int>(loaded.config.engines.size()), loaded.config.sprt, limits);
}

ReportBuilt ReportFile::build(const output::ReportDigest &digest, const std::string &status,
                              const std::optional<output::ReportHeader::Live> &live) const {
    const auto started = std::chrono::steady_clock::now();
    const auto &c = loaded_.config;
    output::ReportGames viewer(loaded_.plugin, c.game.options, c.engines.size(), c.report_labels);
    for (const auto &g : digest.shown()) viewer.add(g);
    std::vector<std::string> names;
    for (const auto &e : c.engines) names.push_back(e.name);
    const auto standings = output::compute_standings(names, digest.counts(), c.sprt);
    output::ReportHeader header = header_;
    header.status = status;
    header.live = live;
    ReportBuilt built;
    built.page = output::html_report(header, standings, digest, viewer, c.sprt);
    built.games = digest.games();
    built.shown = static_cast<int64_t>(digest.shown_count());
    built.bytes = built.page.size();
    built.took = std::chrono::steady_clock::now() - started;
    return built;
}

Expected<ReportBuilt> ReportFile::build(const std::filesystem::path &jsonl, const std::string &status,
                                        bool all_games) const {
    const auto started = std::chrono::steady_clock::now();
    auto games = report_digest(loaded_, all_games);
    auto scan = output::scan_record_log(jsonl, [&](match::FinishedGame &&g) { games.add(g); });
    if (!scan) return fail(scan.error().message);
    ReportBuilt built = build(games, status);
    built.took = std::chrono::steady_clock::now() - started;
    built.dropped_torn_line = scan->dropped_torn_line;
    return built;
}

Expected<ReportBuilt> ReportFile::write(const std::filesystem::path &jsonl, const std::filesystem::path &target,
                                        const std::string &status, bool all_games) const {
    const auto started = std::chrono::steady_clock::now();
    auto built = build(jsonl, status, all_games);
    if (!built) return built;
    if (auto written = output::write_file_atomically(target, built->page); !written) return fail(written.error().message);
    built->page.clear();
    built->took = std::chrono::steady_clock::now() - started;
    return built;
}

bool interim_report_due(std::chrono::steady_clock::time_point now, std::chrono::steady_clock::time_point last_end,
                        std::chrono::duration<double> last_took) {
    return now - last_end >= 10 * last_took;
}

}  // namespace arb::tournament
