// arbiter merge: shards of one tournament combined into exactly what an
// unsharded run of the same games leaves; duplicates, other configs and
// missing games are found; a partial merge resumes to the full tournament.
#include "output/record_log.hpp"
#include "support/recorded_games.hpp"
#include "tournament/config_identity.hpp"
#include "tournament/merge.hpp"
#include "tournament/session.hpp"

#include "fake_engines.hpp"
#include "support/temp_dir.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

const char *kEngines = "[{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]";

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A config in `dir` (3 engines, 3 rounds: 18 games in 9 pairs), with the
// output folder and shard given as on the command line.
config::LoadedConfig load(const test::TempDir &dir, const std::string &out, std::optional<config::ShardSpec> shard,
                          const std::string &extra = "", int concurrency = 1) {
    dir.write("openings.txt", "b2\na1\nX........ O\n");
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir.path();
    o.out_base_dir = dir.path();
    o.check_programs = false;
    o.overrides.out_dir = out;
    o.overrides.shard = shard;
    o.overrides.concurrency = concurrency;
    std::string yaml = std::string("game: tictactoe\nengines: ") + kEngines +
                       "\ntournament: {rounds: 3, games_per_pairing: 2, seed: 3}\nopenings: {file: openings.txt, "
                       "order: random}\n" + extra;
    auto loaded = config::load_config_text(yaml, "t.yaml", o);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    return std::move(*loaded);
}

tournament::SessionResult run(const config::LoadedConfig &loaded, test::FakeWorld &world, bool resume = false) {
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.resume = resume;
    options.quiet = true;
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    REQUIRE(result.exit_code == 0);
    return result;
}

tournament::MergeOptions merge_options() {
    tournament::MergeOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    return o;
}

// games.jsonl without what differs between two plays of the same game (times).
std::string without_times(const fs::path &jsonl) {
    std::istringstream lines(read(jsonl));
    std::string line, text;
    while (std::getline(lines, line)) {
        auto j = nlohmann::json::parse(line);
        j.erase("started_ms");
        j.erase("duration_ms");
        for (auto &m : j["moves"]) m.erase("ms");
        text += j.dump() + "\n";
    }
    return text;
}

std::string without_date(const std::string &pgn) {
    std::istringstream lines(pgn);
    std::string line, text;
    while (std::getline(lines, line))
        if (line.rfind("[Date ", 0) != 0) text += line + "\n";
    return text;
}

std::vector<int> indices_of(const fs::path &jsonl) { return test::recorded_indices(jsonl).in_file_order; }

}  // namespace

