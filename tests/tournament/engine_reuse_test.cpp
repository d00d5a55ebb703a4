// Engine processes are reused, not restarted: the play order (PlayOrder)
// keeps engines busy that have a process, a session starts each engine about
// once per game it plays at the same time, and `restart: true` starts one
// process per game. The bounds are worked out by hand beside each check.
#include "tournament/play_order.hpp"
#include "tournament/schedule.hpp"
#include "tournament/session.hpp"

#include "fake_engines.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <list>

#include <map>
#include <mutex>
#include <queue>
#include <set>
#include <sstream>

using namespace arb;

namespace {

std::vector<match::ScheduledGame> schedule(config::TournamentType type, int engines, int rounds, int per_pairing) {
    tournament::ScheduleParams p;
    p.type = type;
    p.engine_count = engines;
    p.rounds = rounds;
    p.games_per_pairing = per_pairing;
    return tournament::make_schedule(p);
}

// A pool that keeps every process it ever started, as the real one does when
// descriptors allow: a game takes an idle process of each engine or starts
// one. Games take 1 to 7 time units (from the game index), `workers` at once,
// each worker taking its next game from `next` when its game ends. Returns
// the processes started; every game must be handed out exactly once.
struct Simulation {
    int starts = 0;
    std::multiset<int> played;
};

template <typename Next, typename Ended>
Simulation simulate(const std::vector<match::ScheduledGame> &games, int engines, int workers, Next next, Ended ended,
                    int capacity = 0) {
    Simulation sim;
    std::vector<int> idle(static_cast<size_t>(engines), 0);
    std::list<int> lru;  // with a capacity: the engines of the idle processes, unused the longest first
    int live = 0;
    using Event = std::pair<long, std::pair<int, size_t>>;  // (end time, (worker, position))
    std::priority_queue<Event, std::vector<Event>, std::greater<>> running;
    auto start = [&](long now, int worker, std::optional<size_t> previous) {
        auto position = next(previous);
        if (!position) return;
        const auto &g = games[*position];
        sim.played.insert(g.index);
        for (int e : g.engine) {
            if (idle[static_cast<size_t>(e)] > 0) {
                --idle[static_cast<size_t>(e)];
                lru.erase(std::prev(std::find(lru.rbegin(), lru.rend(), e).base()));
                continue;
            }
            ++sim.starts;
            if (capacity > 0 && live >= capacity && !lru.empty()) {  // shuts down the oldest idle process
                --idle[static_cast<size_t>(lru.front())];
                lru.pop_front();
                --live;
            }
            ++live;
        }
        running.push({now + 1 + (g.index * 7919L) % 7, {worker, *position}});
    };
    for (int w = 0; w < workers; ++w) start(0, w, std::nullopt);
    while (!running.empty()) {
        auto [now, what] = running.top();
        running.pop();
        for (int e : games[what.second].engine) {
            ++idle[static_cast<size_t>(e)];
            lru.push_back(e);
        }
        ended(what.second);
        start(now, what.first, what.second);
    }
    return sim;
}

Simulation simulate_play_order(const std::vector<match::ScheduledGame> &games, int engines, int workers,
                               int capacity = 0) {
    tournament::PlayOrder order(games, engines, {}, capacity);
    const bool kept[2] = {true, true};
    return simulate(
        games, engines, workers, [&](std::optional<size_t> previous) { return order.take(previous); },
        [&](size_t position) { order.finished(position, kept); }, capacity);
}

// The schedule's own order, as workers took games before PlayOrder.
Simulation simulate_schedule_order(const std::vector<match::ScheduledGame> &games, int engines, int workers,
                                   int capacity = 0) {
    size_t next = 0;
    return simulate(
        games, engines, workers,
        [&](std::optional<size_t>) { return next < games.size() ? std::optional<size_t>(next++) : std::nullopt; },
        [](size_t) {}, capacity);
}

void check_each_once(const Simulation &sim, size_t total) {
    CHECK(sim.played.size() == total);
    CHECK(std::set<int>(sim.played.begin(), sim.played.end()).size() == total);
}

}  // namespace

TEST_CASE("play order: a 128-engine round robin at concurrency 16 needs at most 2 processes per engine", "[reuse]") {
    const auto games = schedule(config::TournamentType::RoundRobin, 128, 1, 2);
    REQUIRE(games.size() == 128 * 127);  // 8128 pairings, 2 games each
    auto sim = simulate_play_order(games, 128, 16);
    check_each_once(sim, games.size());
    CHECK(sim.starts >= 128);  // each engine at least once
    CHECK(sim.starts <= 2 * 128);
    // In schedule order the first 254 games all involve engine 0: the bound
    // above is not met by any order.
    CHECK(simulate_schedule_order(games, 128, 16).starts > 2 * 128);
}

