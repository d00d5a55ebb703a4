// `arbiter merge`: the output folders of a tournament's shards (or any runs of
// one config) combined into one folder, exactly as a single unsharded run of
// the same games would have left it: games.jsonl and games.pgn in schedule
// order, the standings from all games, and an effective config without a
// shard, so that `arbiter run --resume` of the merged folder plays whatever
// is still missing. The games are streamed, never held: memory grows by the
// place of each record (16 bytes) and the schedule's slots (8 bytes a game).
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arb::tournament {

struct MergeOptions {
    std::vector<std::filesystem::path> plugin_dirs;  // --plugin-dir folders (config::LoadOptions::plugin_dirs)
    std::filesystem::path program_dir;               // for "{arbiter_bin}" in engine commands
};

struct MergeReport {
    std::string fingerprint;         // tournament_fingerprint() shared by every input folder
    int games_total = 0;             // games in the whole schedule
    int games_merged = 0;            // records written to the merged games.jsonl
    std::vector<int> missing;        // schedule indices with no record, ascending
    std::vector<std::string> notes;  // e.g. a torn last record dropped from a folder still running
    std::string standings_text;      // standings.txt as written
    // An SPRT played in shards: its decision, from the shared folder the
    // shards name (none: not such a tournament, or no decision there).
    std::optional<std::string> sprt_decision;  // decision_summary()
    // Game pairs that were dealt an opening another pair of the merge had (the book used up).
    int64_t opening_pairs = 0, opening_repeats = 0, book_size = 0;
};

// Checks that every folder holds a run of the same tournament (same
// fingerprint), that no schedule index is recorded in two folders, that every
// record is the game the schedule (and the folder's shard) has at its index,
// then writes `out_dir`, which must not hold games yet. All problems found in
// the inputs are reported together.
Expected<MergeReport> merge_runs(const std::vector<std::filesystem::path> &folders,
                                 const std::filesystem::path &out_dir, const MergeOptions &options);

// "2, 4-7, 9": ascending indices with runs shortened.
std::string index_ranges(const std::vector<int> &indices);

}  // namespace arb::tournament
