#include "output/record_log.hpp"

#include "output/jsonl_record.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace arb::output {

Expected<RecordLog> parse_record_log(const std::string &text, const std::string &file_name) {
    RecordLog log;
    std::set<int> seen;
    size_t start = 0;
    int line_number = 0;
    while (start < text.size()) {
        ++line_number;
        size_t end = text.find('\n', start);
        const bool complete = end != std::string::npos;
        std::string line = text.substr(start, complete ? end - start : std::string::npos);
        size_t next = complete ? end + 1 : text.size();
        if (line.find_first_not_of(" \t\r") == std::string::npos) {
            if (complete) log.valid_bytes = next;
            start = next;
            continue;
        }
        auto game = parse_json_line(line);
        const bool last = next >= text.size();
        if (!game || !complete) {
            // Only the final line can be torn by a kill; anything earlier is damage.
            if (last) {
                log.dropped_torn_line = true;
                break;
            }
            return fail(file_name + ":" + std::to_string(line_number) + ": " +
                        (game ? std::string("record without line end") : game.error().message));
        }
        if (seen.insert(game->slot.index).second) log.games.push_back(std::move(*game));
        else ++log.duplicates;
        log.valid_bytes = next;
        start = next;
    }
    return log;
}

Expected<RecordLog> read_record_log(const std::filesystem::path &file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        if (!std::filesystem::exists(file)) return RecordLog{};
        return fail(file.string() + ": cannot read");
    }
    std::stringstream text;
    text << in.rdbuf();
    return parse_record_log(text.str(), file.string());
}

Expected<void> truncate_record_log(const std::filesystem::path &file, uint64_t valid_bytes) {
    if (::truncate(file.c_str(), static_cast<off_t>(valid_bytes)) != 0)
        return fail(file.string() + ": cannot truncate: " + std::strerror(errno));
    return {};
}

}  // namespace arb::output
