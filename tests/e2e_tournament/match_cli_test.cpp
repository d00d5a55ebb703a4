// `arbiter match`, run as a program: a fastchess user's command line with
// --game added plays its games; the peers' options that fail name themselves
// and exit 2; more games at once than cores needs -force-concurrency (and
// `arbiter run` --force-concurrency).
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace arb;

namespace {

using arb::test::count_of;

using arb::test::kBin;

std::string quoted(const std::string &word) { return "'" + word + "'"; }

test::Run arbiter(const std::string &args) {
    return test::run_command(quoted(kBin + "/arbiter") + " " + args + " --plugin-dir " + quoted(ARBITER_PLUGIN_DIR));
}

std::string read(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Two random-mode arbiter-engines, as a fastchess user writes engines.
std::string engines() {
    const std::string engine = quoted(kBin + "/arbiter-engine");
    return "-engine cmd=" + engine + " name=Engine1 args=\"--mode random\" -engine cmd=" + engine +
           " name=Engine2 args=\"--mode random\"";
}

}  // namespace

TEST_CASE("match: a fastchess command line with --game added plays its games", "[e2e][match]") {
    test::TempDir dir;
    const auto pgn = dir.path() / "games.pgn";
    // fastchess README's example (engines, -each tc=10+0.1 -rounds N -repeat -concurrency N), plus -pgnout
    // and -output format=fastchess.
    auto run = arbiter("match --game othello " + engines() + " -each tc=10+0.1 -rounds 2 -repeat -concurrency 1 -pgnout file=" +
                       quoted(pgn.string()) + " -output format=fastchess --out " + quoted((dir.path() / "out").string()));
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK_THAT(run.output, Catch::Contains("4 of 4 games played"));
    CHECK_THAT(run.output, Catch::Contains("Results of Engine1 vs Engine2 (10+0.1, 1t, NULL):"));
    CHECK_THAT(run.output, Catch::Matches(R"([\s\S]*\nGames: 4, Wins: \d, Losses: \d, Draws: \d, Points: [\s\S]*)"));
    CHECK_THAT(run.output, Catch::Contains(" games/s"));
    // Othello has margins (arbiter.margin/1): each game's is Black's score minus White's (the
    // plugin's tournament scoring), and standings.json has each engine's mean over its 4 games;
    // both played all 4, one from each side, so the two means are opposite.
    std::istringstream records(read(dir.path() / "out" / "games.jsonl"));
    int with_margin = 0;
    for (std::string line; std::getline(records, line);) {
        const auto j = nlohmann::json::parse(line);
        if (!j.contains("index")) continue;
        REQUIRE(j.contains("margin"));
        CHECK(j["margin"].get<int>() == j["score"][0].get<int>() - j["score"][1].get<int>());
        ++with_margin;
    }
    CHECK(with_margin == 4);
    const auto standings = nlohmann::json::parse(read(dir.path() / "out" / "standings.json"));
    const auto &engines = standings["table"]["engines"];
    REQUIRE(engines.size() == 2);
    CHECK(engines[0]["margin"]["games"] == 4);
    CHECK(engines[0]["margin"]["mean"].get<double>() == Approx(-engines[1]["margin"]["mean"].get<double>()));
    // -pgnout: the games appended to the file the user named.
    CHECK(count_of(read(pgn), "[Event ") == 4);
    CHECK(count_of(read(dir.path() / "out/games.pgn"), "[Event ") == 4);
}

TEST_CASE("match: --print-config prints the YAML and plays nothing, bad options exit 2 naming them", "[e2e][match]") {
    test::TempDir dir;
    const auto out = " --out " + quoted((dir.path() / "out").string());
    auto printed = arbiter("match --game othello " + engines() + " -each tc=5+0.05 -rounds 3 -srand 7 --print-config" + out);
    INFO(printed.output);
    REQUIRE(printed.exit_code == 0);
    CHECK_THAT(printed.output, Catch::Contains("rounds: 3"));
    CHECK_THAT(printed.output, Catch::Contains("seed: 7"));
    CHECK_THAT(printed.output, Catch::Contains("time_control: \"5+0.05\""));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
    // The printed YAML is a config `arbiter run` takes.
    std::ofstream(dir.path() / "printed.yaml") << printed.output;
    auto again = arbiter("run " + quoted((dir.path() / "printed.yaml").string()) + " --rounds 1 -q" + out);
    INFO(again.output);
    CHECK(again.exit_code == 0);
    CHECK_THAT(again.output, Catch::Contains("2 of 2 games played"));

    auto bad = arbiter("match --game othello " + engines() + " -rounds zero -tb /syzygy");
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Catch::Contains("arbiter match: -rounds zero: expected a whole number"));
    CHECK_THAT(bad.output, Catch::Contains("arbiter match: -tb: not an option of arbiter match"));
    auto unknown_own = arbiter("match --gam othello " + engines());
    CHECK(unknown_own.exit_code == 2);
    CHECK_THAT(unknown_own.output, Catch::Contains("arbiter match: unknown option --gam; did you mean '--game'?"));
    auto no_program = arbiter("match --game othello -engine cmd=/nonexistent/e1 -engine cmd=/nonexistent/e2");
    CHECK(no_program.exit_code == 2);
    CHECK_THAT(no_program.output, Catch::Contains("arbiter match: engine 'e1': program '/nonexistent/e1'"));
}

