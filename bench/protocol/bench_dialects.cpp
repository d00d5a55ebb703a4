// bench_dialects: the arbiter's time per ply in each protocol dialect (UGI,
// UCI, UAI, USI) next to UGI's, between two instant engines playing real
// games of tic-tac-toe through play_game. USI adds the plugin's notation
// conversions (arbiter.protocol-notation/1: every move of the 'position'
// line out, the bestmove in); UCI and UAI only rename words. Then xboard
// beside UCI in chess (tic-tac-toe has no xboard), between two instant
// engines that shuffle their knights until the threefold repetition: one
// 'usermove' a ply against UCI's whole 'position' line. The dialects run
// in alternating rounds so that all see the same machine load.
// Usage: bench_dialects [plies per dialect] [plugin dir]
#include "engine/protocol_engine.hpp"
#include "game/plugin.hpp"
#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"

#include <arbiter/protocol/dialect.hpp>
#include <arbiter/protocol/numbers.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using arb::protocol::Dialect;

void say(std::string_view text) {
    while (!text.empty()) {
        ssize_t n = ::write(1, text.data(), text.size());
        if (n <= 0) std::exit(1);
        text.remove_prefix(static_cast<size_t>(n));
    }
}

// The instant chess engine, in UCI or xboard: the knights out and back
// (g1f3 g8f6 f3g1 f6g8), so that each game is a threefold repetition.
int chess_engine_main() {
    static constexpr const char *kShuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    static char buf[1 << 16];
    std::string pending;
    size_t plies = 0;
    for (;;) {
        ssize_t n = ::read(0, buf, sizeof buf);
        if (n <= 0) return 0;
        pending.append(buf, static_cast<size_t>(n));
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
            std::string_view line = std::string_view(pending).substr(start, nl - start);
            if (line == "uci") {
                say("id name instant\nuciok\n");
            } else if (line == "protover 2") {
                say("feature ping=1 setboard=1 usermove=1 myname=\"instant\" done=1\n");
            } else if (line == "isready") {
                say("readyok\n");
            } else if (line.rfind("ping ", 0) == 0) {
                say("pong " + std::string(line.substr(5)) + "\n");
            } else if (line == "new") {
                plies = 0;
            } else if (line.rfind("usermove ", 0) == 0) {
                ++plies;
            } else if (line.rfind("position", 0) == 0) {
                plies = static_cast<size_t>(std::count(line.begin(), line.end(), ' ')) - 2;  // "position startpos moves ..."
            } else if (line.rfind("go", 0) == 0) {
                const bool uci = line.size() > 2;  // UCI's 'go wtime ...'; xboard's bare 'go'
                say(std::string(uci ? "bestmove " : "move ") + kShuffle[plies % 4] + "\n");
                if (!uci) ++plies;
            } else if (line == "quit") {
                return 0;
            }
        }
        pending.erase(0, start);
    }
}

// The instant engine: any dialect (answers the handshake it gets), always
// the first empty square, in tic-tac-toe's own notation ("a1") or USI's ("3a").
int engine_main() {
    bool taken[9] = {};
    bool usi = false;
    static char buf[1 << 16];
    std::string pending;
    for (;;) {
        ssize_t n = ::read(0, buf, sizeof buf);
        if (n <= 0) return 0;
        pending.append(buf, static_cast<size_t>(n));
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
            std::string_view line = std::string_view(pending).substr(start, nl - start);
            if (auto d = arb::protocol::dialect_named(line)) {
                usi = *d == Dialect::Usi;
                std::string answer = "id name instant\n" + std::string(arb::protocol::words(*d).ok) + "\n";
                say(answer);
            } else if (line == "isready") {
                say("readyok\n");
            } else if (line.rfind("position", 0) == 0) {
                std::fill(std::begin(taken), std::end(taken), false);
                size_t at = line.find(" moves");
                for (size_t i = at == std::string_view::npos ? line.size() : at + 6; i + 2 <= line.size(); ++i) {
                    if (line[i] >= 'a' && line[i] <= 'c' && line[i + 1] >= '1' && line[i + 1] <= '3')
                        taken[(line[i + 1] - '1') * 3 + (line[i] - 'a')] = true;
                    else if (line[i] >= '1' && line[i] <= '3' && line[i + 1] >= 'a' && line[i + 1] <= 'c')
                        taken[(line[i + 1] - 'a') * 3 + ('3' - line[i])] = true;
                }
            } else if (line.rfind("go", 0) == 0) {
                int free = 0;
                while (free < 8 && taken[free]) ++free;
                char reply[] = "bestmove a1\n";
                if (usi) {
                    reply[9] = static_cast<char>('3' - free % 3);
                    reply[10] = static_cast<char>('a' + free / 3);
                } else {
                    reply[9] = static_cast<char>('a' + free % 3);
                    reply[10] = static_cast<char>('1' + free / 3);
                }
                say(reply);
            } else if (line == "quit") {
                return 0;
            }
        }
        pending.erase(0, start);
    }
}

