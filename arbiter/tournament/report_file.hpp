// report.html of a tournament's output folder, built from the folder's
// games.jsonl (the source of truth) by `arbiter run` at interim standings and
// at the end, and by `arbiter report`. Between builds nothing is kept in
// memory: a long match stays flat; a build reads the log once, replaying
// each game through the plugin for the viewer.
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"
#include "output/html_report.hpp"

#include <chrono>
#include <filesystem>
#include <string>

namespace arb::tournament {

inline constexpr const char *kReportFile = "report.html";

struct ReportBuilt {
    std::string page;        // the HTML (build() only)
    int64_t games = 0;       // records in the page
    uint64_t bytes = 0;      // size of the page
    std::chrono::duration<double> took{0};
    bool dropped_torn_line = false;  // the log's last line was incomplete and left out
};

class ReportFile {
public:
    ReportFile(const config::LoadedConfig &loaded, int64_t games_scheduled);

    // Reads `jsonl` and returns the page; the caller writes it (into an
    // output folder: output::RecordSet::write_derived, under its lock).
    Expected<ReportBuilt> build(const std::filesystem::path &jsonl, const std::string &status) const;
    // Reads `jsonl` and writes the page to `target` atomically (a temporary
    // file, then a rename), so a browser or a crash never sees half a report.
    // `status` ends the header's games line ("finished", "interim standings").
    Expected<ReportBuilt> write(const std::filesystem::path &jsonl, const std::filesystem::path &target,
                                const std::string &status) const;

private:
    const config::LoadedConfig &loaded_;
    output::ReportHeader header_;
};

// Whether an interim report is worth building now: not when less than ten
// times the last build's time has passed since it ended, so that reports
// never take more than about a tenth of a long run.
bool interim_report_due(std::chrono::steady_clock::time_point now, std::chrono::steady_clock::time_point last_end,
                        std::chrono::duration<double> last_took);

}  // namespace arb::tournament
