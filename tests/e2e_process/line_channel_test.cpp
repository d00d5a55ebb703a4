// process::LineChannel against real children (/bin/sh scripts whose output
// is written out in the test): lines split across reads, a last line
// without '\n', over-long lines, deadlines, a child that closes stdout but
// lives on, a child that dies (with and without a descendant holding its
// stdout), stderr capture, full pipes, the stop flag and the tap.
#include "process/line_channel.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <utility>
#include <vector>

using namespace arb;
using namespace std::chrono_literals;
using process::ReadStatus;
using process::SteadyClock;
using process::WriteStatus;

namespace {

process::Child start_sh(const std::string &script) {
    process::SpawnOptions options;
    options.program = "/bin/sh";
    options.args = {"-c", script};
    process::ignore_sigpipe();
    auto child = process::spawn(options);
    REQUIRE(child);
    return std::move(*child);
}

struct Read {
    ReadStatus status;
    std::string line;
};

Read read(process::LineChannel &channel, std::chrono::milliseconds within = 10s) {
    std::string_view line;
    ReadStatus status = channel.read_line(SteadyClock::now() + within, line);
    return {status, std::string(line)};
}

}  // namespace

TEST_CASE("line channel: lines split across reads come out whole, a trailing CR dropped") {
    auto child = start_sh("printf 'hel'; sleep 0.1; printf 'lo\\nwor'; sleep 0.1; printf 'ld\\r\\n\\nend\\n'");
    process::LineChannel channel(child);
    auto r = read(channel);
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line == "hello");
    r = read(channel);
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line == "world");
    r = read(channel);
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line.empty());
    CHECK(read(channel).line == "end");
    CHECK(read(channel).status == ReadStatus::Closed);
    CHECK(read(channel).status == ReadStatus::Closed);  // and stays closed
}

TEST_CASE("line channel: a last line without a newline counts at EOF") {
    auto child = start_sh("printf 'first\\nlast words'");
    process::LineChannel channel(child);
    CHECK(read(channel).line == "first");
    auto r = read(channel);
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line == "last words");
    CHECK(read(channel).status == ReadStatus::Closed);
}

TEST_CASE("line channel: an over-long line is reported by its start and skipped to its end") {
    SECTION("arriving whole") {
        // 300 x's, then a line that fits; the cap is 100 bytes.
        auto child = start_sh("i=0; s=; while [ $i -lt 30 ]; do s=${s}xxxxxxxxxx; i=$((i+1)); done; "
                              "printf '%s\\nnext\\n' \"$s\"");
        process::LineChannel channel(child, 100);
        auto r = read(channel);
        CHECK(r.status == ReadStatus::TooLong);
        CHECK(r.line == std::string(200, 'x'));  // the first 200 bytes
        r = read(channel);
        CHECK(r.status == ReadStatus::Line);
        CHECK(r.line == "next");
    }
    SECTION("arriving in pieces, reported before its end came") {
        // 200,000 bytes of one line against the default cap of 64 KiB: the
        // cap is hit before the newline arrives, the rest is dropped.
        auto child = start_sh("head -c 200000 /dev/zero | tr '\\0' y; printf '\\nafter\\n'");
        process::LineChannel channel(child);
        auto r = read(channel);
        CHECK(r.status == ReadStatus::TooLong);
        CHECK(r.line == std::string(200, 'y'));
        r = read(channel);
        CHECK(r.status == ReadStatus::Line);
        CHECK(r.line == "after");
        CHECK(read(channel).status == ReadStatus::Closed);
    }
}

TEST_CASE("line channel: a silent child gives Timeout at the deadline, and the line when it comes") {
    auto child = start_sh("read x; echo \"got $x\"; sleep 30");
    process::LineChannel channel(child);
    auto before = SteadyClock::now();
    std::string_view line;
    CHECK(channel.read_line(before + 200ms, line) == ReadStatus::Timeout);
    CHECK(SteadyClock::now() >= before + 200ms);  // not before the deadline
    REQUIRE(channel.write("ping\n", SteadyClock::now() + 5s) == WriteStatus::Written);
    auto r = read(channel);
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line == "got ping");
    CHECK_FALSE(channel.exited());
}

