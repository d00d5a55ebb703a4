// The shared folder of an SPRT played in shards: pair lines written by one
// shard and read by the others (a torn last line waits), one decision however
// many shards cross at once, the decision an unsharded SPRT reaches on the
// same pairs in the same order, a late shard, a folder of another tournament
// and a folder that disappears.
#include "config/config_loader.hpp"
#include "tournament/schedule.hpp"
#include "tournament/session.hpp"
#include "tournament/shard.hpp"
#include "tournament/shared_sprt.hpp"

#include "fake_engines.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

using namespace arb;
using tournament::SharedPair;
using tournament::SharedSprt;
namespace fs = std::filesystem;

namespace {

// Normalized, [0, 200] nElo, alpha = beta = 0.05: bounds ln(1/19) and ln 19,
// and (ratings.hpp's formula, by hand) each WL pair moves the LLR by about
// -(200 / (800 / ln 10))^2 = -0.33, so nine of them accept H0.
rating::SprtConfig sprt_config() {
    rating::SprtConfig c;
    c.elo0 = 0;
    c.elo1 = 200;
    c.alpha = c.beta = 0.05;
    c.model = rating::SprtConfig::Model::Normalized;
    c.paired_schedule = true;
    return c;
}

// The n-th (0-based) pair id that the shard deals to `shard` of `count`.
int64_t pair_of_shard(int shard, int count, int n) {
    for (int p = 0;; ++p)
        if (tournament::shard_of_pair(p, count) == shard && n-- == 0) return p;
}

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void append_text(const fs::path &file, const std::string &text) {
    std::ofstream(file, std::ios::binary | std::ios::app) << text;
}

SharedSprt open(const fs::path &dir, int shard, int count, const std::string &fingerprint = "f00d") {
    auto opened = SharedSprt::open(dir, config::ShardSpec{shard, count}, sprt_config(), fingerprint);
    INFO((opened ? "" : opened.error().message));
    REQUIRE(opened.has_value());
    return std::move(*opened);
}

// The unsharded model, pair by pair: how many pairs of `scores` it takes to decide (0: none decide).
size_t unsharded_decision_point(const std::vector<std::vector<double>> &scores, rating::SprtState &state) {
    rating::Pentanomial p;
    for (size_t i = 0; i < scores.size(); ++i) {
        rating::add_pair(p, scores[i][0], scores[i][1]);
        state = rating::sprt(sprt_config(), p);
        if (state.decision != rating::SprtState::Decision::Continue) return i + 1;
    }
    return 0;
}

}  // namespace

TEST_CASE("a pair line round-trips and a foreign line is refused", "[shared_sprt]") {
    const SharedPair p{12, 2, {1.0, 0.5}};
    const std::string line = tournament::shared_pair_line(p);
    CHECK(line == "{\"pair\":12,\"scores\":[1.0,0.5],\"shard\":2}\n");
    auto back = tournament::parse_shared_pair_line(line.substr(0, line.size() - 1));
    REQUIRE(back);
    CHECK(back->pair == 12);
    CHECK(back->shard == 2);
    CHECK(back->scores == std::vector<double>{1.0, 0.5});
    CHECK_FALSE(tournament::parse_shared_pair_line("{\"pair\":12,\"scores\":[0.7],\"shard\":2}"));
    CHECK_FALSE(tournament::parse_shared_pair_line("{\"pair\":12,\"scores\":[1,1,1],\"shard\":2}"));
    CHECK_FALSE(tournament::parse_shared_pair_line("{\"pair\":12,\"scor"));
    CHECK(tournament::parse_shared_pair_line("{\"pair\":12,\"scores\":[],\"shard\":2}"));  // no game rated
}

TEST_CASE("a torn last line of another shard's file is counted once it is complete", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2);
    REQUIRE(one.append({0, 1, {1, 0}}));  // pair 0 is shard 1's; pairs 1 and 2 shard 2's
    CHECK(one.pairs_counted() == 1);
    const fs::path other = dir.path() / "shard-2-of-2.pairs";
    const std::string first = tournament::shared_pair_line({1, 2, {1, 0}});
    const std::string second = tournament::shared_pair_line({2, 2, {0.5, 0.5}});
    append_text(other, first + second.substr(0, 10));  // shard 2 in the middle of its second write
    REQUIRE(one.look());
    CHECK(one.pairs_counted() == 2);
    REQUIRE(one.look());
    CHECK(one.pairs_counted() == 2);  // still torn: not counted, not lost
    append_text(other, second.substr(10));
    REQUIRE(one.look());
    CHECK(one.pairs_counted() == 3);
}

