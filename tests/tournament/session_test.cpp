#include "output/jsonl_record.hpp"
#include "output/record_log.hpp"
#include "support/recorded_games.hpp"
#include "tournament/session.hpp"

#include "fake_engines.hpp"
#include "support/temp_dir.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace arb;

namespace {

using arb::test::count_of;

config::LoadedConfig load(const test::TempDir &dir, const std::string &engines_yaml, const std::string &extra = "",
                          const std::string &rounds = "2") {
    dir.write("openings.txt", "b2\na1\nX........ O\n");
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir.path();
    o.out_base_dir = dir.path();
    o.check_programs = false;
    std::string yaml = "game: tictactoe\nengines: " + engines_yaml +
                       "\ntournament: {rounds: " + rounds + ", games_per_pairing: 2}\nopenings: openings.txt\n"
                       "concurrency: 2\noutput: {dir: out}\n" + extra;
    auto loaded = config::load_config_text(yaml, "t.yaml", o);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    return std::move(*loaded);
}

std::string read(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The distinct indices recorded; `records` counts every record, duplicates too.
std::set<int> recorded_indices(const std::filesystem::path &out, int &records) {
    auto recorded = test::recorded_indices(out / "games.jsonl");
    records = static_cast<int>(recorded.in_file_order.size()) + recorded.duplicates;
    return {recorded.in_file_order.begin(), recorded.in_file_order.end()};
}

}  // namespace

TEST_CASE("a tournament writes one record per game, standings, and reuses engines", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    CHECK(result.exit_code == 0);
    CHECK(result.games_total == 12);
    CHECK(result.games_recorded == 12);
    int records = 0;
    CHECK(recorded_indices(dir.path() / "out", records).size() == 12);
    CHECK(records == 12);
    CHECK(count_of(read(dir.path() / "out/games.pgn"), "[Event ") == 12);
    CHECK(std::filesystem::exists(dir.path() / "out/standings.txt"));
    CHECK(std::filesystem::exists(dir.path() / "out/standings.json"));
    CHECK(std::filesystem::exists(dir.path() / "out/config.yaml"));
    CHECK(read(dir.path() / "out/openings.txt") == "b2\na1\nX........ O\n");
    const std::string report = read(dir.path() / "out/report.html");
    CHECK_THAT(report, Catch::Contains("12 of 12 scheduled (12 rated), finished"));
    for (const char *name : {">a<", ">b<", ">c<"}) CHECK_THAT(report, Catch::Contains(name));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out/report.html.tmp"));
    // At most one process per engine and worker slot, all shut down at the end.
    CHECK(world.starts <= 2 * 3);
    CHECK(world.live_engines == 0);
    // A second run into the same folder is refused instead of mixing records.
    std::ostringstream out2, err2;
    CHECK(tournament::run_session(loaded, options, out2, err2).exit_code == 1);
    CHECK_THAT(err2.str(), Catch::Contains("--resume"));
}

TEST_CASE("an engine that crashes loses its games and is restarted", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: crasher, command: x}, {name: b, command: x}]");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    REQUIRE(result.exit_code == 0);
    REQUIRE(result.games_recorded == 12);
    auto log = output::read_record_log(dir.path() / "out/games.jsonl");
    REQUIRE(log.has_value());
    int crash_losses = 0;
    for (const auto &g : log->games) {
        const auto &r = g.record;
        if (r.loser_side >= 0 && r.engine_names[r.loser_side] == "crasher") ++crash_losses;
    }
    CHECK(crash_losses == 8);  // every game crasher plays (4 against a, 4 against b)
    CHECK(world.live_engines == 0);
}

TEST_CASE("an engine that cannot start stops the run before game 1, and nothing is written", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: broken, command: x}, {name: b, command: x}]");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    CHECK(result.exit_code == 1);
    CHECK(world.games_started == 0);
    CHECK(world.starts == 3);  // each engine once, the good ones handed back and quit
    CHECK(world.live_engines == 0);
    CHECK_THAT(err.str(), Catch::Contains("engine 'broken' could not start: cannot execute"));
    CHECK_THAT(err.str(), Catch::Contains("libfoo.so: not found"));
    CHECK_THAT(err.str(), Catch::Contains("no game was played"));
    for (const char *file : {"games.jsonl", "games.pgn", "config.yaml", "standings.txt"})
        CHECK_FALSE(std::filesystem::exists(dir.path() / "out" / file));
}

