// report.html of a tournament's output folder: built by `arbiter run` at
// interim standings and at the end from the digest it keeps game by game
// (nothing is re-read: the cost of a report does not grow with the games
// played), and by `arbiter report` and `arbiter merge` from the folder's
// games.jsonl (the source of truth), read once. Only the games the page
// shows are replayed through the plugin for the viewer.
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"
#include "output/html_report.hpp"

#include <chrono>
#include <filesystem>
#include <string>

namespace arb::tournament {

inline constexpr const char *kReportFile = "report.html";
// While a run goes on, report.html is rewritten about this often (when
// reports stay cheap) and the page reloads itself as often.
inline constexpr int kLiveRefreshSeconds = 10;

struct ReportBuilt {
    std::string page;        // the HTML (build() only)
    int64_t games = 0;       // games counted in the page
    int64_t shown = 0;       // games in its viewer (all of them, or a bounded choice)
    uint64_t bytes = 0;      // size of the page
    std::chrono::duration<double> took{0};
    bool dropped_torn_line = false;  // the log's last line was incomplete and left out
};

// An empty digest for the tournament's engines and SPRT; `all_games`: its
// page shows every game (`arbiter report --all-games`).
output::ReportDigest report_digest(const config::LoadedConfig &loaded, bool all_games = false);

class ReportFile {
public:
    ReportFile(const config::LoadedConfig &loaded, int64_t games_scheduled);

    // The page of `digest`; the caller writes it (into an output folder:
    // output::RecordSet::write_derived, under its lock).
    // `live`: the run goes on (the page shows its pace and reloads itself).
    [[nodiscard]] ReportBuilt build(const output::ReportDigest &digest, const std::string &status,
                                    const std::optional<output::ReportHeader::Live> &live = std::nullopt) const;
    // Reads `jsonl` and returns the page.
    Expected<ReportBuilt> build(const std::filesystem::path &jsonl, const std::string &status,
                                bool all_games = false) const;
    // Reads `jsonl` and writes the page to `target` atomically (a temporary
    // file, then a rename), so a browser or a crash never sees half a report.
    // `status` ends the header's games line ("finished", "interim standings").
    Expected<ReportBuilt> write(const std::filesystem::path &jsonl, const std::filesystem::path &target,
                                const std::string &status, bool all_games = false) const;

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