TEST_CASE("more games at once than cores needs -force-concurrency (match) or --force-concurrency (run)", "[e2e][match]") {
    test::TempDir dir;
    const long cores = ::sysconf(_SC_NPROCESSORS_ONLN);
    const std::string many = std::to_string(cores + 1);
    const auto out = " --out " + quoted((dir.path() / "out").string());
    // Before: accepted without a word.
    auto refused = arbiter("match --game othello " + engines() + " -concurrency " + many + " --print-config" + out);
    INFO(refused.output);
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.output, Catch::Contains("arbiter match: concurrency " + many + " is above the"));
    CHECK_THAT(refused.output, Catch::Contains("-force-concurrency"));
    auto forced = arbiter("match --game othello " + engines() + " -concurrency " + many +
                          " -force-concurrency --print-config" + out);
    INFO(forced.output);
    CHECK(forced.exit_code == 0);
    CHECK_THAT(forced.output, Catch::Contains("warning: concurrency " + many + " is above the"));

    const auto config = dir.write("t.yaml", "game: tictactoe\nengines:\n  - {name: a, command: " + kBin +
                                                "/arbiter-engine, args: [--mode, random]}\n  - {name: b, command: " +
                                                kBin + "/arbiter-engine, args: [--mode, random]}\nconcurrency: " +
                                                many + "\n");
    auto run_refused = arbiter("run " + quoted(config.string()) + out);
    CHECK(run_refused.exit_code == 2);
    CHECK_THAT(run_refused.output, Catch::Contains("arbiter run: concurrency " + many + " is above the"));
    CHECK_THAT(run_refused.output, Catch::Contains("--force-concurrency"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
    auto run_forced = arbiter("run " + quoted(config.string()) + " --force-concurrency -q" + out);
    INFO(run_forced.output);
    CHECK(run_forced.exit_code == 0);
    CHECK_THAT(run_forced.output, Catch::Contains("warning: concurrency " + many));
}

namespace {

// The lines starting with `prefix` in `text`, in order.
std::vector<std::string> lines_starting(const std::string &text, const std::string &prefix) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("match: tc= with nodes= and st= with depth= reach the engine in one go line", "[e2e][match][time_control]") {
    test::TempDir dir;
    // arbiter-engine behind a loop that logs every line the engine reads and passes it on (ending at quit,
    // so that the pipeline ends with the engine).
    const auto wrapper = dir.write("engine.sh", "while IFS= read -r line; do\n"
                                                "  printf '%s\\n' \"$line\" >> \"$1\"; printf '%s\\n' \"$line\"\n"
                                                "  [ \"$line\" = quit ] && exit 0\n"
                                                "done | \"$2\" --mode random\n");
    const std::string engine_bin = kBin + "/arbiter-engine";
    auto engine = [&](const std::string &name) {
        return "-engine cmd=/bin/sh name=" + name + " args=\"'" + wrapper.string() + "' '" +
               (dir.path() / (name + ".log")).string() + "' '" + engine_bin + "'\"";
    };
    const std::string two = engine("Engine1") + " " + engine("Engine2");

    // cutechess-cli's and fastchess's `-each tc=8+0.08 nodes=20000`, here 10+0.1 with 5000 nodes. Refused
    // before ("an engine here plays under one limit").
    const auto out = dir.path() / "out";
    auto run = arbiter("match --game tictactoe " + two + " -each tc=10+0.1 nodes=5000 -rounds 1 -games 2 -concurrency 1 -q "
                       "-output format=fastchess --out " +
                       quoted(out.string()));
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK_THAT(run.output, Catch::Contains("2 of 2 games played"));
    // fastchess's standings line names the clock alone.
    CHECK_THAT(run.output, Catch::Contains("Results of Engine1 vs Engine2 (10+0.1, 1t, NULL):"));
    const std::string log1 = read(dir.path() / "Engine1.log"), log2 = read(dir.path() / "Engine2.log");
    INFO(log1 << "\n--\n" << log2);
    // Game 1: Engine1 moves first, on full clocks of 10 s and 0.1 s increments, with the cap in the same line.
    const auto go1 = lines_starting(log1, "go "), go2 = lines_starting(log2, "go ");
    REQUIRE_FALSE(go1.empty());
    REQUIRE_FALSE(go2.empty());
    // Tic-tac-toe takes UCI, the protocol of fastchess's engines, so with no proto= the engines speak it.
    CHECK(go1.front() == "go wtime 10000 btime 10000 winc 100 binc 100 nodes 5000");
    // Every go line of both engines has the clock and the cap; no time was lost.
    for (const auto *gos : {&go1, &go2})
        for (const auto &line : *gos)
            CHECK_THAT(line, Catch::Matches(R"(go wtime \d+ btime \d+ winc 100 binc 100 nodes 5000)"));
    CHECK(count_of(read(out / "games.pgn"), "[TimeControl \"10+0.1\"]") == 2);  // the clock only, as fastchess's tag
    CHECK(count_of(read(out / "games.pgn"), "time forfeit") == 0);
    CHECK(count_of(read(out / "games.jsonl"), "\"time_control\":[\"10+0.1,nodes=5000\",\"10+0.1,nodes=5000\"]") == 2);

    // Engine1: a move time with a depth cap, `go movetime 50 depth 3` every move; Engine2 a bare clock.
    std::filesystem::remove(dir.path() / "Engine1.log");
    std::filesystem::remove(dir.path() / "Engine2.log");
    auto fixed = arbiter("match --game tictactoe " + engine("Engine1") + " st=0.05 plies=3 " + engine("Engine2") +
                         " tc=10+0.1 -rounds 1 -games 1 -q -output format=fastchess --out " +
                         quoted((dir.path() / "out2").string()));
    INFO(fixed.output);
    REQUIRE(fixed.exit_code == 0);
    CHECK_THAT(fixed.output, Catch::Contains("Results of Engine1 vs Engine2 (movetime=0.05 - 10+0.1, 1t, NULL):"));
    const auto clock_go = lines_starting(read(dir.path() / "Engine2.log"), "go ");
    REQUIRE_FALSE(clock_go.empty());
    for (const auto &line : clock_go) CHECK_THAT(line, Catch::Matches(R"(go wtime \d+ btime \d+ winc 100 binc 100)"));
    const auto fixed_go = lines_starting(read(dir.path() / "Engine1.log"), "go ");
    REQUIRE_FALSE(fixed_go.empty());
    for (const auto &line : fixed_go) CHECK(line == "go movetime 50 depth 3");

    // --print-config writes the combined control; tc= with st= is refused naming both.
    auto printed = arbiter("match --game tictactoe " + engines() + " -each tc=10+0.1 nodes=5000 --print-config --out " +
                           quoted((dir.path() / "out3").string()));
    CHECK(printed.exit_code == 0);
    CHECK_THAT(printed.output, Catch::Contains("time_control: \"10+0.1,nodes=5000\""));
    auto both = arbiter("match --game tictactoe " + engines() + " -each tc=10+0.1 st=1");
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.output, Catch::Contains("arbiter match: -engine 'Engine1': tc=10+0.1 with st=1: two time parts"));
}

TEST_CASE("match: --print-config leaves out no option given, -pgnout included", "[e2e][match]") {
    test::TempDir dir;
    const auto pgn = dir.path() / "extra games.pgn";
    auto printed = arbiter("match --game othello " + engines() + " -rounds 1 -pgnout file=" + quoted(pgn.string()) +
                           " append=false nodes=true -use-affinity --print-config --out " +
                           quoted((dir.path() / "out").string()));
    INFO(printed.output);
    REQUIRE(printed.exit_code == 0);
    // The file and append= have no YAML key: said as comments; nodes= is the YAML's output.pgn.nodes.
    CHECK_THAT(printed.output, Catch::Contains("# Given on the command line, not in the YAML:\n# -pgnout file=" +
                                               pgn.string() + " append=false: no YAML key"));
    CHECK_THAT(printed.output, Catch::Contains("\naffinity: on\n"));  // -use-affinity has a YAML key
    CHECK_FALSE(std::filesystem::exists(pgn));
}

TEST_CASE("arbiter --help names the protocols it speaks, not UGI alone", "[e2e][match]") {
    auto help = test::run_command(quoted(kBin + "/arbiter") + " --help");
    INFO(help.output);
    CHECK(help.exit_code == 0);
    CHECK_THAT(help.output, !Catch::Contains("speaking UGI."));
    for (const char *protocol : {"UGI", "UCI", "UAI", "USI", "GTP", "NBoard"}) CHECK_THAT(help.output, Catch::Contains(protocol));
}

TEST_CASE("match: engines sharing a program without name= are named by their 'id name', a clash refused",
          "[e2e][match]") {
    test::TempDir dir;
    // The mock engine says "id name arbiter-mock-engine (MODE)", MODE its --misbehave.
    auto mock = [](const std::string &mode) {
        return "-engine cmd=" + quoted(kBin + "/arbiter-mock-engine") + " proto=ugi args=\"--game othello --plugin-dir " +
               std::string(ARBITER_PLUGIN_DIR) + " --misbehave " + mode + " --at-move 1000\"";
    };
    const auto out = " --out " + quoted((dir.path() / "out").string());
    auto named = arbiter("match --game othello " + mock("none") + " " + mock("slow") + " -rounds 1 --print-config" + out);
    INFO(named.output);
    REQUIRE(named.exit_code == 0);
    CHECK_THAT(named.output, Catch::Contains("name: \"arbiter-mock-engine (none)\""));
    CHECK_THAT(named.output, Catch::Contains("name: \"arbiter-mock-engine (slow)\""));
    CHECK_THAT(named.output, !Catch::Contains("arbiter-mock-engine#"));

    auto clash = arbiter("match --game othello " + mock("none") + " " + mock("none") + " -rounds 1 --print-config" + out);
    INFO(clash.output);
    CHECK(clash.exit_code == 2);
    CHECK_THAT(clash.output, Catch::Contains("arbiter match: -engine 1 and -engine 2 would both be named "
                                             "'arbiter-mock-engine (none)' (one program, no name=, and the same 'id "
                                             "name'): give each a distinct name="));
}

TEST_CASE("match: two engines print fastchess's layout by default, more engines or on request the arbiter's",
          "[e2e][match]") {
    test::TempDir dir;
    const auto out = " --out " + quoted((dir.path() / "out").string());
    auto two = arbiter("match --game othello " + engines() + " -rounds 1 --print-config" + out);
    INFO(two.output);
    REQUIRE(two.exit_code == 0);
    CHECK_THAT(two.output, Catch::Contains("format: fastchess"));
    // fastchess's interim standings every 10 games come with its layout.
    CHECK_THAT(two.output, Catch::Contains("interval: 10"));
    auto asked = arbiter("match --game othello " + engines() + " -rounds 1 -output format=arbiter --print-config" + out);
    CHECK(asked.exit_code == 0);
    CHECK_THAT(asked.output, !Catch::Contains("format: fastchess"));
    const std::string engine = quoted(kBin + "/arbiter-engine");
    auto three = arbiter("match --game othello " + engines() + " -engine cmd=" + engine +
                         " name=Engine3 args=\"--mode random\" -rounds 1 --print-config" + out);
    INFO(three.output);
    CHECK(three.exit_code == 0);
    CHECK_THAT(three.output, !Catch::Contains("format: fastchess"));
}
