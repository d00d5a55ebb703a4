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
#include "temp_dir.hpp"

#include <catch2/catch.hpp>

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
}

TEST_CASE("a torn last line of another shard's file is counted once it is complete", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2);
    const fs::path other = dir.path() / "shard-2-of-2.pairs";
    const std::string first = tournament::shared_pair_line({pair_of_shard(2, 2, 0), 2, {1, 0}});
    const std::string second = tournament::shared_pair_line({pair_of_shard(2, 2, 1), 2, {0.5, 0.5}});
    append_text(other, first + second.substr(0, 10));  // shard 2 in the middle of its second write
    REQUIRE(one.look());
    CHECK(one.pairs_counted() == 1);
    REQUIRE(one.look());
    CHECK(one.pairs_counted() == 1);  // still torn: not counted, not lost
    append_text(other, second.substr(10));
    REQUIRE(one.look());
    CHECK(one.pairs_counted() == 2);
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
    SharedSprt one = open(dir.path(), 1, 2), two = open(dir.path(), 2, 2);
    // Each shard alone has enough drawn-out pairs (WL) to accept H0; neither looks at the other's file.
    std::vector<std::vector<double>> drawn(40, {1.0, 0.0});
    rating::SprtState expected;
    const size_t needed = unsharded_decision_point(drawn, expected);
    REQUIRE(needed == 9);
    REQUIRE(expected.decision == rating::SprtState::Decision::AcceptH0);
    std::atomic<int> failures{0};  // Catch's assertions are for the test's own thread
    auto play = [&](SharedSprt &shard, int index) {
        for (size_t n = 0; n < needed; ++n)
            if (!shard.append({pair_of_shard(index, 2, static_cast<int>(n)), index, {1.0, 0.0}})) ++failures;
    };
    std::thread a([&] { play(one, 1); }), b([&] { play(two, 2); });
    a.join();
    b.join();
    REQUIRE(failures == 0);
    const std::string text = read(dir.path() / "decision.json");
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    auto written = tournament::parse_decision(text, "decision.json");
    REQUIRE(written);
    REQUIRE(one.decision());
    REQUIRE(two.decision());
    CHECK(one.decision()->decided_by == written->decided_by);
    CHECK(two.decision()->decided_by == written->decided_by);
    CHECK(written->pairs == static_cast<int64_t>(needed));
    CHECK(written->state.decision == rating::SprtState::Decision::AcceptH0);
    CHECK(written->state.llr == Approx(expected.llr));
}

TEST_CASE("the decision is an unsharded SPRT's on the pairs in their recorded order of arrival", "[shared_sprt]") {
    test::TempDir dir;
    // Shard 2 of 3 wrote some pairs, shard 3 others; shard 1 then plays its own one by one, looking before each.
    const std::vector<std::vector<double>> pattern = {{1, 0}, {0.5, 0.5}, {1, 0.5}, {0, 1}, {0.5, 1}, {1, 0}, {0, 0.5}};
    {
        SharedSprt creator = open(dir.path(), 1, 3);  // the folder's tournament file
    }
    std::string two, three;
    for (int n = 0; n < 3; ++n) {
        two += tournament::shared_pair_line({pair_of_shard(2, 3, n), 2, pattern[static_cast<size_t>(n)]});
        three += tournament::shared_pair_line({pair_of_shard(3, 3, n), 3, pattern[static_cast<size_t>(n + 3)]});
    }
    append_text(dir.path() / "shard-2-of-3.pairs", two);
    append_text(dir.path() / "shard-3-of-3.pairs", three);
    SharedSprt one = open(dir.path(), 1, 3);
    std::map<int64_t, std::vector<double>> scores_of;
    for (int n = 0; n < 3; ++n) {
        scores_of[pair_of_shard(2, 3, n)] = pattern[static_cast<size_t>(n)];
        scores_of[pair_of_shard(3, 3, n)] = pattern[static_cast<size_t>(n + 3)];
    }
    for (int n = 0; n < 60 && !one.decision(); ++n) {
        REQUIRE(one.look());
        const SharedPair mine{pair_of_shard(1, 3, n), 1, pattern[static_cast<size_t>(n) % pattern.size()]};
        scores_of[mine.pair] = mine.scores;
        REQUIRE(one.append(mine));
    }
    auto decision = one.decision();
    REQUIRE(decision);
    REQUIRE(decision->complete);
    // Replayed in the recorded order, the unsharded model decides at the last pair and not before.
    std::vector<std::vector<double>> in_order;
    for (int64_t pair : decision->arrival) in_order.push_back(scores_of.at(pair));
    rating::SprtState unsharded;
    CHECK(unsharded_decision_point(in_order, unsharded) == decision->arrival.size());
    CHECK(static_cast<int64_t>(decision->arrival.size()) == decision->pairs);
    CHECK(decision->state.decision == unsharded.decision);
    CHECK(decision->state.llr == Approx(unsharded.llr));
    CHECK(decision->games == 2 * decision->pairs);
    // The others' six pairs arrived before shard 1's second pair.
    std::set<int64_t> early(decision->arrival.begin(), decision->arrival.begin() + 7);
    CHECK(early.count(pair_of_shard(2, 3, 2)) == 1);
    CHECK(early.count(pair_of_shard(3, 3, 2)) == 1);
}

TEST_CASE("a shard that starts after the decision finds it", "[shared_sprt]") {
    test::TempDir dir;
    SharedSprt one = open(dir.path(), 1, 2);
    for (int n = 0; n < 60 && !one.decision(); ++n) REQUIRE(one.append({pair_of_shard(1, 2, n), 1, {1.0, 0.0}}));
    REQUIRE(one.decision());
    SharedSprt late = open(dir.path(), 2, 2);
    REQUIRE(late.decision());
    CHECK(late.decision()->decided_by == 1);
    CHECK(late.decision()->pairs == one.decision()->pairs);
    CHECK_THAT(tournament::decision_summary(*late.decision()), Catch::StartsWith("H0 accepted, LLR -"));
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
    append_text(dir.path() / "shard-2-of-2.pairs",
                tournament::shared_pair_line({pair_of_shard(1, 2, 0), 2, {1, 0}}));  // shard 1's pair
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