TEST_CASE("an engine that starts before game 1 but not later forfeits only those games", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: fragile, command: x}]");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    REQUIRE(result.exit_code == 0);
    REQUIRE(result.games_recorded == 4);
    auto log = output::read_record_log(dir.path() / "out/games.jsonl");
    REQUIRE(log.has_value());
    int crashes = 0, start_failures = 0;
    for (const auto &g : log->games) {
        const auto &r = g.record;
        REQUIRE(r.loser_side >= 0);
        CHECK(r.engine_names[r.loser_side] == "fragile");
        crashes += r.reason == "engine crasher exited";
        start_failures += r.reason.find("could not be started") != std::string::npos;
    }
    CHECK(crashes == 1);         // its first game, on the engine started before game 1
    CHECK(start_failures == 3);  // then every start fails: a forfeit per game, as before
    CHECK(world.live_engines == 0);
}

TEST_CASE("resume keeps finished games once, drops a torn record and plays the rest", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]");
    test::FakeWorld world;
    world.game_time = std::chrono::milliseconds(60);
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.interrupts = [&world]() { return world.games_started >= 3 ? 1 : 0; };
    std::ostringstream out, err;
    auto first = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    CHECK(first.interrupted);
    CHECK(first.exit_code == 130);
    REQUIRE(first.games_recorded < 12);
    REQUIRE(first.games_recorded >= 3);
    CHECK_THAT(read(dir.path() / "out/report.html"),
               Catch::Contains(fmt::format("{} of 12 scheduled ({} rated), interrupted", first.games_recorded,
                                           first.games_recorded)));
    CHECK(world.live_engines == 0);
    // kill -9 in the middle of a write leaves a torn last line.
    {
        std::ofstream append(dir.path() / "out/games.jsonl", std::ios::app);
        append << "{\"index\": 11, \"round\": 2, \"pair";
    }
    // The resumed run reads the copy of the config in the output folder.
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.check_programs = false;
    o.overrides.out_dir = (dir.path() / "out").string();
    auto again = config::load_config_file(dir.path() / "out/config.yaml", o);
    INFO((again ? "" : again.error().message));
    REQUIRE(again.has_value());
    options.resume = true;
    options.interrupts = {};
    std::ostringstream out2, err2;
    auto second = tournament::run_session(*again, options, out2, err2);
    INFO(out2.str() << err2.str());
    CHECK(second.exit_code == 0);
    CHECK_THAT(err2.str(), Catch::Contains("dropped an incomplete last record"));
    int records = 0;
    auto indices = recorded_indices(dir.path() / "out", records);
    CHECK(indices.size() == 12);
    CHECK(records == 12);
    CHECK(count_of(read(dir.path() / "out/games.pgn"), "[Event ") == 12);
    // The resumed run's report holds the games of both runs.
    CHECK_THAT(read(dir.path() / "out/report.html"), Catch::Contains("12 of 12 scheduled (12 rated), finished"));
}

TEST_CASE("report.html is refreshed at each interim standings", "[session][report]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]",
                       "progress: {interval: 3}\n");
    test::FakeWorld world;
    // The tick runs every 100 ms and sees a report one tick after writing it:
    // games of 150 ms leave several ticks after the first interim (3 games).
    world.game_time = std::chrono::milliseconds(150);
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    // Looks at the folder while the run goes on (the tick runs between games).
    std::vector<std::string> seen;
    const auto report = dir.path() / "out/report.html";
    options.interrupts = [&]() {
        if (std::filesystem::exists(report)) {
            std::string text = read(report);
            if (seen.empty() || seen.back() != text) seen.push_back(text);
        }
        return 0;
    };
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    REQUIRE_FALSE(seen.empty());  // the final report is written after the last tick
    // Built by the tick from games.jsonl, which may hold a game more than the interim count by then.
    CHECK_THAT(seen.front(), Catch::Contains("of 12 scheduled"));
    CHECK_THAT(seen.front(), Catch::Contains("interim standings"));
    CHECK_THAT(read(report), Catch::Contains("12 of 12 scheduled (12 rated), finished"));
}

