// `arbiter run --resume` continues the run that started in the folder, not
// whatever OUT/config.yaml says now: an edit of the game, an engine's name,
// command line, options or protocol, the time control, the seed or the rounds
// is refused naming the field, the old value and the new (exit 1); only
// `--resume OUT --rounds N` grows a run, its games kept. A folder of an older
// arbiter (no identity.json) is checked against its records.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::count_of;

using arb::test::kArbiter;

// Two random engines, 2 rounds: 4 games in 2 colour-swapped pairs.
std::string config_yaml() {
    std::string engine = std::string("command: \"{arbiter_bin}/arbiter-engine\", args: [--game, tictactoe, --mode, "
                                     "random, --plugin-dir, \"") +
                         ARBITER_PLUGIN_DIR + "\"]";
    return "event: identity\ngame: tictactoe\nengines:\n  - {name: one, " + engine + "}\n  - {name: two, " + engine +
           "}\ntournament: {rounds: 2, games_per_pairing: 2}\ntime_control: 10+0.1\n";
}

struct Run {
    int code;
    std::string log;
};

Run arbiter(const test::TempDir &dir, std::vector<std::string> args) {
    args.insert(args.begin(), kArbiter);
    args.push_back("--plugin-dir");
    args.push_back(ARBITER_PLUGIN_DIR);
    static int n = 0;
    const fs::path log = dir.path() / ("log" + std::to_string(++n) + ".txt");
    test::ChildProcess child(args, log);
    auto code = child.exit_code(std::chrono::seconds(120));
    REQUIRE(code.has_value());
    return {*code, test::read_file(log.string())};
}

void write_text(const fs::path &file, const std::string &text) { std::ofstream(file, std::ios::binary) << text; }

// The first `n` lines of `text`.
std::string first_lines(const std::string &text, int n) {
    size_t at = 0;
    for (int i = 0; i < n; ++i) at = text.find('\n', at) + 1;
    return text.substr(0, at);
}

// A run stopped after its first two games: played whole, then cut back to the
// records a kill -9 after game 2 would have left (games.pgn is rebuilt from them).
fs::path stopped_run(const test::TempDir &dir) {
    const auto out = dir.path() / "out";
    auto run = arbiter(dir, {"run", dir.write("t.yaml", config_yaml()).string(), "--out", out.string(), "--quiet"});
    INFO(run.log);
    REQUIRE(run.code == 0);
    const std::string jsonl = test::read_file((out / "games.jsonl").string());
    REQUIRE(count_of(jsonl, "\n") == 4);
    write_text(out / "games.jsonl", first_lines(jsonl, 2));
    return out;
}

// config.yaml with `from` replaced by `to` (each must be there).
void edit_config(const fs::path &out, const std::string &from, const std::string &to) {
    std::string text = test::read_file((out / "config.yaml").string());
    const auto at = text.find(from);
    INFO(text);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    write_text(out / "config.yaml", text);
}

struct Edit {
    std::string what;                   // the case
    std::vector<std::pair<std::string, std::string>> replace;  // in config.yaml, in turn
    std::vector<std::string> expected;  // lines of the message: field, old value, new value
};

}  // namespace

TEST_CASE("a resume refuses a config.yaml edited since the run started, naming the field, old and new value",
          "[e2e][resume]") {
    const std::string engine_args = R"(args: ["--game", "tictactoe", "--mode", "random")";
    const Edit edit = GENERATE_COPY(values<Edit>({
        {"game", {{"id: tictactoe", "id: othello"}}, {R"(game: was "tictactoe", now "othello")"}},
        {"engine names swapped",
         {{R"(name: "one")", R"(name: "x")"}, {R"(name: "two")", R"(name: "one")"}, {R"(name: "x")", R"(name: "two")"}},
         {R"(engine 1 name: was "one", now "two")", R"(engine 2 name: was "two", now "one")"}},
        {"time control", {{R"(time_control: "10+0.1")", R"(time_control: "5+0.1")"}},
         {R"(time_control: was "10+0.1", now "5+0.1")"}},
        {"seed", {{"seed: 1", "seed: 2"}}, {"tournament.seed: was 1, now 2"}},
        {"args",
         {{engine_args, R"(args: ["--game", "tictactoe", "--mode", "first")"}},
         {R"(engine 1 args: was ["--game","tictactoe","--mode","random",)",
          R"(now ["--game","tictactoe","--mode","first",)"}},
        {"rounds", {{"rounds: 2", "rounds: 3"}}, {"tournament.rounds: was 2, now 3", "--rounds N"}},
        {"options", {{engine_args, "options: {Hash: \"16\"}\n    " + engine_args}},
         {R"(engine 1 options: was [], now [["Hash","16"]])"}},
        {"protocol", {{engine_args, "protocol: auto\n    " + engine_args}},
         {R"(engine 1 protocol: was "ugi", now "auto")"}},
    }));
    INFO("edit: " << edit.what);
    test::TempDir dir;
    const auto out = stopped_run(dir);
    const std::string before = test::read_file((out / "games.jsonl").string());
    for (const auto &[from, to] : edit.replace) edit_config(out, from, to);
    auto resumed = arbiter(dir, {"run", "--resume", out.string()});
    INFO(resumed.log);
    CHECK(resumed.code == 1);
    CHECK_THAT(resumed.log, Catch::Contains((out / "config.yaml").string() + " no longer describes the run"));
    for (const auto &line : edit.expected) CHECK_THAT(resumed.log, Catch::Contains(line));
    // Nothing was played or rewritten.
    CHECK(test::read_file((out / "games.jsonl").string()) == before);
}

