// `arbiter rate` end to end: the program run on PGN files. Its ratings
// against Ordo 1.2.6's (tests/data/rating/sweeps/README.md) and ratings.md,
// its table against the standings.txt of a real tournament, and its errors.
#include "../rating/vectors_file.hpp"
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <map>
#include <sstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;

std::string shell_quoted(const std::string &word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

struct Rate {
    int code = -1;
    std::string out, err;
};

// `arbiter rate ARGS...`, stdout and stderr apart; stdin from `input` when given.
Rate rate(const test::TempDir &dir, const std::vector<std::string> &args, const std::string &input = "") {
    std::string command = shell_quoted(kArbiter) + " rate";
    for (const auto &a : args) command += " " + shell_quoted(a);
    const fs::path out = dir.path() / "rate.out", err = dir.path() / "rate.err";
    command += " >" + shell_quoted(out.string()) + " 2>" + shell_quoted(err.string());
    if (!input.empty()) command += " <" + shell_quoted(input);
    Rate r;
    r.code = test::run_command(command).exit_code;
    r.out = test::read_file(out.string());
    r.err = test::read_file(err.string());
    return r;
}

// What follows the summary line and the blank line after it.
std::string table_part(const std::string &out) {
    const auto at = out.find("\n\n");
    return at == std::string::npos ? std::string() : out.substr(at + 2);
}

struct Figure {
    double elo = 0;
    std::string bound;  // "", "lower", "upper"
};

std::map<std::string, Figure> figures_in(const fs::path &json_file) {
    const auto j = nlohmann::json::parse(test::read_file(json_file.string()));
    std::map<std::string, Figure> out;
    for (const auto &e : j.at("table").at("engines"))
        out[e.at("name").get<std::string>()] = {e.at("elo").get<double>(),
                                                e.at("bound").is_null() ? "" : e.at("bound").get<std::string>()};
    return out;
}

}  // namespace

TEST_CASE("arbiter rate of the Ordo reference PGNs gives Ordo's ratings", "[e2e][rate]") {
    const auto rows = rating::test::table_after(rating::test::read_text("sweeps/README.md"), "Reference: Ordo 1.2.6");
    std::map<std::string, std::map<std::string, Figure>> ordo;
    for (const auto &row : rows) {
        REQUIRE(row.size() >= 3);
        const std::string mark = row.size() > 3 ? row[3] : "";
        ordo[row[0]][row[1]] = {std::stod(row[2]), mark == "<" ? "upper" : mark == ">" ? "lower" : ""};
    }
    REQUIRE(ordo.size() == 3);
    test::TempDir dir;
    for (const auto &[file, expected] : ordo) {
        INFO(file);
        const fs::path json = dir.path() / (file + ".json");
        const Rate r = rate(dir, {rating::test::data_path("sweeps/" + file), "--json", json.string()});
        INFO(r.out << r.err);
        REQUIRE(r.code == 0);
        CHECK(r.err.empty());
        CHECK_THAT(r.out, Catch::StartsWith("arbiter rate: "));
        CHECK_THAT(r.out, Catch::Contains("Rank  Engine"));
        CHECK_THAT(r.out, Catch::Contains("Crosstable"));
        CHECK_THAT(r.out, Catch::Contains("> / <: a bound"));  // every file has a swept engine
        const auto got = figures_in(json);
        REQUIRE(got.size() == expected.size());
        for (const auto &[name, figure] : expected) {
            INFO(name);
            REQUIRE(got.count(name) == 1);
            CHECK(got.at(name).elo == Approx(figure.elo).margin(0.01));
            CHECK(got.at(name).bound == figure.bound);
        }
    }
}

