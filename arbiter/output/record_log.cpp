#include "output/record_log.hpp"

#include "output/jsonl_record.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
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

}  // namespace

Expected<RecordLogScan> scan_record_log(std::istream &in, const std::string &file_name,
                                        const PlacedRecordSink &on_game) {
    RecordLogScan scan;
    IndexSet seen;
    std::string line;
    int line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        const bool complete = !in.eof();  // getline stopped at a newline, not at the end
        const uint64_t next = scan.valid_bytes + line.size() + (complete ? 1 : 0);
        if (line.find_first_not_of(" \t\r") == std::string::npos) {
            if (complete) scan.valid_bytes = next;
            continue;
        }
        auto game = parse_json_line(line);
        if (!game || !complete) {
            // Only the final line can be torn by a kill; anything earlier is damage.
            const bool last = !complete || in.peek() == std::char_traits<char>::eof();
            if (last) {
                scan.dropped_torn_line = true;
                break;
            }
            return fail(file_name + ":" + std::to_string(line_number) + ": " + game.error().message);
        }
        scan.valid_bytes = next;
        if (!seen.insert(game->slot.index)) {
            ++scan.duplicates;
            continue;
        }
        ++scan.games;
        const RecordPlace place{game->slot.index, next - line.size() - 1, line.size()};
        on_game(std::move(*game), place);
    }
    if (in.bad()) return fail(file_name + ": read failed");
    return scan;
}

Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const PlacedRecordSink &on_game) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        if (!std::filesystem::exists(file)) return RecordLogScan{};
        return fail(file.string() + ": cannot read");
    }
    return scan_record_log(in, file.string(), on_game);
}

Expected<RecordLogScan> scan_record_log(std::istream &in, const std::string &file_name, const RecordSink &on_game) {
    return scan_record_log(in, file_name, [&](FinishedGame &&g, const RecordPlace &) { on_game(std::move(g)); });
}

Expected<RecordLogScan> scan_record_log(const std::filesystem::path &file, const RecordSink &on_game) {
    return scan_record_log(file, [&](FinishedGame &&g, const RecordPlace &) { on_game(std::move(g)); });
}

namespace {

Expected<RecordLog> collect(const std::function<Expected<RecordLogScan>(const RecordSink &)> &scan) {
    RecordLog log;
    auto found = scan([&](FinishedGame &&g) { log.games.push_back(std::move(g)); });
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
