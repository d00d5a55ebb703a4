#include "output/record_log.hpp"

#include "core/input_file.hpp"
#include "core/line_reader.hpp"
#include "output/jsonl_record.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <set>
#include <sstream>

namespace arb::output {

namespace {

// Schedule indices seen: a bit each for the indices a schedule has, a set
// for the rest (only a damaged file has huge ones).
class IndexSet {
public:
    bool insert(int index) {
        if (index >= 0 && index < kDense) {
            auto at = static_cast<size_t>(index);
            if (at >= dense_.size()) dense_.resize(std::max(at + 1, dense_.size() * 2), false);
            if (dense_[at]) return false;
            dense_[at] = true;
            return true;
        }
        return sparse_.insert(index).second;
    }

private:
    static constexpr int kDense = 1 << 26;
    std::vector<bool> dense_;
    std::set<int> sparse_;
};

// The pass both scans share: `decode(line, last)` reads a record (`last`:
// the file's final line) into what `index_of` takes the index from, and
// `on_record` gets each index's first record with its place, `on_repeat` (if
// any) each later one.
static_assert(kRecordLineLimit.bytes <= UINT32_MAX, "a record's place holds its length in 32 bits");

template <typename Decode, typename IndexOf, typename OnRecord>
Expected<RecordLogScan> scan_lines(LineReader &lines, const Decode &decode, const IndexOf &index_of,
                                   const OnRecord &on_record, const RepeatSink &on_repeat = {}) {
    RecordLogScan scan;
    IndexSet seen;
    std::string line;
    for (;;) {
        auto status = lines.next_or_long(line);
        if (!status) return Unexpected<Error>{status.error()};
        if (*status == LineReader::Status::End) break;
        const bool complete = lines.terminated();  // the line ended at a newline, not at the end
        const uint64_t next = lines.consumed();
        if (*status == LineReader::Status::Line && line.find_first_not_of(" \t\r") == std::string::npos) {
            if (complete) scan.valid_bytes = next;
            continue;
        }
        auto at_end = lines.at_end();
        if (!at_end) return Unexpected<Error>{at_end.error()};
        const bool last = !complete || *at_end;
        if (*status == LineReader::Status::TooLong) {
            // A torn last line can be of any length (a kill mid-write of
            // garbage): it is skipped to its end, never held, and dropped.
            if (last) {
                scan.dropped_torn_line = true;
                break;
            }
            return Unexpected<Error>{lines.too_long()};
        }
        auto record = decode(line, last);
        if (!record || !complete) {
            // Only the final line can be torn by a kill; anything earlier is damage.
            if (last) {
                scan.dropped_torn_line = true;
                break;
            }
            return fail(lines.at(lines.number()) + record.error().message);
        }
        scan.valid_bytes = next;
        const int index = index_of(*record);
        const RecordPlace place{index, static_cast<uint32_t>(line.size()), lines.line_offset()};
        if (!seen.insert(index)) {
            ++scan.duplicates;
            if (on_repeat) on_repeat(RepeatedRecord{place, static_cast<int>(lines.number()), line});
            continue;
        }
        ++scan.games;
        on_record(std::move(*record), place);
    }
    return scan;
}

// The top-level "index" member of a JSON object on one line, read without
// parsing the rest: strings are skipped whole (escapes included), so a text
// that contains "index" is never taken for the member.
Expected<int> index_member(const std::string &line) {
    int depth = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            size_t end = i + 1;
            while (end < line.size() && line[end] != '"') end += line[end] == '\\' ? 2 : 1;
            if (end >= line.size()) break;
            if (depth == 1 && line.compare(i, end + 1 - i, "\"index\"") == 0) {
                size_t at = line.find_first_not_of(" \t", end + 1);
                if (at != std::string::npos && line[at] == ':') {  // a member's name, not a value
                    at = line.find_first_not_of(" \t", at + 1);
                    int value = 0;
                    size_t digits = 0;
                    while (at != std::string::npos && at + digits < line.size() &&
                           line[at + digits] >= '0' && line[at + digits] <= '9' && digits < 9) {
                        value = value * 10 + (line[at + digits] - '0');
                        ++digits;
                    }
                    if (digits > 0) return value;
                    break;
                }
            }
            i = end;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return fail("no \"index\" in the record");
}

Expected<RecordLogScan> scan_records(LineReader &lines, const PlacedRecordSink &on_game,
                                     const RepeatSink &on_repeat = {}) {
    return scan_lines(
        lines, [](const std::string &line, bool) { return parse_json_line(line); },
        [](const match::FinishedGame &g) { return g.slot.index; },
        [&](match::FinishedGame &&g, const RecordPlace &place) { on_game(std::move(g), place); }, on_repeat);
}

}  // namespace

Expected<RecordLogScan> scan_record_log(std::istream &in, const std::string &file_name,
                                        const PlacedRecordSink &on_game) {
    LineReader lines(in, file_name, kRecordLineLimit);
    return scan_records(lines, on_game);
}

Expected<RecordLogScan> scan_record_places(const std::filesystem::path &file, const PlaceSink &on_place) {
    auto in = InputFile::open_if_exists(file);
    if (!in) return Unexpected<Error>{in.error()};
    if (!*in) return RecordLogScan{};
    LineReader lines((*in)->fd(), file.string(), kRecordLineLimit);
    // The last line in full, so that a damaged one is dropped as scan_record_log drops it.
    auto decode = [](const std::string &line, bool last) -> Expected<int> {
        if (!last) return index_member(line);
        auto game = parse_json_line(line);
        if (!game) return fail(game.error().message);
        return game->slot.index;
    };
    return scan_lines(
        lines, decode, [](int index) { return index; },
        [&](int, const RecordPlace &place) { on_place(place); });
}

Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const PlacedRecordSink &on_game) {
    return scan_record_log(file, on_game, RepeatSink{});
}

Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const PlacedRecordSink &on_game,
                                        const RepeatSink &on_repeat) {
    auto in = InputFile::open_if_exists(file);
    if (!in) return Unexpected<Error>{in.error()};
    if (!*in) return RecordLogScan{};
    LineReader lines((*in)->fd(), file.string(), kRecordLineLimit);
    return scan_records(lines, on_game, on_repeat);
}

