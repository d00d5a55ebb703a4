// Size and build time of report.html for tournaments of 1,000 and 10,000
// games of Othello and Gess. The records are synthesised: random legal games
// of the real plugin (up to 300 plies), four engines in a round robin, with
// per-move times, scores and depths from one of two models:
//   engine  like an engine's: per game each engine has a base time (20..400
//           ms) and a base depth (4..20); a move takes the base time times
//           e^N(0, 0.5) and reaches the base depth -1..+2; the score walks
//           from N(0, 30) in steps of N(0, 20) cp;
//   noise   uniform and independent per move: 5..404 ms, -300..299 cp,
//           depth 1..20 (the worst case for compression).
// They are written as games.jsonl and the page is built from it the way
// `arbiter report` builds it (tournament::ReportFile: read the log, replay
// every game through the plugin, encode, compress, write atomically); the
// build time is that whole step. Baseline: the moves as text (the plies'
// move texts separated by spaces), what the page must carry at least.
//
// Usage: report_bench [games=othello,gess] [counts=1000,10000] [out dir=report-bench] [plugin dir]
// The reports stay in OUT/GAME-COUNT-MODEL/report.html; the logs are removed.
#include "game/plugin.hpp"
#include "output/jsonl_record.hpp"
#include "tournament/report_file.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
const std::vector<std::string> kEngines = {"alpha", "beta", "gamma", "delta"};

std::vector<std::string> split(const std::string &text) {
    std::vector<std::string> out;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) out.push_back(item);
    return out;
}

// Random legal games, moves only.
std::vector<arb::match::FinishedGame> random_games(const arb::game::PluginPtr &plugin, int count, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<arb::match::FinishedGame> games;
    games.reserve(static_cast<size_t>(count));
    auto start = arb::game::GameState::create(plugin);
    std::vector<arb_move> moves;
    for (int i = 0; i < count; ++i) {
        arb::match::FinishedGame g;
        g.slot.index = i;
        g.slot.pair_id = i / 2;
        const int a = static_cast<int>(rng() % 4), b = (a + 1 + static_cast<int>(rng() % 3)) % 4;
        g.slot.engine[0] = a;
        g.slot.engine[1] = b;
        auto &r = g.record;
        r.engine_names[0] = kEngines[static_cast<size_t>(a)];
        r.engine_names[1] = kEngines[static_cast<size_t>(b)];
        arb::game::GameState state = *start;
        r.opening_position = state.position();
        for (int ply = 0; ply < 300; ++ply) {
            state.legal_moves(moves);
            if (moves.empty()) break;
            const arb_move m = moves[rng() % moves.size()];
            arb::match::MoveRecord mr;
            mr.text = state.format_move(m);
            r.moves.push_back(std::move(mr));
            state.play(m);
        }
        const arb_outcome o = state.outcome();
        r.result = o.result == ARB_RESULT_ONGOING ? ARB_RESULT_DRAW : o.result;
        r.termination = o.result == ARB_RESULT_ONGOING ? arb::match::Termination::MaxPlies
                                                       : arb::match::Termination::GameRule;
        r.reason = o.result == ARB_RESULT_ONGOING ? "ply limit" : o.reason;
        r.final_position = state.position();
        r.started = std::chrono::system_clock::time_point(std::chrono::seconds(1763776800 + i));
        r.duration = std::chrono::milliseconds(1000);
        games.push_back(std::move(g));
    }
    return games;
}

// Times, scores and depths of every move, by the model named in the header.
void add_engine_figures(std::vector<arb::match::FinishedGame> &games, const std::string &model, uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto uniform = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); };
    std::normal_distribution<double> normal(0, 1);
    for (auto &g : games) {
        int base_ms[2] = {uniform(20, 400), uniform(20, 400)}, base_depth[2] = {uniform(4, 20), uniform(4, 20)};
        double score[2] = {30 * normal(rng), 30 * normal(rng)};
        auto &moves = g.record.moves;
        for (size_t i = 0; i < moves.size(); ++i) {
            auto &m = moves[i];
            const size_t side = i % 2;
            if (model == "noise") {
                m.elapsed = std::chrono::milliseconds(uniform(5, 404));
                m.info.score_cp = uniform(-300, 299);
                m.info.depth = uniform(1, 20);
            } else {
                m.elapsed = std::chrono::milliseconds(std::lround(base_ms[side] * std::exp(0.5 * normal(rng))));
                score[side] += 20 * normal(rng);
                m.info.score_cp = static_cast<int>(std::lround(score[side]));
                m.info.depth = std::max(1, base_depth[side] + uniform(-1, 2));
            }
            m.info.nodes = static_cast<int64_t>(m.elapsed.count()) * 1000;
        }
    }
}

