// Issue 28 items 1 and 8 end to end: a config or command-line text that would
// carry a command of its own into an engine's input, or a terminal escape
// into the output, is refused before any engine starts, naming its place.
// What the engines really received comes from outside the arbiter: each
// engine is wrapped as `tee -a FILE | arbiter-engine`, so FILE records every
// line that arrived.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>

using namespace arb;

namespace {

using arb::test::kBin;

std::string quoted(const std::string &word) { return "'" + word + "'"; }

// The YAML args of an engine that records what it receives in `received`.
std::string recording_args(const std::filesystem::path &received) {
    return "[-c, \"tee -a " + received.string() + " | " + kBin + "/arbiter-engine --game tictactoe --mode random\"]";
}

test::Run run(const test::TempDir &dir, const std::filesystem::path &config) {
    return test::run_command(quoted(kBin + "/arbiter") + " run " + quoted(config.string()) + " --out " +
                             quoted((dir.path() / "out").string()) + " -q --plugin-dir " + quoted(ARBITER_PLUGIN_DIR));
}

bool has_raw_escape(const std::string &text) { return text.find('\x1b') != std::string::npos || text.find('\x07') != std::string::npos; }

}  // namespace

TEST_CASE("run: an option value with line breaks is refused at its file:line:col and reaches no engine", "[e2e][text]") {
    test::TempDir dir;
    const auto received = dir.path() / "received.txt";
    const auto config = dir.write(
        "t.yaml", "game: tictactoe\nengines:\n  - name: a\n    command: /bin/sh\n    args: " + recording_args(received) +
                      "\n    options:\n      Hash: \"16\\nuginewgame\\nposition startpos moves f5\\ngo movetime 1\"\n"
                      "  - name: b\n    command: /bin/sh\n    args: " + recording_args(received) +
                      "\n    options: {\"Evil\\nquit\": 1}\n"
                      "tournament: {rounds: 1, games_per_pairing: 2}\ntime_control: movetime=0.05\n");
    const auto r = run(dir, config);
    INFO(r.output);
    CHECK(r.exit_code == 1);  // a config error (docs/config.md, "Exit codes")
    CHECK_THAT(r.output, Catch::Contains(config.string() + ":7:13: engine option 'Hash': '16\\nuginewgame\\nposition startpos "
                                                           "moves f5\\ngo movetime 1' holds a line break '\\n' at byte 3"));
    CHECK_THAT(r.output, Catch::Contains(config.string() + ":11:15: an engine option name: 'Evil\\nquit' holds a line break"));
    CHECK_FALSE(std::filesystem::exists(received));  // no engine was started, nothing arrived
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out" / "games.jsonl"));
}

TEST_CASE("run: an engine name holding terminal escapes is refused, and the message shows them escaped", "[e2e][text]") {
    test::TempDir dir;
    const auto config = dir.write("t.yaml", "game: tictactoe\nengines:\n  - {name: \"\\e]0;pwned\\aEvil\\e[2J\", command: /bin/sh}\n"
                                            "  - {name: b, command: /bin/sh}\ntournament: {rounds: 1}\n");
    const auto r = run(dir, config);
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK_FALSE(has_raw_escape(r.output));
    CHECK_THAT(r.output, Catch::Contains(config.string() + ":3:12: engine name: '\\x1b]0;pwned\\x07Evil\\x1b[2J' holds a control "
                                                           "character '\\x1b' at byte 1"));
}

TEST_CASE("match: option.Hash with line breaks on the command line is refused naming it, no engine started", "[e2e][text]") {
    test::TempDir dir;
    const auto received = dir.path() / "received.txt";
    const std::string engine = "cmd=/bin/sh 'args=-c \"tee -a " + received.string() + " | " + kBin +
                               "/arbiter-engine --game tictactoe --mode random\"'";
    // Single quotes keep the line breaks in the shell's word.
    const auto r = test::run_command(quoted(kBin + "/arbiter") + " match --game tictactoe -engine " + engine +
                                     " name=a 'option.Hash=16\nuginewgame\nposition startpos moves f5\ngo movetime 1' -engine " +
                                     engine + " name=b -each st=0.05 -rounds 1 --out " + quoted((dir.path() / "out").string()) +
                                     " --plugin-dir " + quoted(ARBITER_PLUGIN_DIR));
    INFO(r.output);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Catch::Contains("-engine option.Hash: the value '16\\nuginewgame\\nposition startpos moves f5\\ngo "
                                         "movetime 1' holds a line break '\\n' at byte 3"));
    CHECK_FALSE(std::filesystem::exists(received));
}

TEST_CASE("run: UTF-8 names and option values pass, each option arrives as one line", "[e2e][text]") {
    test::TempDir dir;
    const auto received = dir.path() / "received.txt";
    const auto config = dir.write(
        "t.yaml", "game: tictactoe\nengines:\n  - name: Tigre \xc3\xb1\n    command: /bin/sh\n    args: " +
                      recording_args(received) + "\n    options: {Style: \xc3\xa9l\xc3\xa9gant}\n"
                      "  - {name: b, command: " + kBin + "/arbiter-engine, args: [--game, tictactoe, --mode, random]}\n"
                      "tournament: {rounds: 1, games_per_pairing: 2}\ntime_control: movetime=0.05\nconcurrency: 1\n");
    const auto r = run(dir, config);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const std::string lines = test::read_file(received.string());
    CHECK(test::count_of(lines, "\nsetoption name Style value \xc3\xa9l\xc3\xa9gant\n") >= 1);
    // Every line that arrived is one of the host's commands.
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);) {
        const std::string word = line.substr(0, line.find(' '));
        INFO(line);
        CHECK((word == "ugi" || word == "isready" || word == "setoption" || word == "uginewgame" || word == "position" ||
               word == "go" || word == "stop" || word == "quit"));
    }
    CHECK_THAT(test::read_file((dir.path() / "out" / "standings.txt").string()), Catch::Contains("Tigre \xc3\xb1"));
}