TEST_CASE("pairs are counted in schedule order, a pair waiting for those before it", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt two = open(dir.path(), 2, 2);
    REQUIRE(two.append({1, 2, {1, 0}}));
    REQUIRE(two.append({2, 2, {1, 0}}));
    CHECK(two.pairs_counted() == 0);  // pair 0 (shard 1's) is not in yet
    CHECK(two.pairs_waiting() == 2);
    append_text(dir.path() / "shard-1-of-2.pairs", tournament::shared_pair_line({0, 1, {0.5, 0.5}}));
    REQUIRE(two.look());
    CHECK(two.pairs_counted() == 3);
    CHECK(two.pairs_waiting() == 0);
    // A pair with a game without a result (a plugin error) still takes its place, counting no pair.
    REQUIRE(two.append({5, 2, {1}}));
    append_text(dir.path() / "shard-1-of-2.pairs",
                tournament::shared_pair_line({3, 1, {}}) + tournament::shared_pair_line({4, 1, {1, 1}}));
    REQUIRE(two.look());
    CHECK(two.pairs_counted() == 6);
}

TEST_CASE("a shard's own torn last line is cut off when it opens its file again", "[shared_sprt]") {
    test::TempDir dir;
    const fs::path own = dir.path() / "shard-1-of-2.pairs";
    const std::string whole = tournament::shared_pair_line({pair_of_shard(1, 2, 0), 1, {1, 1}});
    const std::string torn = tournament::shared_pair_line({pair_of_shard(1, 2, 1), 1, {1, 0}}).substr(0, 9);
    {
        SharedSprt first = open(dir.path(), 1, 2);  // writes the folder's tournament file
    }
    append_text(own, whole + torn);  // killed (kill -9) in the middle of a write
    SharedSprt again = open(dir.path(), 1, 2);
    CHECK(again.pairs_counted() == 1);
    CHECK(again.has(pair_of_shard(1, 2, 0)));
    CHECK(read(own) == whole);
    const SharedPair next{pair_of_shard(1, 2, 1), 1, {0, 1}};
    REQUIRE(again.append(next));
    CHECK(read(own) == whole + tournament::shared_pair_line(next));
}

TEST_CASE("two shards crossing the bound at once leave one decision", "[shared_sprt]") {
    test::TempDir dir;
    // Nine WL pairs accept H0 (ratings.hpp's formula by hand, above); the reference model agrees.
    std::vector<std::vector<double>> drawn(40, {1.0, 0.0});
    rating::SprtState expected;
    REQUIRE(unsharded_decision_point(drawn, expected) == 9);
    REQUIRE(expected.decision == rating::SprtState::Decision::AcceptH0);
    SharedSprt one = open(dir.path(), 1, 2), two = open(dir.path(), 2, 2);
    // Pairs 0-7 played and seen by both.
    for (int64_t p = 0; p < 8; ++p) {
        SharedSprt &owner = tournament::shard_of_pair(static_cast<int>(p), 2) == 1 ? one : two;
        REQUIRE(owner.append({p, tournament::shard_of_pair(static_cast<int>(p), 2), {1.0, 0.0}}));
    }
    REQUIRE(one.look());
    REQUIRE(two.look());
    CHECK(one.pairs_counted() == 8);
    CHECK(two.pairs_counted() == 8);
    REQUIRE_FALSE(one.decision());
    // Shard 1 has written pair 8 (it is shard 1's) and is about to decide; shard 2 reads it first and decides.
    REQUIRE(tournament::shard_of_pair(8, 2) == 1);
    append_text(dir.path() / "shard-1-of-2.pairs", tournament::shared_pair_line({8, 1, {1.0, 0.0}}));
    REQUIRE(two.look());
    REQUIRE(two.decision());
    CHECK(two.decision()->decided_by == 2);
    // Shard 1 reaches the same crossing itself (here: opened again on its file): the file is there, it takes it.
    SharedSprt again = open(dir.path(), 1, 2);
    REQUIRE(again.decision());
    CHECK(again.pairs_counted() == 9);  // it counted to the crossing itself
    const std::string text = read(dir.path() / "decision.json");
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    auto written = tournament::parse_decision(text, "decision.json");
    REQUIRE(written);
    CHECK(written->decided_by == 2);
    CHECK(again.decision()->decided_by == 2);
    CHECK(written->pairs == 9);
    CHECK(written->games == 18);
    CHECK(written->state.decision == rating::SprtState::Decision::AcceptH0);
    CHECK(written->state.llr == Approx(expected.llr));
}

