// Reading back games.jsonl for --resume: every complete record once, a torn
// last line (the arbiter killed mid-write) detected and cut off.
#pragma once

#include "core/expected.hpp"
#include "output/finished_game.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace arb::output {

struct RecordLog {
    std::vector<FinishedGame> games;  // in file order, each schedule index at most once
    uint64_t valid_bytes = 0;         // length of the file up to the last complete record
    bool dropped_torn_line = false;   // a last line without newline or unreadable was left out
    int duplicates = 0;               // records of an index already seen (kept: the first)
};

// Parses the text of a games.jsonl. A bad line that is not the last is an
// error (the file was edited or damaged): resuming would not be exact.
Expected<RecordLog> parse_record_log(const std::string &text, const std::string &file_name);
// Reads the file (missing: empty log).
Expected<RecordLog> read_record_log(const std::filesystem::path &file);
// Cuts the file to `valid_bytes`, dropping a torn last line.
Expected<void> truncate_record_log(const std::filesystem::path &file, uint64_t valid_bytes);

}  // namespace arb::output
