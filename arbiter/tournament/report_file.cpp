#include "tournament/report_file.hpp"

#include "core/version.hpp"
#include "output/append_file.hpp"

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

}  // namespace

ReportFile::ReportFile(const config::LoadedConfig &loaded, int games_scheduled)
    : viewer_(loaded.plugin, loaded.config.game.options), sprt_(loaded.config.sprt) {
    const auto &c = loaded.config;
    const auto &api = loaded.plugin->api();
    header_.event = c.event;
    header_.game_name = api.name;
    header_.variant = variant_of(c.game);
    header_.side_names[0] = api.side_names[0];
    header_.side_names[1] = api.side_names[1];
    header_.time_control = time_control_of(c);
    header_.games_scheduled = games_scheduled;
    header_.arbiter_version = kArbiterVersion;
}

Expected<void> ReportFile::write(const std::filesystem::path &file, const std::vector<output::FinishedGame> &games,
                                 const output::Standings &standings, const std::string &status) const {
    output::ReportHeader header = header_;
    header.status = status;
    return output::write_file_atomically(file, output::html_report(header, standings, games, viewer_, sprt_));
}

}  // namespace arb::tournament
