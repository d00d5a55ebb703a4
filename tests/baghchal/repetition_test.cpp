// The repetition rules through the ABI: forbid (the move is refused),
// draw3 (a draw on the third occurrence) and none, with the reference
// vector of the rules file, a loss by repetition, and random games checked
// against an oracle that remembers every position string.
#include "vectors.hpp"

#include <map>
#include <random>
#include <set>

using namespace arb;
using namespace arb::test::baghchal;

namespace {

// S0 of the rules file: goats to move, none in hand, 3 captured.
const std::string kS0 = "TGGGTGGGGGGG.GGG...GTGGGT G 0 3";

game::GameState from_s0(const char *repetition) {
    auto state = test::new_game("baghchal", {{"repetition", repetition}});
    REQUIRE(state.set_position(kS0).has_value());
    return state;
}

void play_all(game::GameState &state, std::initializer_list<const char *> moves) {
    for (const char *m : moves) test::play_text(state, m);
}

}  // namespace

TEST_CASE("baghchal S0 has the reference goat moves", "[baghchal][repetition]") {
    auto state = from_s0("forbid");
    CHECK(test::legal_move_texts(state) ==
          std::vector<std::string>{"a3-b4", "a4-b4", "b2-c3", "b3-b4", "b3-c3", "b5-b4", "c2-c3", "c5-b4", "c5-c4",
                                   "c5-d4", "d2-c3", "d3-c3", "d3-d4", "d5-d4", "e3-d4", "e4-d4"});
}

TEST_CASE("baghchal repetition=forbid refuses a move that recreates a position", "[baghchal][repetition]") {
    auto state = from_s0("forbid");
    play_all(state, {"c2-c3", "a5-b4", "c3-c2"});
    CHECK(test::legal_move_texts(state) ==
          std::vector<std::string>{"a1xc3", "b4-c3", "b4-c4", "e1xc3", "e5-d4"});
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    CHECK(state.parse_move("b4-a5", move, error) == ARB_ERR_ILLEGAL);
    INFO(error);
    CHECK(error.find("repeat") != std::string::npos);
    CHECK(error.find("b4-a5") != std::string::npos);
    // clone and assign carry the history along.
    game::GameState cloned = state;
    CHECK(cloned.parse_move("b4-a5", move, error) == ARB_ERR_ILLEGAL);
    auto assigned = test::new_game("baghchal");
    state.api().assign(assigned.raw(), state.raw());
    CHECK(test::legal_move_texts(assigned) == test::legal_move_texts(state));
}

TEST_CASE("baghchal repetition=draw3 and none allow the repeating move", "[baghchal][repetition]") {
    for (const char *rule : {"draw3", "none"}) {
        INFO(rule);
        auto state = from_s0(rule);
        play_all(state, {"c2-c3", "a5-b4", "c3-c2"});
        CHECK(test::legal_move_texts(state) ==
              std::vector<std::string>{"a1xc3", "b4-a5", "b4-c3", "b4-c4", "e1xc3", "e5-d4"});
        test::play_text(state, "b4-a5");
        CHECK(state.position() == kS0);
        CHECK_FALSE(state.over());
    }
}

TEST_CASE("baghchal repetition=draw3 declares the third occurrence a draw", "[baghchal][repetition]") {
    // The set position counts once; two round trips bring it back twice.
    auto state = from_s0("draw3");
    play_all(state, {"c2-c3", "a5-b4", "c3-c2", "b4-a5", "c2-c3", "a5-b4", "c3-c2"});
    CHECK_FALSE(state.over());
    test::play_text(state, "b4-a5");
    CHECK(state.position() == kS0);
    arb_outcome o = state.outcome();
    CHECK(o.result == ARB_RESULT_DRAW);
    CHECK(std::string(o.reason).find("third") != std::string::npos);
    CHECK(state.legal_moves().empty());
    CHECK(state.side_to_move() == ARB_SIDE_NONE);
    arb_move move;
    std::string error;
    CHECK(state.parse_move("c2-c3", move, error) == ARB_ERR_ILLEGAL);
    // A copy keeps the history, and setting the position again forgets it.
    game::GameState copy = state;
    CHECK(copy.over());
    REQUIRE(state.set_position(kS0).has_value());
    CHECK_FALSE(state.over());
}