std::string self_path() {
    char buf[4096];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return {};
    return std::string(buf, static_cast<size_t>(n));
}

class Games {
public:
    Games(Dialect dialect, const std::string &self, const arb::game::PluginPtr &plugin) {
        arb::engine::EngineConfig config;
        config.command = self;
        config.args = {plugin->id() == "chess" ? "--chess-engine" : "--engine"};
        config.protocol = dialect;
        auto game = arb::match::engine_game_options(*plugin, {});
        config.name = "instant-1";
        auto a = arb::engine::ProtocolEngine::start(config, {}, game);
        config.name = "instant-2";
        auto b = arb::engine::ProtocolEngine::start(config, {}, game);
        if (!a || !b) {
            std::fprintf(stderr, "bench_dialects: could not start the instant engines in %s: %s\n",
                         std::string(arb::protocol::name(dialect)).c_str(),
                         (!a ? a.error() : b.error()).message.c_str());
            std::exit(1);
        }
        a_ = std::move(*a);
        b_ = std::move(*b);
        setup_.plugin = plugin;
        setup_.time_control[0] = setup_.time_control[1] = *arb::core::TimeControl::parse("1000+0");
    }

    // Microseconds from one move to the next within a game (the first move of
    // a game also pays for the new-game command, so it is left out).
    double ply_us(int plies) {
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
                std::fprintf(stderr, "bench_dialects: unexpected end: %s\n", record.reason.c_str());
                std::exit(1);
            }
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

}  // namespace

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "--engine") == 0) return engine_main();
    if (argc > 1 && std::strcmp(argv[1], "--chess-engine") == 0) return chess_engine_main();
    const int plies = argc > 1 ? arb::protocol::parse_integer<int>(argv[1], 100, 100000000).value_or(5500) : 5500;
    const std::string plugin_dir = argc > 2 ? argv[2] : ARBITER_PLUGIN_DIR;
    auto plugin = arb::game::find_plugin("tictactoe", {plugin_dir});
    if (!plugin) {
        std::fprintf(stderr, "bench_dialects: %s\n", plugin.error().message.c_str());
        return 1;
    }
    const std::string self = self_path();
    std::vector<std::unique_ptr<Games>> games;
    for (Dialect d : arb::protocol::kUciFamily) games.push_back(std::make_unique<Games>(d, self, *plugin));
    for (auto &g : games) g->ply_us(200);  // warm up
    const int rounds = 11;
    std::vector<std::vector<double>> samples(games.size());
    for (int r = 0; r < rounds; ++r)
        for (size_t i = 0; i < games.size(); ++i) samples[i].push_back(games[i]->ply_us(plies / rounds));
    const double ugi = median(samples[0]);
    std::printf("arbiter time per ply between two instant tic-tac-toe engines (%d rounds of %d plies)\n", rounds,
                plies / rounds);
    for (size_t i = 0; i < games.size(); ++i) {
        const double m = median(samples[i]);
        std::printf("  %s  median %7.2f us, best %7.2f us, %5.2fx UGI%s\n",
                    std::string(arb::protocol::name(arb::protocol::kUciFamily[i])).c_str(), m,
                    *std::min_element(samples[i].begin(), samples[i].end()), m / ugi,
                    i == 3 ? "  (moves converted through the plugin)" : "");
    }

    auto chess = arb::game::find_plugin("chess", {plugin_dir});
    if (!chess) {
        std::fprintf(stderr, "bench_dialects: %s\n", chess.error().message.c_str());
        return 1;
    }
    Games uci(Dialect::Uci, self, *chess), xboard(Dialect::Xboard, self, *chess);
    uci.ply_us(200);
    xboard.ply_us(200);
    std::vector<double> uci_samples, xboard_samples;
    for (int r = 0; r < rounds; ++r) {
        uci_samples.push_back(uci.ply_us(plies / rounds));
        xboard_samples.push_back(xboard.ply_us(plies / rounds));
    }
    const double uci_median = median(uci_samples);
    std::printf("arbiter time per ply between two instant chess engines (knights out and back, %d rounds of %d plies)\n",
                rounds, plies / rounds);
    std::printf("  uci     median %7.2f us, best %7.2f us\n", uci_median,
                *std::min_element(uci_samples.begin(), uci_samples.end()));
    std::printf("  xboard  median %7.2f us, best %7.2f us, %5.2fx UCI\n", median(xboard_samples),
                *std::min_element(xboard_samples.begin(), xboard_samples.end()), median(xboard_samples) / uci_median);
    return 0;
}