TEST_CASE("merged shards are exactly the unsharded run: records in schedule order, PGN, standings", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;  // first legal move: the same game whoever plays it when
    // One game at a time, so the unsharded run records in schedule order.
    auto whole = run(load(dir, "whole", std::nullopt), world);
    REQUIRE(whole.games_recorded == 18);
    std::vector<fs::path> shards;
    int shard_games = 0;
    for (int k = 1; k <= 3; ++k) {
        auto loaded = load(dir, "shard-" + std::to_string(k), config::ShardSpec{k, 3}, "", 2);
        auto result = run(loaded, world);
        CHECK(result.games_total == 6);  // 9 pairs dealt to 3 shards
        shard_games += result.games_recorded;
        shards.push_back(dir.path() / ("shard-" + std::to_string(k)));
        CHECK_THAT(read(shards.back() / "config.yaml"), Catch::Contains("shard: \"" + std::to_string(k) + "/3\""));
    }
    CHECK(shard_games == 18);
    // Given in another order than their numbers: the merge orders by schedule index.
    auto report = tournament::merge_runs({shards[2], shards[0], shards[1]}, dir.path() / "merged", merge_options());
    REQUIRE(report.has_value());
    CHECK(report->games_total == 18);
    CHECK(report->games_merged == 18);
    CHECK(report->missing.empty());
    const fs::path merged = dir.path() / "merged";
    std::vector<int> in_order(18);
    for (int i = 0; i < 18; ++i) in_order[static_cast<size_t>(i)] = i;
    CHECK(indices_of(merged / "games.jsonl") == in_order);
    CHECK(without_times(merged / "games.jsonl") == without_times(dir.path() / "whole/games.jsonl"));
    CHECK(without_date(read(merged / "games.pgn")) == without_date(read(dir.path() / "whole/games.pgn")));
    CHECK(read(merged / "standings.txt") == read(dir.path() / "whole/standings.txt"));
    CHECK(read(merged / "standings.json") == read(dir.path() / "whole/standings.json"));
    CHECK(report->standings_text == read(merged / "standings.txt"));
    CHECK(read(merged / "openings.txt") == "b2\na1\nX........ O\n");
    // 9 pairs from a book of 3 openings: the pairs past the third repeat one, and the merge says how many.
    CHECK(report->opening_pairs == 9);
    CHECK(report->opening_repeats == 6);
    CHECK(report->book_size == 3);
    // The merged folder has the page a run leaves, over all 18 games.
    const std::string page = read(merged / "report.html");
    CHECK_THAT(page, Catch::Contains("18 of 18") && Catch::Contains("merged"));
    // The merged folder is an unsharded run's folder: same fingerprint, no shard.
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.check_programs = false;
    auto merged_config = config::load_config_file(merged / "config.yaml", o);
    REQUIRE(merged_config.has_value());
    CHECK_FALSE(merged_config->config.shard.has_value());
    CHECK(merged_config->config.out_dir == merged.string());
    CHECK(tournament::tournament_fingerprint(*merged_config) == report->fingerprint);
    // Resuming it finds nothing to play.
    test::FakeWorld later;
    auto resumed = run(*merged_config, later, true);
    CHECK(resumed.games_recorded == 18);
    CHECK(later.games_started == 0);
}

TEST_CASE("a partial merge says which games are missing, and --resume of it plays exactly those", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    std::vector<fs::path> shards;
    for (int k : {1, 3}) {  // shard 2 of 3 never ran
        run(load(dir, "shard-" + std::to_string(k), config::ShardSpec{k, 3}), world);
        shards.push_back(dir.path() / ("shard-" + std::to_string(k)));
    }
    auto report = tournament::merge_runs(shards, dir.path() / "merged", merge_options());
    REQUIRE(report.has_value());
    CHECK(report->games_merged == 12);
    // Shard 2 of 3 holds pairs 1, 3, 8 (by hand: (p + p/3) mod 3 + 1 = 2), i.e. games 2-3, 6-7, 16-17.
    CHECK(report->missing == std::vector<int>{2, 3, 6, 7, 16, 17});
    CHECK(tournament::index_ranges(report->missing) == "2-3, 6-7, 16-17");

    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.check_programs = false;
    auto merged = config::load_config_file(dir.path() / "merged/config.yaml", o);
    REQUIRE(merged.has_value());
    test::FakeWorld later;
    auto resumed = run(*merged, later, true);
    CHECK(later.games_started == 6);
    CHECK(resumed.games_recorded == 18);
    auto indices = indices_of(dir.path() / "merged/games.jsonl");
    std::sort(indices.begin(), indices.end());
    CHECK(indices.size() == 18);
    CHECK(std::adjacent_find(indices.begin(), indices.end()) == indices.end());
}