TEST_CASE("an exception in the progress tick ends the run with an error, engines stopped, finished games kept",
          "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]");
    test::FakeWorld world;
    // 12 games of 100 ms on 2 workers: the tick, every 100 ms, sees a record
    // long before the last game ends.
    world.game_time = std::chrono::milliseconds(100);
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    // The tick throws once a game is recorded, as building an interim report may
    // (bad_alloc); before the fix this left run_games with joinable threads: std::terminate.
    const auto jsonl = dir.path() / "out/games.jsonl";
    int throws = 0;
    options.interrupts = [&]() -> int {
        std::error_code ec;
        if (std::filesystem::file_size(jsonl, ec) > 0 && !ec) {
            ++throws;
            throw std::bad_alloc();
        }
        return 0;
    };
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    CHECK(throws == 1);  // never called again after it threw
    CHECK(result.exit_code == 1);
    CHECK_THAT(err.str(), Catch::Contains("out of memory"));
    CHECK_THAT(err.str(), Catch::Contains("--resume"));
    CHECK(world.live_engines == 0);
    // The games finished before it threw, and those running then, are recorded, each once.
    int records = 0;
    auto indices = recorded_indices(dir.path() / "out", records);
    CHECK(records == static_cast<int>(indices.size()));
    CHECK(indices.size() >= 1);
    CHECK(indices.size() < 12);
    // The run goes on from there.
    options.interrupts = {};
    options.resume = true;
    std::ostringstream out2, err2;
    auto resumed = tournament::run_session(loaded, options, out2, err2);
    INFO(out2.str() << err2.str());
    CHECK(resumed.exit_code == 0);
    CHECK(recorded_indices(dir.path() / "out", records).size() == 12);
    CHECK(records == 12);
}

// The tags of the PGN game whose Game tag is `game_number`; empty if none.
std::map<std::string, std::string> pgn_tags_of_game(const std::string &pgn, int game_number) {
    std::istringstream in(pgn);
    std::string line;
    std::map<std::string, std::string> tags;
    while (std::getline(in, line)) {
        if (line.rfind("[Event ", 0) == 0) {
            if (tags["Game"] == std::to_string(game_number)) return tags;
            tags.clear();
        }
        if (line.rfind("[", 0) == 0 && line.size() > 4) {
            const auto space = line.find(' ');
            tags[line.substr(1, space - 1)] = line.substr(space + 2, line.size() - space - 4);
        }
    }
    if (tags["Game"] == std::to_string(game_number)) return tags;
    return {};
}

TEST_CASE("each record says what its game was played under, and the PGN labels the game from it", "[session][records]") {
    test::TempDir dir;
    // b plays under its own time control: its games are not the tournament's 10+0.1.
    auto loaded = load(dir,
                       "[{name: a, command: x, options: {Hash: 16, Style: wild}}, "
                       "{name: b, command: x, time_control: 5+0.05}, {name: c, command: x}]",
                       "time_control: 10+0.1\n", "1");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    auto log = output::read_record_log(dir.path() / "out/games.jsonl");
    REQUIRE(log.has_value());
    REQUIRE(log->games.size() == 6);
    const std::string pgn = read(dir.path() / "out/games.pgn");
    for (const auto &g : log->games) {
        const auto &under = g.record.played_under;
        INFO("game " << g.slot.index + 1 << ": " << g.record.engine_names[0] << " - " << g.record.engine_names[1]);
        std::string expected_tc[2];
        for (int side = 0; side < 2; ++side) {
            const std::string &name = g.record.engine_names[side];
            expected_tc[side] = name == "b" ? "5+0.05" : "10+0.1";
            REQUIRE(under.time_control[side].has_value());
            CHECK(under.time_control[side]->to_string() == expected_tc[side]);
            using Options = std::vector<std::pair<std::string, std::string>>;
            CHECK(under.engine_options[side] == (name == "a" ? Options{{"Hash", "16"}, {"Style", "wild"}} : Options{}));
        }
        // The tournament hands each colour-swapped pair one seed: pair id + 1.
        CHECK(under.seed == std::optional<uint64_t>(static_cast<uint64_t>(g.slot.pair_id) + 1));
        auto tags = pgn_tags_of_game(pgn, g.slot.index + 1);
        REQUIRE_FALSE(tags.empty());
        if (expected_tc[0] == expected_tc[1]) {
            CHECK(tags["TimeControl"] == expected_tc[0]);
            CHECK(tags.count("WhiteTimeControl") == 0);
        } else {
            CHECK(tags["TimeControl"] == "?");
            CHECK(tags["WhiteTimeControl"] == expected_tc[0]);
            CHECK(tags["BlackTimeControl"] == expected_tc[1]);
        }
    }
}

