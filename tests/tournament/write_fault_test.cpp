// A write error while a tournament writes its records (a full disk): with a
// fault injected at every single write of a short run, in turn, the run stops
// writing, says which file failed and why, appends nothing more to a record
// file after its failed write, and a --resume once the fault is gone ends
// with every game recorded exactly once, every game reported finished kept
// as it was written.
#include "output/record_log.hpp"
#include "tournament/session.hpp"

#include "fake_engines.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

config::LoadedConfig load(const test::TempDir &dir) {
    dir.write("openings.txt", "b2\na1\n");
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir.path();
    o.out_base_dir = dir.path();
    o.check_programs = false;
    // 3 engines, 2 rounds, 2 games a pairing: 12 games, two at a time.
    const std::string yaml =
        "game: tictactoe\nengines: [{name: a, command: x}, {name: b, command: x}, {name: c, command: x}]\n"
        "tournament: {rounds: 2, games_per_pairing: 2}\nopenings: openings.txt\nconcurrency: 2\n"
        "progress: {interval: 4}\noutput: {dir: out}\n";
    auto loaded = config::load_config_text(yaml, "t.yaml", o);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    return std::move(*loaded);
}

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string file_of(int fd) {
    char target[PATH_MAX] = {};
    ssize_t n = ::readlink(("/proc/self/fd/" + std::to_string(fd)).c_str(), target, sizeof target - 1);
    return n > 0 ? std::string(target, static_cast<size_t>(n)) : std::string();
}

// write(2) that fails its `fail_at`-th call with ENOSPC (after writing half
// the bytes when `partial`: a record torn on disk), as a disk that is full
// for a moment. It remembers the file that failed and notes any later write
// to it. Records and reports are written from different threads: one lock.
struct FaultPlan {
    std::mutex mutex;
    int fail_at = 0;  // 0: never
    bool partial = false;
    std::string only;  // non-empty: count the writes to this file name alone
    int calls = 0;
    std::string failed_file;
    bool wrote_after_failure = false;

    output::WriteFunction function() {
        return [this](int fd, const void *data, size_t size) -> ssize_t {
            std::lock_guard guard(mutex);
            const std::string file = file_of(fd);
            if (!failed_file.empty() && file == failed_file) wrote_after_failure = true;
            if (only.empty() || fs::path(file).filename() == only) ++calls;
            if (calls != fail_at) return ::write(fd, data, size);
            failed_file = file;
            if (partial && size > 1) (void)!::write(fd, data, size / 2);
            errno = ENOSPC;
            return -1;
        };
    }
};

struct RunOutcome {
    tournament::SessionResult result;
    std::string out, err;
};

RunOutcome run(const config::LoadedConfig &loaded, bool resume, FaultPlan *plan) {
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.resume = resume;
    if (plan != nullptr) options.write = plan->function();
    std::ostringstream out, err;
    RunOutcome o;
    o.result = tournament::run_session(loaded, options, out, err);
    o.out = out.str();
    o.err = err.str();
    return o;
}

// The complete lines of games.jsonl (a torn last line left out).
std::vector<std::string> complete_lines(const fs::path &file) {
    std::vector<std::string> lines;
    std::istringstream in(read(file));
    std::string line;
    while (std::getline(in, line))
        if (!in.eof()) lines.push_back(line);
    return lines;
}

// Schedule indices (1-based, as printed) of the games the run reported finished.
std::set<int> reported_done(const std::string &out) {
    std::set<int> games;
    static const std::regex done("^game ([0-9]+) done");
    std::istringstream in(out);
    std::string line;
    std::smatch m;
    while (std::getline(in, line))
        if (std::regex_search(line, m, done)) games.insert(std::stoi(m[1]));
    return games;
}

// The checks after a run that met `plan`'s fault, then a resume without one.
void check_fault_then_resume(const test::TempDir &dir, const config::LoadedConfig &loaded, const FaultPlan &plan,
                             const RunOutcome &faulty) {
    const fs::path out = dir.path() / "out";
    const std::string failed = fs::path(plan.failed_file).filename().string();
    INFO("fault at write " << plan.fail_at << (plan.partial ? " (torn)" : "") << " into " << failed << "\n"
                           << faulty.out << faulty.err);
    if (plan.failed_file.empty()) {
        // This run wrote less than the counted one (an interim report is
        // written only when due, by time): no fault, a clean run.
        CHECK(faulty.result.exit_code == 0);
        return;
    }
    const bool record_file = failed == "games.jsonl" || failed == "games.pgn";
    // Only the report is optional (a warning); every other file stops the run.
    if (failed == "report.html.tmp") {
        CHECK_THAT(faulty.out, Catch::Contains("warning: report.html not written"));
    } else {
        CHECK(faulty.result.exit_code == 1);
        CHECK_THAT(faulty.err, Catch::Contains(failed));
        CHECK_THAT(faulty.err, Catch::Contains(std::strerror(ENOSPC)));
    }
    if (record_file) CHECK_FALSE(plan.wrote_after_failure);
    // Every game reported finished is in the records, and stays as written.
    const auto kept = complete_lines(out / "games.jsonl");
    auto before = output::read_record_log(out / "games.jsonl");
    REQUIRE(before.has_value());
    std::set<int> recorded;
    for (const auto &g : before->games) recorded.insert(g.slot.index + 1);
    for (int game : reported_done(faulty.out)) CHECK(recorded.count(game) == 1);

    // Space is back: --resume (or the fresh run again, when the fault came
    // before the folder held a config) completes the tournament.
    const bool has_config = fs::exists(out / "config.yaml");
    auto resumed = run(loaded, has_config, nullptr);
    INFO(resumed.out << resumed.err);
    REQUIRE(resumed.result.exit_code == 0);
    auto after = output::read_record_log(out / "games.jsonl");
    REQUIRE(after.has_value());
    CHECK(after->games.size() == 12);
    CHECK(after->duplicates == 0);
    CHECK_FALSE(after->dropped_torn_line);
    std::set<int> indices;
    for (const auto &g : after->games) indices.insert(g.slot.index);
    CHECK(indices.size() == 12);
    // Nothing finished was replayed: the records written before are the first lines, unchanged.
    const auto final_lines = complete_lines(out / "games.jsonl");
    REQUIRE(final_lines.size() >= kept.size());
    for (size_t i = 0; i < kept.size(); ++i) CHECK(final_lines[i] == kept[i]);
    const std::string pgn = read(out / "games.pgn");
    size_t events = 0;
    for (size_t at = pgn.find("[Event "); at != std::string::npos; at = pgn.find("[Event ", at + 1)) ++events;
    CHECK(events == 12);
}

}  // namespace