TEST_CASE("line channel: a child that closes stdout but stays alive reads as Closed at once") {
    auto child = start_sh("echo bye; exec 1>&-; sleep 30");
    process::LineChannel channel(child);
    CHECK(read(channel).line == "bye");
    // Within the 30 s deadline: Closed, not Timeout.
    CHECK(read(channel, 30s).status == ReadStatus::Closed);
    CHECK_FALSE(channel.exited());
    CHECK_FALSE(channel.wait_exit(SteadyClock::now() + 100ms));
}

TEST_CASE("line channel: a child that dies is Closed, even while a descendant holds its stdout") {
    SECTION("alone") {
        auto child = start_sh("echo last; kill -9 $$");
        process::LineChannel channel(child);
        CHECK(read(channel).line == "last");
        CHECK(read(channel, 30s).status == ReadStatus::Closed);
        CHECK(channel.wait_exit(SteadyClock::now() + 10s));
        CHECK(child.exit_status().describe().find("signal 9") != std::string::npos);
    }
    SECTION("its descendant keeps the pipe open") {
        auto child = start_sh("sleep 30 & echo last; kill -9 $$");
        process::LineChannel channel(child);
        CHECK(read(channel).line == "last");
        // The sleeper holds stdout for 30 s; the exit ends the read first.
        CHECK(read(channel, 30s).status == ReadStatus::Closed);
        CHECK(channel.exited());
    }
    SECTION("writing to it") {
        auto child = start_sh("exit 3");
        process::LineChannel channel(child);
        REQUIRE(channel.wait_exit(SteadyClock::now() + 10s));
        // Its stdin has no reader left: EPIPE (SIGPIPE ignored), not a hang.
        std::string big(1 << 20, 'z');
        CHECK(channel.write(big, SteadyClock::now() + 10s) == WriteStatus::Closed);
    }
}

TEST_CASE("line channel: stderr is kept as a tail and drained while reading") {
    // 300 KB of stderr before the line: more than a pipe holds, so the read
    // must drain stderr for the child to get to its stdout line.
    auto child = start_sh("head -c 300000 /dev/zero | tr '\\0' e >&2; echo 'the end' >&2; echo out");
    process::LineChannel channel(child);
    auto r = read(channel);
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line == "out");
    channel.drain_stderr(SteadyClock::now() + 10s);
    std::string tail = channel.stderr_tail();
    CHECK(tail.size() == process::LineChannel::kStderrTail);
    CHECK(tail.substr(tail.size() - 8) == "the end\n");
}

TEST_CASE("line channel: a write to a child that does not read times out at the deadline") {
    auto child = start_sh("sleep 30");
    process::LineChannel channel(child);
    std::string big(4 << 20, 'q');  // far more than a pipe holds
    auto before = SteadyClock::now();
    CHECK(channel.write(big, before + 200ms) == WriteStatus::Timeout);
    CHECK(SteadyClock::now() >= before + 200ms);
}

TEST_CASE("line channel: the stop flag interrupts a read and a write") {
    auto child = start_sh("sleep 30");
    process::LineChannel channel(child);
    std::atomic<bool> stop{true};
    channel.set_stop_flag(&stop);
    std::string_view line;
    CHECK(channel.read_line(SteadyClock::now() + 30s, line) == ReadStatus::Interrupted);
    std::string big(4 << 20, 'q');
    CHECK(channel.write(big, SteadyClock::now() + 30s) == WriteStatus::Interrupted);
}

