// Games by schedule index: games.pgn and the game's own record list the
// games in index order once a run ends, whatever order games.jsonl holds
// them in (the order they ended), without holding the games in memory.
//
// A run at concurrency N appends games a few places out of index order (a
// game ends after the shorter ones that started after it), a resumed run
// appends the games left after those already recorded, and a run of more
// than two engines plays in the order that keeps engine processes reused.
// OrderWatch follows the indices as records are written or read and says
// which pass puts them in order at the least cost:
//  - Sorted: they already are; the records are read as they come;
//  - Window: each is fewer than `window` places from where index order
//    puts it; one pass holding at most `window` places (16 bytes each);
//  - Table: anything else; the place of every record (16 bytes a game) is
//    collected and sorted.
// The records themselves are read one at a time, at their places.
#pragma once

#include "core/expected.hpp"
#include "core/input_file.hpp"
#include "output/record_log.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <queue>
#include <string>
#include <vector>

namespace arb::output {

// 16,384 places: 256 KB while a pass runs.
inline constexpr size_t kOrderWindow = size_t{1} << 14;

enum class RecordOrder { Sorted, Window, Table };

class OrderWatch {
public:
    explicit OrderWatch(size_t window = kOrderWindow) : window_(std::max<size_t>(window, 1)) {}
    // The index of the next record (each index once, as scan_record_log hands them on).
    void add(int index);
    [[nodiscard]] RecordOrder order() const {
        return sorted_ ? RecordOrder::Sorted : windowed_ ? RecordOrder::Window : RecordOrder::Table;
    }
    [[nodiscard]] size_t window() const { return window_; }

private:
    size_t window_;
    bool sorted_ = true, windowed_ = true;
    int last_ = INT_MIN;      // the last index added
    int last_out_ = INT_MIN;  // the last index the window let out
    // The indices the window holds (at most window_): the same choice the Window pass makes.
    std::priority_queue<int, std::vector<int>, std::greater<>> held_;
};

// Reads records back at their places, one at a time (pread: one system call
// of the record's length each), checking that each is still the game of its
// place's index.
class RecordReader {
public:
    // Opened as InputFile::open does (a regular file only); a read() after a
    // failed open fails with that error.
    explicit RecordReader(const std::filesystem::path &file);

    Expected<match::FinishedGame> read(const RecordPlace &place);
    // The line the last read() read, as written (without its end).
    [[nodiscard]] const std::string &line() const { return line_; }

private:
    std::filesystem::path file_;
    Expected<InputFile> input_;
    std::string line_;
};

// Hands the records of `jsonl` (each index once, the first, as
// scan_record_log reads them) to `on_game` in increasing index order,
// with the pass `order` names: what an OrderWatch of `window` said of the
// same records in file order. The file changed since (a Window pass that
// meets a record too far from its place) is an error.
Expected<RecordLogScan> scan_in_index_order(const std::filesystem::path &jsonl, RecordOrder order,
                                            const RecordSink &on_game, size_t window = kOrderWindow);

// OrderWatch's verdict on a file, from one pass that parses every record
// and keeps nothing but `window` indices (tests, tools).
Expected<RecordOrder> order_of_record_log(const std::filesystem::path &jsonl, size_t window = kOrderWindow);

}  // namespace arb::output