TEST_CASE("a merge is refused when a game is in two folders", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    run(load(dir, "shard-1", config::ShardSpec{1, 3}), world);
    run(load(dir, "shard-2", config::ShardSpec{2, 3}), world);
    run(load(dir, "whole", std::nullopt), world);  // holds every game, so it overlaps both
    auto report = tournament::merge_runs({dir.path() / "shard-1", dir.path() / "shard-2", dir.path() / "whole"},
                                         dir.path() / "merged", merge_options());
    REQUIRE_FALSE(report.has_value());
    INFO(report.error().message);
    // Shard 1 of 3: pairs 0, 5, 7 = games 0-1, 10-11, 14-15.
    CHECK_THAT(report.error().message, Catch::Contains("schedule indices 0-1, 10-11, 14-15 are recorded in both " +
                                                       (dir.path() / "shard-1").string() + " and " +
                                                       (dir.path() / "whole").string()));
    CHECK_THAT(report.error().message, Catch::Contains("2-3, 6-7, 16-17 are recorded in both"));
    CHECK_FALSE(fs::exists(dir.path() / "merged/games.jsonl"));

    auto twice = tournament::merge_runs({dir.path() / "shard-1", dir.path() / "shard-1/."}, dir.path() / "m2",
                                        merge_options());
    REQUIRE_FALSE(twice.has_value());
    CHECK_THAT(twice.error().message, Catch::Contains("is given twice"));
}

TEST_CASE("a merge is refused for runs of different configs, naming the first difference", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    run(load(dir, "shard-1", config::ShardSpec{1, 2}), world);
    run(load(dir, "shard-2", config::ShardSpec{2, 2}, "time_control: 5+0.05\n"), world);
    auto report = tournament::merge_runs({dir.path() / "shard-1", dir.path() / "shard-2"}, dir.path() / "merged",
                                         merge_options());
    REQUIRE_FALSE(report.has_value());
    INFO(report.error().message);
    CHECK_THAT(report.error().message, Catch::Contains("shard-2 (shard 2/2) is a run of another config than"));
    CHECK_THAT(report.error().message, Catch::Contains("time_control: \"5+0.05\""));
    CHECK_FALSE(fs::exists(dir.path() / "merged"));
}

TEST_CASE("what only says where and how fast a shard ran does not change the tournament", "[merge]") {
    test::TempDir dir;
    auto a = load(dir, "out-a", config::ShardSpec{1, 2}, "progress: {interval: 5}\non_interrupt: abandon\n", 1);
    auto b = load(dir, "out-b", config::ShardSpec{2, 2}, "", 4);
    CHECK(tournament::tournament_fingerprint(a) == tournament::tournament_fingerprint(b));
    auto other_seed = load(dir, "out-c", std::nullopt, "");
    other_seed.config.schedule.seed = 4;
    CHECK(tournament::tournament_fingerprint(other_seed) != tournament::tournament_fingerprint(b));
    // The openings are compared by content, not by where each folder keeps its copy.
    const std::string before = tournament::tournament_fingerprint(b);
    dir.write("openings.txt", "a1\n");
    CHECK(tournament::tournament_fingerprint(b) != before);
}

TEST_CASE("a merge does not overwrite a folder that holds games, nor read records outside a shard", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    run(load(dir, "shard-1", config::ShardSpec{1, 2}), world);
    run(load(dir, "busy", std::nullopt), world);
    auto into_games = tournament::merge_runs({dir.path() / "shard-1"}, dir.path() / "busy", merge_options());
    REQUIRE_FALSE(into_games.has_value());
    CHECK_THAT(into_games.error().message, Catch::Contains("already holds games"));

    // A record of shard 2's games slipped into shard 1's folder.
    const std::string foreign = read(dir.path() / "busy/games.jsonl");
    std::string line_of_pair_1;
    std::istringstream lines(foreign);
    for (std::string line; std::getline(lines, line);)
        if (nlohmann::json::parse(line)["pair"] == 1) line_of_pair_1 = line;
    REQUIRE_FALSE(line_of_pair_1.empty());
    std::ofstream(dir.path() / "shard-1/games.jsonl", std::ios::app) << line_of_pair_1 << "\n";
    auto report = tournament::merge_runs({dir.path() / "shard-1"}, dir.path() / "merged", merge_options());
    REQUIRE_FALSE(report.has_value());
    CHECK_THAT(report.error().message, Catch::Contains("is not one of shard 1/2"));
}

