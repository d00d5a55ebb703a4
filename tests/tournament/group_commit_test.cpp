// Group commit of the record set: workers append under their shared lock and
// sync off it (RecordSet::commit), one sync serving every game written before
// it. Every game appended ends up in games.jsonl once, whole.
#include "output/jsonl_record.hpp"
#include "output/record_log.hpp"
#include "output/record_set.hpp"

#include "sample_games.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <mutex>
#include <set>
#include <thread>

using namespace arb;

namespace {

output::RecordWriters writers() {
    output::RecordWriters w;
    w.json_line = [](const match::FinishedGame &g) { return output::to_json_line(g, {"tictactoe", "tictactoe", ""}); };
    w.pgn = [](const match::FinishedGame &g) { return "[Round \"" + std::to_string(g.slot.index) + "\"]\n\n*\n\n"; };
    return w;
}

}  // namespace

TEST_CASE("games appended by four workers and committed off their lock are all in games.jsonl once",
          "[records][group-commit]") {
    test::TempDir dir;
    auto records = output::RecordSet::open(dir.path() / "out", writers(), {});
    REQUIRE(records.has_value());
    REQUIRE(records->rebuild([](const match::FinishedGame &) -> Expected<void> { return {}; }).has_value());
    REQUIRE(records->start(true).has_value());
    // Nothing appended: a commit has nothing to wait for.
    CHECK(records->commit().has_value());

    constexpr int kWorkers = 4, kEach = 150;
    std::mutex runner_lock;  // as the runner's: appends one at a time
    std::vector<std::thread> workers;
    std::vector<int> failures(kWorkers, 0);
    for (int w = 0; w < kWorkers; ++w)
        workers.emplace_back([&, w] {
            for (int i = 0; i < kEach; ++i) {
                {
                    std::lock_guard lock(runner_lock);
                    if (!records->append(test::sample_game(w * kEach + i))) ++failures[static_cast<size_t>(w)];
                }
                if (!records->commit()) ++failures[static_cast<size_t>(w)];
            }
        });
    for (auto &t : workers) t.join();
    CHECK(failures == std::vector<int>(kWorkers, 0));
    CHECK(records->games_appended() == kWorkers * kEach);

    auto log = output::read_record_log(dir.path() / "out/games.jsonl");
    REQUIRE(log.has_value());
    CHECK_FALSE(log->dropped_torn_line);
    CHECK(log->duplicates == 0);
    std::set<int> indices;
    for (const auto &g : log->games) indices.insert(g.slot.index);
    CHECK(log->games.size() == static_cast<size_t>(kWorkers * kEach));
    CHECK(indices.size() == static_cast<size_t>(kWorkers * kEach));
    CHECK(*indices.rbegin() == kWorkers * kEach - 1);
}
