// The files of a tournament's output folder and what both `arbiter run` and
// `arbiter merge` write into them, so a merged folder is exactly what one
// unsharded run would have left from the same games.
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"
#include "output/finished_game.hpp"
#include "output/jsonl_record.hpp"
#include "output/native_record.hpp"
#include "output/pgn_writer.hpp"
#include "output/standings.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arb::tournament {

// Output files, in the config's output folder.
inline constexpr const char *kConfigFile = "config.yaml";
inline constexpr const char *kOpeningsFile = "openings.txt";
inline constexpr const char *kJsonlFile = "games.jsonl";
inline constexpr const char *kPgnFile = "games.pgn";
inline constexpr const char *kStandingsText = "standings.txt";
inline constexpr const char *kStandingsJson = "standings.json";

// "othello" or "othello size=6": the game and its rule options.
std::string variant_text(const config::GameSection &game);

// What every record of a tournament shares, and the per-opening side to move.
struct RecordFormat {
    output::RecordContext record;
    output::PgnContext pgn;
    // The plugin's own format ("arbiter.record-format/1": games.ggf for
    // Othello), when it has one; native->file_name() is the file.
    std::optional<output::NativeRecordWriter> native;
    std::vector<int> first_side;  // per opening index; start position at the back

    [[nodiscard]] output::PgnContext for_game(const output::FinishedGame &g) const;
};
RecordFormat record_format(const config::LoadedConfig &loaded);

// The PGN of `games`, in the order given.
std::string pgn_text(const std::vector<output::FinishedGame> &games, const RecordFormat &format);

// The plugin's own records of `games` (games.ggf), in the order given; empty
// without a native format. A game the plugin cannot write is left out and
// named in `problems` (the other records still hold it).
std::string native_text(const std::vector<output::FinishedGame> &games, const RecordFormat &format,
                        std::vector<std::string> &problems);

// The effective config of a new output folder (openings file copied beside it,
// referred to relatively so the folder can move) written into `dir`.
Expected<void> write_effective_config(const config::LoadedConfig &loaded, const std::filesystem::path &dir);

// standings.txt and standings.json; returns the text table.
std::string write_standings_files(const std::filesystem::path &dir, const output::Standings &standings);

}  // namespace arb::tournament