TEST_CASE("a torn last record of a shard still running is left out and noted", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    run(load(dir, "shard-1", config::ShardSpec{1, 2}), world);
    std::ofstream(dir.path() / "shard-1/games.jsonl", std::ios::app) << "{\"index\": 2, \"rou";
    auto report = tournament::merge_runs({dir.path() / "shard-1"}, dir.path() / "merged", merge_options());
    REQUIRE(report.has_value());
    REQUIRE(report->notes.size() == 1);
    CHECK_THAT(report->notes[0], Catch::Contains("incomplete last record"));
    CHECK(report->games_merged == 10);  // pairs 0, 3, 4, 7, 8 of 9 (by hand: (p + p/2) mod 2 + 1 = 1)
    CHECK(report->missing.size() == 8);
}

TEST_CASE("a shard's run plays only its games, and a resume keeps to them", "[merge][session]") {
    test::TempDir dir;
    test::FakeWorld world;
    // The interrupt is seen at the runner's next tick (every 100 ms): games
    // of 150 ms leave it 4 games' time to stop the shard's 6 (at 20 ms a
    // loaded machine played all 6 before the tick came, once under ASan).
    world.game_time = std::chrono::milliseconds(150);
    auto loaded = load(dir, "shard-2", config::ShardSpec{2, 3});
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    options.interrupts = [&world]() { return world.games_started >= 2 ? 1 : 0; };
    std::ostringstream out, err;
    auto first = tournament::run_session(loaded, options, out, err);
    CHECK(first.exit_code == 130);
    CHECK_THAT(out.str(), Catch::Contains("6 games (shard 2/3 of the schedule's 18)"));
    REQUIRE(first.games_recorded < 6);
    test::FakeWorld later;
    auto second = run(loaded, later, true);
    CHECK(second.games_total == 6);
    CHECK(second.games_recorded == 6);
    auto indices = indices_of(dir.path() / "shard-2/games.jsonl");
    std::sort(indices.begin(), indices.end());
    CHECK(indices == std::vector<int>{2, 3, 6, 7, 16, 17});
}

TEST_CASE("sprt with a shard needs a shared folder, and a shared folder needs both", "[merge][config]") {
    test::TempDir dir;
    dir.write("openings.txt", "b2\n");
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir.path();
    o.out_base_dir = dir.path();
    o.check_programs = false;
    o.overrides.shard = config::ShardSpec{1, 2};
    auto loaded = config::load_config_text("game: tictactoe\nengines: [{name: a, command: x}, {name: b, command: x}]\n"
                                           "sprt: {elo0: 0, elo1: 5}\noutput: {dir: out}\n",
                                           "t.yaml", o);
    REQUIRE_FALSE(loaded.has_value());
    CHECK_THAT(loaded.error().message, Catch::Contains("t.yaml:3:7: sprt with a shard (1/2) needs a shared folder"));
    o.overrides.shared_dir = "shared";
    auto with_folder = config::load_config_text("game: tictactoe\nengines: [{name: a, command: x}, {name: b, command: x}]\n"
                                                "sprt: {elo0: 0, elo1: 5}\noutput: {dir: out}\n",
                                                "t.yaml", o);
    INFO((with_folder ? "" : with_folder.error().message));
    REQUIRE(with_folder.has_value());
    CHECK(with_folder->config.shared_dir == (dir.path() / "shared").string());
    o.overrides.shared_dir.reset();
    o.overrides.shard.reset();
    auto no_shard = config::load_config_text("game: tictactoe\nengines: [{name: a, command: x}, {name: b, command: x}]\n"
                                             "sprt: {elo0: 0, elo1: 5}\nshared: /tmp/x\noutput: {dir: out}\n",
                                             "t.yaml", o);
    REQUIRE_FALSE(no_shard.has_value());
    CHECK_THAT(no_shard.error().message,
               Catch::Contains("t.yaml:4:9: shared: a shared folder serves an SPRT played in shards; this run has no "
                               "shard (--shard K/N)"));
    // The key in a config file is checked too.
    auto bad = config::load_config_text("game: tictactoe\nengines: [{name: a, command: x}, {name: b, command: x}]\n"
                                        "shard: 3/2\noutput: {dir: out}\n",
                                        "t.yaml", o);
    REQUIRE_FALSE(bad.has_value());
    CHECK_THAT(bad.error().message, Catch::Contains("t.yaml:3:8: shard '3/2'"));
}

