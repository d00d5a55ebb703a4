// How the real arbiter writes into an output folder, end to end: a symbolic
// link planted under any name a command writes (run, run --resume, merge,
// report, rate --json) never makes it write through the link; `arbiter
// report` honours the lock a running tournament holds; `arbiter merge`
// leaves the same games.ggf as the run it merges.
#include "output/record_log.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;
const std::string kTarget = "precious file\n";

// Two random Othello engines, one round: 2 games, one at a time (so the
// records are in schedule order), with an openings file (copied into the folder).
std::string config_yaml() {
    std::string engine = std::string("command: \"{arbiter_bin}/arbiter-engine\", args: [--game, othello, --mode, "
                                      "random, --plugin-dir, \"") + ARBITER_PLUGIN_DIR + "\"]";
    return "event: links\ngame: othello\nengines:\n  - {name: one, " + engine + "}\n  - {name: two, " + engine +
           "}\ntournament: {rounds: 1, games_per_pairing: 2}\nopenings: openings.txt\nconcurrency: 1\n"
           "time_control: 10+0.1\n";
}

struct Run {
    int code;
    std::string log;
};

Run arbiter(const test::TempDir &dir, std::vector<std::string> args, bool plugins = true) {
    args.insert(args.begin(), kArbiter);
    if (plugins) {
        args.push_back("--plugin-dir");
        args.push_back(ARBITER_PLUGIN_DIR);
    }
    static int n = 0;
    const fs::path log = dir.path() / ("log" + std::to_string(++n) + ".txt");
    test::ChildProcess child(args, log);
    auto code = child.exit_code(std::chrono::seconds(60));
    REQUIRE(code.has_value());
    return {*code, test::read_file(log)};
}

// A link at `folder/name` to a file outside the folder; returns the target.
fs::path plant_link(const test::TempDir &dir, const fs::path &folder, const std::string &name) {
    const fs::path target = dir.path() / ("target-of-" + name);
    dir.write(target.filename().string(), kTarget);
    fs::create_directories(folder);
    std::error_code ec;
    fs::remove(folder / name, ec);
    fs::create_symlink(target, folder / name);
    return target;
}

// The names each command writes into the folder; a link at the first group is refused
// (a record or the lock: written in place), one at the others replaced (written by rename).
const std::vector<std::string> kRecords = {"games.jsonl", "games.pgn", "games.ggf", ".arbiter.lock"};
const std::vector<std::string> kReplaced = {
    "games.pgn.tmp",      "games.ggf.tmp",     "config.yaml",   "config.yaml.tmp", "openings.txt",
    "openings.txt.tmp",   "standings.txt",     "standings.txt.tmp", "standings.json", "standings.json.tmp",
    "report.html",        "report.html.tmp",   "identity.json", "identity.json.tmp"};

bool refused_name(const std::string &name) {
    for (const auto &r : kRecords)
        if (r == name) return true;
    return false;
}

void check_untouched(const fs::path &target, const std::string &name, const Run &run) {
    INFO("link at " << name << ":\n" << run.log);
    CHECK(test::read_file(target) == kTarget);
    CHECK(fs::is_regular_file(fs::symlink_status(target)));
    if (refused_name(name)) {
        CHECK(run.code == 1);
        CHECK_THAT(run.log, Catch::Contains(name + " is a symbolic link"));
    }
}

// A finished tournament in `dir/name`.
fs::path finished_run(const test::TempDir &dir, const std::string &name) {
    const auto config = dir.write("t.yaml", config_yaml());
    dir.write("openings.txt", "f5\nd3\n");
    const fs::path out = dir.path() / name;
    auto run = arbiter(dir, {"run", config.string(), "--out", out.string(), "--quiet"});
    INFO(run.log);
    REQUIRE(run.code == 0);
    return out;
}

}  // namespace

TEST_CASE("a link planted in the output folder of a new run is never written through", "[e2e][records][links]") {
    std::vector<std::string> names = kRecords;
    names.insert(names.end(), kReplaced.begin(), kReplaced.end());
    for (const auto &name : names) {
        test::TempDir dir;
        const auto config = dir.write("t.yaml", config_yaml());
        dir.write("openings.txt", "f5\nd3\n");
        const fs::path out = dir.path() / "out";
        const fs::path target = plant_link(dir, out, name);
        auto run = arbiter(dir, {"run", config.string(), "--out", out.string(), "--quiet"});
        check_untouched(target, name, run);
        if (!refused_name(name)) CHECK(run.code == 0);
    }
}

