// Games by schedule index (output/record_order.hpp): games.pgn and the
// native record list the games of games.jsonl in index order after
// --resume's rebuild and once a run ends, whatever order the JSON lines are
// in, the JSON lines themselves untouched; a repeated index counts once
// (its first record), as --resume counts it.
#include "output/jsonl_record.hpp"
#include "output/record_log.hpp"
#include "output/record_order.hpp"
#include "output/record_set.hpp"

#include "sample_games.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <tuple>

using namespace arb;
namespace fs = std::filesystem;

namespace {

std::string json_line(const match::FinishedGame &g) {
    return output::to_json_line(g, {"tictactoe", "tictactoe", ""});
}

// games.jsonl of the games `indices`, in that order; `results` marks a game
// by its result (a repeated index with another result shows which record counted).
std::string jsonl_of(const std::vector<int> &indices, const std::vector<arb_result> &results = {}) {
    std::string text;
    for (size_t i = 0; i < indices.size(); ++i)
        text += json_line(test::sample_game(indices[i], i < results.size() ? results[i] : ARB_RESULT_WIN_SIDE_0)) + "\n";
    return text;
}

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// One line a game in each record: "pgn I R" and "native I R" (I the index,
// R the result: 0 side 0 won, 1 side 1 won, 2 a draw); the plugin cannot
// write game 4 in its own format (left out of that file only).
output::RecordWriters writers() {
    output::RecordWriters w;
    w.json_line = json_line;
    auto line = [](const char *what, const match::FinishedGame &g) {
        const int result = g.record.result == ARB_RESULT_WIN_SIDE_0 ? 0 : g.record.result == ARB_RESULT_WIN_SIDE_1 ? 1 : 2;
        return std::string(what) + " " + std::to_string(g.slot.index) + " " + std::to_string(result) + "\n";
    };
    w.pgn = [line](const match::FinishedGame &g) { return line("pgn", g); };
    w.natives.push_back({"games.txt", [line](const match::FinishedGame &g) -> Expected<std::string> {
                             if (g.slot.index == 4) return fail("game 4 cannot be written");
                             return line("native", g);
                         }});
    return w;
}

std::string lines(const char *what, const std::vector<int> &indices) {
    std::string text;
    for (int i : indices) text += std::string(what) + " " + std::to_string(i) + " 0\n";
    return text;
}

std::vector<int> indices_in_order(const fs::path &jsonl, output::RecordOrder order, size_t window) {
    std::vector<int> seen;
    auto scan = output::scan_in_index_order(jsonl, order, [&](match::FinishedGame &&g) { seen.push_back(g.slot.index); },
                                            window);
    REQUIRE(scan.has_value());
    return seen;
}

output::RecordOrder watched(const std::vector<int> &indices, size_t window) {
    output::OrderWatch watch(window);
    for (int i : indices) watch.add(i);
    return watch.order();
}

const auto kOk = [](const match::FinishedGame &) -> Expected<void> { return {}; };

}  // namespace

TEST_CASE("the order watch says which pass puts indices in order", "[records][order]") {
    using output::RecordOrder;
    CHECK(watched({}, 2) == RecordOrder::Sorted);
    CHECK(watched({0, 1, 2, 7}, 2) == RecordOrder::Sorted);
    CHECK(watched({1, 0, 2}, 2) == RecordOrder::Window);
    // Window 1 (one index held): 2 in; 1 in, 1 out; 0 comes after 1 went out.
    CHECK(watched({2, 1, 0}, 1) == RecordOrder::Table);
    CHECK(watched({2, 1, 0}, 2) == RecordOrder::Window);
    // Window 2: 2 and 3 held, 4 in and 2 out; 0 comes after 2 went out. Sorted
    // records fill the window as well: 0 and 1 would still be held after 2, 3.
    CHECK(watched({2, 3, 4, 0}, 2) == RecordOrder::Table);
    CHECK(watched({2, 3, 4, 0}, 3) == RecordOrder::Window);
    // A kill and resume at concurrency 2: games 0-5 bar 3 recorded, then 3 and the rest.
    CHECK(watched({0, 1, 2, 4, 5, 3, 6, 7}, 2) == RecordOrder::Window);
    CHECK(watched({0, 1, 2, 4, 5, 3, 6, 7}, 1) == RecordOrder::Table);
}

