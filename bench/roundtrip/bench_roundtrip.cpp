// bench_roundtrip: what the arbiter adds to the cost of one move.
//   (a) the raw pipe round trip: blocking write of a 'position' + 'go' pair
//       to an instant echo-like child and blocking read of its 'bestmove',
//       nothing else (the floor any arbiter pays);
//   (b) the arbiter's time per ply between two instant UGI engines, playing
//       real games of tic-tac-toe through play_game (plugin checks, clocks,
//       position building, deadlines included);
// and the ratio (b)/(a). Both run in this process in alternating rounds, so
// they see the same machine load, with the processes pinned to fixed CPUs.
// Usage: bench_roundtrip [plies] [plugin dir]
#include "engine/protocol_engine.hpp"
#include "game/plugin.hpp"
#include "match/game_runner.hpp"
#include "process/spawn.hpp"

#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// Reads stdin line by line with read(2) and calls `on_line` for each line.
template <class F>
int line_loop(F on_line) {
    static char buf[1 << 16];
    std::string pending;
    for (;;) {
        ssize_t n = ::read(0, buf, sizeof buf);
        if (n <= 0) return 0;
        pending.append(buf, static_cast<size_t>(n));
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1)
            if (!on_line(std::string_view(pending).substr(start, nl - start))) return 0;
        pending.erase(0, start);
    }
}

void say(std::string_view text) {
    while (!text.empty()) {
        ssize_t n = ::write(1, text.data(), text.size());
        if (n <= 0) std::exit(1);
        text.remove_prefix(static_cast<size_t>(n));
    }
}

// (a)'s child: answers every 'go' line at once, ignores the rest.
int echo_main() {
    return line_loop([](std::string_view line) {
        if (line.rfind("go", 0) == 0) say("bestmove a1\n");
        return true;
    });
}

// (b)'s engines: instant UGI tic-tac-toe, always the first empty square.
int engine_main() {
    bool taken[9] = {};
    return line_loop([&](std::string_view line) {
        if (line == "ugi") {
            say("id name instant\noption name game type string default tictactoe\nugiok\n");
        } else if (line == "isready") {
            say("readyok\n");
        } else if (line.rfind("position", 0) == 0) {
            std::fill(std::begin(taken), std::end(taken), false);
            size_t at = line.find(" moves");
            for (size_t i = at == std::string_view::npos ? line.size() : at + 6; i + 2 <= line.size(); ++i)
                if (line[i] >= 'a' && line[i] <= 'c' && line[i + 1] >= '1' && line[i + 1] <= '3')
                    taken[(line[i + 1] - '1') * 3 + (line[i] - 'a')] = true;
        } else if (line.rfind("go", 0) == 0) {
            int free = 0;
            while (free < 8 && taken[free]) ++free;
            char reply[] = "bestmove a1\n";
            reply[9] = static_cast<char>('a' + free % 3);
            reply[10] = static_cast<char>('1' + free / 3);
            say(reply);
        } else if (line == "quit") {
            return false;
        }
        return true;
    });
}

std::string self_path() {
    char buf[4096];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return {};
    return std::string(buf, static_cast<size_t>(n));
}

// (a): an echo child spoken to with plain blocking read(2)/write(2).
class RawEcho {
public:
    explicit RawEcho(const std::string &self) {
        arb::process::SpawnOptions options;
        options.program = self;
        options.args = {"--echo"};
        options.err = arb::process::Stdio::inherit();
        auto child = arb::process::spawn(options);
        if (!child) std::exit(1);
        child_.emplace(std::move(*child));
        in_ = child_->stdin_pipe().get();
        out_ = child_->stdout_pipe().get();
    }
    ~RawEcho() {
        child_->stdin_pipe().reset();  // the echo child ends at end of input
        child_->wait_until(arb::process::SteadyClock::now() + std::chrono::seconds(5));
    }

    double round_trip_us(int count) {
        auto t0 = Clock::now();
        for (int i = 0; i < count; ++i) round_trip();
        return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / count;
    }

private:
    void round_trip() {
        // The same traffic as a mid-game move of (b).
        static const std::string message =
            "position startpos moves a1 b1 c1 a2\ngo p1time 1000000 p2time 1000000 p1inc 0 p2inc 0\n";
        if (::write(in_, message.data(), message.size()) != static_cast<ssize_t>(message.size())) std::exit(1);
        size_t got = 0;
        for (;;) {
            ssize_t n = ::read(out_, buf_ + got, sizeof buf_ - got);
            if (n <= 0) std::exit(1);
            got += static_cast<size_t>(n);
            if (std::memchr(buf_, '\n', got)) break;
        }
    }

