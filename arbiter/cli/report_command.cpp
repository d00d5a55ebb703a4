// `arbiter report`: rebuilds report.html from a tournament's output folder
// (finished, stopped or merged) without running anything: config.yaml and
// games.jsonl are all it reads, and the game plugin replays the games.
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "config/config_loader.hpp"
#include "core/program_dir.hpp"
#include "output/record_log.hpp"
#include "output/record_set.hpp"
#include "tournament/report_file.hpp"
#include "tournament/schedule.hpp"
#include "tournament/session.hpp"

#include <fmt/format.h>

#include <iostream>
#include <optional>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace arb::cli {

namespace {

constexpr const char *kSynopsis = "OUTDIR [--out FILE] [--all-games]";

constexpr const char *kReportHelp = R"(
Writes OUTDIR/report.html (or FILE): one self-contained page, no network needed, with the
header of the tournament, the standings and an Elo chart with 95% intervals, the crosstable
and LOS matrix, how the games ended per engine (with the reasons of engine faults), for two
engines the head-to-head figures, game pairs and the SPRT course, and the games in a viewer
(step with the buttons or the arrow keys). 'arbiter run' writes the same page at each interim
standings and at the end; this command rebuilds it, e.g. after a stopped or merged run.
Up to 1000 games the viewer has every game; past that the page stays small and shows every
game lost by an engine fault (the first 500), the latest 200 and the first 2 of each pairing
(up to 1000), and says so: --all-games puts every game in it (a big page for a long run).
Engines need not be installed: only the game plugin is loaded. Writing into OUTDIR takes the
folder's lock, so it fails while a run of that folder is going (the run writes the page itself);
--out FILE writes elsewhere at any time.
)";

}  // namespace

int report_command(const Args &args) {
    std::string dir_text, out_file;
    bool all_games = false;
    std::vector<std::string> plugin_dirs;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")(
        "out,o", po::value(&out_file)->value_name("FILE"), "where to write the page (default OUTDIR/report.html)")(
        "all-games", po::bool_switch(&all_games), "every game in the viewer (default: all up to 1000 games, then a "
                                                  "bounded choice: faults, the latest, a sample per pairing)")(
        "dir", po::value(&dir_text)->value_name("OUTDIR"), "the tournament's output folder (positional)");
    add_plugin_dir_option(desc, plugin_dirs);
    po::positional_options_description positional;
    positional.add("dir", 1);
    po::variables_map vm;
    int exit_code = kExitOk;
    if (!parse_command_line("report", args, desc, &positional, vm, kSynopsis, exit_code, kReportHelp)) return exit_code;
    if (dir_text.empty()) {
        std::cerr << "arbiter report: give the output folder of a tournament\nusage: arbiter report " << kSynopsis << "\n";
        return kExitUsage;
    }
    const fs::path dir = fs::absolute(dir_text);
    const fs::path config_file = dir / tournament::kConfigFile;
    if (!fs::exists(config_file)) {
        std::cerr << "arbiter report: " << dir_text << " holds no " << tournament::kConfigFile
                  << ": not the output folder of a tournament\n";
        return kExitFailure;
    }
    config::LoadOptions load;
    load.plugin_dirs = plugin_path(plugin_dirs);
    load.program_dir = running_program_dir();
    load.overrides.out_dir = dir.string();
    load.check_programs = false;  // the engines are not run, and may live elsewhere
    auto loaded = config::load_config_file(config_file, load);
    if (!loaded) {
        std::cerr << loaded.error().message << "\n";
        return kExitFailure;
    }
    const auto &c = loaded->config;
    const auto scheduled = static_cast<int64_t>(
        tournament::ScheduleStream(tournament::schedule_params(c, static_cast<int>(loaded->openings.size()))).size());
    // The status needs the count of records first: a first pass, cheap next to the build.
    int64_t played = 0;
    auto scan = output::scan_record_log(dir / tournament::kJsonlFile, [&](match::FinishedGame &&) { ++played; });
    if (!scan) {
        std::cerr << "arbiter report: " << scan.error().message << "\n";
        return kExitFailure;
    }
    const std::string status = played >= scheduled ? "finished"
                                                    : fmt::format("stopped after {} of {} games", played, scheduled);
    // The page goes into the folder as every other file there does: under the
    // folder's lock (a running tournament writes its own report.html and
    // holds it), never through a link. A page elsewhere (--out) needs no lock.
    const fs::path target = out_file.empty() ? dir / tournament::kReportFile : fs::path(out_file);
    std::optional<output::RecordSet> records;
    if (out_file.empty()) {
        auto opened = output::RecordSet::open(dir, {}, {});
        if (!opened) {
            std::cerr << "arbiter report: " << opened.error().message
                      << (opened.error().kind == ErrorKind::FolderInUse
                              ? " (a running tournament writes its own report.html; use --out FILE for a page now)"
                              : "")
                      << "\n";
            return kExitFailure;
        }
        records.emplace(std::move(*opened));
    }
    const tournament::ReportFile report(*loaded, scheduled);
    auto built = records ? report.build(dir / tournament::kJsonlFile, status, all_games)
                         : report.write(dir / tournament::kJsonlFile, target, status, all_games);
    if (built && records) {
        if (auto written = records->write_derived(tournament::kReportFile, built->page); !written)
            built = fail(written.error().message);
    }
    if (!built) {
        std::cerr << "arbiter report: " << built.error().message << "\n";
        return kExitFailure;
    }
    if (built->dropped_torn_line)
        std::cerr << "arbiter report: note: the last record of " << (dir / tournament::kJsonlFile).string()
                  << " is incomplete and left out\n";
    std::cout << fmt::format("report: {} ({} games{}, {} bytes, {:.2f} s)\n", target.string(), built->games,
                             built->shown < built->games
                                 ? fmt::format(", {} in the viewer: --all-games for every one", built->shown)
                                 : "",
                             built->bytes, built->took.count());
    return kExitOk;
}

}  // namespace arb::cli
