// The engine layer against real processes: handshake, options, failures,
// and that every process is gone (reaped) after quit.
#include "engine/protocol_engine.hpp"
#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"
#include "support/process_scan.hpp"
#include "support/plugins.hpp"
#include "support/temp_dir.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

namespace {

using namespace std::chrono_literals;
using arb::engine::EngineConfig;
using arb::engine::EngineTimeouts;
using arb::engine::FailureKind;
using arb::engine::ProtocolEngine;

EngineConfig mock_config(const std::string &name, std::vector<std::string> extra = {}) {
    EngineConfig config;
    config.name = name;
    config.command = arb::test::kMock;
    config.args = {"--game", "tictactoe", "--plugin-dir", ARBITER_PLUGIN_DIR};
    config.args.insert(config.args.end(), extra.begin(), extra.end());
    return config;
}

EngineTimeouts short_timeouts() {
    EngineTimeouts t;
    t.startup = 2000ms;
    t.ready = 300ms;
    t.quit_grace = 200ms;
    return t;
}

// 'go movetime <ms>'.
arb::protocol::Go movetime(int64_t ms) {
    arb::protocol::Go go;
    go.movetime = ms;
    return go;
}

std::unique_ptr<ProtocolEngine> start(const EngineConfig &config, const arb::engine::GameSetupOptions &game = {}) {
    auto engine = ProtocolEngine::start(config, short_timeouts(), game);
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine.has_value());
    return std::move(*engine);
}

// What a leftover is, for the failure message (a rare flake under heavy
// load has been seen here once and not reproduced).
std::string describe_processes(const std::vector<pid_t> &pids) {
    std::string text;
    for (pid_t p : pids) {
        std::string cmdline = arb::test::read_file("/proc/" + std::to_string(p) + "/cmdline");
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        text += std::to_string(p) + " [" + std::string(1, arb::test::process_state(p)) + "] " + cmdline + "\n";
    }
    return text;
}

void require_gone(long pid) {
    CHECK(arb::test::process_state(static_cast<pid_t>(pid)) == 0);
    auto left = arb::test::live_processes_in_group(static_cast<pid_t>(pid));
    INFO("left in the engine's group:\n" << describe_processes(left));
    CHECK(left.empty());
}

arb::match::GameSetup tictactoe_setup(const char *tc = "10+0.1") {
    arb::match::GameSetup setup;
    setup.plugin = arb::test::load_plugin("tictactoe");
    auto parsed = arb::core::TimeControl::parse(tc);
    REQUIRE(parsed);
    setup.time_control[0] = setup.time_control[1] = *parsed;
    setup.time_margin = 50ms;
    return setup;
}

}  // namespace

TEST_CASE("an engine starts in its own process group, declares options and is reaped on quit", "[e2e][engine]") {
    auto log = std::string(ARBITER_BUILD_DIR) + "/tests/e2e_engine_options.log";
    std::remove(log.c_str());
    EngineConfig config = mock_config("m", {"--log", log});
    config.ugi_options = {{"NoSuchOption", "1"}};
    config.env = {{"ARBITER_TEST_MARK", "x"}};
    arb::engine::GameSetupOptions game;
    game.game = "tictactoe";
    game.rules = {{"undeclared_rule", "7", false}, {"quiet_default", "1", true}};
    auto engine = start(config, game);
    long pid = engine->pid();
    REQUIRE(pid > 0);
    CHECK(::getpgid(static_cast<pid_t>(pid)) == pid);
    CHECK(engine->alive());
    auto declared = engine->declared_options();
    CHECK(std::find(declared.begin(), declared.end(), "game") != declared.end());
    // The mock declares 'game': it is sent every rule option after it, so no
    // rule is left unsaid and only the unknown engine option is a warning.
    auto warnings = engine->warnings();
    REQUIRE(warnings.size() == 1);
    CHECK_THAT(warnings[0], Catch::Contains("'NoSuchOption'"));
    REQUIRE(engine->new_game());
    engine->quit();
    CHECK_FALSE(engine->alive());
    require_gone(pid);
    engine->quit();  // idempotent
    std::string received = arb::test::read_file(log);
    CHECK_THAT(received, Catch::Contains("ugi\nsetoption name game value tictactoe\nsetoption name undeclared_rule value 7\n"
                                         "setoption name quiet_default value 1\nsetoption name NoSuchOption value 1\n"
                                         "isready\nuginewgame\nisready\nquit\n"));
}