TEST_CASE("an unedited --resume plays the rest, and --resume --rounds N grows the run with its games kept",
          "[e2e][resume]") {
    test::TempDir dir;
    const auto out = stopped_run(dir);
    const std::string first_two = test::read_file((out / "games.jsonl").string());
    auto resumed = arbiter(dir, {"run", "--resume", out.string(), "--quiet"});
    INFO(resumed.log);
    REQUIRE(resumed.code == 0);
    CHECK_THAT(resumed.log, Catch::Contains("4 of 4 games played"));
    const std::string four = test::read_file((out / "games.jsonl").string());
    CHECK(first_lines(four, 2) == first_two);

    // Taking rounds away is not growing: refused, nothing changed.
    auto shrink = arbiter(dir, {"run", "--resume", out.string(), "--rounds", "1"});
    INFO(shrink.log);
    CHECK(shrink.code == 1);
    CHECK_THAT(shrink.log, Catch::Contains("tournament.rounds: was 2, now 1"));
    CHECK_THAT(shrink.log, Catch::Contains("can add rounds to a run, not take them away"));

    // 2 rounds more: 2 x 2 games more, the four before kept as they were.
    auto grown = arbiter(dir, {"run", "--resume", out.string(), "--rounds", "4", "--quiet"});
    INFO(grown.log);
    REQUIRE(grown.code == 0);
    CHECK_THAT(grown.log, Catch::Contains("8 games (4 already played)"));
    CHECK_THAT(grown.log, Catch::Contains("8 of 8 games played"));
    const std::string eight = test::read_file((out / "games.jsonl").string());
    CHECK(count_of(eight, "\n") == 8);
    CHECK(first_lines(eight, 4) == four);
    CHECK(count_of(test::read_file((out / "games.pgn").string()), "[Event ") == 8);
    // The grown run is the run now: config.yaml says so, and a plain --resume accepts it.
    CHECK_THAT(test::read_file((out / "config.yaml").string()), Catch::Contains("rounds: 4"));
    auto again = arbiter(dir, {"run", "--resume", out.string(), "--quiet"});
    INFO(again.log);
    CHECK(again.code == 0);
    CHECK_THAT(again.log, Catch::Contains("8 of 8 games played"));
}

TEST_CASE("identity.json edited by hand or linked is refused, and a folder without one is checked against its records",
          "[e2e][resume]") {
    test::TempDir dir;
    const auto out = stopped_run(dir);
    const auto identity = out / "identity.json";
    REQUIRE(fs::exists(identity));
    const std::string written = test::read_file(identity.string());

    // The same edit in both files: the digest of identity.json no longer matches.
    edit_config(out, "seed: 1", "seed: 2");
    std::string edited = written;
    const auto at = edited.find("\"tournament.seed\": 1");
    REQUIRE(at != std::string::npos);
    edited.replace(at, 20, "\"tournament.seed\": 2");
    write_text(identity, edited);
    auto tampered = arbiter(dir, {"run", "--resume", out.string()});
    INFO(tampered.log);
    CHECK(tampered.code == 1);
    CHECK_THAT(tampered.log, Catch::Contains(identity.string() + ": edited since the run started"));

    // Nor is it read through a link.
    fs::remove(identity);
    write_text(dir.path() / "elsewhere.json", written);
    fs::create_symlink(dir.path() / "elsewhere.json", identity);
    auto linked = arbiter(dir, {"run", "--resume", out.string()});
    INFO(linked.log);
    CHECK(linked.code == 1);
    CHECK_THAT(linked.log, Catch::Contains(identity.string() + ": a symbolic link"));

    // A folder of an arbiter before identity.json: the records say who played and under what.
    fs::remove(identity);
    auto old_seed = arbiter(dir, {"run", "--resume", out.string()});
    INFO(old_seed.log);
    CHECK(old_seed.code == 1);
    CHECK_THAT(old_seed.log, Catch::Contains("does not describe the games recorded in"));
    CHECK_THAT(old_seed.log, Catch::Contains("tournament.seed: was a seed that gives engine seed"));
    edit_config(out, "seed: 2", "seed: 1");
    edit_config(out, R"(name: "one")", R"(name: "uno")");
    auto renamed = arbiter(dir, {"run", "--resume", out.string()});
    INFO(renamed.log);
    CHECK(renamed.code == 1);
    CHECK_THAT(renamed.log, Catch::Contains(R"(engine 1 name: was "one" (as recorded in games.jsonl, game )"));
    CHECK_THAT(renamed.log, Catch::Contains(R"(), now "uno")"));
    CHECK_FALSE(fs::exists(identity));
    edit_config(out, R"(name: "uno")", R"(name: "one")");
    edit_config(out, "id: tictactoe", "id: othello");
    auto other_game = arbiter(dir, {"run", "--resume", out.string()});
    INFO(other_game.log);
    CHECK(other_game.code == 1);
    CHECK_THAT(other_game.log,
               Catch::Contains(R"(game: was "tictactoe" (as recorded in games.jsonl, line 1), now "othello")"));

    // Unedited, it resumes with a note, and the identity is anchored from then on.
    edit_config(out, "id: othello", "id: tictactoe");
    auto resumed = arbiter(dir, {"run", "--resume", out.string(), "--quiet"});
    INFO(resumed.log);
    CHECK(resumed.code == 0);
    CHECK_THAT(resumed.log, Catch::Contains("identity.json is missing"));
    CHECK_THAT(resumed.log, Catch::Contains("4 of 4 games played"));
    CHECK(test::read_file(identity.string()) == written);
}