TEST_CASE("a write fault at any write of a run stops the writing, and --resume records every game once",
          "[session][faults]") {
    // The writes of a clean run, counted.
    int writes = 0;
    {
        test::TempDir dir;
        auto loaded = load(dir);
        FaultPlan count;
        auto clean = run(loaded, false, &count);
        INFO(clean.out << clean.err);
        REQUIRE(clean.result.exit_code == 0);
        writes = count.calls;
    }
    // config.yaml, openings.txt, 12 games (JSON line, PGN), 2 standings files, reports.
    REQUIRE(writes >= 2 + 12 * 2 + 2 + 1);
    for (int at = 1; at <= writes; ++at) {
        for (bool partial : {false, true}) {
            test::TempDir dir;
            auto loaded = load(dir);
            FaultPlan plan;
            plan.fail_at = at;
            plan.partial = partial;
            auto faulty = run(loaded, false, &plan);
            check_fault_then_resume(dir, loaded, plan, faulty);
        }
    }
}

TEST_CASE("a write fault at any write of a --resume stops the writing, and the next --resume records every game once",
          "[session][faults]") {
    // A first run that stopped after some games: its records are what a resume starts from.
    auto half_done = [](const config::LoadedConfig &loaded) {
        FaultPlan stop;
        stop.only = "games.jsonl";
        stop.fail_at = 6;  // five games, then the sixth JSON line fails
        stop.partial = true;
        auto first = run(loaded, false, &stop);
        REQUIRE(first.result.exit_code == 1);
        REQUIRE(first.result.games_recorded == 5);
    };
    int writes = 0;
    {
        test::TempDir dir;
        auto loaded = load(dir);
        half_done(loaded);
        FaultPlan count;
        REQUIRE(run(loaded, true, &count).result.exit_code == 0);
        writes = count.calls;
    }
    // The rebuilt PGN, 7 games (JSON line, PGN), 2 standings files, reports.
    REQUIRE(writes >= 1 + 7 * 2 + 2 + 1);
    for (int at = 1; at <= writes; ++at) {
        test::TempDir dir;
        auto loaded = load(dir);
        half_done(loaded);
        FaultPlan plan;
        plan.fail_at = at;
        plan.partial = at % 2 == 1;
        auto faulty = run(loaded, true, &plan);
        check_fault_then_resume(dir, loaded, plan, faulty);
    }
}

TEST_CASE("a full disk part-way through a -pgnout game stops the run: the file keeps whole games, exit 1 names it",
          "[session][faults][extra_output]") {
    test::TempDir dir;
    auto loaded = load(dir);
    const fs::path extra = dir.path() / "extra.pgn";
    // The third write to extra.pgn (its third game) writes half its bytes, then
    // fails with ENOSPC; every other write goes through.
    int extra_writes = 0;
    bool wrote_after_failure = false;
    std::mutex mutex;
    auto write = [&](int fd, const void *data, size_t size) -> ssize_t {
        std::lock_guard guard(mutex);
        if (fs::path(file_of(fd)).filename() != "extra.pgn") return ::write(fd, data, size);
        if (++extra_writes > 3) wrote_after_failure = true;
        if (extra_writes != 3) return ::write(fd, data, size);
        (void)!::write(fd, data, size / 2);
        errno = ENOSPC;
        return -1;
    };
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.write = write;
    options.extra_outputs.push_back({{"the -pgnout file", extra, true}, tournament::ExtraContent::GamePgn});
    std::ostringstream out, err;
    const auto result = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    CHECK(result.exit_code == 1);
    CHECK_THAT(err.str(), Catch::Contains("the -pgnout file: " + extra.string() + ": write failed: " +
                                          std::strerror(ENOSPC) + "; nothing more was written to it"));
    CHECK_FALSE(wrote_after_failure);
    // The torn third game was cut off: two whole games, as the folder's PGN writes them.
    const std::string text = read(extra);
    CHECK(std::regex_search(text, std::regex(R"(^\[Event [\s\S]*\n\n\[Event [\s\S]*\n$)")));
    size_t games = 0;
    for (size_t at = text.find("[Event "); at != std::string::npos; at = text.find("[Event ", at + 1)) ++games;
    CHECK(games == 2);
    // No new game after the failure (two at a time: the one running may finish); every finished one is recorded.
    CHECK(result.games_recorded >= 3);
    CHECK(result.games_recorded <= 4);
    CHECK(complete_lines(dir.path() / "out" / "games.jsonl").size() == static_cast<size_t>(result.games_recorded));
}