arb::config::LoadedConfig tournament_of(const arb::game::PluginPtr &plugin) {
    arb::config::LoadedConfig loaded;
    loaded.plugin = plugin;
    loaded.config.event = "report_bench";
    loaded.config.game.id = plugin->id();
    for (const auto &name : kEngines) {
        arb::engine::EngineConfig e;
        e.name = name;
        loaded.config.engines.push_back(e);
    }
    return loaded;
}

double mb(uint64_t bytes) { return static_cast<double>(bytes) / 1e6; }

}  // namespace

int main(int argc, char **argv) {
    const auto game_ids = split(argc > 1 ? argv[1] : "othello,gess");
    std::vector<int> counts;
    for (const auto &c : split(argc > 2 ? argv[2] : "1000,10000")) counts.push_back(std::stoi(c));
    const fs::path out = argc > 3 ? argv[3] : "report-bench";
    const std::string plugin_dir = argc > 4 ? argv[4] : ARBITER_PLUGIN_DIR;
    auto found = arb::game::discover_plugins({plugin_dir}).plugins;
    fmt::print("report.html of synthesised tournaments (random legal games, 4 engines), built as `arbiter report` "
               "builds it\n");
    fmt::print("{:<8} {:<6} {:>6} {:>8} {:>10} {:>9} {:>10} {:>9} {:>8} {:>9}\n", "game", "model", "games", "plies",
               "moves MB", "jsonl MB", "report MB", "/moves", "B/game", "build s");
    for (const auto &id : game_ids) {
        arb::game::PluginPtr plugin;
        for (auto &p : found)
            if (p->id() == id) plugin = p;
        if (!plugin) {
            fmt::print(stderr, "report_bench: no plugin '{}' in {}\n", id, plugin_dir);
            return 1;
        }
        const auto loaded = tournament_of(plugin);
        for (int count : counts) {
            auto games = random_games(plugin, count, 1);
            size_t plies = 0;
            uint64_t moves_text = 0;
            for (const auto &g : games) {
                plies += g.record.moves.size();
                for (const auto &m : g.record.moves) moves_text += m.text.size() + 1;
            }
            for (const std::string model : {"engine", "noise"}) {
                add_engine_figures(games, model, 2);
                const fs::path dir = out / fmt::format("{}-{}-{}", id, count, model);
                fs::create_directories(dir);
                const fs::path log = dir / "games.jsonl";
                {
                    std::ofstream file(log, std::ios::trunc);
                    for (const auto &g : games) file << arb::output::to_json_line(g, {id, id, ""}) << '\n';
                }
                const auto jsonl_bytes = fs::file_size(log);
                auto built = arb::tournament::ReportFile(loaded, count).write(log, dir / "report.html", "finished",
                                                                              /*all_games=*/true);
                if (!built) {
                    fmt::print(stderr, "report_bench: {}\n", built.error().message);
                    return 1;
                }
                fs::remove(log);
                fmt::print("{:<8} {:<6} {:>6} {:>8} {:>10.2f} {:>9.2f} {:>10.2f} {:>9.2f} {:>8.0f} {:>9.2f}\n", id,
                           model, count, plies, mb(moves_text), mb(jsonl_bytes), mb(built->bytes),
                           static_cast<double>(built->bytes) / static_cast<double>(moves_text),
                           static_cast<double>(built->bytes) / count, built->took.count());
            }
        }
    }
    fmt::print("MB = 10^6 bytes. moves: the move texts alone (baseline); jsonl: games.jsonl of the same games; "
               "/moves: report / moves; build: ReportFile::write (read, replay, encode, compress, write)\n");
    return 0;
}
