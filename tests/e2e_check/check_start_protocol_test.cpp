// `arbiter check` on engines of protocols the arbiter does not speak: the
// failed start names the protocol their answer belongs to (xboard, GTP) and
// quotes the last lines they printed as well as the first, so an answer
// after a long banner (HoiChess's "Error (unknown command): uci") is seen.
// The engines are shell scripts.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <string>

namespace {

using arb::test::kBin;

// A script engine: prints `banner` lines "banner line N" at start, then
// answers every line it reads with `answer` (where $line is what it read).
std::string write_engine(const arb::test::TempDir &dir, int banner, const std::string &answer) {
    std::string text = "#!/bin/sh\n";
    for (int i = 1; i <= banner; ++i) text += "echo 'banner line " + std::to_string(i) + "'\n";
    text += "while IFS= read -r line; do\n  [ \"$line\" = quit ] && exit 0\n  " + answer + "\ndone\n";
    auto script = dir.write("engine.sh", text);
    REQUIRE(::chmod(script.c_str(), 0755) == 0);
    return script.string();
}

arb::test::Run check(const std::string &engine, const std::string &extra = "") {
    return arb::test::run_command(kBin + "/arbiter check --plugin-dir " + ARBITER_PLUGIN_DIR +
                                  " --game chess --games 0 --startup-timeout 1500 --engine '" + engine + "' " + extra);
}

}  // namespace

TEST_CASE("check: an xboard engine's failed start names xboard and quotes its last lines after a long banner",
          "[e2e][check][start]") {
    arb::test::TempDir dir;
    // Twelve lines of banner, then xboard's answer to a command it does not know.
    const std::string engine = write_engine(dir, 12, "echo \"Error (unknown command): $line\"");
    for (const char *protocol : {"ugi", "uci"}) {
        auto run = check(engine, std::string("--protocol ") + protocol);
        INFO(run.output);
        CHECK(run.exit_code == 1);
        CHECK_THAT(run.output, Catch::Contains(std::string("FAIL  start and handshake (protocol ") + protocol));
        CHECK_THAT(run.output, Catch::Contains(std::string("it answers in xboard (CECP), not ") + protocol +
                                               " ('Error (unknown command): " + protocol + "')"));
        CHECK_THAT(run.output, Catch::Contains("set 'protocol: xboard' for this engine, or proto=xboard on the command "
                                               "line (arbiter check: --protocol xboard)"));
        // The first five lines, the count of those left out, the last five.
        CHECK_THAT(run.output, Catch::Contains("the engine printed: 'banner line 1' 'banner line 2' 'banner line 3' "
                                               "'banner line 4' 'banner line 5' ... (3 more lines) ... last: "
                                               "'banner line 9' 'banner line 10' 'banner line 11' 'banner line 12' "
                                               "'Error (unknown command): " + std::string(protocol) + "'"));
    }
}

TEST_CASE("check: an engine announcing xboard features is named an xboard engine", "[e2e][check][start]") {
    arb::test::TempDir dir;
    const std::string engine = write_engine(dir, 0, "echo 'feature done=0'; echo 'feature myname=\"X\" done=1'");
    auto run = check(engine);
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("it answers in xboard (CECP), not ugi ('feature done=0')"));
    // Two lines only: all quoted, no gap.
    CHECK_THAT(run.output, Catch::Contains("the engine printed: 'feature done=0' 'feature myname=\"X\" done=1'"));
    CHECK_THAT(run.output, !Catch::Contains("more lines"));
}

TEST_CASE("check: a GTP engine's failed start names GTP and its adapter", "[e2e][check][start]") {
    arb::test::TempDir dir;
    // GTP answers an unknown command with '? ...' and ends every answer with an empty line.
    const std::string engine = write_engine(dir, 0, "echo '? unknown command'; echo");
    auto run = check(engine);
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("it answers in GTP, not ugi ('? unknown command')"));
    CHECK_THAT(run.output, Catch::Contains("arbiter-gtp-adapter"));
    CHECK_THAT(run.output, !Catch::Contains("xboard"));
}

TEST_CASE("check: free text at start names no protocol", "[e2e][check][start]") {
    arb::test::TempDir dir;
    const std::string engine = write_engine(dir, 2, "echo \"what is $line?\"");
    auto run = check(engine);
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("the engine printed: 'banner line 1' 'banner line 2' 'what is ugi?'"));
    CHECK_THAT(run.output, !Catch::Contains("it answers in"));
}