TEST_CASE("a link planted in a folder that --resume continues is never written through", "[e2e][records][links]") {
    test::TempDir dir;
    const fs::path base = finished_run(dir, "base");
    std::vector<std::string> names = kRecords;
    for (const auto &name : kReplaced)
        if (name.rfind("config.yaml", 0) != 0 && name.rfind("openings.txt", 0) != 0 && name.rfind("identity.json", 0) != 0)
            names.push_back(name);
    for (const auto &name : names) {
        const fs::path out = dir.path() / ("resume-" + name);
        fs::copy(base, out, fs::copy_options::recursive);
        const fs::path target = plant_link(dir, out, name);
        auto run = arbiter(dir, {"run", "--resume", out.string(), "--quiet"});
        check_untouched(target, name, run);
        if (!refused_name(name)) CHECK(run.code == 0);
    }
}

TEST_CASE("a link planted in the folder of a merge or a report is never written through", "[e2e][records][links]") {
    test::TempDir dir;
    const fs::path base = finished_run(dir, "base");
    std::vector<std::string> names = kRecords;
    names.insert(names.end(), kReplaced.begin(), kReplaced.end());
    for (const auto &name : names) {
        const fs::path out = dir.path() / ("merge-" + name);
        const fs::path target = plant_link(dir, out, name);
        auto run = arbiter(dir, {"merge", "--out", out.string(), base.string()});
        check_untouched(target, name, run);
        if (!refused_name(name)) CHECK(run.code == 0);
    }
    for (const std::string name : {".arbiter.lock", "report.html", "report.html.tmp"}) {
        const fs::path out = dir.path() / ("report-" + name);
        fs::copy(base, out, fs::copy_options::recursive);
        const fs::path target = plant_link(dir, out, name);
        auto run = arbiter(dir, {"report", out.string()});
        check_untouched(target, name, run);
        if (!refused_name(name)) CHECK(run.code == 0);
    }
}

TEST_CASE("rate --json does not write through a link at its file or its temporary", "[e2e][records][links]") {
    test::TempDir dir;
    const fs::path base = finished_run(dir, "base");
    for (const std::string name : {"rating.json", "rating.json.tmp"}) {
        const fs::path folder = dir.path() / ("rate-" + name);
        const fs::path target = plant_link(dir, folder, name);
        auto run = arbiter(dir, {"rate", (base / "games.pgn").string(), "--json", (folder / "rating.json").string()},
                           /*plugins=*/false);
        INFO(run.log);
        CHECK(run.code == 0);
        CHECK(test::read_file(target) == kTarget);
        CHECK_THAT(test::read_file(folder / "rating.json"), Catch::Contains("\"one\""));
    }
}

TEST_CASE("an output folder that is itself a link is refused", "[e2e][records][links]") {
    test::TempDir dir;
    const auto config = dir.write("t.yaml", config_yaml());
    dir.write("openings.txt", "f5\nd3\n");
    fs::create_directories(dir.path() / "elsewhere");
    fs::create_directory_symlink(dir.path() / "elsewhere", dir.path() / "out");
    auto run = arbiter(dir, {"run", config.string(), "--out", (dir.path() / "out").string(), "--quiet"});
    INFO(run.log);
    CHECK(run.code == 1);
    CHECK_THAT(run.log, Catch::Contains("is a symbolic link"));
    CHECK(fs::is_empty(dir.path() / "elsewhere"));
}

TEST_CASE("arbiter report waits its turn: it does not write into a folder a running tournament holds",
          "[e2e][records]") {
    test::TempDir dir;
    const fs::path base = finished_run(dir, "base");
    fs::remove(base / "report.html");
    // The lock a running tournament holds: an exclusive flock on the folder's lock file.
    int fd = ::open((base / ".arbiter.lock").c_str(), O_RDWR | O_CLOEXEC);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
    auto held = arbiter(dir, {"report", base.string()});
    INFO(held.log);
    CHECK(held.code == 1);
    CHECK_THAT(held.log, Catch::Contains("in use by arbiter"));
    CHECK_FALSE(fs::exists(base / "report.html"));
    CHECK_FALSE(fs::exists(base / "report.html.tmp"));
    // A page elsewhere needs no lock.
    auto elsewhere = arbiter(dir, {"report", base.string(), "--out", (dir.path() / "page.html").string()});
    CHECK(elsewhere.code == 0);
    CHECK(fs::exists(dir.path() / "page.html"));
    ::close(fd);
    auto free = arbiter(dir, {"report", base.string()});
    INFO(free.log);
    CHECK(free.code == 0);
    CHECK(fs::exists(base / "report.html"));
}