TEST_CASE("line channel: the tap sees every line written and read, in order") {
    auto child = start_sh("while read x; do echo \"re:$x\"; [ \"$x\" = quit ] && exit 0; done");
    process::LineChannel channel(child);
    std::vector<std::pair<bool, std::string>> seen;
    channel.set_tap([&](bool to_child, std::string_view line) { seen.emplace_back(to_child, std::string(line)); });
    REQUIRE(channel.write("a\nb\n", SteadyClock::now() + 5s) == WriteStatus::Written);
    CHECK(read(channel).line == "re:a");
    CHECK(read(channel).line == "re:b");
    REQUIRE(channel.write("quit\n", SteadyClock::now() + 5s) == WriteStatus::Written);
    CHECK(read(channel).line == "re:quit");
    CHECK(read(channel).status == ReadStatus::Closed);
    const std::vector<std::pair<bool, std::string>> expected{
        {true, "a"}, {true, "b"}, {false, "re:a"}, {false, "re:b"}, {true, "quit"}, {false, "re:quit"}};
    CHECK(seen == expected);
}

TEST_CASE("line channel: the stderr tap sees whole stderr lines, a long one in pieces, the last unended one at close") {
    // 5000 'x' is one line longer than kStderrTail (4096): a piece of 4096, then the other 904.
    auto child = start_sh("printf 'one\\r\\ntwo\\n' >&2; head -c 5000 /dev/zero | tr '\\0' x >&2; "
                          "printf '\\nlast' >&2; echo done");
    process::LineChannel channel(child);
    std::vector<std::string> seen;
    channel.set_stderr_tap([&](std::string_view line) { seen.emplace_back(line); });
    CHECK(read(channel).line == "done");
    CHECK(read(channel).status == ReadStatus::Closed);
    channel.drain_stderr(SteadyClock::now() + 5s);
    const std::vector<std::string> expected{"one", "two", std::string(4096, 'x'), std::string(904, 'x'), "last"};
    CHECK(seen == expected);
    CHECK(channel.stderr_tail().size() <= 2 * process::LineChannel::kStderrTail);  // the tail is kept as before
}

TEST_CASE("line channel: at most four descriptors, the three pipes and the pidfd") {
    auto child = start_sh("sleep 30");
    const bool has_pidfd = child.pidfd() >= 0;
    process::LineChannel channel(child);
    CHECK(channel.descriptors() == (has_pidfd ? 4 : 3));
    channel.close();
    CHECK(channel.descriptors() == (has_pidfd ? 1 : 0));
}

// The child stops this very test process (the arbiter's place) for a second
// and then lets it go on: a stall of the reader's own, not the child's.
TEST_CASE("line channel: a stall of the reader's own moves the read's deadline on, and stalled() tells it") {
    // 'ready', then the stop; the answer comes 0.3 s after the reader runs again.
    auto child = start_sh("echo ready; sleep 0.2; kill -STOP $PPID; sleep 1; kill -CONT $PPID; sleep 0.3; echo answer");
    process::LineChannel channel(child);
    REQUIRE(read(channel).line == "ready");
    const auto began = SteadyClock::now();
    // 0.2 s before the stop + 0.3 s after it: well within 0.8 s of the reader's own time,
    // although 1.5 s of the wall pass.
    auto r = read(channel, 800ms);
    const auto wall = SteadyClock::now() - began;
    CHECK(r.status == ReadStatus::Line);
    CHECK(r.line == "answer");
    CHECK(wall >= 1400ms);
    // The stop lasted 1 s; what a wait cannot see of it is at most one wait (100 ms).
    CHECK(channel.stalled() >= 850ms);
    CHECK(channel.stalled() <= 1100ms);
}

TEST_CASE("line channel: a read that stays within its time sees no stall") {
    auto child = start_sh("sleep 0.5; echo answer");
    process::LineChannel channel(child);
    auto r = read(channel, 2s);
    CHECK(r.status == ReadStatus::Line);
    CHECK(channel.stalled() == SteadyClock::duration::zero());
}