namespace {

using arb::test::lines_of;

int index_in(const std::string &line) { return nlohmann::json::parse(line)["index"].get<int>(); }

}  // namespace

TEST_CASE("a merge writes the shards' own lines in index order, whatever order the shards hold them in", "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    std::vector<fs::path> plain, shuffled;
    std::vector<std::string> expected_lines;  // each index's line as the merge must copy it
    for (int k = 1; k <= 3; ++k) {
        const std::string name = "shard-" + std::to_string(k);
        run(load(dir, name, config::ShardSpec{k, 3}), world);
        plain.push_back(dir.path() / name);
        // The same folder with its records out of index order (reversed),
        // one line spaced differently (the merge copies lines, it does not
        // write them anew), and a repeat of an index's line after its first
        // record, byte for byte (left out with a note; another text would be
        // an error, see below).
        shuffled.push_back(dir.path() / ("shuffled-" + std::to_string(k)));
        fs::copy(plain.back(), shuffled.back(), fs::copy_options::recursive);
        auto lines = lines_of(read(plain.back() / "games.jsonl"));
        REQUIRE(lines.size() == 6);
        std::reverse(lines.begin(), lines.end());
        lines[2] = "{ " + lines[2].substr(1);
        std::string text;
        for (const auto &line : lines) text += line + "\n";
        text += lines[0] + "\n";
        std::ofstream(shuffled.back() / "games.jsonl", std::ios::binary | std::ios::trunc) << text;
        expected_lines.insert(expected_lines.end(), lines.begin(), lines.end());
    }
    std::stable_sort(expected_lines.begin(), expected_lines.end(),
                     [](const std::string &a, const std::string &b) { return index_in(a) < index_in(b); });
    std::string expected_jsonl;
    for (const auto &line : expected_lines) expected_jsonl += line + "\n";

    auto from_plain = tournament::merge_runs(plain, dir.path() / "merged-plain", merge_options());
    REQUIRE(from_plain.has_value());
    // Given in another order than their numbers, and out of index order within each.
    auto from_shuffled = tournament::merge_runs({shuffled[1], shuffled[2], shuffled[0]}, dir.path() / "merged",
                                                merge_options());
    REQUIRE(from_shuffled.has_value());
    CHECK(from_shuffled->games_merged == 18);
    CHECK(from_shuffled->missing.empty());
    const fs::path merged = dir.path() / "merged", reference = dir.path() / "merged-plain";
    CHECK(read(merged / "games.jsonl") == expected_jsonl);
    CHECK(from_shuffled->notes.size() == 3);  // one repeat in each shard
    for (const char *file : {"games.pgn", "standings.txt", "standings.json"}) {
        INFO(file);
        CHECK(read(merged / file) == read(reference / file));
    }
    CHECK(from_shuffled->standings_text == from_plain->standings_text);
}