Expected<RecordLogScan> scan_record_log(std::istream &in, const std::string &file_name, const RecordSink &on_game) {
    return scan_record_log(in, file_name, [&](match::FinishedGame &&g, const RecordPlace &) { on_game(std::move(g)); });
}

Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const RecordSink &on_game) {
    return scan_record_log(file, [&](match::FinishedGame &&g, const RecordPlace &) { on_game(std::move(g)); });
}

namespace {

Expected<RecordLog> collect(const std::function<Expected<RecordLogScan>(const RecordSink &)> &scan) {
    RecordLog log;
    auto found = scan([&](match::FinishedGame &&g) { log.games.push_back(std::move(g)); });
    if (!found) return Unexpected<Error>{found.error()};
    static_cast<RecordLogScan &>(log) = *found;
    return log;
}

}  // namespace

Expected<RecordLog> parse_record_log(const std::string &text, const std::string &file_name) {
    std::istringstream in(text);
    return collect([&](const RecordSink &sink) { return scan_record_log(in, file_name, sink); });
}

Expected<RecordLog> read_record_log(const std::filesystem::path &file) {
    return collect([&](const RecordSink &sink) { return scan_record_log(file, sink); });
}

Expected<void> truncate_record_log(const std::filesystem::path &file, uint64_t valid_bytes) {
    if (::truncate(file.c_str(), static_cast<off_t>(valid_bytes)) != 0)
        return fail(file.string() + ": cannot truncate: " + std::strerror(errno));
    return {};
}

}  // namespace arb::output