TEST_CASE("a game between mock engines, crashes and timeouts are the mover's fault", "[e2e][engine]") {
    auto setup = tictactoe_setup();
    auto good = start(mock_config("good"));
    SECTION("a clean game") {
        auto other = start(mock_config("other", {"--seed", "9"}));
        auto record = arb::match::play_game(setup, *good, *other);
        CHECK(record.termination == arb::match::Termination::GameRule);
        CHECK(record.result != ARB_RESULT_ONGOING);
        CHECK(record.moves.size() >= 5);
        CHECK(record.moves[1].info.score_cp == 0);  // the mock reports "info depth 1 score cp 0 nodes N"
        CHECK(record.moves[1].info.depth == 1);
        CHECK(record.moves[1].info.nodes == 8);
        CHECK_FALSE(good->needs_restart());
        long pid = other->pid();
        other.reset();  // the destructor quits
        require_gone(pid);
    }
    SECTION("abort") {
        auto bad = start(mock_config("bad", {"--misbehave", "abort", "--at-move", "1"}));
        long pid = bad->pid();
        auto record = arb::match::play_game(setup, *good, *bad);
        CHECK(record.termination == arb::match::Termination::Crash);
        CHECK(record.loser_side == 1);
        CHECK(record.result == ARB_RESULT_WIN_SIDE_0);
        CHECK_THAT(record.reason, Catch::Contains("signal 6 (SIGABRT)"));
        CHECK_THAT(bad->stderr_tail(), Catch::Contains("aborting on go 1"));
        CHECK(bad->needs_restart());
        require_gone(pid);  // already reaped when the crash was seen
        auto again = bad->new_game();
        REQUIRE_FALSE(again);
        CHECK(again.error().kind == FailureKind::Crash);
    }
    SECTION("hang with a short clock") {
        auto bad = start(mock_config("bad", {"--misbehave", "hang", "--at-move", "1"}));
        long pid = bad->pid();
        setup.time_control[1] = *arb::core::TimeControl::parse("0.2");
        auto t0 = std::chrono::steady_clock::now();
        auto record = arb::match::play_game(setup, *good, *bad);
        auto took = std::chrono::steady_clock::now() - t0;
        CHECK(record.termination == arb::match::Termination::TimeForfeit);
        CHECK(record.loser_side == 1);
        CHECK(took >= 250ms);  // 200 ms + 50 ms margin
        CHECK(took < 10s);     // the clock, not a hung wait, ended it (a generous bound for loaded machines)
        CHECK(bad->needs_restart());
        bad->quit();
        require_gone(pid);
    }
    good->quit();
}

TEST_CASE("a child the engine spawned is killed with its process group", "[e2e][engine]") {
    auto engine = start(mock_config("spawner", {"--misbehave", "spawn-child"}));
    long pid = engine->pid();
    REQUIRE(engine->new_game());  // by now the engine has written its child's pid to stderr
    std::string tail = engine->stderr_tail();
    auto at = tail.find("spawned child pid ");
    REQUIRE(at != std::string::npos);
    pid_t child = static_cast<pid_t>(std::stol(tail.substr(at + 18)));
    CHECK(::getpgid(child) == pid);
    engine->quit();
    require_gone(pid);
    char state = arb::test::process_state(child);  // killed (checked above); reaping an orphan is init's job
    CHECK((state == 0 || state == 'Z'));
}

TEST_CASE("the stop flag abandons a game long before the clocks would end it", "[e2e][engine]") {
    auto setup = tictactoe_setup("60");
    auto good = start(mock_config("good"));
    auto bad = start(mock_config("bad", {"--misbehave", "hang", "--at-move", "1"}));
    std::atomic<bool> stop{false};
    std::thread stopper([&] {
        std::this_thread::sleep_for(200ms);
        stop.store(true);
    });
    auto t0 = std::chrono::steady_clock::now();
    auto record = arb::match::play_game(setup, *good, *bad, &stop);
    auto took = std::chrono::steady_clock::now() - t0;
    stopper.join();
    CHECK(record.termination == arb::match::Termination::Abandoned);
    CHECK(record.result == ARB_RESULT_ONGOING);
    CHECK(took < 20s);  // the hung engine's 60 s clock would end it at 60 s; the flag is set at 0.2 s
}