TEST_CASE("arbiter rate: ratings.md's figures, anchored, from several files and from standard input", "[e2e][rate]") {
    // ratings.md: Alpha 149.6955, Beta 59.5975, Gamma -85.5314, Delta -123.7616.
    const std::map<std::string, double> md = {
        {"Alpha", 149.6955}, {"Beta", 59.5975}, {"Gamma", -85.5314}, {"Delta", -123.7616}};
    test::TempDir dir;
    const std::string tiny = rating::test::data_path("ratings-tiny.pgn");
    const Rate whole = rate(dir, {tiny, "--json", (dir.path() / "plain.json").string()});
    INFO(whole.out << whole.err);
    REQUIRE(whole.code == 0);
    CHECK_THAT(whole.out, Catch::StartsWith("arbiter rate: 48 games of 4 engines from 1 file\n\n"));
    auto plain = figures_in(dir.path() / "plain.json");
    for (const auto &[name, elo] : md) CHECK(plain.at(name).elo == Approx(elo).margin(1e-4));

    const Rate anchored = rate(dir, {tiny, "--anchor", "Delta", "--anchor-elo", "2000", "--json",
                                     (dir.path() / "anchored.json").string()});
    REQUIRE(anchored.code == 0);
    auto moved = figures_in(dir.path() / "anchored.json");
    for (const auto &[name, elo] : md) CHECK(moved.at(name).elo == Approx(elo + 123.7616 + 2000).margin(1e-4));
    CHECK_THAT(anchored.out, Catch::Contains("Delta   2000.0    0.0"));

    const Rate average = rate(dir, {tiny, "--anchor-elo", "1500", "--json", (dir.path() / "average.json").string()});
    REQUIRE(average.code == 0);
    auto shifted = figures_in(dir.path() / "average.json");
    for (const auto &[name, elo] : md) CHECK(shifted.at(name).elo == Approx(elo + 1500).margin(1e-4));

    // The same games in two files, split after the 20th: one pool, the same table.
    const std::string text = test::read_file(tiny);
    std::size_t cut = 0;
    for (int k = 0; k < 21; ++k) cut = text.find("[Event ", cut + 1);
    REQUIRE(cut != std::string::npos);
    const auto first = dir.write("first.pgn", text.substr(0, cut)), second = dir.write("second.pgn", text.substr(cut));
    const Rate split = rate(dir, {first.string(), second.string()});
    REQUIRE(split.code == 0);
    CHECK_THAT(split.out, Catch::StartsWith("arbiter rate: 48 games of 4 engines from 2 files\n\n"));
    CHECK(table_part(split.out) == table_part(whole.out));

    const Rate piped = rate(dir, {"-"}, tiny);
    REQUIRE(piped.code == 0);
    CHECK(table_part(piped.out) == table_part(whole.out));
}

TEST_CASE("arbiter rate of a tournament's games.pgn prints its standings.txt", "[e2e][rate]") {
    test::TempDir dir;
    // Three engines of clearly different strength (fixed seeds), so that no
    // two share a rating and rank order cannot depend on engine order.
    std::string yaml = "event: rate\ngame: tictactoe\nengines:\n";
    const std::vector<std::pair<std::string, std::string>> engines = {
        {"mcts-400", "--mode, mcts, --playouts, \"400\""},
        {"mcts-8", "--mode, mcts, --playouts, \"8\""},
        {"random", "--mode, random"}};
    int seed = 1;
    for (const auto &[name, mode] : engines)
        yaml += "  - {name: " + name + ", command: \"" + kEngine + "\", args: [--game, tictactoe, " + mode +
                ", --seed, \"" + std::to_string(seed++) + "\", --plugin-dir, \"" + ARBITER_PLUGIN_DIR + "\"]}\n";
    yaml += "tournament: {rounds: 3, games_per_pairing: 2, seed: 7}\nconcurrency: 1\ntime_control: 10+0.1\n";
    const auto config = dir.write("rate.yaml", yaml);
    const fs::path out = dir.path() / "out";
    const auto run = test::run_command(shell_quoted(kArbiter) + " run " + shell_quoted(config.string()) + " --out " +
                                       shell_quoted(out.string()) + " --quiet --plugin-dir " +
                                       shell_quoted(ARBITER_PLUGIN_DIR));
    INFO(run.output);
    REQUIRE(run.exit_code == 0);

    const Rate r = rate(dir, {(out / "games.pgn").string(), "--json", (dir.path() / "rate.json").string()});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::StartsWith("arbiter rate: 18 games of 3 engines from 1 file\n\n"));
    std::string standings = test::read_file((out / "standings.txt").string());
    REQUIRE_FALSE(standings.empty());
    // standings.txt ends with how the games ended, which the records know and a PGN does not.
    const auto endings = standings.find("\nhow games ended");
    REQUIRE(endings != std::string::npos);
    standings.resize(endings);
    CHECK(table_part(r.out) == standings);

    // standings.json: the same figures (engine indices may differ: the PGN names them in order of first game).
    const auto run_json = nlohmann::json::parse(test::read_file((out / "standings.json").string()));
    const auto rate_json = nlohmann::json::parse(test::read_file((dir.path() / "rate.json").string()));
    CHECK(rate_json.at("games") == run_json.at("games"));
    const auto &a = run_json.at("table").at("engines"), &b = rate_json.at("table").at("engines");
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
        INFO(a[k].dump());
        for (const char *field : {"rank", "name", "bound", "points", "games", "wins", "draws", "losses"})
            CHECK(b[k].at(field) == a[k].at(field));
        for (const char *field : {"elo", "error95", "los_next"}) {
            REQUIRE(b[k].at(field).is_null() == a[k].at(field).is_null());
            if (!a[k].at(field).is_null()) CHECK(b[k].at(field).get<double>() == Approx(a[k].at(field).get<double>()).margin(1e-9));
        }
    }
}