TEST_CASE("the decision is an unsharded SPRT's on the same pairs in schedule order, whatever their arrival",
          "[shared_sprt]") {
    // Pair p's result, by pair index; three shards.
    const std::vector<std::vector<double>> pattern = {{1, 0}, {0.5, 0.5}, {1, 0.5}, {0, 1}, {0.5, 1}, {1, 0}, {0, 0.5}};
    auto result = [&](int64_t p) { return pattern[static_cast<size_t>(p * 5 % 7)]; };
    std::vector<std::vector<double>> in_order;
    for (int64_t p = 0; p < 300; ++p) in_order.push_back(result(p));
    rating::SprtState unsharded;
    const size_t point = unsharded_decision_point(in_order, unsharded);
    REQUIRE(point > 3);
    auto pair = [&](int64_t p) { return SharedPair{p, tournament::shard_of_pair(static_cast<int>(p), 3), result(p)}; };
    std::vector<std::string> decisions;
    // Two arrivals: (a) shards 2 and 3 wrote their pairs back to front before shard 1 plays its own, looking
    // before each; (b) shard 1 plays all of its pairs first, then shard 3's and then shard 2's arrive.
    for (int arrival = 0; arrival < 2; ++arrival) {
        test::TempDir dir;
        {
            SharedSprt creator = open(dir.path(), 1, 3);  // the folder's tournament file
        }
        auto write_others = [&](bool backwards) {
            std::string two, three;
            for (int64_t p = 0; p < 300; ++p) {
                const SharedPair sp = pair(backwards ? 299 - p : p);
                if (sp.shard == 2) two += tournament::shared_pair_line(sp);
                if (sp.shard == 3) three += tournament::shared_pair_line(sp);
            }
            append_text(dir.path() / "shard-3-of-3.pairs", three);
            append_text(dir.path() / "shard-2-of-3.pairs", two);
        };
        if (arrival == 0) write_others(true);
        SharedSprt one = open(dir.path(), 1, 3);
        for (int64_t p = 0; p < 300 && !one.decision(); ++p) {
            if (tournament::shard_of_pair(static_cast<int>(p), 3) != 1) continue;
            REQUIRE(one.look());
            if (!one.decision()) REQUIRE(one.append(pair(p)));
        }
        if (arrival == 1) {
            write_others(false);
            REQUIRE(one.look());
        }
        auto decision = one.decision();
        REQUIRE(decision);
        CHECK(decision->pairs == static_cast<int64_t>(point));
        CHECK(decision->state.decision == unsharded.decision);
        CHECK(decision->state.llr == Approx(unsharded.llr));
        // The file says the same but for when it was written.
        auto j = nlohmann::json::parse(read(dir.path() / "decision.json"));
        j.erase("time_ms");
        decisions.push_back(j.dump());
    }
    CHECK(decisions[0] == decisions[1]);
}

TEST_CASE("a shard that starts after the decision finds it", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2);
    // One WW pair against [0, 200] (by hand: LLR 9.09 > ln 19) decides at pair 0, shard 1's.
    REQUIRE(one.append({0, 1, {1.0, 1.0}}));
    REQUIRE(one.decision());
    SharedSprt late = open(dir.path(), 2, 2);
    REQUIRE(late.decision());
    CHECK(late.decision()->decided_by == 1);
    CHECK(late.decision()->pairs == 1);
    CHECK_THAT(tournament::decision_summary(*late.decision()), Catch::StartsWith("H1 accepted, LLR 9.09"));
}

TEST_CASE("a decision file still being written stops the shards before its figures are known", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2);
    append_text(dir.path() / "decision.json", "{\"decision\":\"H1\",\"ll");
    REQUIRE(one.look());
    REQUIRE(one.decision());
    CHECK_FALSE(one.decision()->complete);
}

