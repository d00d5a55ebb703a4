// The files named on the command line besides the output folder's own
// (`arbiter match -pgnout` and `-log`, `arbiter run --log`), end to end
// (issue 28, item 2): each is opened and checked before the first game (not a
// file of the output folder, by name or by inode; not a FIFO, a folder or a
// symbolic link; its folder there), takes each game as it ends, and a write
// that fails stops the run with exit 1 naming the file. Whether an engine
// started is seen from outside: each engine is a script that notes its start
// in a file before it becomes arbiter-engine. Every run has a file size limit
// (SIGXFSZ ignored), so a regression that copies a file onto itself fails
// with EFBIG instead of filling the disk.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::count_of;

using arb::test::kBin;
// 40960 blocks of 512 bytes: 20 MiB, far above what these runs write.
constexpr int kSizeLimitBlocks = 40960;

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A folder with an engine script that appends a line to `starts` each time it starts.
struct Setup {
    test::TempDir dir;
    fs::path engine, starts, out;
    Setup() {
        starts = dir.path() / "starts";
        out = dir.path() / "out";
        engine = dir.write("engine.sh", "#!/bin/sh\necho started >> '" + starts.string() + "'\nexec '" + kBin +
                                            "/arbiter-engine' --mode random \"$@\"\n");
        fs::permissions(engine, fs::perms::owner_all);
    }
    [[nodiscard]] bool engine_started() const { return fs::exists(starts); }

    // `arbiter match` of two such engines at Othello, 2 games one at a time, with `extra` words.
    [[nodiscard]] std::vector<std::string> match(const std::vector<std::string> &extra) const {
        std::vector<std::string> args{"match",   "--game", "othello", "-engine", "cmd=" + engine.string(),
                                      "name=a",  "-engine", "cmd=" + engine.string(), "name=b", "-each",
                                      "tc=10+0.1", "-rounds", "1", "-games", "2", "-concurrency", "1",
                                      "--out",   out.string(), "--plugin-dir", ARBITER_PLUGIN_DIR};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }
};

// argv run as the arbiter under the file size limit, stdout and stderr to a file.
struct Finished {
    std::optional<int> code;  // nullopt: still running after the timeout (then killed)
    std::string log;
};

std::vector<std::string> limited(const std::vector<std::string> &args, int blocks = kSizeLimitBlocks) {
    std::vector<std::string> argv{"/bin/sh", "-c",
                                  "trap '' XFSZ; ulimit -f " + std::to_string(blocks) + "; exec \"$0\" \"$@\"",
                                  kBin + "/arbiter"};
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
}

Finished arbiter(const Setup &s, const std::vector<std::string> &args,
                 std::chrono::milliseconds timeout = std::chrono::seconds(60), int blocks = kSizeLimitBlocks) {
    static int n = 0;
    const fs::path log = s.dir.path() / ("log" + std::to_string(++n) + ".txt");
    Finished f;
    {
        test::ChildProcess child(limited(args, blocks), log);
        f.code = child.exit_code(timeout);
    }
    f.log = read(log);
    return f;
}

// The run ended at once, exit 1, with `text` in its message, and no engine started.
void check_refused(const Setup &s, const Finished &f, const std::string &text) {
    INFO(f.log);
    REQUIRE(f.code.has_value());
    CHECK(*f.code == 1);
    CHECK_THAT(f.log, Catch::Contains(text));
    CHECK_FALSE(s.engine_started());
    CHECK_FALSE(fs::exists(s.out / "games.jsonl"));
}

}  // namespace

TEST_CASE("match: -pgnout or -log naming a file of the output folder is refused before any game, the file named",
          "[e2e][match][extra_output]") {
    for (const std::string option : {"-pgnout", "-log"}) {
        for (const std::string name : {"games.pgn", "games.jsonl", "config.yaml", "games.ggf", "report.html.tmp"}) {
            Setup s;
            const fs::path file = s.out / name;
            auto run = arbiter(s, s.match({option, "file=" + file.string()}));
            INFO(option << " " << name);
            check_refused(s, run, name + " of the output folder");
            CHECK_FALSE(fs::exists(file));
        }
    }
}

TEST_CASE("run --resume --log onto a hard link of games.jsonl is refused and the records stay as they were",
          "[e2e][extra_output]") {
    Setup s;
    auto first = arbiter(s, s.match({}));
    INFO(first.log);
    REQUIRE(first.code == 0);
    const std::string records = read(s.out / "games.jsonl");
    REQUIRE(count_of(records, "\n") == 2);
    fs::create_hard_link(s.out / "games.jsonl", s.dir.path() / "engines.log");
    fs::remove(s.starts);
    auto resumed = arbiter(s, {"run", "--resume", s.out.string(), "--log", (s.dir.path() / "engines.log").string(),
                               "--plugin-dir", ARBITER_PLUGIN_DIR});
    INFO(resumed.log);
    REQUIRE(resumed.code.has_value());
    CHECK(*resumed.code == 1);
    CHECK_THAT(resumed.log, Catch::Contains("is the same file as '"));
    CHECK_THAT(resumed.log, Catch::Contains("games.jsonl' of the output folder"));
    CHECK(read(s.out / "games.jsonl") == records);
}