TEST_CASE("every pass hands on the records of games.jsonl in index order, each index once (the first)",
          "[records][order]") {
    test::TempDir dir;
    // Index 0 twice (the first, a win of side 1, counts); a torn last line is left out.
    const auto jsonl = dir.write("games.jsonl", jsonl_of({3, 0, 4, 1, 2, 0}, {ARB_RESULT_WIN_SIDE_0, ARB_RESULT_WIN_SIDE_1}) +
                                                    json_line(test::sample_game(5)).substr(0, 40));
    using output::RecordOrder;
    const std::vector<int> in_order{0, 1, 2, 3, 4};
    CHECK(indices_in_order(jsonl, RecordOrder::Sorted, 8) == std::vector<int>{3, 0, 4, 1, 2});  // as they come
    // 0 is one place from its own, 1 and 2 two: a window of 2 will do, of 1 will not.
    REQUIRE(*output::order_of_record_log(jsonl, 2) == RecordOrder::Window);
    REQUIRE(*output::order_of_record_log(jsonl, 1) == RecordOrder::Table);
    CHECK(indices_in_order(jsonl, RecordOrder::Window, 2) == in_order);
    CHECK(indices_in_order(jsonl, RecordOrder::Table, 1) == in_order);
    std::vector<arb_result> first;
    auto scan = output::scan_in_index_order(jsonl, RecordOrder::Window,
                                            [&](match::FinishedGame &&g) { first.push_back(g.record.result); }, 2);
    REQUIRE(scan.has_value());
    CHECK(scan->duplicates == 1);
    CHECK(scan->dropped_torn_line);
    REQUIRE(first.size() == 5);
    CHECK(first[0] == ARB_RESULT_WIN_SIDE_1);
    // A window too small for the file (it changed since it was watched) is an error, not a wrong order.
    auto wrong = output::scan_in_index_order(jsonl, RecordOrder::Window, [](match::FinishedGame &&) {}, 1);
    REQUIRE_FALSE(wrong.has_value());
    CHECK_THAT(wrong.error().message, Catch::Contains("games.jsonl") && Catch::Contains("game 2 "));
}

TEST_CASE("a --resume rebuild writes games.pgn and the native record in index order, and the end of a run puts its "
          "appended games in order too",
          "[records][order]") {
    test::TempDir dir;
    const fs::path out = dir.path() / "out";
    // Games 5, 2, 0, 3, 1 as a run at concurrency 2 left them, game 2 again (a repeat: the first counts).
    const std::string before = jsonl_of({5, 2, 0, 3, 1, 2}, {ARB_RESULT_WIN_SIDE_0, ARB_RESULT_WIN_SIDE_0,
                                                             ARB_RESULT_WIN_SIDE_0, ARB_RESULT_WIN_SIDE_0,
                                                             ARB_RESULT_WIN_SIDE_0, ARB_RESULT_DRAW});
    dir.write("out/games.jsonl", before);
    dir.write("out/games.pgn", "stale\n");
    {
        auto records = output::RecordSet::open(out, writers(), {});
        REQUIRE(records.has_value());
        std::vector<int> checked;
        auto scan = records->rebuild([&](const match::FinishedGame &g) -> Expected<void> {
            checked.push_back(g.slot.index);
            return {};
        });
        REQUIRE(scan.has_value());
        CHECK(checked == std::vector<int>{5, 2, 0, 3, 1});  // checked as they are in the file
        REQUIRE(records->start(false).has_value());
        CHECK(read(out / "games.pgn") == lines("pgn", {0, 1, 2, 3, 5}));
        CHECK(read(out / "games.txt") == lines("native", {0, 1, 2, 3, 5}));
        // The resumed run: games 6 and 4 end in that order; `tail -f` sees them as they end.
        REQUIRE(records->append(test::sample_game(6)).has_value());
        REQUIRE(records->append(test::sample_game(4)).has_value());
        REQUIRE(records->commit().has_value());
        CHECK(read(out / "games.pgn") == lines("pgn", {0, 1, 2, 3, 5, 6, 4}));
        auto rewritten = records->finish_in_index_order();
        REQUIRE(rewritten.has_value());
        CHECK(*rewritten);
        CHECK(read(out / "games.pgn") == lines("pgn", {0, 1, 2, 3, 4, 5, 6}));
        CHECK(read(out / "games.txt") == lines("native", {0, 1, 2, 3, 5, 6}));  // game 4 left out, as it was
        // The source of truth is as written: the repeat and the order games ended in.
        CHECK(read(out / "games.jsonl") == before + jsonl_of({6, 4}));
        CHECK_FALSE(records->append(test::sample_game(7)).has_value());  // the run's appending is over
        CHECK_FALSE(fs::exists(out / "games.pgn.tmp"));
    }
    // Resumed again: the rebuild puts them in order; game 7 comes after them, nothing more to do.
    auto records = output::RecordSet::open(out, writers(), {});
    REQUIRE(records.has_value());
    REQUIRE(records->rebuild(kOk).has_value());
    REQUIRE(records->start(false).has_value());
    CHECK(read(out / "games.pgn") == lines("pgn", {0, 1, 2, 3, 4, 5, 6}));
    REQUIRE(records->append(test::sample_game(7)).has_value());
    auto rewritten = records->finish_in_index_order();
    REQUIRE(rewritten.has_value());
    CHECK_FALSE(*rewritten);
    CHECK(read(out / "games.pgn") == lines("pgn", {0, 1, 2, 3, 4, 5, 6, 7}));
    CHECK(read(out / "games.txt") == lines("native", {0, 1, 2, 3, 5, 6, 7}));
}