TEST_CASE("baghchal repetition=none lets a cycle run on", "[baghchal][repetition]") {
    auto state = from_s0("none");
    for (int round = 0; round < 5; ++round) play_all(state, {"c2-c3", "a5-b4", "c3-c2", "b4-a5"});
    CHECK(state.position() == kS0);
    CHECK_FALSE(state.over());
    CHECK(state.legal_moves().size() == 16);
}

TEST_CASE("baghchal a side whose every move would repeat loses under forbid", "[baghchal][repetition]") {
    // The tiger on a1 and the goat on a4 shuffle; then the tigers' only move
    // (b1-a1) would recreate the start.
    const std::string start = "T.TGTGGGGGGGGGGGGGGG.GGGT G 0 1";
    for (const char *rule : {"forbid", "draw3", "none"}) {
        INFO(rule);
        auto state = test::new_game("baghchal", {{"repetition", rule}});
        REQUIRE(state.set_position(start).has_value());
        play_all(state, {"a4-a5", "a1-b1", "a5-a4"});
        if (std::string(rule) == "forbid") {
            CHECK(state.legal_moves().empty());
            arb_outcome o = state.outcome();
            CHECK(o.result == ARB_RESULT_WIN_SIDE_0);
            CHECK(std::string(o.reason).find("repeat") != std::string::npos);
            // Without its history the same position is an ordinary one.
            auto fresh = test::new_game("baghchal");
            REQUIRE(fresh.set_position(state.position()).has_value());
            CHECK(test::legal_move_texts(fresh) == std::vector<std::string>{"b1-a1"});
        } else {
            CHECK(test::legal_move_texts(state) == std::vector<std::string>{"b1-a1"});
        }
    }
}

TEST_CASE("baghchal repetition rules agree with an oracle over random games", "[baghchal][repetition]") {
    // Games run side by side with repetition=none. The oracle counts each
    // position string since the last drop or capture (in hand and captured
    // counts are in the string, so earlier positions never match).
    std::mt19937 rng(2024);
    int forbidden_seen = 0, draws_seen = 0, long_runs = 0;
    for (int game_no = 0; game_no < 24; ++game_no) {
        const char *rule = game_no % 2 == 0 ? "forbid" : "draw3";
        INFO("game " << game_no << " " << rule);
        // 20 captures to win keeps the sliding phase going for long.
        auto state = test::new_game("baghchal", {{"repetition", rule}, {"goats_to_win", "20"}});
        auto free = test::new_game("baghchal", {{"repetition", "none"}, {"goats_to_win", "20"}});
        std::map<std::string, int> seen;
        int run = 0;
        for (int ply = 0; ply < 400; ++ply) {
            const std::string pos = state.position();
            REQUIRE(free.position() == pos);
            if (goats_in_hand(pos) == 0) ++seen[pos];
            std::set<std::string> expected;
            for (arb_move m : free.legal_moves()) {
                game::GameState child = free;
                child.play(m);
                if (std::string(rule) == "forbid" && seen.count(child.position())) {
                    ++forbidden_seen;
                    continue;
                }
                expected.insert(free.format_move(m));
            }
            if (std::string(rule) == "draw3" && seen[pos] >= 3) {
                CHECK(state.outcome().result == ARB_RESULT_DRAW);
                ++draws_seen;
                break;
            }
            auto texts = test::legal_move_texts(state);
            REQUIRE(std::set<std::string>(texts.begin(), texts.end()) == expected);
            if (texts.empty()) {
                CHECK(state.over());
                break;
            }
            // Mostly avoid captures, so that long runs of reversible moves occur.
            std::vector<std::string> quiet;
            for (const auto &t : texts)
                if (t.find('x') == std::string::npos) quiet.push_back(t);
            const auto &pool = quiet.empty() || rng() % 32 == 0 ? texts : quiet;
            const std::string chosen = pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
            test::play_text(state, chosen);
            test::play_text(free, chosen);
            if (chosen.find('x') != std::string::npos || chosen[0] == 'G') {
                seen.clear();
                run = 0;
            } else if (++run > 128) {
                ++long_runs;  // past the history's inline capacity
            }
        }
    }
    CHECK(forbidden_seen > 0);
    CHECK(draws_seen > 0);
    CHECK(long_runs > 0);
}
