// `arbiter match`, run as a program: a fastchess user's command line with
// --game added plays its games; the peers' options that fail name themselves
// and exit 2; more games at once than cores needs -force-concurrency (and
// `arbiter run` --force-concurrency).
#include "../tournament/temp_dir.hpp"
#include "support/child_process.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>

using namespace arb;

namespace {

const std::string kBin = ARBITER_BIN_DIR;

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

int count_of(const std::string &text, const std::string &word) {
    int n = 0;
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
    return n;
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