TEST_CASE("match: a FIFO as -pgnout or -log is refused at once, with or without a reader, no signal needed",
          "[e2e][match][extra_output]") {
    for (const std::string option : {"-pgnout", "-log"}) {
        for (const bool reader : {false, true}) {
            Setup s;
            const fs::path fifo = s.dir.path() / "fifo";
            REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
            // A reader makes a writer's open succeed: then only the file type tells.
            const int read_end = reader ? ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;
            if (reader) REQUIRE(read_end >= 0);
            auto run = arbiter(s, s.match({option, "file=" + fifo.string()}), std::chrono::seconds(20));
            if (read_end >= 0) ::close(read_end);
            INFO(option << (reader ? " (a reader)" : " (no reader)"));
            check_refused(s, run, "'" + fifo.string() + "' is a FIFO, not a regular file");
        }
    }
}

TEST_CASE("match: a symbolic link as -pgnout or -log is refused and its target is not written",
          "[e2e][match][extra_output]") {
    for (const std::string option : {"-pgnout", "-log"}) {
        Setup s;
        const fs::path target = s.dir.write("target.txt", "precious\n");
        fs::create_symlink(target, s.dir.path() / "link");
        fs::create_symlink(s.dir.path() / "nowhere", s.dir.path() / "dangling");
        for (const std::string link : {"link", "dangling"}) {
            auto run = arbiter(s, s.match({option, "file=" + (s.dir.path() / link).string()}));
            INFO(option << " " << link);
            check_refused(s, run, "is a symbolic link");
        }
        CHECK(read(target) == "precious\n");
        CHECK_FALSE(fs::exists(s.dir.path() / "nowhere"));
    }
}

TEST_CASE("match: -pgnout or -log naming a folder, a device, or a file in a missing folder, fails before any engine starts",
          "[e2e][match][extra_output]") {
    for (const std::string option : {"-pgnout", "-log"}) {
        Setup s;
        fs::create_directories(s.dir.path() / "folder");
        auto folder = arbiter(s, s.match({option, "file=" + (s.dir.path() / "folder").string()}));
        check_refused(s, folder, "is a folder, not a regular file");
        auto device = arbiter(s, s.match({option, "file=/dev/null"}));
        check_refused(s, device, "'/dev/null' is a character device, not a regular file");
        auto missing = arbiter(s, s.match({option, "file=" + (s.dir.path() / "no/such/x.pgn").string()}));
        check_refused(s, missing, std::strerror(ENOENT));
    }
    // -pgnout and -log on one file would mix games and log lines.
    Setup s;
    const fs::path both = s.dir.path() / "both.txt";
    auto shared = arbiter(s, s.match({"-pgnout", "file=" + both.string(), "-log", "file=" + both.string()}));
    check_refused(s, shared, "is the same file as the -pgnout file");
}

TEST_CASE("match: -pgnout holds each game as soon as the game is reported finished, and honours append",
          "[e2e][match][extra_output]") {
    Setup s;
    const fs::path pgn = s.dir.write("games.pgn", "; kept\n");
    {
        test::ChildProcess child(limited(s.match({"-pgnout", "file=" + pgn.string(), "-output", "format=fastchess"})));
        for (int game = 1; game <= 2; ++game) {
            const auto line = child.wait_for("Finished game ", std::chrono::seconds(60));
            REQUIRE(line.has_value());
            INFO(*line);
            CHECK(count_of(read(pgn), "[Event ") >= game);  // the next game may have ended too by now
        }
        const auto code = child.exit_code(std::chrono::seconds(60));
        INFO(child.stderr_text());
        REQUIRE(code == 0);
    }
    const std::string text = read(pgn);
    CHECK(text.rfind("; kept\n", 0) == 0);  // append=true, the default: what was there stays
    CHECK(count_of(text, "[Event ") == 2);
    CHECK(count_of(text, "[Result ") == 2);
    // append=false: emptied first (the games of the new run alone).
    fs::remove_all(s.out);
    auto fresh = arbiter(s, s.match({"-pgnout", "file=" + pgn.string(), "append=false"}));
    INFO(fresh.log);
    REQUIRE(fresh.code == 0);
    const std::string again = read(pgn);
    CHECK(again.find("; kept") == std::string::npos);
    CHECK(count_of(again, "[Event ") == 2);
}

TEST_CASE("match: a write to -pgnout or -log that fails part-way (EFBIG) stops the run, exit 1 naming the file",
          "[e2e][match][extra_output][faults]") {
    // The file size limit (ulimit -f, 512-byte blocks) is 2 MiB; the file
    // already holds all but 100 bytes of it, so the first game's PGN (or the
    // first log line past them) is cut off by EFBIG, while the output
    // folder's files stay far below the limit.
    constexpr int kBlocks = 4096;
    constexpr size_t kFilled = kBlocks * 512 - 100;
    for (const std::string option : {"-pgnout", "-log"}) {
        Setup s;
        const fs::path file = s.dir.write("extra.txt", std::string(kFilled - 1, '.') + "\n");
        auto run = arbiter(s, s.match({option, "file=" + file.string()}), std::chrono::seconds(60), kBlocks);
        INFO(option << "\n" << run.log);
        REQUIRE(run.code.has_value());
        CHECK(*run.code == 1);
        CHECK_THAT(run.log, Catch::Contains(file.string() + ": write failed: " + std::strerror(EFBIG)));
        CHECK_THAT(run.log, Catch::Contains("nothing more was written to it"));
        // The torn part was cut off again: the file ends with a whole game
        // (where it ended: no game fitted) or a whole log line.
        const std::string text = read(file);
        CHECK(text.size() <= kBlocks * 512);
        CHECK(text.back() == '\n');
        if (option == "-pgnout") CHECK(text.size() == kFilled);
        // The output folder holds whatever was finished, whole.
        const std::string records = read(s.out / "games.jsonl");
        CHECK((records.empty() || records.back() == '\n'));
    }
}
