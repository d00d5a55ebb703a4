#include "output/record_order.hpp"

#include "output/jsonl_record.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace arb::output {

void OrderWatch::add(int index) {
    if (index <= last_) sorted_ = false;
    last_ = index;
    // The window follows sorted records too: which indices it has let out decides what comes later.
    if (!windowed_) return;
    if (index <= last_out_) {
        // An earlier index than one the window already let out: no window of this size will do.
        windowed_ = false;
        held_ = {};
        return;
    }
    held_.push(index);
    if (held_.size() > window_) {
        last_out_ = held_.top();
        held_.pop();
    }
}

RecordReader::RecordReader(const std::filesystem::path &file) : file_(file), input_(InputFile::open(file)) {}

Expected<match::FinishedGame> RecordReader::read(const RecordPlace &place) {
    if (!input_) return fail(input_.error().message);
    line_.resize(place.length);
    size_t done = 0;
    while (done < place.length) {
        const ssize_t n = ::pread(input_->fd(), line_.data() + done, place.length - done,
                                  static_cast<off_t>(place.offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<size_t>(n);
    }
    if (done < place.length)
        return fail(file_.string() + ": cannot read the record of game " + std::to_string(place.index + 1) +
                    " again (did the file change?)");
    auto game = parse_json_line(line_);
    if (!game || game->slot.index != place.index)
        return fail(file_.string() + ": the record of game " + std::to_string(place.index + 1) +
                    " changed while being read");
    return game;
}

namespace {

static_assert(sizeof(RecordPlace) == 16, "docs/records.md counts 16 bytes a place");

struct LaterFirst {
    bool operator()(const RecordPlace &a, const RecordPlace &b) const { return a.index > b.index; }
};

}  // namespace

Expected<RecordLogScan> scan_in_index_order(const std::filesystem::path &jsonl, RecordOrder order,
                                            const RecordSink &on_game, size_t window) {
    if (order == RecordOrder::Sorted) return scan_record_log(jsonl, on_game);
    RecordReader reader(jsonl);
    std::string problem;
    auto emit = [&](const RecordPlace &place) {
        if (!problem.empty()) return;
        auto game = reader.read(place);
        if (!game) problem = game.error().message;
        else on_game(std::move(*game));
    };
    if (order == RecordOrder::Window) {
        std::priority_queue<RecordPlace, std::vector<RecordPlace>, LaterFirst> held;
        int last_out = INT_MIN;
        auto scan = scan_record_places(jsonl, [&](const RecordPlace &place) {
            if (!problem.empty()) return;
            if (place.index <= last_out) {
                problem = jsonl.string() + ": game " + std::to_string(place.index + 1) +
                          " is further from index order than its first reading found (did the file change?)";
                return;
            }
            held.push(place);
            if (held.size() > window) {
                last_out = held.top().index;
                emit(held.top());
                held.pop();
            }
        });
        for (; !held.empty() && scan; held.pop()) emit(held.top());
        if (!scan) return scan;
        if (!problem.empty()) return fail(problem);
        return scan;
    }
    std::vector<RecordPlace> places;
    auto scan = scan_record_places(jsonl, [&](const RecordPlace &place) { places.push_back(place); });
    if (!scan) return scan;
    std::sort(places.begin(), places.end(),
              [](const RecordPlace &a, const RecordPlace &b) { return a.index < b.index; });
    for (const auto &place : places) emit(place);
    if (!problem.empty()) return fail(problem);
    return scan;
}

Expected<RecordOrder> order_of_record_log(const std::filesystem::path &jsonl, size_t window) {
    OrderWatch watch(window);
    auto scan = scan_record_log(jsonl, [&](match::FinishedGame &&g) { watch.add(g.slot.index); });
    if (!scan) return fail(scan.error().message);
    return watch.order();
}

}  // namespace arb::output
