// Reading back games.jsonl for --resume: every complete record once, a torn
// last line (the arbiter killed mid-write) detected and cut off.
#pragma once

#include "core/expected.hpp"
#include "match/finished_game.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace arb::output {

// What a pass over the file found besides the records.
struct RecordLogScan {
    uint64_t valid_bytes = 0;         // length of the file up to the last complete record
    bool dropped_torn_line = false;   // a last line without newline or unreadable was left out
    int duplicates = 0;               // records of an index already seen (kept: the first)
    int64_t games = 0;                // records handed on
};

// Where a record's line is in the file.
struct RecordPlace {
    int index = 0;        // the game's schedule index
    uint32_t length = 0;  // of the line, without its end
    uint64_t offset = 0;  // of the line's first byte
};

struct RecordLog : RecordLogScan {
    std::vector<match::FinishedGame> games;  // in file order, each schedule index at most once
};

// Hands every complete record to `on_game` in file order, each schedule index
// once (the first), holding one line at a time: memory does not grow with
// the file. The file must be a regular file (InputFile), a line at most
// kRecordLineLimit (an error naming file:line, but a torn last line of any
// length is skipped unheld and dropped). A bad line that is not the last is an error (the file was edited
// or damaged): resuming would not be exact.
using RecordSink = std::function<void(match::FinishedGame &&)>;
Expected<RecordLogScan> scan_record_log(std::istream &in, const std::string &file_name, const RecordSink &on_game);
// The same over a file (missing: no records).
Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const RecordSink &on_game);
// The same, with each record's place in the file.
using PlacedRecordSink = std::function<void(match::FinishedGame &&, const RecordPlace &)>;
Expected<RecordLogScan> scan_record_log(std::istream &in, const std::string &file_name, const PlacedRecordSink &on_game);
Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const PlacedRecordSink &on_game);
// The same, with each record of an index already handed on (left out, as
// always) given to `on_repeat`: its place, its line number (from 1) and its
// text, for a caller that must tell a repeated line from a tampered one.
struct RepeatedRecord {
    RecordPlace place;
    int line = 0;
    std::string_view text;
};
using RepeatSink = std::function<void(const RepeatedRecord &)>;
Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const PlacedRecordSink &on_game,
                                        const RepeatSink &on_repeat);
// The places of the same records (each index once, the first; a torn last
// line left out), reading only each line's "index" member: a pass that
// parses no game (the last line aside, parsed to tell a torn one).
using PlaceSink = std::function<void(const RecordPlace &)>;
Expected<RecordLogScan> scan_record_places(const std::filesystem::path &file, const PlaceSink &on_place);

// The whole log in memory (tests, small tools).
Expected<RecordLog> parse_record_log(const std::string &text, const std::string &file_name);
Expected<RecordLog> read_record_log(const std::filesystem::path &file);
// Cuts the file to `valid_bytes`, dropping a torn last line.
Expected<void> truncate_record_log(const std::filesystem::path &file, uint64_t valid_bytes);

}  // namespace arb::output
