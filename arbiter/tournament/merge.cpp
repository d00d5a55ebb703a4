#include "tournament/merge.hpp"

#include "output/record_set.hpp"
#include "output/jsonl_record.hpp"
#include "output/record_log.hpp"
#include "output/record_order.hpp"
#include "output/standings.hpp"
#include "rating/result_tally.hpp"
#include "tournament/config_identity.hpp"
#include "tournament/output_files.hpp"
#include "tournament/report_file.hpp"
#include "tournament/schedule.hpp"
#include "tournament/shard.hpp"
#include "tournament/shared_sprt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <queue>
#include <sstream>

namespace arb::tournament {

namespace fs = std::filesystem;

namespace {

// One input folder: its config. Its records are read in passes that hold
// only their places (16 bytes a game), never the games.
struct InputFolder {
    fs::path dir;
    config::LoadedConfig loaded;
    std::string identity;
};

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

Expected<InputFolder> read_folder(const fs::path &dir, const MergeOptions &options) {
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
    return f;
}

// The line number (from 1) of the line that starts at byte `offset` of `file`
// (a message's detail: read in blocks, only when a message needs it).
int line_at(const fs::path &file, uint64_t offset) {
    std::ifstream in(file, std::ios::binary);
    std::vector<char> block(1 << 16);
    int line = 1;
    while (offset > 0 && in) {
        in.read(block.data(), static_cast<std::streamsize>(std::min<uint64_t>(offset, block.size())));
        const auto got = static_cast<size_t>(in.gcount());
        line += static_cast<int>(std::count(block.begin(), block.begin() + static_cast<std::ptrdiff_t>(got), '\n'));
        offset -= got;
        if (got == 0) break;
    }
    return line;
}

// A run appends each game once and --resume cuts only a torn last line, so a
// second record of an index in one folder is not the arbiter's: the same line
// again (a copy gone wrong) is left out with a note; another record of the
// index (the file edited) is an error, naming the folder, file, line and index.
void check_repeats(const InputFolder &f, const fs::path &jsonl, const std::vector<output::RecordPlace> &places,
                   const std::vector<output::RepeatedRecord> &repeats, std::vector<std::string> &errors,
                   std::vector<std::string> &notes) {
    constexpr size_t kShown = 10;  // a file with many: the first ones, then how many
    std::map<int, output::RecordPlace> firsts;
    for (const auto &r : repeats) firsts.emplace(r.place.index, output::RecordPlace{});
    for (const auto &p : places)
        if (auto it = firsts.find(p.index); it != firsts.end()) it->second = p;
    output::RecordReader reader(jsonl);
    size_t differing = 0, identical = 0;
    for (const auto &r : repeats) {
        const auto &first = firsts.at(r.place.index);
        if (first.length == 0) continue;  // the first was refused already (not the schedule's game)
        auto a = reader.read(first);
        const std::string first_line = a ? reader.line() : std::string();
        auto b = reader.read(r.place);
        const bool same = a && b && reader.line() == first_line;
        size_t &count = same ? identical : differing;
        if (++count > kShown) continue;
        const std::string what = jsonl.string() + ":" + std::to_string(r.line) + ": schedule index " +
                                 std::to_string(r.place.index) + " is recorded again (first at line " +
                                 std::to_string(line_at(jsonl, first.offset)) + ") in " + describe(f);
        if (same) notes.push_back(what + ", byte for byte: the repeat is left out");
        else errors.push_back(what + "; the two records differ: the file was edited or damaged, keep the right one");
    }
    if (differing > kShown)
        errors.push_back(jsonl.string() + ": " + std::to_string(differing - kShown) + " more indices recorded again with another record");
    if (identical > kShown)
        notes.push_back(jsonl.string() + ": " + std::to_string(identical - kShown) + " more records repeated byte for byte, left out");
}

// The places of every folder's records, each folder's sorted by index,
// walked together in index order: for each index, the folders holding it
// (in the order they were given) and their places.
class PlacesByIndex {
public:
    explicit PlacesByIndex(std::vector<std::vector<output::RecordPlace>> places) : places_(std::move(places)) {
        for (auto &p : places_)
            std::sort(p.begin(), p.end(), [](const auto &a, const auto &b) { return a.index < b.index; });
    }
    // (folder, place) pairs of one index, ascending by folder.
    using Holders = std::vector<std::pair<size_t, output::RecordPlace>>;
    // `on_index(index, holders)` for every index held, ascending; its first error ends the walk.
    template <typename OnIndex>
    Expected<void> for_each(const OnIndex &on_index) const {
        using Head = std::pair<int, size_t>;  // (index, folder): the smallest index first, then the first folder
        std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
        std::vector<size_t> at(places_.size(), 0);
        for (size_t f = 0; f < places_.size(); ++f)
            if (!places_[f].empty()) heads.emplace(places_[f].front().index, f);
        Holders holders;
        while (!heads.empty()) {
            const int index = heads.top().first;
            holders.clear();
            while (!heads.empty() && heads.top().first == index) {
                const size_t f = heads.top().second;
                heads.pop();
                holders.emplace_back(f, places_[f][at[f]]);
                if (++at[f] < places_[f].size()) heads.emplace(places_[f][at[f]].index, f);
            }
            if (auto r = on_index(index, holders); !r) return r;
        }
        return {};
    }

private:
    std::vector<std::vector<output::RecordPlace>> places_;
};

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

namespace {

// The folders given, each read once; none may be the output folder or given twice.
Expected<std::vector<InputFolder>> read_inputs(const std::vector<fs::path> &folders, const fs::path &out,
                                               const MergeOptions &options) {
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
        auto input = read_folder(dir, options);
        if (!input) errors.push_back(input.error().message);
        else inputs.push_back(std::move(*input));
    }
    if (!errors.empty() || inputs.empty()) return fail(fmt_errors(errors));
    return inputs;
}

// One tournament: the same config apart from shard, output and speed, and
// each shard once. What is wrong, if anything.
std::vector<std::string> identity_errors(const std::vector<InputFolder> &inputs, const std::string &fingerprint) {
    std::vector<std::string> errors;
    const InputFolder &first = inputs.front();
    for (const auto &f : inputs) {
        if (f.identity == first.identity) continue;
        errors.push_back(describe(f) + " is a run of another config than " + describe(first) + " (fingerprint " +
                         fingerprint_of(f.identity) + ", not " + fingerprint +
                         "); first difference: " + first_difference(first.identity, f.identity));
    }
    std::map<std::string, const InputFolder *> shards_seen;
    for (const auto &f : inputs) {
        if (!f.loaded.config.shard) continue;
        auto [it, fresh] = shards_seen.emplace(config::to_string(*f.loaded.config.shard), &f);
        if (!fresh) errors.push_back(f.dir.string() + " and " + it->second->dir.string() + " are both shard " + it->first);
    }
    return errors;
}

// The places of each folder's good records (a record off the schedule or
// off its folder's shard is an error); sets report.games_total and notes a
// torn last line.
std::vector<std::vector<output::RecordPlace>> record_places(const std::vector<InputFolder> &inputs,
                                                            std::vector<std::string> &errors, MergeReport &report) {
    const InputFolder &first = inputs.front();
    // The schedule streamed into 8 bytes a game: what each index's record must say of its slot.
    std::vector<uint64_t> slots;
    {
        ScheduleStream schedule(schedule_params(first.loaded.config, static_cast<int>(first.loaded.openings.size())));
        slots.reserve(static_cast<size_t>(schedule.size()));
        while (auto g = schedule.next()) slots.push_back(schedule_slot_key(*g));
    }
    report.games_total = static_cast<int>(slots.size());
    // One pass over each folder's records, in file order, keeping the place
    // of each good one; the first record of an index counts (the scan hands
    // on only it), a later one is checked (check_repeats).
    std::vector<std::vector<output::RecordPlace>> places(inputs.size());
    std::vector<output::RepeatedRecord> repeats;  // of one folder (their texts not kept)
    for (size_t k = 0; k < inputs.size(); ++k) {
        const InputFolder &f = inputs[k];
        const fs::path jsonl = f.dir / kJsonlFile;
        auto scan = output::scan_record_log(jsonl, [&](match::FinishedGame &&game, const output::RecordPlace &place) {
            const int index = game.slot.index;
            if (index < 0 || static_cast<size_t>(index) >= slots.size() ||
                slots[static_cast<size_t>(index)] != schedule_slot_key(game.slot)) {
                errors.push_back(jsonl.string() + ": game " + std::to_string(index) +
                                 " does not match the schedule of its config");
                return;
            }
            if (!in_shard(game.slot, f.loaded.config.shard)) {
                errors.push_back(jsonl.string() + ": game " + std::to_string(index) + " is not one of shard " +
                                 config::to_string(*f.loaded.config.shard));
                return;
            }
            places[k].push_back(place);
        }, [&](const output::RepeatedRecord &repeat) { repeats.push_back({repeat.place, repeat.line, {}}); });
        if (!scan) {
            errors.push_back(scan.error().message);
            continue;
        }
        if (!repeats.empty()) check_repeats(f, jsonl, places[k], repeats, errors, report.notes);
        repeats.clear();
        if (scan->dropped_torn_line)
            report.notes.push_back(jsonl.string() +
                                   ": an incomplete last record was left out (is this shard still running?)");
    }
    return places;
}

}  // namespace

namespace {

// The shards' SPRT decision from their shared folder, if they had one, into the report and standings.
void add_shared_decision(const std::string &shared, MergeReport &report, output::Standings &computed) {
    if (shared.empty()) return;
    auto decision = read_decision(shared);
    if (!decision)
        report.notes.push_back("the SPRT decision could not be read: " + decision.error().message);
    else if (!*decision || !(*decision)->complete)
        report.notes.push_back("the shared folder " + shared + " holds no decision of the shards' SPRT (not decided, "
                               "or the folder is not mounted here)");
    else {
        report.sprt_decision = decision_summary(**decision);
        computed.shared_sprt = shared_standing(**decision, true);
    }
}

}  // namespace

Expected<MergeReport> merge_runs(const std::vector<fs::path> &folders, const fs::path &out_dir,
                                 const MergeOptions &options) {
    if (folders.empty()) return fail("no folders to merge");
    MergeReport report;
    const fs::path out = fs::absolute(out_dir).lexically_normal();
    auto read = read_inputs(folders, out, options);
    if (!read) return fail(read.error());
    const std::vector<InputFolder> inputs = std::move(*read);
    const InputFolder &first = inputs.front();
    report.fingerprint = fingerprint_of(first.identity);
    std::vector<std::string> errors = identity_errors(inputs, report.fingerprint);
    if (!errors.empty()) return fail(fmt_errors(errors));
    const PlacesByIndex by_index(record_places(inputs, errors, report));
    // Indices in two folders (the first folder given that holds one owns
    // it), and the schedule's indices no folder holds.
    std::map<std::pair<size_t, size_t>, std::vector<int>> duplicates;
    int next_index = 0;
    (void)by_index.for_each([&](int index, const PlacesByIndex::Holders &holders) -> Expected<void> {
        for (size_t h = 1; h < holders.size(); ++h) duplicates[{holders[0].first, holders[h].first}].push_back(index);
        for (; next_index < index; ++next_index) report.missing.push_back(next_index);
        next_index = index + 1;
        return {};
    });
    for (; next_index < report.games_total; ++next_index) report.missing.push_back(next_index);
    for (const auto &[folders_pair, indices] : duplicates)
        errors.push_back("schedule indices " + index_ranges(indices) + " are recorded in both " +
                         inputs[folders_pair.first].dir.string() + " and " + inputs[folders_pair.second].dir.string() +
                         ": each game must come from one folder only");
    if (!errors.empty()) return fail(fmt_errors(errors));

    // The merged folder: a normal output folder of the whole schedule,
    // written by the same record set as a run (the same files, the same lock).
    config::LoadedConfig merged = first.loaded;
    merged.config.shard.reset();
    merged.config.shared_dir.clear();  // the merged folder is one unsharded run
    merged.config.out_dir = out.string();
    const RecordFormat format = record_format(merged);
    auto records = output::RecordSet::open(out, record_writers(format),
                                           [&](const std::string &warning) { report.notes.push_back(warning); });
    if (!records) return fail(records.error().message);
    auto holding = records->file_with_games();
    if (!holding) return fail(holding.error().message);
    if (*holding) return fail(out.string() + " already holds games of a tournament; merge into a new folder");
    if (auto w = write_effective_config(merged, *records); !w) return fail(w.error().message);

    // Each record read back at its place in index order, written as the
    // shard wrote it, and counted with the same running totals a run keeps
    // (so the standings are the run's to the digit).
    rating::ResultTally tally(static_cast<int>(merged.config.engines.size()));
    // Openings by game pair: a pair's games have consecutive indices, so the pairs come one after another.
    std::vector<int64_t> pairs_per_opening(first.loaded.openings.size(), 0);
    int last_pair = -1;
    std::vector<std::string> names;
    for (const auto &e : merged.config.engines) names.push_back(e.name);
    output::GameEndings endings(names);
    std::vector<std::unique_ptr<output::RecordReader>> readers;
    for (const auto &f : inputs) readers.push_back(std::make_unique<output::RecordReader>(f.dir / kJsonlFile));
    auto merged_records = records->write_all([&](const output::RecordSet::LineSink &sink) {
        return by_index.for_each([&](int, const PlacesByIndex::Holders &holders) -> Expected<void> {
            auto &reader = *readers[holders.front().first];
            auto game = reader.read(holders.front().second);
            if (!game) return fail(game.error().message);
            if (auto outcome = output::outcome_of(*game)) tally.add(*outcome);
            const int opening = game->slot.opening;
            if (game->slot.pair_id != last_pair && opening >= 0 &&
                static_cast<size_t>(opening) < pairs_per_opening.size()) {
                ++report.opening_pairs;
                if (pairs_per_opening[static_cast<size_t>(opening)]++ > 0) ++report.opening_repeats;
            }
            last_pair = game->slot.pair_id;
            endings.add(*game);
            ++report.games_merged;
            return sink(reader.line(), *game);
        });
    });
    if (!merged_records) return fail(merged_records.error().message);
    auto computed = output::compute_standings(names, tally.counts(), merged.config.sprt);
    add_shared_decision(first.loaded.config.shared_dir, report, computed);
    report.book_size = static_cast<int64_t>(first.loaded.openings.size());
    computed.endings = std::move(endings);
    auto standings = write_standings_files(*records, computed);
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