TEST_CASE("a wait the stop flag ends is Interrupted, not the engine's time forfeit", "[e2e][engine]") {
    auto engine = start(mock_config("hangs", {"--misbehave", "hang", "--at-move", "1"}));
    std::atomic<bool> stop{true};
    engine->set_stop_flag(&stop);
    auto answer = engine->go(arb::protocol::Position{}, movetime(5000), 5000ms);
    REQUIRE_FALSE(answer);
    CHECK(answer.error().kind == FailureKind::Interrupted);
    CHECK(arb::match::termination_for(answer.error().kind) == arb::match::Termination::Abandoned);
    // Nobody's fault: no side is blamed when it happens before the game.
    auto record = arb::match::engine_failure_record(tictactoe_setup("60"), "a", "hangs", 1, answer.error());
    CHECK(record.termination == arb::match::Termination::Abandoned);
    CHECK(record.result == ARB_RESULT_ONGOING);
    CHECK(record.loser_side == -1);
    engine->set_stop_flag(nullptr);
}

TEST_CASE("a program that cannot be started is a StartFailed naming it", "[e2e][engine]") {
    EngineConfig config;
    config.name = "ghost";
    config.command = "/no/such/program";
    auto engine = ProtocolEngine::start(config, short_timeouts());
    REQUIRE_FALSE(engine);
    CHECK(engine.error().kind == FailureKind::StartFailed);
    CHECK_THAT(engine.error().message, Catch::Contains("/no/such/program"));

    config.command = "arbiter-no-such-program-on-path";
    engine = ProtocolEngine::start(config, short_timeouts());
    REQUIRE_FALSE(engine);
    CHECK_THAT(engine.error().message, Catch::Contains("not found on PATH"));

    config = mock_config("m");
    config.working_dir = "/no/such/folder";
    engine = ProtocolEngine::start(config, short_timeouts());
    REQUIRE_FALSE(engine);
    CHECK_THAT(engine.error().message, Catch::Contains("/no/such/folder"));
}

TEST_CASE("a line over 64 KiB is a protocol error even when it arrives in pieces", "[e2e][engine]") {
    // A scripted engine: answers the handshake, then writes 80000 bytes of
    // one line in two pieces, each of which alone would fit.
    EngineConfig config;
    config.name = "long";
    config.command = "/bin/sh";
    config.args = {"-c",
                   "read a; echo ugiok; read b; echo readyok; read c; read d; "
                   "head -c 40000 /dev/zero | tr '\\0' x; sleep 0.05; head -c 40000 /dev/zero | tr '\\0' y; "
                   "echo; echo bestmove a1; read e"};
    auto engine = start(config);
    auto answer = engine->go(arb::protocol::Position{}, movetime(2000), 2000ms);
    REQUIRE_FALSE(answer);
    CHECK(answer.error().kind == FailureKind::Protocol);
    CHECK_THAT(answer.error().message, Catch::Contains("65536"));
    CHECK(answer.error().offending_text.substr(0, 3) == "xxx");
    long pid = engine->pid();
    engine->quit();
    require_gone(pid);
}

TEST_CASE("info lines before bestmove are kept, the elapsed time is measured", "[e2e][engine]") {
    EngineConfig config;
    config.name = "scripted";
    config.command = "/bin/sh";
    config.args = {"-c",
                   "read a; echo 'id name scripted'; echo 'option name Hash Size type spin default 1'; echo ugiok; "
                   "read b; echo readyok; read c; read d; echo 'info depth 3 score cp 17 nodes 99'; sleep 0.1; "
                   "echo 'info string hello'; echo; echo 'bestmove  b2 ponder c3'; read e"};
    auto engine = start(config);
    CHECK(engine->declared_options() == std::vector<std::string>{"Hash Size"});
    auto answer = engine->go(arb::protocol::Position{}, movetime(2000), 3000ms);
    REQUIRE(answer);
    CHECK(answer->move == "b2");
    CHECK(answer->info.score_cp == 17);
    CHECK(answer->info.depth == 3);
    CHECK(answer->info.nodes == 99);
    CHECK(answer->elapsed >= 100ms);  // the script sleeps 0.1 s before bestmove (and go's 3 s timeout bounds it above)
}

TEST_CASE("an engine that stops reading makes a write time out, not block", "[e2e][engine]") {
    EngineConfig config;
    config.name = "deaf";
    config.command = "/bin/sh";
    config.args = {"-c", "read a; echo ugiok; read b; echo readyok; exec sleep 30"};
    auto engine = start(config);
    arb::protocol::Position position;
    position.moves.assign(100000, "a1");  // 300000 bytes: far more than a pipe holds
    auto t0 = std::chrono::steady_clock::now();
    auto answer = engine->go(position, movetime(300), 300ms);
    auto took = std::chrono::steady_clock::now() - t0;
    REQUIRE_FALSE(answer);
    CHECK(answer.error().kind == FailureKind::Timeout);
    CHECK(took >= 300ms);
    CHECK(took < 15s);  // a blocked write would last until the engine's `sleep 30` ends
    long pid = engine->pid();
    engine->quit();
    require_gone(pid);
}