TEST_CASE("a merge names a record that is not the schedule's game, a shard given twice, and its own output folder",
          "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    run(load(dir, "shard-1", config::ShardSpec{1, 2}), world);
    const fs::path shard = dir.path() / "shard-1", again = dir.path() / "again", edited = dir.path() / "edited";
    fs::copy(shard, again, fs::copy_options::recursive);
    auto twice = tournament::merge_runs({shard, again}, dir.path() / "m1", merge_options());
    REQUIRE_FALSE(twice.has_value());
    CHECK_THAT(twice.error().message, Catch::Contains(again.string() + " and " + shard.string() + " are both shard 1/2"));

    auto into_input = tournament::merge_runs({shard}, shard, merge_options());
    REQUIRE_FALSE(into_input.has_value());
    CHECK_THAT(into_input.error().message, Catch::Contains("is the output folder of the merge"));

    // The third record with its sides swapped: the schedule has the other engine first at that index.
    fs::copy(shard, edited, fs::copy_options::recursive);
    auto lines = lines_of(read(edited / "games.jsonl"));
    REQUIRE(lines.size() > 3);
    auto j = nlohmann::json::parse(lines[2]);
    const int index = j["index"].get<int>();
    j["engines"] = nlohmann::json::array({j["engines"][1], j["engines"][0]});
    lines[2] = j.dump();
    std::string text;
    for (const auto &line : lines) text += line + "\n";
    std::ofstream(edited / "games.jsonl", std::ios::binary | std::ios::trunc) << text;
    auto mismatch = tournament::merge_runs({edited}, dir.path() / "m2", merge_options());
    REQUIRE_FALSE(mismatch.has_value());
    CHECK(mismatch.error().message == (edited / "games.jsonl").string() + ": game " + std::to_string(index) +
                                          " does not match the schedule of its config");
    CHECK_FALSE(fs::exists(dir.path() / "m2/games.jsonl"));
}

// A shard's games.jsonl holds each index once (a run appends a game once and
// --resume cuts only a torn last line). A second record of an index is a
// tampered or damaged file: an error naming the shard, file, line and index,
// unless it repeats the first byte for byte (then a note, the first kept).
TEST_CASE("a record repeated within a shard is an error naming shard, file, line and index, unless byte-identical",
          "[merge]") {
    test::TempDir dir;
    test::FakeWorld world;
    run(load(dir, "shard-1", config::ShardSpec{1, 2}), world);
    const fs::path shard = dir.path() / "shard-1", tampered = dir.path() / "tampered", repeated = dir.path() / "repeated";
    const auto lines = lines_of(read(shard / "games.jsonl"));
    REQUIRE(lines.size() == 10);  // pairs 0, 3, 4, 7, 8 of 9 (by hand: (p + p/2) mod 2 + 1 = 1)
    const int index = nlohmann::json::parse(lines[0])["index"].get<int>();

    // Line 11 says game `index` had another reason than line 1 says.
    fs::copy(shard, tampered, fs::copy_options::recursive);
    auto j = nlohmann::json::parse(lines[0]);
    j["reason"] = "rewritten";
    std::ofstream(tampered / "games.jsonl", std::ios::binary | std::ios::app) << j.dump() << "\n";
    auto refused = tournament::merge_runs({tampered}, dir.path() / "m1", merge_options());
    REQUIRE_FALSE(refused.has_value());
    INFO(refused.error().message);
    CHECK_THAT(refused.error().message,
               Catch::Contains((tampered / "games.jsonl").string() + ":11: schedule index " + std::to_string(index) +
                               " is recorded again (first at line 1) in " + tampered.string() + " (shard 1/2)"));
    CHECK_THAT(refused.error().message, Catch::Contains("the two records differ"));
    CHECK_FALSE(fs::exists(dir.path() / "m1/games.jsonl"));

    // The same line twice: merged once, and said.
    fs::copy(shard, repeated, fs::copy_options::recursive);
    std::ofstream(repeated / "games.jsonl", std::ios::binary | std::ios::app) << lines[0] << "\n";
    auto merged = tournament::merge_runs({repeated}, dir.path() / "m2", merge_options());
    REQUIRE(merged.has_value());
    CHECK(merged->games_merged == 10);
    REQUIRE(merged->notes.size() == 1);
    CHECK_THAT(merged->notes[0], Catch::Contains((repeated / "games.jsonl").string() + ":11: schedule index " +
                                                 std::to_string(index) + " is recorded again (first at line 1)"));
    CHECK_THAT(merged->notes[0], Catch::Contains("byte for byte"));
}