TEST_CASE("a record without what it was played under (an older line) takes the tournament's time control",
          "[session][records]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x, time_control: 5+0.05}]",
                       "time_control: 10+0.1\n", "1");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    std::ostringstream out, err;
    auto first = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    REQUIRE(first.games_recorded == 2);
    // The first line as an older arbiter wrote it: no time_control, seed or
    // engine_options; --resume rebuilds games.pgn from the lines.
    const auto jsonl = dir.path() / "out/games.jsonl";
    std::istringstream lines(read(jsonl));
    std::string first_line, second_line;
    std::getline(lines, first_line);
    std::getline(lines, second_line);
    auto line = nlohmann::json::parse(first_line);
    for (const char *key : {"time_control", "seed", "engine_options"}) line.erase(key);
    std::ofstream(jsonl, std::ios::trunc) << line.dump() << "\n" << second_line << "\n";
    options.resume = true;
    std::ostringstream out2, err2;
    REQUIRE(tournament::run_session(loaded, options, out2, err2).exit_code == 0);
    const std::string pgn = read(dir.path() / "out/games.pgn");
    const int old_game = line["index"].get<int>() + 1;
    // The old record: the tournament's; the new one (b on one side): per side.
    CHECK(pgn_tags_of_game(pgn, old_game)["TimeControl"] == "10+0.1");
    CHECK(pgn_tags_of_game(pgn, 3 - old_game)["TimeControl"] == "?");
}

TEST_CASE("invalid UTF-8 in the event and in a plugin's reason is the same text in games.pgn and games.jsonl",
          "[session][records]") {
    test::TempDir dir;
    // "\xC3\x28" is a cut two-byte character, "\xFF" never starts one.
    auto loaded = load(dir, "[{name: a, command: x}, {name: badtext, command: x}]", "", "1");
    loaded.config.event = "Cup \xFF\xC3\x28 2026";  // as raw bytes from a config file
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    const std::string pgn = read(dir.path() / "out/games.pgn");
    std::istringstream lines(read(dir.path() / "out/games.jsonl"));
    std::string line;
    int games = 0;
    // Each bad byte became U+FFFD (EF BF BD), in both files alike.
    const std::string event = "Cup \xEF\xBF\xBD\xEF\xBF\xBD( 2026";
    const std::string reason = "the plugin says \xEF\xBF\xBD( and \xEF\xBF\xBD";
    while (std::getline(lines, line)) {
        ++games;
        auto j = nlohmann::json::parse(line);
        CHECK(j.at("event").get<std::string>() == event);
        CHECK(j.at("reason").get<std::string>() == reason);
        auto tags = pgn_tags_of_game(pgn, j.at("index").get<int>() + 1);
        CHECK(tags["Event"] == event);
    }
    CHECK(games == 2);
    CHECK(count_of(pgn, "{" + reason + "}") == 2);
    CHECK(pgn.find('\xFF') == std::string::npos);
}

TEST_CASE("abandoning on interrupt records no unfinished game", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}]", "on_interrupt: abandon\n");
    test::FakeWorld world;
    world.game_time = std::chrono::milliseconds(2000);
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.interrupts = [&world]() { return world.games_started >= 2 ? 1 : 0; };
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    CHECK(result.exit_code == 130);
    CHECK(result.games_recorded == 0);
    CHECK(world.live_engines == 0);
    int records = 0;
    CHECK(recorded_indices(dir.path() / "out", records).empty());
}

TEST_CASE("SPRT stops a two-engine match once decided", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: strong, command: x}, {name: weak, command: x}]",
                       "sprt: {elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05}\n", "500");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    auto result = tournament::run_session(loaded, options, out, err);
    INFO(out.str());
    CHECK(result.exit_code == 0);
    CHECK(result.sprt_stopped);
    CHECK(result.games_recorded < 100);
    CHECK_THAT(out.str(), Catch::Contains("H1 accepted"));
    CHECK_THAT(out.str(), Catch::Contains("Game pairs (LL LD WL DD WD WW): 0 0 0 0 0 "));
}