TEST_CASE("arbiter merge writes the game's own record (games.ggf) as the run it merges did", "[e2e][records]") {
    test::TempDir dir;
    const fs::path base = finished_run(dir, "base");
    const std::string ggf = test::read_file(base / "games.ggf");
    REQUIRE(std::count(ggf.begin(), ggf.end(), '\n') == 2);
    auto merged = arbiter(dir, {"merge", "--out", (dir.path() / "merged").string(), base.string()});
    INFO(merged.log);
    REQUIRE(merged.code == 0);
    REQUIRE(fs::exists(dir.path() / "merged/games.ggf"));
    CHECK(test::read_file(dir.path() / "merged/games.ggf") == ggf);
    CHECK(test::read_file(dir.path() / "merged/games.pgn") == test::read_file(base / "games.pgn"));
}

TEST_CASE("a file size limit stops the records with a message, and --resume records every game once",
          "[e2e][records][faults]") {
    // A disk that fills up, as an unprivileged test can have it: a file size
    // limit (RLIMIT_FSIZE; ulimit -f counts 512-byte blocks) makes a write
    // past it fail with EFBIG. 4 blocks: the config fits, the records of a
    // few games do not.
    test::TempDir dir;
    std::string engine = std::string("command: \"{arbiter_bin}/arbiter-engine\", args: [--game, tictactoe, --mode, "
                                      "random, --plugin-dir, \"") + ARBITER_PLUGIN_DIR + "\"]";
    const auto config = dir.write("t.yaml", "event: full\ngame: tictactoe\nengines:\n  - {name: one, " + engine +
                                                "}\n  - {name: two, " + engine +
                                                "}\ntournament: {rounds: 4, games_per_pairing: 2}\nconcurrency: 2\n"
                                                "time_control: 10+0.1\n");
    const fs::path out = dir.path() / "out";
    const fs::path log = dir.path() / "limited.txt";
    test::ChildProcess limited({"/bin/sh", "-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" \"$@\"", kArbiter, "run",
                                config.string(), "--out", out.string(), "--plugin-dir", ARBITER_PLUGIN_DIR},
                               log);
    auto code = limited.exit_code(std::chrono::seconds(60));
    REQUIRE(code.has_value());
    const std::string text = test::read_file(log);
    INFO(text);
    CHECK(*code == 1);
    CHECK_THAT(text, Catch::Contains(std::strerror(EFBIG)));
    CHECK_THAT(text, Catch::Contains("stopped writing"));
    const std::string before = test::read_file(out / "games.jsonl");
    // Only whole records were kept (the torn one cut off again).
    CHECK((before.empty() || before.back() == '\n'));
    CHECK(before.size() <= 4 * 512);
    std::set<int> reported;
    for (size_t at = text.find("\ngame "); at != std::string::npos; at = text.find("\ngame ", at + 1))
        if (text.compare(text.find(' ', at + 6), 6, " done ") == 0) reported.insert(std::stoi(text.substr(at + 6)));

    auto resumed = arbiter(dir, {"run", "--resume", out.string(), "--quiet"});
    INFO(resumed.log);
    REQUIRE(resumed.code == 0);
    const std::string after = test::read_file(out / "games.jsonl");
    CHECK(after.compare(0, before.size(), before) == 0);  // nothing finished was replayed
    auto records = output::read_record_log(out / "games.jsonl");
    REQUIRE(records.has_value());
    CHECK(records->games.size() == 8);
    CHECK(records->duplicates == 0);
    std::set<int> indices;
    for (const auto &g : records->games) indices.insert(g.slot.index);
    CHECK(indices.size() == 8);
    for (int game : reported) CHECK(indices.count(game - 1) == 1);
}
