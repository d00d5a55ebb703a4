// `arbiter merge`: the output folders of a tournament's shards combined into
// one output folder, checked first (same config, no game twice).
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "core/program_dir.hpp"
#include "tournament/merge.hpp"

#include <fmt/format.h>

#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

constexpr const char *kSynopsis = "--out DIR SHARD_DIR...";

constexpr const char *kMergeHelp = R"(
Each SHARD_DIR is the output folder of 'arbiter run --shard K/N' (or of any run of the same config).
The merge checks that all come from one tournament (the same effective config apart from shard,
output folder, concurrency, progress interval and on_interrupt, and the same openings; its
fingerprint is printed), that no schedule index is recorded twice and that every record is the
game the schedule has at its index. It then writes DIR as one unsharded run would have: config.yaml
(without shard), openings.txt, games.jsonl and games.pgn in schedule order, standings.txt and
standings.json from all games. Shards still running or unfinished give a partial merge: it says
which schedule indices are missing, and 'arbiter run --resume DIR' plays them. Exit code 0 (also for
a partial merge, unless --require-complete), 1 when the folders do not fit together.
Shards of an SPRT (run with --shared DIR): the standings also show the decision from the shared
folder (LLR, bounds, pairs and games at the decision, the games played past it); the games the SPRT
never started are not counted as missing. Game pairs dealt an opening another pair had (a book used
up) are counted in a note.
)";

}  // namespace

int merge_command(const Args &args) {
    std::string out_dir;
    std::vector<std::string> folders, plugin_dirs;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")(
        "out,o", po::value(&out_dir)->value_name("DIR"), "the merged output folder (must not hold games yet)")(
        "require-complete", "exit with code 1 when games are missing (after writing the partial merge)")(
        "folder", po::value(&folders)->value_name("SHARD_DIR"), "the shards' output folders (positional)");
    add_plugin_dir_option(desc, plugin_dirs);
    po::positional_options_description positional;
    positional.add("folder", -1);
    po::variables_map vm;
    int exit_code = kExitOk;
    if (!parse_command_line("merge", args, desc, &positional, vm, kSynopsis, exit_code, kMergeHelp)) return exit_code;
    if (out_dir.empty() || folders.empty()) {
        std::cerr << "arbiter merge: give --out DIR and at least one shard folder\nusage: arbiter merge " << kSynopsis
                  << "\n";
        return kExitUsage;
    }
    tournament::MergeOptions options;
    options.plugin_dirs.assign(plugin_dirs.begin(), plugin_dirs.end());  // --plugin-dir only: the loader adds the rest
    options.program_dir = running_program_dir();
    std::vector<std::filesystem::path> inputs(folders.begin(), folders.end());
    auto report = tournament::merge_runs(inputs, out_dir, options);
    if (!report) {
        std::cerr << "arbiter merge: " << report.error().message << "\n";
        return kExitFailure;
    }
    for (const auto &note : report->notes) std::cerr << "note: " << note << "\n";
    if (report->opening_repeats > 0)
        std::cerr << fmt::format("note: {} of the {} game pairs merged were dealt an opening another pair had (the "
                                 "book of {} was used up)\n",
                                 report->opening_repeats, report->opening_pairs, report->book_size);
    std::cout << fmt::format("arbiter merge: {} folders of tournament {}: {} of {} games merged into {}\n\n",
                             inputs.size(), report->fingerprint, report->games_merged, report->games_total, out_dir);
    std::cout << report->standings_text;
    if (report->sprt_decision) {
        // The shards stopped on the decision: the rest of the schedule is not missing, it was never to be played.
        std::cout << fmt::format("\nSPRT over all shards: {}; {} games played in all, {} of the schedule's {} not "
                                 "played (stopped by the SPRT)\n",
                                 *report->sprt_decision, report->games_merged, report->missing.size(),
                                 report->games_total);
        return kExitOk;
    }
    if (!report->missing.empty()) {
        std::cout << fmt::format("\npartial merge: {} of {} games are missing (schedule indices {}); play them with "
                                 "'arbiter run --resume {}'\n",
                                 report->missing.size(), report->games_total, tournament::index_ranges(report->missing),
                                 out_dir);
        if (vm.count("require-complete")) return kExitFailure;
    }
    return kExitOk;
}

}  // namespace arb::cli