TEST_CASE("games in parallel threads each start, play and clean up their own engines", "[e2e][engine]") {
    constexpr int kThreads = 4;
    std::vector<std::thread> threads;
    std::vector<arb::match::Termination> endings(kThreads, arb::match::Termination::Abandoned);
    std::vector<long> pids(2 * kThreads, -1);
    auto setup = tictactoe_setup();
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            auto a = ProtocolEngine::start(mock_config("a", {"--seed", std::to_string(t)}), short_timeouts());
            auto b = ProtocolEngine::start(mock_config("b", {"--seed", std::to_string(t + 50)}), short_timeouts());
            if (!a || !b) return;
            pids[2 * t] = (*a)->pid();
            pids[2 * t + 1] = (*b)->pid();
            for (int game = 0; game < 3; ++game) endings[t] = arb::match::play_game(setup, **a, **b).termination;
        });
    }
    for (auto &th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) CHECK(endings[t] == arb::match::Termination::GameRule);
    for (long pid : pids) {
        REQUIRE(pid > 0);
        require_gone(pid);
    }
}

namespace {

// The descriptors this process has open now, from /proc/self/fd (the
// directory's own descriptor, open while listing, is not counted).
int open_descriptors() {
    int n = 0;
    for (const auto &entry : std::filesystem::directory_iterator("/proc/self/fd")) {
        (void)entry;
        ++n;
    }
    return n - 1;
}

}  // namespace

TEST_CASE("each engine holds at most four descriptors: three pipes and a pidfd", "[e2e][engine]") {
    // One engine first, so that what the first start sets up once (the
    // spawning thread, the cgroup parent) is in the baseline.
    { auto warm_up = start(mock_config("warm-up")); }
    const int before = open_descriptors();
    constexpr int kEngines = 8;
    std::vector<std::unique_ptr<ProtocolEngine>> engines;
    for (int i = 0; i < kEngines; ++i) engines.push_back(start(mock_config("e" + std::to_string(i))));
    // Every engine is alive and through its handshake, its pipes open.
    for (auto &engine : engines) REQUIRE(engine->alive());
    const int per_engine_bound = 4;  // stdin, stdout and stderr pipes, and a pidfd
    const int constant = 2;          // room for a descriptor the process opens meanwhile
    const int added = open_descriptors() - before;
    INFO("descriptors added by " << kEngines << " engines: " << added);
    CHECK(added >= 3 * kEngines);  // the three pipes are really held
    CHECK(added <= per_engine_bound * kEngines + constant);
    engines.clear();
    CHECK(open_descriptors() <= before + constant);  // and given back
}

// The protocol writer's own guard (issue 28 item 1): a text that reaches it
// past the config checks (here: an EngineConfig built in code) is never sent.
// The mock engine records every line it receives; only its handshake word and
// the 'quit' of the failed start arrive.
TEST_CASE("the protocol writer refuses an option that would carry a command of its own", "[engine][text]") {
    const std::vector<std::pair<std::string, std::string>> hostile{
        {"Hash", "16\nuginewgame\nposition startpos moves f5\ngo movetime 1"},
        {"Evil\nquit", "1"},
        {"Hash value 1", "2"},
        {"Name", "\x1b]0;pwned\x07"},
    };
    for (const auto &option : hostile) {
        arb::test::TempDir dir;
        const auto log = dir.path() / "received.txt";
        EngineConfig config = mock_config("recorded", {"--log", log.string()});
        config.ugi_options = {{"Threads", "1"}, option};
        arb::engine::GameSetupOptions game;
        game.game = "tictactoe";
        auto engine = ProtocolEngine::start(config, short_timeouts(), game);
        INFO(option.first << " = " << option.second);
        REQUIRE_FALSE(engine.has_value());
        CHECK(engine.error().kind == FailureKind::StartFailed);
        CHECK_THAT(engine.error().message, Catch::StartsWith("internal error: arbiter refuses to send 'setoption name "));
        // The engine has quit by now (start() stops it): its record is complete.
        CHECK(arb::test::read_file(log) == "ugi\nquit\n");
    }
}