TEST_CASE("the shared folder of another tournament or shard count is refused", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2, "aaaa");
    auto other = SharedSprt::open(dir.path(), config::ShardSpec{2, 2}, sprt_config(), "bbbb");
    REQUIRE_FALSE(other.has_value());
    CHECK_THAT(other.error().message, Catch::Contains("belongs to another run: its tournament says 'fingerprint aaaa "
                                                      "shards 2', this run is 'fingerprint bbbb shards 2'"));
    auto count = SharedSprt::open(dir.path(), config::ShardSpec{2, 3}, sprt_config(), "aaaa");
    REQUIRE_FALSE(count.has_value());
    CHECK_THAT(count.error().message, Catch::Contains("this run is 'fingerprint aaaa shards 3'"));
    auto missing = SharedSprt::open(dir.path() / "nowhere", config::ShardSpec{1, 2}, sprt_config(), "aaaa");
    REQUIRE_FALSE(missing.has_value());
    CHECK_THAT(missing.error().message, Catch::Contains("nowhere does not exist: make it once"));
}

TEST_CASE("a shared folder that disappears is a clear error", "[shared_sprt]") {
    test::TempDir dir;
    const fs::path shared = dir.path() / "shared";
    fs::create_directory(shared);
    SharedSprt one = open(shared, 1, 2);
    fs::remove_all(shared);  // an unmounted volume, a folder removed by hand
    auto looked = one.look();
    REQUIRE_FALSE(looked.has_value());
    CHECK_THAT(looked.error().message, Catch::Contains("the shared folder " + shared.string() + " is gone"));
}

TEST_CASE("a line of another shard's pair in a shard's file is refused", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2);
    append_text(dir.path() / "shard-2-of-2.pairs", tournament::shared_pair_line({0, 2, {1, 0}}));  // shard 1's pair
    auto looked = one.look();
    REQUIRE_FALSE(looked.has_value());
    CHECK_THAT(looked.error().message, Catch::Contains("shard-2-of-2.pairs:1: not a pair of shard 2/2"));
}

TEST_CASE("openings are unique across shards until the book is used up", "[shard][openings]") {
    tournament::ScheduleParams p;
    p.engine_count = 2;
    p.games_per_pairing = 2;
    p.opening_count = 10;
    p.order = config::OpeningOrder::Random;
    p.seed = 7;
    p.rounds = 13;  // 13 pairs from a book of 10
    std::map<int, std::set<int>> openings_of_shard;
    std::vector<int> opening_of_pair(13, -1);
    for (const auto &g : tournament::make_schedule(p)) {
        opening_of_pair[static_cast<size_t>(g.pair_id)] = g.opening;
        openings_of_shard[tournament::shard_of_pair(g.pair_id, 3)].insert(g.opening);
    }
    // The first ten pairs, in whichever shard, hold ten different openings: one permutation of the book.
    const std::set<int> first_ten(opening_of_pair.begin(), opening_of_pair.begin() + 10);
    CHECK(first_ten.size() == 10);
    // So the shards' openings overlap only by the three pairs past the book.
    size_t dealt = 0;
    for (const auto &[shard, openings] : openings_of_shard) dealt += openings.size();
    std::set<int> all;
    for (const auto &[shard, openings] : openings_of_shard) all.insert(openings.begin(), openings.end());
    CHECK(all.size() == 10);
    CHECK(dealt <= 13);
    CHECK(dealt >= 10);
}

TEST_CASE("a run says how many game pairs repeat an opening once the book is used up", "[shard][openings]") {
    test::TempDir dir;
    dir.write("openings.txt", "b2\na1\nX........ O\n");
    config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir.path();
    o.out_base_dir = dir.path();
    o.check_programs = false;
    auto loaded = config::load_config_text(
        "game: tictactoe\nengines: [{name: a, command: x}, {name: b, command: x}]\n"
        "tournament: {rounds: 5, games_per_pairing: 2}\nopenings: {file: openings.txt, order: random}\n"
        "output: {dir: out}\n",
        "t.yaml", o);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    test::FakeWorld world;
    tournament::SessionOptions options;
    options.parts = world.parts();
    options.quiet = true;
    std::ostringstream out, err;
    auto result = tournament::run_session(*loaded, options, out, err);
    INFO(out.str() << err.str());
    REQUIRE(result.exit_code == 0);
    // 5 pairs, 3 openings: by hand, pairs 4 and 5 repeat one.
    CHECK_THAT(out.str(), Catch::Contains("note: the schedule deals 5 game pairs from a book of 3 openings: 2 pairs "
                                          "repeat an opening of an earlier pair (pair 4 on), if all are played"));
}