    std::optional<arb::process::Child> child_;
    int in_ = -1, out_ = -1;
    char buf_[256];
};

// (b): two instant engines playing through play_game.
class ArbiterGames {
public:
    ArbiterGames(const std::string &self, const std::string &plugin_dir) {
    auto plugin = arb::game::find_plugin("tictactoe", {plugin_dir});
    if (!plugin) {
        std::fprintf(stderr, "bench_roundtrip: %s\n", plugin.error().message.c_str());
        std::exit(1);
    }
    arb::engine::EngineConfig config;
    config.command = self;
    config.args = {"--engine"};
    config.name = "instant-1";
    auto a = arb::engine::ProtocolEngine::start(config, {});
    config.name = "instant-2";
    auto b = arb::engine::ProtocolEngine::start(config, {});
    if (!a || !b) {
        std::fprintf(stderr, "bench_roundtrip: could not start the instant engines\n");
        std::exit(1);
    }
    a_ = std::move(*a);
    b_ = std::move(*b);
    setup_.plugin = *plugin;
    setup_.time_control[0] = setup_.time_control[1] = *arb::core::TimeControl::parse("1000+0");
    }

    int games = 0;

    double ply_us(int plies) {
    // Time from one move to the next within a game: the first move of each
    // game also pays for 'uginewgame'/'isready', so it is left out.
    double total_us = 0;
    int counted = 0;
    Clock::time_point last;
    arb::match::MoveObserver observer = [&](const arb::match::GameRecord &record, int) {
        auto now = Clock::now();
        if (record.moves.size() > 1) {
            total_us += std::chrono::duration<double, std::micro>(now - last).count();
            ++counted;
        }
        last = now;
    };
    while (counted < plies) {
        auto record = arb::match::play_game(setup_, *a_, *b_, nullptr, observer);
        if (record.termination != arb::match::Termination::GameRule) {
            std::fprintf(stderr, "bench_roundtrip: unexpected end: %s\n", record.reason.c_str());
            std::exit(1);
        }
        ++games;
    }
    return total_us / counted;
    }

private:
    std::unique_ptr<arb::engine::ProtocolEngine> a_, b_;
    arb::match::GameSetup setup_;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

bool pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return ::sched_setaffinity(0, sizeof set, &set) == 0;
}

void measure(const char *label, const std::string &self, const std::string &plugin_dir, int plies, int parent_cpu,
             int child_cpu) {
    // Children inherit the affinity of the moment they are started.
    if (!pin_to(child_cpu)) {
        std::printf("%s: cannot pin to CPU %d, skipped\n", label, child_cpu);
        return;
    }
    RawEcho echo(self);
    ArbiterGames arbiter(self, plugin_dir);
    pin_to(parent_cpu);
    echo.round_trip_us(500);  // warm up
    arbiter.ply_us(500);
    // Alternating rounds, so that both see the same (shared, noisy) machine.
    const int rounds = 11;
    std::vector<double> raw, ply;
    for (int r = 0; r < rounds; ++r) {
        raw.push_back(echo.round_trip_us(plies / rounds));
        ply.push_back(arbiter.ply_us(plies / rounds));
    }
    double a = median(raw), b = median(ply);
    double best_a = *std::min_element(raw.begin(), raw.end()), best_b = *std::min_element(ply.begin(), ply.end());
    std::printf("%s\n", label);
    std::printf("  (a) raw pipe round trip:   median %7.2f us, best %7.2f us  (%d rounds of %d)\n", a, best_a, rounds,
                plies / rounds);
    std::printf("  (b) arbiter time per ply:  median %7.2f us, best %7.2f us  (%d games of tic-tac-toe)\n", b, best_b,
                arbiter.games);
    std::printf("  ratio (b)/(a):             median %7.2f,    best %7.2f     (target 1.5)\n", b / a, best_b / best_a);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "--echo") == 0) return echo_main();
    if (argc > 1 && std::strcmp(argv[1], "--engine") == 0) return engine_main();
    int plies = argc > 1 ? std::atoi(argv[1]) : 20000;
    std::string plugin_dir = argc > 2 ? argv[2] : ARBITER_PLUGIN_DIR;
    if (plies < 100) plies = 100;
    std::string self = self_path();

    // Where the processes run decides the cost of a wake-up far more than
    // anything either side does (on a VM, waking an idle vCPU costs tens of
    // microseconds), so placement is fixed: everything on one CPU, then the
    // children on another CPU than this process.
    measure("one CPU (all processes on CPU 0)", self, plugin_dir, plies, 0, 0);
    if (std::thread::hardware_concurrency() >= 2)
        measure("two CPUs (this process on CPU 0, the children on CPU 1)", self, plugin_dir, plies, 0, 1);
    return 0;
}