TEST_CASE("a run whose games end in index order leaves its records as appended", "[records][order]") {
    test::TempDir dir;
    const fs::path out = dir.path() / "out";
    auto records = output::RecordSet::open(out, writers(), {});
    REQUIRE(records.has_value());
    REQUIRE(records->rebuild(kOk).has_value());
    REQUIRE(records->start(true).has_value());
    for (int i : {0, 1, 2, 5}) REQUIRE(records->append(test::sample_game(i)).has_value());
    auto rewritten = records->finish_in_index_order();
    REQUIRE(rewritten.has_value());
    CHECK_FALSE(*rewritten);
    CHECK(read(out / "games.pgn") == lines("pgn", {0, 1, 2, 5}));
}

TEST_CASE("games further from their place than the window are put in order through a table of places",
          "[records][order]") {
    // Game 0 recorded last, after more games than the window holds (a run of
    // more engines plays in the order that keeps engine processes reused).
    test::TempDir dir;
    const fs::path out = dir.path() / "out";
    const int games = static_cast<int>(output::kOrderWindow) + 2;
    std::vector<int> indices;
    for (int i = 1; i < games; ++i) indices.push_back(i);
    indices.push_back(0);
    dir.write("out/games.jsonl", jsonl_of(indices));
    REQUIRE(*output::order_of_record_log(out / "games.jsonl") == output::RecordOrder::Table);
    auto records = output::RecordSet::open(out, writers(), {});
    REQUIRE(records.has_value());
    REQUIRE(records->rebuild(kOk).has_value());
    REQUIRE(records->start(false).has_value());
    std::vector<int> all(static_cast<size_t>(games));
    for (int i = 0; i < games; ++i) all[static_cast<size_t>(i)] = i;
    CHECK(read(out / "games.pgn") == lines("pgn", all));
    REQUIRE(records->finish_in_index_order().has_value());
    CHECK(read(out / "games.pgn") == lines("pgn", all));
}

TEST_CASE("the places of the records, read from each line's index alone, are those a full reading finds",
          "[records][order]") {
    test::TempDir dir;
    // Texts that hold "index" as JSON would write it, escaped inside strings; a blank line; a repeat; a torn end.
    std::string text;
    for (int i : {4, 1, 3, 1, 0}) {
        auto g = test::sample_game(i);
        g.record.engine_names[0] = "x\",\"index\":99,\"y\\";
        g.record.reason = "{\"index\": 7} [\"index\"]";
        text += json_line(g) + "\n";
        if (i == 1) text += "\n";
    }
    REQUIRE_THAT(text, Catch::Contains("\\\"index\\\":99"));
    const auto jsonl = dir.write("games.jsonl", text + json_line(test::sample_game(2)).substr(0, 90));
    std::vector<std::tuple<int, uint64_t, uint64_t>> full, light;
    auto a = output::scan_record_log(jsonl, [&](match::FinishedGame &&, const output::RecordPlace &p) {
        full.emplace_back(p.index, p.offset, p.length);
    });
    auto b = output::scan_record_places(jsonl, [&](const output::RecordPlace &p) {
        light.emplace_back(p.index, p.offset, p.length);
    });
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    CHECK(full.size() == 4);
    CHECK(light == full);
    CHECK(std::get<0>(light.front()) == 4);
    CHECK(b->duplicates == 1);
    CHECK(b->dropped_torn_line);
    CHECK(b->valid_bytes == a->valid_bytes);
    CHECK(b->valid_bytes == text.size());
    // A last line that ends in a newline but is damaged is dropped as torn by both.
    const auto damaged = dir.write("damaged.jsonl", text + "{\"index\":2,\"schema\":\n");
    auto c = output::scan_record_places(damaged, [](const output::RecordPlace &) {});
    REQUIRE(c.has_value());
    CHECK(c->dropped_torn_line);
    CHECK(c->games == 4);
    // Damage before the last line is an error naming the line.
    const auto broken = dir.write("broken.jsonl", "{\"schema\":2}\n" + text);
    auto d = output::scan_record_places(broken, [](const output::RecordPlace &) {});
    REQUIRE_FALSE(d.has_value());
    CHECK_THAT(d.error().message, Catch::Contains("broken.jsonl:1"));
}
