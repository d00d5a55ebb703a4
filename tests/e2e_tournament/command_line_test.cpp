// The GNU-style command lines of `arbiter run` (and the parser every command
// shares, seen through `play`), run as programs (issue 21, part 2): long
// options by their exact names only, with a did-you-mean; every bad command
// line exits 2 and names the command; a bad value given on the command line is
// blamed on the command line, never on a line of the config.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

using namespace arb;

namespace {

using arb::test::kBin;

std::string quoted(const std::string &word) { return "'" + word + "'"; }

test::Run arbiter(const std::string &args) {
    return test::run_command(quoted(kBin + "/arbiter") + " " + args + " --plugin-dir " + quoted(ARBITER_PLUGIN_DIR));
}

// A config every override below could apply to; it never gets to start an engine.
std::filesystem::path config(const test::TempDir &dir) {
    return dir.write("t.yaml", "game: tictactoe\nengines:\n  - {name: a, command: " + kBin +
                                   "/arbiter-engine}\n  - {name: b, command: " + kBin +
                                   "/arbiter-engine}\ntournament: {rounds: 1}\nopenings: {file: here.txt}\n");
}

}  // namespace

TEST_CASE("run: a long option is taken by its exact name only, an unknown one gets a did-you-mean", "[e2e][cli]") {
    test::TempDir dir;
    const auto file = quoted(config(dir).string());
    const auto out = " --out " + quoted((dir.path() / "out").string());
    // Before: Boost's prefix guessing took --round as --rounds and ran the tournament.
    auto round = arbiter("run " + file + out + " --round 2");
    INFO(round.output);
    CHECK(round.exit_code == 2);
    CHECK_THAT(round.output, Catch::StartsWith("arbiter run: unrecognised option '--round'; did you mean '--rounds'?\n"));
    // Nothing near it: no guess.
    auto far = arbiter("run " + file + out + " --xyzzy 2");
    CHECK(far.exit_code == 2);
    CHECK_THAT(far.output, Catch::StartsWith("arbiter run: unrecognised option '--xyzzy'\n"));
    // The same parser for every command.
    auto play = arbiter("play --gam tictactoe --engine a --engine b");
    CHECK(play.exit_code == 2);
    CHECK_THAT(play.output, Catch::StartsWith("arbiter play: unrecognised option '--gam'; did you mean '--game'?\n"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST_CASE("run: a bad value on the command line exits 2 naming the command and the option", "[e2e][cli]") {
    test::TempDir dir;
    const auto file = quoted(config(dir).string());
    const auto out = " --out " + quoted((dir.path() / "out").string());
    struct Case {
        std::string args, message;
    };
    // Before: each exited 1, the message without "arbiter run:".
    const Case cases[] = {
        {"--tc 10+x", "arbiter run: --tc: time control '10+x': increment 'x' is not a number of seconds"},
        {"--type knockout", "arbiter run: --type must be round-robin or gauntlet, got 'knockout'"},
        {"--type gauntlit", "arbiter run: --type must be round-robin or gauntlet, got 'gauntlit'; did you mean 'gauntlet'?"},
        {"--on-interrupt later", "arbiter run: --on-interrupt must be finish or abandon, got 'later'"},
        {"--concurrency 0", "arbiter run: --concurrency must be in 1..1024, got 0"},
        {"--rounds 0", "arbiter run: --rounds must be in 1..1000000, got 0"},
        {"--games-per-pairing 1000001", "arbiter run: --games-per-pairing must be in 1..1000000, got 1000001"},
        {"--progress-interval -1", "arbiter run: --progress-interval must be in 0..2147483647, got -1"},
    };
    for (const auto &c : cases) {
        auto r = arbiter("run " + file + out + " " + c.args);
        INFO(c.args << "\n" << r.output);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.output, Catch::StartsWith(c.message));
    }
    // play words a bad time control the same way, naming the option.
    auto play = arbiter("play --game tictactoe --engine a --engine b --tc2 10+x");
    INFO(play.output);
    CHECK(play.exit_code == 2);
    CHECK_THAT(play.output, Catch::StartsWith("arbiter play: --tc2: time control '10+x': increment 'x'"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST_CASE("run: a missing --openings file is blamed on the command line, not on the config's openings line",
          "[e2e][cli]") {
    test::TempDir dir;
    const auto file = config(dir);
    dir.write("here.txt", "\n");
    const auto missing = (dir.path() / "gone.txt").string();
    auto r = test::run_command("cd " + quoted(dir.path().string()) + " && " + quoted(kBin + "/arbiter") + " run " +
                               quoted(file.string()) + " --openings gone.txt --out out --plugin-dir " +
                               quoted(ARBITER_PLUGIN_DIR));
    INFO(r.output);
    CHECK(r.exit_code == 1);
    // Before: "t.yaml:LINE:COL: openings file ... not found", at the file's own openings line.
    CHECK(r.output == "--openings: openings file '" + missing + "' not found\n");
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}
