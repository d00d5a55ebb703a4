// Size and build time of report.html for tournaments of 1,000 and 10,000
// games: random legal games of a real plugin (per-move times, scores and
// depths as an engine sends them), four engines in a round robin. Prints the
// page's size, bytes per game and per ply, and the time to build it, against
// the in-run baseline of writing the same games as games.jsonl lines.
//
// Usage: report_bench [game=othello] [counts=1000,10000] [plugin dir]
#include "game/plugin.hpp"
#include "output/html_report.hpp"
#include "output/jsonl_record.hpp"
#include "output/standings.hpp"

#include <fmt/format.h>

#include <chrono>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::vector<arb::output::FinishedGame> random_games(const arb::game::PluginPtr &plugin, int count, uint64_t seed) {
    const std::vector<std::string> names = {"alpha", "beta", "gamma", "delta"};
    std::mt19937_64 rng(seed);
    std::vector<arb::output::FinishedGame> games;
    games.reserve(static_cast<size_t>(count));
    auto start = arb::game::GameState::create(plugin);
    std::vector<arb_move> moves;
    for (int i = 0; i < count; ++i) {
        arb::output::FinishedGame g;
        g.slot.index = i;
        g.slot.pair_id = i / 2;
        const int a = static_cast<int>(rng() % 4), b = (a + 1 + static_cast<int>(rng() % 3)) % 4;
        g.slot.engine[0] = a;
        g.slot.engine[1] = b;
        auto &r = g.record;
        r.engine_names[0] = names[static_cast<size_t>(a)];
        r.engine_names[1] = names[static_cast<size_t>(b)];
        arb::game::GameState state = *start;
        r.opening_position = state.position();
        for (int ply = 0; ply < 300; ++ply) {
            state.legal_moves(moves);
            if (moves.empty()) break;
            const arb_move m = moves[rng() % moves.size()];
            arb::match::MoveRecord mr;
            mr.text = state.format_move(m);
            mr.elapsed = std::chrono::milliseconds(5 + rng() % 400);
            mr.score_cp = static_cast<int>(rng() % 600) - 300;
            mr.depth = 1 + static_cast<int>(rng() % 20);
            mr.nodes = static_cast<int64_t>(rng() % 1000000);
            r.moves.push_back(std::move(mr));
            state.play(m);
        }
        const arb_outcome o = state.outcome();
        r.result = o.result == ARB_RESULT_ONGOING ? ARB_RESULT_DRAW : o.result;
        r.termination = o.result == ARB_RESULT_ONGOING ? arb::match::Termination::MaxPlies
                                                       : arb::match::Termination::GameRule;
        r.reason = o.result == ARB_RESULT_ONGOING ? "ply limit" : o.reason;
        r.final_position = state.position();
        r.started = std::chrono::system_clock::now();
        games.push_back(std::move(g));
    }
    return games;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string game_id = argc > 1 ? argv[1] : "othello";
    std::vector<int> counts = {1000, 10000};
    if (argc > 2) {
        counts.clear();
        std::stringstream list(argv[2]);
        for (std::string item; std::getline(list, item, ',');) counts.push_back(std::stoi(item));
    }
    const std::string dir = argc > 3 ? argv[3] : ARBITER_PLUGIN_DIR;
    arb::game::PluginPtr plugin;
    for (auto &p : arb::game::discover_plugins({dir}).plugins)
        if (p->id() == game_id) plugin = p;
    if (!plugin) {
        fmt::print(stderr, "report_bench: no plugin '{}' in {}\n", game_id, dir);
        return 1;
    }
    fmt::print("report.html of {} tournaments, random legal games, 4 engines\n", game_id);
    fmt::print("{:>7} {:>8} {:>11} {:>9} {:>9} {:>10} {:>10} {:>10} {:>7}\n", "games", "plies", "bytes", "B/game",
               "B/ply", "jsonl s", "viewer s", "page s", "ratio");
    for (int count : counts) {
        const auto games = random_games(plugin, count, 1);
        size_t plies = 0;
        for (const auto &g : games) plies += g.record.moves.size();

        // Baseline: the same games as the records the run writes anyway.
        auto t0 = Clock::now();
        size_t jsonl_bytes = 0;
        for (const auto &g : games) jsonl_bytes += arb::output::to_json_line(g, {game_id, game_id}).size() + 1;
        const double jsonl_s = seconds_since(t0);

        t0 = Clock::now();
        arb::output::ReportGames viewer(plugin, {});
        for (const auto &g : games) viewer.add(g);
        const double viewer_s = seconds_since(t0);

        t0 = Clock::now();
        const auto standings = arb::output::compute_standings({"alpha", "beta", "gamma", "delta"}, games, std::nullopt);
        arb::output::ReportHeader header;
        header.event = "bench";
        header.games_scheduled = count;
        const std::string page = arb::output::html_report(header, standings, games, viewer, std::nullopt);
        const double page_s = seconds_since(t0);

        fmt::print("{:>7} {:>8} {:>11} {:>9.0f} {:>9.1f} {:>10.3f} {:>10.3f} {:>10.3f} {:>7.1f}\n", count, plies,
                   page.size(), static_cast<double>(page.size()) / count,
                   static_cast<double>(page.size()) / static_cast<double>(plies), jsonl_s, viewer_s, page_s,
                   (viewer_s + page_s) / jsonl_s);
        fmt::print("        (games.jsonl of the same games: {} bytes; page/jsonl size {:.2f})\n", jsonl_bytes,
                   static_cast<double>(page.size()) / static_cast<double>(jsonl_bytes));
    }
    fmt::print("ratio: (viewer + page) time / jsonl time; viewer: replaying every game through the plugin\n");
    return 0;
}
