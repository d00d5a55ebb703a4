#include "tournament/merge.hpp"

#include "output/record_set.hpp"
#include "output/jsonl_record.hpp"
#include "output/record_log.hpp"
#include "output/standings.hpp"
#include "rating/result_tally.hpp"
#include "tournament/config_identity.hpp"
#include "tournament/output_files.hpp"
#include "tournament/report_file.hpp"
#include "tournament/schedule.hpp"
#include "tournament/shard.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace arb::tournament {

namespace fs = std::filesystem;

namespace {

// One input folder: its config and its records, each with the line as written.
struct InputFolder {
    fs::path dir;
    config::LoadedConfig loaded;
    std::string identity;
    struct Record {
        output::FinishedGame game;
        std::string line;  // without the line end
    };
    std::vector<Record> records;
};

std::string read_text(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string fmt_errors(const std::vector<std::string> &errors) {
    std::string text;
    for (const auto &e : errors) text += (text.empty() ? "" : "\n") + e;
    return text;
}

std::string describe(const InputFolder &f) {
    return f.dir.string() + (f.loaded.config.shard ? " (shard " + config::to_string(*f.loaded.config.shard) + ")" : "");
}

// The first line where two identity texts differ, for a message a user can act on.
std::string first_difference(const std::string &a, const std::string &b) {
    std::istringstream sa(a), sb(b);
    std::string la, lb;
    for (int line = 1;; ++line) {
        bool more_a = static_cast<bool>(std::getline(sa, la));
        bool more_b = static_cast<bool>(std::getline(sb, lb));
        if (!more_a && !more_b) return "";
        if (!more_a) la = "(end)";
        if (!more_b) lb = "(end)";
        if (la != lb) return "'" + la + "' against '" + lb + "'";
    }
}

Expected<InputFolder> read_folder(const fs::path &dir, const MergeOptions &options, std::vector<std::string> &notes) {
    InputFolder f;
    f.dir = dir;
    const fs::path config_file = dir / kConfigFile;
    if (!fs::exists(config_file))
        return fail(dir.string() + " holds no " + std::string(kConfigFile) + ": not the output folder of a tournament");
    config::LoadOptions load;
    load.plugin_dirs = options.plugin_dirs;
    load.program_dir = options.program_dir;
    load.check_programs = false;  // merging starts no engine
    auto loaded = config::load_config_file(config_file, load);
    if (!loaded) return fail(loaded.error().message);
    f.loaded = std::move(*loaded);
    f.identity = tournament_identity_text(f.loaded);

    const fs::path jsonl = dir / kJsonlFile;
    const std::string text = read_text(jsonl);
    auto log = output::parse_record_log(text, jsonl.string());
    if (!log) return fail(log.error().message);
    if (log->dropped_torn_line)
        notes.push_back(jsonl.string() + ": an incomplete last record was left out (is this shard still running?)");
    // The lines as written are kept, not written anew, so the merged records are the shards' own.
    size_t start = 0;
    while (start < log->valid_bytes) {
        size_t end = text.find('\n', start);
        std::string line = text.substr(start, end - start);
        start = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto game = output::parse_json_line(line);
        if (!game) return fail(jsonl.string() + ": " + game.error().message);
        f.records.push_back({std::move(*game), std::move(line)});
    }
    return f;
}

}  // namespace

std::string index_ranges(const std::vector<int> &indices) {
    std::string text;
    for (size_t i = 0; i < indices.size();) {
        size_t j = i;
        while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
        if (!text.empty()) text += ", ";
        text += std::to_string(indices[i]);
        if (j > i) text += "-" + std::to_string(indices[j]);
        i = j + 1;
    }
    return text;
}

Expected<MergeReport> merge_runs(const std::vector<fs::path> &folders, const fs::path &out_dir,
                                 const MergeOptions &options) {
    if (folders.empty()) return fail("no folders to merge");
    MergeReport report;
    const fs::path out = fs::absolute(out_dir).lexically_normal();
    std::vector<std::string> errors;
    std::vector<InputFolder> inputs;
    std::map<fs::path, fs::path> seen_dirs;
    for (const auto &dir : folders) {
        std::error_code ec;
        const fs::path canonical = fs::weakly_canonical(fs::absolute(dir), ec);
        if (canonical == fs::weakly_canonical(out, ec)) {
            errors.push_back(dir.string() + " is the output folder of the merge; merge into a new folder");
            continue;
        }
        if (auto [it, fresh] = seen_dirs.emplace(canonical, dir); !fresh) {
            errors.push_back(dir.string() + " is given twice (also as " + it->second.string() + ")");
            continue;
        }
        auto input = read_folder(dir, options, report.notes);
        if (!input) errors.push_back(input.error().message);
        else inputs.push_back(std::move(*input));
    }
    if (!errors.empty() || inputs.empty()) return fail(fmt_errors(errors));

    // One tournament: the same config apart from shard, output and speed.
    const InputFolder &first = inputs.front();
    report.fingerprint = fingerprint_of(first.identity);
    for (const auto &f : inputs) {
        if (f.identity == first.identity) continue;
        errors.push_back(describe(f) + " is a run of another config than " + describe(first) + " (fingerprint " +
                         fingerprint_of(f.identity) + ", not " + report.fingerprint +
                         "); first difference: " + first_difference(first.identity, f.identity));
    }
    std::map<std::string, const InputFolder *> shards_seen;
    for (const auto &f : inputs) {
        if (!f.loaded.config.shard) continue;
        auto [it, fresh] = shards_seen.emplace(config::to_string(*f.loaded.config.shard), &f);
        if (!fresh) errors.push_back(f.dir.string() + " and " + it->second->dir.string() + " are both shard " + it->first);
    }
    if (!errors.empty()) return fail(fmt_errors(errors));

    const auto schedule = make_schedule(schedule_params(first.loaded.config, static_cast<int>(first.loaded.openings.size())));
    report.games_total = static_cast<int>(schedule.size());
    std::map<int, const InputFolder::Record *> by_index;
    std::map<int, const InputFolder *> owner;
    std::map<std::pair<const InputFolder *, const InputFolder *>, std::vector<int>> duplicates;
    for (const auto &f : inputs) {
        const fs::path jsonl = f.dir / kJsonlFile;
        for (const auto &r : f.records) {
            const int index = r.game.slot.index;
            if (!matches_schedule(r.game.slot, schedule)) {
                errors.push_back(jsonl.string() + ": game " + std::to_string(index) +
                                 " does not match the schedule of its config");
                continue;
            }
            if (!in_shard(r.game.slot, f.loaded.config.shard)) {
                errors.push_back(jsonl.string() + ": game " + std::to_string(index) + " is not one of shard " +
                                 config::to_string(*f.loaded.config.shard));
                continue;
            }
            auto [it, fresh] = owner.emplace(index, &f);
            if (fresh) by_index[index] = &r;
            else if (it->second != &f) duplicates[{it->second, &f}].push_back(index);
            // A repeat within one folder is what --resume tolerates too: the first record counts.
        }
    }
    for (const auto &[folders_pair, indices] : duplicates)
        errors.push_back("schedule indices " + index_ranges(indices) + " are recorded in both " +
                         folders_pair.first->dir.string() + " and " + folders_pair.second->dir.string() +
                         ": each game must come from one folder only");
    if (!errors.empty()) return fail(fmt_errors(errors));

    for (const auto &s : schedule)
        if (!by_index.count(s.index)) report.missing.push_back(s.index);

    // The merged folder: a normal output folder of the whole schedule,
    // written by the same record set as a run (the same files, the same lock).
    config::LoadedConfig merged = first.loaded;
    merged.config.shard.reset();
    merged.config.out_dir = out.string();
    const RecordFormat format = record_format(merged);
    auto records = output::RecordSet::open(out, record_writers(format),
                                           [&](const std::string &warning) { report.notes.push_back(warning); });
    if (!records) return fail(records.error().message);
    auto holding = records->file_with_games();
    if (!holding) return fail(holding.error().message);
    if (*holding) return fail(out.string() + " already holds games of a tournament; merge into a new folder");
    if (auto w = write_effective_config(merged, *records); !w) return fail(w.error().message);

    std::vector<std::string> lines;
    std::vector<output::FinishedGame> games;
    for (const auto &[index, record] : by_index) {
        lines.push_back(record->line);
        games.push_back(record->game);
    }
    report.games_merged = static_cast<int>(games.size());
    if (auto w = records->write_all(lines, games); !w) return fail(w.error().message);
    // The standings from the same running totals a run keeps, so they are the run's to the digit.
    rating::ResultTally tally(static_cast<int>(merged.config.engines.size()));
    for (const auto &g : games)
        if (auto outcome = output::outcome_of(g)) tally.add(*outcome);
    std::vector<std::string> names;
    for (const auto &e : merged.config.engines) names.push_back(e.name);
    auto standings = write_standings_files(*records, output::compute_standings(names, tally.counts(), merged.config.sprt));
    if (!standings) return fail(standings.error().message);
    report.standings_text = std::move(*standings);
    // The page a run would leave, from the merged records.
    const bool complete = report.games_merged == report.games_total;
    auto page = ReportFile(merged, report.games_total).build(out / kJsonlFile, complete ? "merged" : "merged, partial");
    if (page) {
        if (auto written = records->write_derived(kReportFile, page->page); !written) page = fail(written.error().message);
    }
    if (!page) report.notes.push_back("report.html not written: " + page.error().message);
    return report;
}

}  // namespace arb::tournament