namespace {

// Head-to-head counts of engine 0 recounted from the records, independently
// of the arbiter's running totals: scores of engine 0 grouped by pair_id.
struct Recount {
    int64_t wins = 0, draws = 0, losses = 0;
    std::vector<int64_t> pentanomial = std::vector<int64_t>(6, 0);  // LL LD WL DD WD WW
    rating::Pentanomial as_pentanomial() const {
        const auto &p = pentanomial;
        return {p[0], p[1], p[2], p[3], p[4], p[5]};
    }
};

Recount recount(const std::filesystem::path &jsonl) {
    auto log = output::read_record_log(jsonl);
    REQUIRE(log.has_value());
    Recount r;
    std::map<int, std::vector<double>> by_pair;
    for (const auto &g : log->games) {
        double side_0 = g.record.result == ARB_RESULT_WIN_SIDE_0 ? 1 : g.record.result == ARB_RESULT_DRAW ? 0.5 : 0;
        double mine = g.slot.engine[0] == 0 ? side_0 : 1 - side_0;
        (mine == 1 ? r.wins : mine == 0 ? r.losses : r.draws)++;
        by_pair[g.slot.pair_id].push_back(mine);
    }
    for (const auto &[id, scores] : by_pair) {
        if (scores.size() != 2) continue;
        double sum = scores[0] + scores[1];
        int kind = sum == 0 ? 0 : sum == 0.5 ? 1 : sum == 1 ? (scores[0] == 0.5 ? 3 : 2) : sum == 1.5 ? 4 : 5;
        ++r.pentanomial[static_cast<size_t>(kind)];
    }
    return r;
}

void check_standings_match_records(const std::filesystem::path &out, const rating::SprtConfig &sprt) {
    const Recount expected = recount(out / "games.jsonl");
    auto json = nlohmann::json::parse(read(out / "standings.json"));
    const auto &h = json.at("head_to_head");
    CHECK(h.at("wins").get<int64_t>() == expected.wins);
    CHECK(h.at("draws").get<int64_t>() == expected.draws);
    CHECK(h.at("losses").get<int64_t>() == expected.losses);
    CHECK(h.at("pentanomial").get<std::vector<int64_t>>() == expected.pentanomial);
    CHECK(json.at("games").get<int64_t>() == expected.wins + expected.draws + expected.losses);
    CHECK(h.at("sprt").at("llr").get<double>() == Approx(rating::sprt(sprt, expected.as_pentanomial()).llr));
}

}  // namespace

TEST_CASE("SPRT counters kept game by game equal a recount of the records, also after --resume", "[session]") {
    test::TempDir dir;
    const rating::SprtConfig sprt{-3, 3, 0.001, 0.001, rating::SprtConfig::Model::Normalized};
    auto loaded = load(dir, "[{name: dice-a, command: x}, {name: dice-b, command: x}]",
                       "sprt: {elo0: -3, elo1: 3, alpha: 0.001, beta: 0.001}\nprogress: {interval: 10}\n", "100");
    test::FakeWorld world;
    world.game_time = std::chrono::milliseconds(2);
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.interrupts = [&world]() { return world.games_started >= 41 ? 1 : 0; };
    std::ostringstream out, err;
    auto first = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    REQUIRE(first.interrupted);
    REQUIRE(first.games_recorded >= 41);
    REQUIRE(first.games_recorded < 200);
    // Interim reports are printed in order, each from the totals at its count.
    CHECK_THAT(out.str(), Catch::Contains("standings after 10 games:") && Catch::Contains("standings after 40 games:"));
    CHECK(out.str().find("standings after 10 games:") < out.str().find("standings after 20 games:"));
    check_standings_match_records(dir.path() / "out", sprt);
    const Recount partial = recount(dir.path() / "out/games.jsonl");
    CHECK(partial.wins > 0);
    CHECK(partial.draws > 0);
    CHECK(partial.losses > 0);

    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.check_programs = false;
    o.overrides.out_dir = (dir.path() / "out").string();
    auto again = config::load_config_file(dir.path() / "out/config.yaml", o);
    REQUIRE(again.has_value());
    options.resume = true;
    options.interrupts = {};
    std::ostringstream out2, err2;
    auto second = tournament::run_session(*again, options, out2, err2);
    INFO(out2.str() << err2.str());
    CHECK(second.exit_code == 0);
    REQUIRE_FALSE(second.sprt_stopped);  // equal engines: the LLR stays near 0 (seen: |LLR| < 0.2 of 6.91)
    CHECK(second.games_recorded == 200);
    check_standings_match_records(dir.path() / "out", sprt);
    const Recount full = recount(dir.path() / "out/games.jsonl");
    int64_t pairs = 0;
    for (auto n : full.pentanomial) pairs += n;
    CHECK(pairs == 100);  // pairs half played at the interruption are completed by the resumed run
}

TEST_CASE("the end of a run gives the elapsed time and the games per second", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}]");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    INFO(out.str());
    // "elapsed M:SS (S.s s), 4 games in this run, R games/s"
    const std::string text = out.str();
    const size_t at = text.find("elapsed ");
    REQUIRE(at != std::string::npos);
    const std::string line = text.substr(at, text.find('\n', at) - at);
    CHECK_THAT(line, Catch::Matches(R"(elapsed \d+:\d\d \(\d+\.\d s\), 4 games in this run, \d+\.\d\d games/s)"));
}