TEST_CASE("play order: with room for fewer processes than engines, engines are not cycled through", "[reuse]") {
    // 96 processes for 128 engines (a descriptor limit of 1024 at 10 per
    // engine), 16 workers. Spreading the games over all engines starts a
    // process for nearly every game; playing the games among the engines
    // that have a process first needs each engine started a few times at most.
    const auto games = schedule(config::TournamentType::RoundRobin, 128, 1, 2);
    auto sim = simulate_play_order(games, 128, 16, 96);
    check_each_once(sim, games.size());
    CHECK(sim.starts <= 4 * 128);
    CHECK(simulate_schedule_order(games, 128, 16, 96).starts > 4 * 128);
}

TEST_CASE("play order: a two-engine match needs one process per engine and worker", "[reuse]") {
    const auto games = schedule(config::TournamentType::RoundRobin, 2, 500, 2);
    auto sim = simulate_play_order(games, 2, 16);
    check_each_once(sim, games.size());
    CHECK(sim.starts <= 2 * 16);  // every game needs both engines: 16 games at once need 16 of each
}

TEST_CASE("play order: a gauntlet needs the first engine once per worker and the others once", "[reuse]") {
    const auto games = schedule(config::TournamentType::Gauntlet, 33, 3, 2);
    auto sim = simulate_play_order(games, 33, 8);
    check_each_once(sim, games.size());
    // Engine 0 plays every game: 8 processes, one per worker; each of the 32
    // opponents one. At the end, a worker that finds only the second games of
    // game pairs being played takes one, with a second process of that
    // opponent, rather than wait: at most once per other worker (7).
    CHECK(sim.starts <= 8 + 32 + 7);
}

TEST_CASE("play order: the second game of a game pair goes to the worker that played the first", "[reuse]") {
    const auto games = schedule(config::TournamentType::RoundRobin, 6, 1, 4);
    tournament::PlayOrder order(games, 6, {});
    const bool kept[2] = {true, true};
    auto first = order.take(std::nullopt);
    REQUIRE(first);
    order.finished(*first, kept);
    auto second = order.take(first);
    REQUIRE(second);
    CHECK(games[*second].pair_id == games[*first].pair_id);
    CHECK(games[*second].engine[0] == games[*first].engine[1]);  // colours swapped
    // A second worker meanwhile gets a game of two other engines.
    auto other = order.take(std::nullopt);
    REQUIRE(other);
    for (int e : games[*other].engine) {
        CHECK(e != games[*second].engine[0]);
        CHECK(e != games[*second].engine[1]);
    }
}

namespace {

config::LoadedConfig load(const test::TempDir &dir, int engines, const std::string &type, int concurrency,
                          const std::string &rounds, const std::string &extra = "", const std::string &engine_extra = "") {
    std::string list;
    for (int i = 0; i < engines; ++i)
        list += std::string(i ? ", " : "") + "{name: e" + std::to_string(i) + ", command: x" +
                (i == 0 ? engine_extra : "") + "}";
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir.path();
    o.out_base_dir = dir.path();
    o.check_programs = false;
    std::string yaml = "game: tictactoe\nengines: [" + list + "]\ntournament: {type: " + type + ", rounds: " + rounds +
                       ", games_per_pairing: 2}\nconcurrency: " + std::to_string(concurrency) +
                       "\noutput: {dir: out}\n" + extra;
    auto loaded = config::load_config_text(yaml, "t.yaml", o);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    return std::move(*loaded);
}

// Runs a session with fake engines whose games take a few milliseconds (so
// that games overlap); counts the starts of each engine by name.
struct CountedRun {
    tournament::SessionResult result;
    std::map<std::string, int> starts;
    int total_starts = 0;
};

CountedRun run_counted(const config::LoadedConfig &loaded) {
    test::FakeWorld world;
    world.game_time = std::chrono::milliseconds(3);
    tournament::SessionOptions options;
    options.parts = world.parts();
    CountedRun run;
    std::mutex mutex;
    auto start = options.parts.start_engine;
    options.parts.start_engine = [&](const engine::EngineConfig &c, const engine::EngineTimeouts &t) {
        {
            std::lock_guard lock(mutex);
            ++run.starts[c.name];
        }
        return start(c, t);
    };
    std::ostringstream out, err;
    run.result = tournament::run_session(loaded, options, out, err);
    INFO(out.str() << err.str());
    CHECK(run.result.exit_code == 0);
    CHECK(world.live_engines == 0);
    run.total_starts = world.starts;
    return run;
}

}  // namespace

