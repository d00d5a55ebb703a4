// SPRT bookkeeping at scale: a 200,000-game SPRT match keeps memory flat and
// the per-game work constant.
//   (a) the bookkeeping alone: one game into the running totals plus the SPRT
//       state, per game, at 10k and 200k games; against it, the old way (all
//       games kept, standings recomputed from them after every game), timed
//       for one game at the same counts;
//   (b) the whole `arbiter run` session (records written to a tmpfs, PGN
//       and JSON lines formatted, progress, SPRT) between two instant fake
//       engines that return a 40-move game: resident memory at 10k and at
//       200k games, and the time per game.
// The fake results cycle through the six pair kinds (LL LD WL DD WD WW), whose
// mean is exactly 1/2: with symmetric bounds the SPRT never decides.
// Usage: bench_sprt [games]   (default 200000)
#include "config/config_loader.hpp"
#include "output/standings.hpp"
#include "tournament/session.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace arb;

namespace {

using Clock = std::chrono::steady_clock;

long rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

// Engine 0's score in the game of pair `pair_id` where it plays side `side`.
double pattern_score(int pair_id, int side) {
    static const double kinds[6][2] = {{0, 0}, {0, 0.5}, {1, 0}, {0.5, 0.5}, {1, 0.5}, {1, 1}};
    return kinds[pair_id % 6][side];
}

arb_result result_for_side_0(double score_of_side_0) {
    return score_of_side_0 == 1 ? ARB_RESULT_WIN_SIDE_0 : score_of_side_0 == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_DRAW;
}

class InstantEngine : public engine::ProtocolEngine {
public:
    explicit InstantEngine(std::string name) : name_(std::move(name)) {}
    Expected<void, engine::EngineError> new_game() override { return {}; }
    Expected<engine::BestMove, engine::EngineError> go(const protocol::Position &, const protocol::Go &,
                                                      std::chrono::milliseconds) override {
        return Unexpected<engine::EngineError>{{engine::FailureKind::Protocol, "not used", ""}};
    }
    void quit() override { alive_ = false; }
    [[nodiscard]] bool alive() const override { return alive_; }
    [[nodiscard]] const std::string &name() const override { return name_; }
    [[nodiscard]] std::string stderr_tail() const override { return {}; }

private:
    std::string name_;
    bool alive_ = true;
};

const rating::SprtConfig kSprt{-5, 5, 0.05, 0.05, rating::SprtConfig::Model::Normalized};

// (a) The bookkeeping of one finished game, as the session does it.
void bookkeeping(int games) {
    rating::ResultTally tally(2);
    std::vector<match::FinishedGame> kept;  // the old way's input, for the baseline
    int decided = 0;
    std::printf("(a) bookkeeping per game (running totals + SPRT) vs the old recount from all games\n");
    std::printf("%9s %16s %18s %9s\n", "games", "per game (us)", "old per game (us)", "ratio");
    Clock::duration spent{};  // in the bookkeeping only, since the last report
    int measured_from = 0;
    for (int i = 0; i < games; ++i) {
        const int pair = i / 2, side_of_0 = i % 2;
        const double s = pattern_score(pair, side_of_0);
        const rating::GameOutcome outcome{side_of_0 == 0 ? 0 : 1, side_of_0 == 0 ? 1 : 0, side_of_0 == 0 ? s : 1 - s,
                                          pair};
        auto t0 = Clock::now();
        tally.add(outcome);
        if (output::sprt_state(kSprt, tally.counts()).decision != rating::SprtState::Decision::Continue) ++decided;
        spent += Clock::now() - t0;
        match::FinishedGame g;
        g.slot.index = i;
        g.slot.pair_id = pair;
        g.slot.engine[0] = outcome.first;
        g.slot.engine[1] = outcome.second;
        g.record.result = result_for_side_0(outcome.score);
        kept.push_back(std::move(g));
        const int done = i + 1;
        if (done == 10000 || done == games) {
            double per_game = std::chrono::duration<double, std::micro>(spent).count() / (done - measured_from);
            // The old per-game cost at this count: standings from all kept games.
            auto t1 = Clock::now();
            auto old = output::compute_standings({"a", "b"}, kept, kSprt);
            double old_us = std::chrono::duration<double, std::micro>(Clock::now() - t1).count();
            if (old.head_to_head->pentanomial.wd != tally.counts().pentanomial.wd) std::printf("MISMATCH\n");
            std::printf("%9d %16.3f %18.1f %8.0fx\n", done, per_game, old_us, old_us / per_game);
            spent = {};
            measured_from = done;
        }
    }
    std::printf("SPRT decisions reached: %d (expected 0: the pattern scores exactly 1/2)\n\n", decided);
}

// (b) The whole session between instant fake engines.
int session(int games) {
    const auto base = std::filesystem::exists("/dev/shm") ? std::filesystem::path("/dev/shm")
                                                          : std::filesystem::temp_directory_path();
    const auto out = base / ("arbiter-bench-sprt-" + std::to_string(::getpid()));
    std::ostringstream yaml;
    yaml << "game: tictactoe\nengines:\n  - {name: a, command: x}\n  - {name: b, command: x}\n"
         << "tournament: {rounds: " << games / 2 << ", games_per_pairing: 2}\nconcurrency: 2\n"
         << "sprt: {elo0: -5, elo1: 5, alpha: 0.05, beta: 0.05}\nprogress: {interval: 0}\noutput: {dir: \""
         << out.string() << "\"}\n";
    config::LoadOptions options;
    options.plugin_dirs = {ARBITER_PLUGIN_DIR};
    options.check_programs = false;
    auto loaded = config::load_config_text(yaml.str(), "bench", options);
    if (!loaded) {
        std::cerr << loaded.error().message << "\n";
        return 1;
    }
    std::atomic<int> started{0};
    std::atomic<long> rss_at_10k{0}, rss_at_end{0};
    std::atomic<long> rss_at_start{rss_kib()};
    tournament::SessionOptions session;
    session.quiet = true;
    session.parts.start_engine = [](const engine::EngineConfig &c, const engine::EngineTimeouts &)
        -> Expected<std::unique_ptr<engine::ProtocolEngine>, engine::EngineError> {
        return std::unique_ptr<engine::ProtocolEngine>(new InstantEngine(c.name));
    };
    session.parts.play_game = [&](const match::GameSetup &setup, engine::ProtocolEngine &x, engine::ProtocolEngine &y,
                                  const std::atomic<bool> *) {
        const int n = ++started;
        if (n == 10000) rss_at_10k = rss_kib();
        if (n == games) rss_at_end = rss_kib();
        match::GameRecord r;
        r.engine_names[0] = x.name();
        r.engine_names[1] = y.name();
        const int pair = static_cast<int>(setup.seed) - 1;
        const int side_of_a = x.name() == "a" ? 0 : 1;
        const double score_of_a = pattern_score(pair, side_of_a);
        r.result = result_for_side_0(side_of_a == 0 ? score_of_a : 1 - score_of_a);
        r.reason = "pattern";
        for (int m = 0; m < 40; ++m) {
            match::MoveRecord move;
            move.text = "m" + std::to_string(m);
            move.elapsed = std::chrono::milliseconds(1);
            move.info.score_cp = 12;
            move.info.depth = 3;
            move.info.nodes = 100;
            r.moves.push_back(std::move(move));
        }
        r.final_position = "final position text";
        r.started = std::chrono::system_clock::now();
        return r;
    };
    std::ostringstream sink, err;
    auto t0 = Clock::now();
    auto result = tournament::run_session(*loaded, session, sink, err);
    double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    std::filesystem::remove_all(out);
    if (result.exit_code != 0 || result.sprt_stopped) {
        std::cerr << "session failed or stopped: " << err.str() << sink.str() << "\n";
        return 1;
    }
    std::printf("(b) arbiter run session, SPRT on, instant fake engines, records on %s\n", base.c_str());
    std::printf("games %d in %.1f s: %.1f us per game (everything: records, PGN, SPRT), %.0f games/s\n",
                result.games_recorded, seconds, 1e6 * seconds / result.games_recorded, result.games_recorded / seconds);
    std::printf("RSS: start %ld KiB, at 10k games %ld KiB, at %d games %ld KiB (growth 10k -> %d: %+ld KiB)\n",
                rss_at_start.load(), rss_at_10k.load(), games, rss_at_end.load(), games,
                rss_at_end.load() - rss_at_10k.load());
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 200000;
    bookkeeping(games);
    return session(games);
}
