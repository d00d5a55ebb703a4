// The files of a tournament's output folder and what both `arbiter run` and
// `arbiter merge` write into them, so a merged folder is exactly what one
// unsharded run would have left from the same games.
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"
#include "match/finished_game.hpp"
#include "output/jsonl_record.hpp"
#include "output/native_record.hpp"
#include "output/pgn_writer.hpp"
#include "output/record_set.hpp"
#include "output/standings.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arb::tournament {

// Output files, in the config's output folder.
inline constexpr const char *kConfigFile = "config.yaml";
inline constexpr const char *kOpeningsFile = "openings.txt";
inline constexpr const char *kJsonlFile = output::kJsonlFile;
inline constexpr const char *kPgnFile = output::kPgnFile;
inline constexpr const char *kStandingsText = "standings.txt";
inline constexpr const char *kStandingsJson = "standings.json";

// "othello" or "othello size=6": the game and its rule options.
std::string variant_text(const config::GameSection &game);

// What every record of a tournament shares, and the per-opening side to move.
struct RecordFormat {
    output::RecordContext record;
    output::PgnContext pgn;
    // The plugin's own formats ("arbiter.record-format/2": games.ggf for
    // Othello; "arbiter.record-formats/1": shogi's games.kif and games.csa);
    // each one's file_name() is its file.
    std::vector<output::NativeRecordWriter> natives;
    std::vector<int> first_side;  // per opening index; start position at the back

    [[nodiscard]] output::PgnContext for_game(const match::FinishedGame &g) const;
};
RecordFormat record_format(const config::LoadedConfig &loaded);

// How the record set writes each game in `format`, which must outlive the result.
output::RecordWriters record_writers(const RecordFormat &format);

// Every name a tournament's output folder uses (records, derived files,
// their temporaries, the lock), there yet or not: no file named besides the
// folder's own (-pgnout, --log) may be one of them (output/extra_output.hpp).
std::vector<std::string> folder_file_names(const RecordFormat &format);

// The effective config of a new output folder (openings file copied beside it,
// referred to relatively so the folder can move) written into `records`' folder,
// with the run's identity (write_identity).
Expected<void> write_effective_config(const config::LoadedConfig &loaded, const output::RecordSet &records);
// identity.json (tournament/run_identity.hpp): what a --resume of the folder is checked against.
Expected<void> write_identity(const config::LoadedConfig &loaded, const output::RecordSet &records);

// standings.txt and standings.json; returns the text table.
Expected<std::string> write_standings_files(const output::RecordSet &records, const output::Standings &standings);

}  // namespace arb::tournament
