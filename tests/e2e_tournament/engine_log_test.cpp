// `arbiter run --log FILE` (issue 21, part 2; the peers' -log): every line to
// and from every engine, with a timestamp, the engine's name and the
// direction. What the engines really received and sent comes from outside
// the arbiter: each engine is wrapped as `tee IN | arbiter-engine | tee OUT`,
// so the tee files are the reference the log is compared with.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace arb;

namespace {

using arb::test::kBin;
const std::vector<std::string> kNames{"alpha", "beta", "gamma"};

std::string quoted(const std::string &word) { return "'" + word + "'"; }

std::vector<std::string> lines_of(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Three wrapped engines, each appending what it reads to <name>.in and what
// it writes to <name>.out in `dir`.
std::filesystem::path wrapped_config(const test::TempDir &dir, int concurrency) {
    std::string yaml = "game: tictactoe\nengines:\n";
    for (const auto &name : kNames) {
        const auto base = (dir.path() / name).string();
        // Each start also says one line on stderr, before the engine runs.
        yaml += "  - name: " + name + "\n    command: /bin/sh\n    args: [-c, \"echo started " + name + " >&2; tee -a " + base + ".in | " + kBin +
                "/arbiter-engine --game tictactoe --mode random | tee -a " + base + ".out\"]\n";
    }
    yaml += "tournament: {rounds: 1, games_per_pairing: 2}\ntime_control: movetime=0.05\n"
            "timeouts: {quit_grace_ms: 300}\nconcurrency: " +
            std::to_string(concurrency) + "\n";
    return dir.write("t.yaml", yaml);
}

struct Logged {
    std::map<std::string, std::vector<std::string>> to, from, stderr_lines;  // per engine, in the log's order
    std::vector<std::string> malformed;
};

Logged parse_log(const std::filesystem::path &file) {
    // UTC time to the microsecond, name, '<' into the engine, '>' out of it or '2>' its stderr, the line.
    static const std::regex kLine(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z (\S+) (<|>|2>) (.*)$)");
    Logged logged;
    for (const auto &line : lines_of(file)) {
        std::smatch m;
        if (!std::regex_match(line, m, kLine)) {
            logged.malformed.push_back(line);
            continue;
        }
        (m[2] == "<" ? logged.to : m[2] == ">" ? logged.from : logged.stderr_lines)[m[1]].push_back(m[3]);
    }
    return logged;
}

test::Run run(const test::TempDir &dir, const std::filesystem::path &config, const std::string &extra) {
    return test::run_command(quoted(kBin + "/arbiter") + " run " + quoted(config.string()) + " --out " +
                             quoted((dir.path() / "out").string()) + " -q --plugin-dir " + quoted(ARBITER_PLUGIN_DIR) +
                             extra);
}

}  // namespace

TEST_CASE("run --log: every line to and from every engine, named, in order per engine", "[e2e][cli][log]") {
    test::TempDir dir;
    // One game at a time: each engine has one process at a time, so its
    // lines in the log must be exactly its tee files, in the same order.
    const auto log = dir.path() / "engines.log";
    auto r = run(dir, wrapped_config(dir, 1), " --log " + quoted(log.string()));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    auto logged = parse_log(log);
    CHECK(logged.malformed.empty());
    for (const auto &name : kNames) {
        INFO(name);
        const auto received = lines_of(dir.path() / (name + ".in"));
        const auto sent = lines_of(dir.path() / (name + ".out"));
        // A handshake, 4 games with a go per move, and a quit at least.
        CHECK(received.size() > 10);
        CHECK(logged.to[name] == received);
        CHECK(logged.from[name] == sent);
        // stderr too: one "started NAME" per process, and a process's first line in is its handshake.
        const auto starts = std::count(received.begin(), received.end(), received.front());
        CHECK(logged.stderr_lines[name] == std::vector<std::string>(static_cast<size_t>(starts), "started " + name));
    }
    CHECK(logged.to.size() == kNames.size());
}

TEST_CASE("run --log: games in parallel write whole lines, none lost or mixed", "[e2e][cli][log]") {
    test::TempDir dir;
    const auto log = dir.path() / "engines.log";
    auto r = run(dir, wrapped_config(dir, 2), " --log " + quoted(log.string()));
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    auto logged = parse_log(log);
    INFO((logged.malformed.empty() ? std::string() : logged.malformed.front()));
    CHECK(logged.malformed.empty());
    // Several processes of one engine may run at once (their tee files are
    // appended together), so the lines are compared as sorted lists.
    auto sorted = [](std::vector<std::string> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    for (const auto &name : kNames) {
        INFO(name);
        CHECK(sorted(logged.to[name]) == sorted(lines_of(dir.path() / (name + ".in"))));
        CHECK(sorted(logged.from[name]) == sorted(lines_of(dir.path() / (name + ".out"))));
    }
}

TEST_CASE("run: no --log, no engine log, and a log that cannot be opened stops the run before any engine",
          "[e2e][cli][log]") {
    test::TempDir dir;
    auto r = run(dir, wrapped_config(dir, 1), "");
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    for (const auto &entry : std::filesystem::directory_iterator(dir.path()))
        CHECK(entry.path().extension() != ".log");
    test::TempDir other;
    auto bad = run(other, wrapped_config(other, 1), " --log " + quoted((other.path() / "no/such/dir/x.log").string()));
    CHECK(bad.exit_code == 1);
    CHECK_THAT(bad.output, Catch::Contains("arbiter run: cannot open the engine log"));
    CHECK_THAT(bad.output, Catch::Contains("No such file or directory"));
    CHECK_FALSE(std::filesystem::exists(other.path() / "alpha.in"));  // no engine started
}
