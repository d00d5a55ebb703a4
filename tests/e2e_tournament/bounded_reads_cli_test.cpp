// Issue 28, item 6: every file the arbiter reads is a regular file, read
// with bounded memory. /dev/zero and a FIFO where a config, a shard's
// records or a folder's records should be are refused at once, naming the
// file. Before: `run /dev/zero` grew to bad_alloc, `merge` of a shard whose
// games.jsonl linked to /dev/zero reached 16.8 GB in 43 s, and a FIFO hung
// each of them. The 20 s wait is a hang guard, not a timing (each refusal
// takes milliseconds).
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;

struct Outcome {
    std::optional<int> exit_code;  // nullopt: still running after the guard (then killed)
    std::string log;
};

Outcome arbiter(const test::TempDir &dir, std::vector<std::string> args, std::chrono::seconds guard = std::chrono::seconds(20)) {
    args.insert(args.begin(), kArbiter);
    args.push_back("--plugin-dir");
    args.push_back(ARBITER_PLUGIN_DIR);
    static int n = 0;
    const fs::path log = dir.path() / ("log" + std::to_string(++n) + ".txt");
    Outcome o;
    {
        test::ChildProcess child(args, log);
        o.exit_code = child.exit_code(guard);
    }
    o.log = test::read_file(log);
    return o;
}

std::string config_yaml() {
    std::string engine = std::string("command: \"{arbiter_bin}/arbiter-engine\", args: [--game, tictactoe, --mode, "
                                      "random, --plugin-dir, \"") + ARBITER_PLUGIN_DIR + "\"]";
    return "game: tictactoe\nengines:\n  - {name: one, " + engine + "}\n  - {name: two, " + engine +
           "}\ntournament: {rounds: 2, games_per_pairing: 2}\ntime_control: 10+0.1\n";
}

std::string refusal(const fs::path &file, const char *kind) {
    return file.string() + " is " + kind + ", not a regular file: the arbiter reads only regular files";
}

// Puts a FIFO where `file` was.
void plant_fifo(const fs::path &file) {
    fs::remove(file);
    REQUIRE(::mkfifo(file.c_str(), 0600) == 0);
}

}  // namespace

TEST_CASE("a config that is /dev/zero or a FIFO is refused at once, naming it", "[e2e][reads]") {
    test::TempDir dir;
    auto zero = arbiter(dir, {"run", "/dev/zero", "--out", (dir.path() / "out").string()});
    INFO(zero.log);
    CHECK(zero.exit_code == 1);
    CHECK_THAT(zero.log, Catch::Contains(refusal("/dev/zero", "a device")));
    const fs::path fifo = dir.path() / "t.yaml";
    plant_fifo(fifo);
    auto piped = arbiter(dir, {"run", fifo.string(), "--out", (dir.path() / "out").string()});
    INFO(piped.log);
    CHECK(piped.exit_code == 1);
    CHECK_THAT(piped.log, Catch::Contains(refusal(fifo, "a FIFO")));
    CHECK_FALSE(fs::exists(dir.path() / "out"));
}

TEST_CASE("merge refuses a shard whose games.jsonl is /dev/zero or a FIFO, naming the file", "[e2e][reads]") {
    test::TempDir dir;
    const auto config = dir.write("t.yaml", config_yaml()).string();
    const auto s1 = dir.path() / "s1", s2 = dir.path() / "s2";
    for (const auto &[shard, out] : {std::pair{"1/2", s1}, std::pair{"2/2", s2}}) {
        auto run = arbiter(dir, {"run", config, "--shard", shard, "--out", out.string(), "--quiet"}, std::chrono::seconds(120));
        INFO(run.log);
        REQUIRE(run.exit_code == 0);
    }
    const fs::path jsonl = s1 / "games.jsonl";
    fs::remove(jsonl);
    fs::create_symlink("/dev/zero", jsonl);
    auto zero = arbiter(dir, {"merge", "--out", (dir.path() / "m1").string(), s1.string(), s2.string()});
    INFO(zero.log);
    CHECK(zero.exit_code == 1);
    CHECK_THAT(zero.log, Catch::Contains(refusal(jsonl, "a device")));
    plant_fifo(jsonl);
    auto piped = arbiter(dir, {"merge", "--out", (dir.path() / "m2").string(), s1.string(), s2.string()});
    INFO(piped.log);
    CHECK(piped.exit_code == 1);
    CHECK_THAT(piped.log, Catch::Contains(refusal(jsonl, "a FIFO")));
}

TEST_CASE("report and --resume refuse a games.jsonl that is a FIFO or /dev/zero, naming it", "[e2e][reads]") {
    test::TempDir dir;
    const auto config = dir.write("t.yaml", config_yaml()).string();
    const auto out = dir.path() / "out";
    auto run = arbiter(dir, {"run", config, "--out", out.string(), "--quiet"}, std::chrono::seconds(120));
    INFO(run.log);
    REQUIRE(run.exit_code == 0);
    const fs::path jsonl = out / "games.jsonl";
    plant_fifo(jsonl);
    auto report = arbiter(dir, {"report", out.string()});
    INFO(report.log);
    CHECK(report.exit_code == 1);
    CHECK_THAT(report.log, Catch::Contains(refusal(jsonl, "a FIFO")));
    auto resume = arbiter(dir, {"run", "--resume", out.string()});
    INFO(resume.log);
    CHECK(resume.exit_code == 1);
    CHECK_THAT(resume.log, Catch::Contains(jsonl.string()));
    fs::remove(jsonl);
    fs::create_symlink("/dev/zero", jsonl);
    auto zero = arbiter(dir, {"report", out.string()});
    INFO(zero.log);
    CHECK(zero.exit_code == 1);
    CHECK_THAT(zero.log, Catch::Contains(refusal(jsonl, "a device")));
}
