// report.html of a tournament's output folder: written by `arbiter run` at
// each interim standings and at the end, and by `arbiter report` from the
// folder alone. Each game is replayed for the viewer once, when added.
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"
#include "output/html_report.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace arb::tournament {

inline constexpr const char *kReportFile = "report.html";

class ReportFile {
public:
    ReportFile(const config::LoadedConfig &loaded, int games_scheduled);

    void add(const output::FinishedGame &game) { viewer_.add(game); }

    // Writes the page atomically (a temporary file, then a rename), so a
    // browser or a crash never sees half a report. `games` are the games
    // added so far, in the order they finished.
    Expected<void> write(const std::filesystem::path &file, const std::vector<output::FinishedGame> &games,
                         const output::Standings &standings, const std::string &status) const;

private:
    output::ReportHeader header_;
    output::ReportGames viewer_;
    std::optional<rating::SprtConfig> sprt_;
};

}  // namespace arb::tournament
