// What a games.jsonl holds, as the tests that check schedules, merges and
// resumes ask it: the schedule index of each record, in file order.
#pragma once

#include "output/record_log.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <vector>

namespace arb::test {

struct RecordedIndices {
    std::vector<int> in_file_order;  // one per game kept by the reader
    int duplicates = 0;              // records of an index already read
};

inline RecordedIndices recorded_indices(const std::filesystem::path &jsonl) {
    auto log = output::read_record_log(jsonl);
    REQUIRE(log.has_value());
    RecordedIndices recorded;
    recorded.duplicates = log->duplicates;
    for (const auto &game : log->games) recorded.in_file_order.push_back(game.slot.index);
    return recorded;
}

}  // namespace arb::test