TEST_CASE("arbiter rate: two engines get the head-to-head figures, without game pairs", "[e2e][rate]") {
    test::TempDir dir;
    std::string pgn;
    for (const char *result : {"1-0", "0-1", "1-0", "1/2-1/2", "*"})
        pgn += std::string("[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"a\"]\n"
                           "[Black \"b\"]\n[Result \"") + result + "\"]\n\n1. e4 " + result + "\n\n";
    const auto file = dir.write("two.pgn", pgn);
    const Rate r = rate(dir, {file.string(), "--json", (dir.path() / "two.json").string()});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err == "arbiter rate: note: 1 unfinished game (result *) not rated\n");
    CHECK_THAT(r.out, Catch::Contains("a vs b: +2 =1 -1\n"));
    CHECK_THAT(r.out, !Catch::Contains("Game pairs"));
    const auto j = nlohmann::json::parse(test::read_file((dir.path() / "two.json").string()));
    CHECK(j.at("games") == 4);
    CHECK(j.at("head_to_head").at("pentanomial").is_null());
    // By hand: 2.5 of 4 is 400 log10(2.5/1.5) = 88.7 Elo between them.
    CHECK(j.at("head_to_head").at("games").at("elo").get<double>() == Approx(88.7395).margin(1e-4));
}

TEST_CASE("arbiter rate: errors name the file, the line and the text", "[e2e][rate]") {
    test::TempDir dir;
    auto failing = [&](const std::vector<std::string> &args, int code) {
        const Rate r = rate(dir, args);
        INFO(r.out << r.err);
        CHECK(r.code == code);
        CHECK(r.out.empty());
        return r.err;
    };
    const fs::path missing = dir.path() / "missing.pgn";
    CHECK(failing({missing.string()}, 1) == "arbiter rate: " + missing.string() +
                                                ": cannot read: No such file or directory\n");
    CHECK(failing({dir.path().string()}, 1) ==
          "arbiter rate: " + dir.path().string() + " is a folder, not a regular file: the arbiter reads only regular files\n");
    const auto malformed = dir.write("bad.pgn", "[White \"a\"]\n[Black \"b\"]\n[Result 1-0]\n\n1-0\n");
    CHECK(failing({malformed.string()}, 1) == "arbiter rate: " + malformed.string() +
                                                  ":3: malformed tag line '[Result 1-0]' (a tag is [Name \"value\"])\n");
    const auto unfinished = dir.write("star.pgn", "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n*\n");
    CHECK(failing({unfinished.string()}, 1) == "arbiter rate: no decided game to rate: 1 unfinished (result *)\n");
    const auto empty = dir.write("empty.pgn", "\n\n");
    CHECK(failing({empty.string()}, 1) ==
          "arbiter rate: " + empty.string() + " holds no PGN game (no tag section such as [White \"name\"])\n");
    const std::string demo = rating::test::data_path("sweeps/demo.pgn");
    CHECK(failing({demo, "--anchor", "random"}, 1) ==
          "arbiter rate: cannot anchor the ratings on 'random': its rating is an upper bound: it lost every game "
          "against the engines that place it\n");
    CHECK(failing({demo, "--anchor", "nobody"}, 2) ==
          "arbiter rate: --anchor 'nobody' played no rated game; the engines are 'mcts-1500', 'mcts-300', "
          "'mcts-60', 'random'\n");
    CHECK_THAT(failing({}, 2), Catch::StartsWith("arbiter rate: give at least one PGN file\n"));
    CHECK_THAT(failing({demo, "--anchor-elo", "high"}, 2), Catch::Contains("high"));

    const Rate help = rate(dir, {"--help"});
    CHECK(help.code == 0);
    CHECK_THAT(help.out, Catch::Contains("usage: arbiter rate FILE.pgn"));
    CHECK_THAT(help.out, Catch::Contains("--anchor NAME"));
    CHECK_THAT(help.out, Catch::Contains("Ordo"));
}