TEST_CASE("interim standings under --quiet are one line each", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]",
                       "progress: {interval: 4}\n");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    INFO(out.str());
    // 12 games, standings after 4 and 8: one line each, naming every engine, and no table before the final one.
    CHECK(count_of(out.str(), "after 4 games: 1. ") == 1);
    CHECK(count_of(out.str(), "after 8 games: 1. ") == 1);
    CHECK(count_of(out.str(), "Crosstable") == 1);  // the final standings only
    const std::string text = out.str();
    const size_t at = text.find("after 4 games: ");
    const std::string line = text.substr(at, text.find('\n', at) - at);
    for (const char *name : {" a ", " b ", " c "}) CHECK_THAT(line, Catch::Contains(name));
}

TEST_CASE("output.format cutechess prints the standings in cutechess-cli's lines", "[session]") {
    test::TempDir dir;
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}]");
    loaded.config.standings_layout = config::StandingsLayout::Cutechess;  // output.format: cutechess
    loaded.config.site = "Home";                                          // -site Home
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    INFO(out.str());
    CHECK_THAT(out.str(), Catch::Matches(R"([\s\S]*\nScore of a vs b: \d+ - \d+ - \d+  \[\d\.\d{3}\] 4\nElo difference: [\s\S]*)"));
    // The per-game lines as the peers print them.
    CHECK_THAT(out.str(), Catch::Contains("Finished game 1 (a vs b): "));
    // -site: the PGN's Site tag (the host name by default).
    CHECK(count_of(read(dir.path() / "out/games.pgn"), "[Site \"Home\"]") == 4);
    // standings.txt keeps the arbiter's own table.
    CHECK_THAT(read(dir.path() / "out/standings.txt"), Catch::Contains("Crosstable"));
}

// OUT/openings.txt is as much a part of a run as config.yaml: a resume whose
// openings say something else (one line edited) is refused, and so is an
// engine's working folder, environment or adjudication changed.
TEST_CASE("a resume is refused when the openings, an engine's folder or environment or adjudication changed",
          "[session][resume]") {
    test::TempDir dir;
    std::filesystem::create_directories(dir.path() / "w");
    auto loaded = load(dir, "[{name: a, command: x}, {name: b, command: x}]", "", "1");
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    std::ostringstream out, err;
    REQUIRE(tournament::run_session(loaded, options, out, err).exit_code == 0);
    const std::string config_yaml = read(dir.path() / "out/config.yaml");
    options.resume = true;
    auto resume_with = [&](const std::string &from, const std::string &to, const std::string &openings = "") {
        std::string text = config_yaml;
        REQUIRE(text.find(from) != std::string::npos);
        text.replace(text.find(from), from.size(), to);
        dir.write("out/config.yaml", text);
        if (!openings.empty()) dir.write("out/openings.txt", openings);
        config::LoadOptions o;
        o.plugin_dirs = {ARBITER_PLUGIN_DIR};
        o.check_programs = false;
        auto again = config::load_config_file(dir.path() / "out/config.yaml", o);
        INFO((again ? "" : again.error().message));
        REQUIRE(again.has_value());
        std::ostringstream out2, err2;
        auto result = tournament::run_session(*again, options, out2, err2);
        CHECK(result.exit_code == 1);
        dir.write("out/openings.txt", "b2\na1\nX........ O\n");
        return err2.str();
    };
    CHECK_THAT(resume_with("event", "event", "b2\nb1\nX........ O\n"),
               Catch::Contains("openings: was \"3 openings, digest ") && Catch::Contains("now \"3 openings, digest "));
    CHECK_THAT(resume_with("name: \"a\"\n", "name: \"a\"\n    working_dir: \"" + (dir.path() / "w").string() + "\"\n"),
               Catch::Contains("engine 1 working_dir: was \"\", now \"" + (dir.path() / "w").string() + "\""));
    CHECK_THAT(resume_with("name: \"b\"\n", "name: \"b\"\n    env: {K: \"v\"}\n"),
               Catch::Contains("engine 2 env: was {}, now {\"K\":\"v\"}"));
    CHECK_THAT(resume_with("max_plies: 0", "max_plies: 80"), Catch::Contains("adjudication.max_plies: was 0, now 80"));
}