TEST_CASE("a 16-engine round robin at concurrency 4 starts each engine at most twice", "[reuse][session]") {
    test::TempDir dir;
    auto run = run_counted(load(dir, 16, "round-robin", 4, "1"));
    CHECK(run.result.games_recorded == 16 * 15);  // 120 pairings, 2 games each
    // 4 games at once use 8 of the 16 engines: two games with no engine in
    // common are there to take until the last few, so 16 starts suffice
    // bar a few at the end; the bound is 2 per engine.
    CHECK(run.total_starts >= 16);
    CHECK(run.total_starts <= 2 * 16);
    CHECK(run.result.engine_starts == run.total_starts);
}

TEST_CASE("a two-engine match starts each engine once per concurrent game", "[reuse][session]") {
    test::TempDir dir;
    auto run = run_counted(load(dir, 2, "round-robin", 4, "40"));
    CHECK(run.result.games_recorded == 80);
    for (const auto &[name, starts] : run.starts) {
        INFO(name);
        CHECK(starts <= 4);  // at most 4 games at once, each needs one of each engine
    }
}

TEST_CASE("a gauntlet starts the first engine once per worker and each opponent once", "[reuse][session]") {
    test::TempDir dir;
    auto run = run_counted(load(dir, 9, "gauntlet", 4, "3"));
    CHECK(run.result.games_recorded == 8 * 3 * 2);
    CHECK(run.starts["e0"] <= 4);  // in every game: at most 4 at once
    // Each opponent once; at the end a worker may play the second game of a
    // game pair being played rather than wait, with a second process of that
    // opponent: at most once per other worker (3).
    int opponents = 0;
    for (int i = 1; i < 9; ++i) {
        INFO("e" << i);
        const int starts = run.starts["e" + std::to_string(i)];
        CHECK(starts >= 1);
        CHECK(starts <= 2);
        opponents += starts;
    }
    CHECK(opponents <= 8 + 3);
}

TEST_CASE("restart: true starts an engine anew for every game it plays", "[reuse][session]") {
    test::TempDir dir;
    auto run = run_counted(load(dir, 3, "round-robin", 2, "5", "", ", restart: true"));
    // 3 pairings x 5 rounds x 2 games; e0 plays 2 of the 3 pairings: 20 games.
    CHECK(run.result.games_recorded == 30);
    CHECK(run.starts["e0"] == 20);  // one process per game (the first is the one started before game 1)
    CHECK(run.starts["e1"] <= 2);   // kept: at most one per game at once
    CHECK(run.starts["e2"] <= 2);
}

TEST_CASE("each: {restart: true} restarts every engine, an engine's own restart: false keeps it", "[reuse][session]") {
    test::TempDir dir;
    auto run = run_counted(load(dir, 3, "round-robin", 2, "2", "each: {restart: true}\n", ", restart: false"));
    CHECK(run.result.games_recorded == 12);
    CHECK(run.starts["e0"] <= 2);
    CHECK(run.starts["e1"] == 8);  // e1 plays 2 of the 3 pairings: 2 rounds x 2 pairings x 2 games
    CHECK(run.starts["e2"] == 8);
}

TEST_CASE("restart must be true or false, with the place in the file", "[reuse][config]") {
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.check_programs = false;
    auto bad = config::load_config_text(
        "game: tictactoe\nengines:\n  - {name: a, command: x}\n  - {name: b, command: x, restart: sometimes}\n", "t.yaml",
        o);
    REQUIRE_FALSE(bad.has_value());
    CHECK_THAT(bad.error().message, Catch::Contains("t.yaml:4:") && Catch::Contains("engine 'b' restart") &&
                                        Catch::Contains("must be true or false") && Catch::Contains("sometimes"));
    auto bad_each = config::load_config_text(
        "game: tictactoe\neach: {restart: 2}\nengines: [{name: a, command: x}, {name: b, command: x}]\n", "t.yaml", o);
    REQUIRE_FALSE(bad_each.has_value());
    CHECK_THAT(bad_each.error().message, Catch::Contains("t.yaml:2:") && Catch::Contains("each.restart"));
    auto bad_key = config::load_config_text(
        "game: tictactoe\neach: {restrat: true}\nengines: [{name: a, command: x}, {name: b, command: x}]\n", "t.yaml", o);
    REQUIRE_FALSE(bad_key.has_value());
    CHECK_THAT(bad_key.error().message, Catch::Contains("restrat"));
}