TEST_CASE("rate shows PGN names holding terminal escapes escaped, valid UTF-8 as it is", "[e2e][rate][text]") {
    test::TempDir dir;
    // OSC 0 (sets the terminal's title, ended by BEL), then a clear-screen; a
    // NUL and a C1 CSI (U+009B) in the second name.
    const std::string evil = "\x1b]0;pwned\x07" "Evil\x1b[2J";
    const std::string tigre = std::string("Tigre \xc3\xb1\0", 9) + "\xc2\x9b" "31m";
    std::string pgn;
    for (int i = 0; i < 3; ++i)
        pgn += "[White \"" + evil + "\"]\n[Black \"" + tigre + "\"]\n[Result \"" + (i == 0 ? "0-1" : "1-0") + "\"]\n\n1-0\n\n";
    const auto file = dir.write("evil.pgn", pgn);
    const Rate r = rate(dir, {file.string(), "--json", (dir.path() / "r.json").string()});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    for (char control : {'\x1b', '\x07', '\0'}) CHECK(r.out.find(control) == std::string::npos);
    CHECK(r.out.find("\xc2\x9b") == std::string::npos);
    CHECK_THAT(r.out, Catch::Contains("\\x1b]0;pwned\\x07Evil\\x1b[2J"));
    CHECK_THAT(r.out, Catch::Contains("Tigre \xc3\xb1\\x00\\u009b31m"));
    const std::string json = test::read_file((dir.path() / "r.json").string());
    CHECK(json.find('\x1b') == std::string::npos);
}

// Issue 28, items 6 and 7: rate reads PGN with the reader books use, from
// regular files only. `timeout 20` is the hang guard: before, a FIFO blocked
// the open for ever and /dev/zero was read until memory ran out.
TEST_CASE("arbiter rate refuses /dev/zero and a FIFO at once, naming them", "[e2e][rate]") {
    test::TempDir dir;
    const fs::path fifo = dir.path() / "games.pgn";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    for (const std::string &file : {std::string("/dev/zero"), fifo.string()}) {
        const auto r = test::run_command("timeout 20 " + shell_quoted(kArbiter) + " rate " + shell_quoted(file) + " 2>&1");
        INFO(r.output);
        CHECK(r.exit_code == 1);
        CHECK(r.output == "arbiter rate: " + file + " is " + (file == "/dev/zero" ? "a device" : "a FIFO") +
                              ", not a regular file: the arbiter reads only regular files\n");
    }
}

TEST_CASE("arbiter rate: a '{' never closed in game 2 of 3 is the error books give, at its line", "[e2e][rate]") {
    test::TempDir dir;
    // The text of tests/chess/books_test.cpp's book.
    const std::string one = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    const std::string two = "[White \"b\"]\n[Black \"a\"]\n[Result \"*\"]\n\n1. d4 ";
    const std::string three = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. c4 c5 *\n";
    const auto comment = dir.write("c.pgn", one + two + "{never closed d5 *\n\n" + three);
    const Rate r = rate(dir, {comment.string()});
    CHECK(r.code == 1);
    CHECK(r.err == "arbiter rate: " + comment.string() + ":11: a '{' comment that is never closed\n");
    const auto variation = dir.write("v.pgn", one + two + "(1. e4 d5 *\n\n" + three);
    const Rate v = rate(dir, {variation.string()});
    CHECK(v.code == 1);
    CHECK(v.err == "arbiter rate: " + variation.string() +
                       ":11: a '(' variation that is never closed (a tag section follows at line 13)\n");
}
