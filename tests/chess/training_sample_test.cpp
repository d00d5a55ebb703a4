// The training-data sampler (output/training_sample.hpp) on a chess game
// written by hand: the expected CSV lines are the FENs worked out on paper,
// the scores and results as docs/records.md ("Training samples") says.
#include "output/training_sample.hpp"
#include "support/plugins.hpp"

#include <arbiter/protocol/reply.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

namespace {

using arb::match::GameRecord;
using arb::match::MoveRecord;

MoveRecord move(const char *text, std::optional<int> score) {
    MoveRecord m;
    m.text = text;
    m.info.score_cp = score;
    return m;
}

// 1. e4 d5 2. exd5 Qxd5 3. Nc3 (no score) Qe5+ 4. Nge2 Nf6 (a mate score), white wins.
GameRecord hand_game() {
    GameRecord r;
    r.moves = {move("e2e4", 30),  move("d7d5", -20),        move("e4d5", 45), move("d8d5", -40),
               move("b1c3", {}),  move("d5e5", -15),        move("g1e2", 5),
               move("g8f6", -arb::protocol::kMateScore)};
    r.result = ARB_RESULT_WIN_SIDE_0;
    r.termination = arb::match::Termination::ResignAdjudication;
    return r;
}

arb::output::TrainingSampler sampler(double freq, bool quiet) {
    auto made = arb::output::TrainingSampler::create(arb::test::load_plugin("chess"), {}, freq, quiet, 7);
    INFO((made ? std::string() : made.error().message));
    REQUIRE(made.has_value());
    return std::move(*made);
}

// The textbook SplitMix64 step, its state jumped to the counter's place.
uint64_t splitmix64_next(uint64_t &state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

size_t lines_in(const std::string &text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("training sample: every scored engine move as fen,score,result from the mover's side", "[sample]") {
    const auto all = sampler(1.0, false).lines(hand_game(), 0);
    REQUIRE(all.has_value());
    // White won: 2 on white's lines, 0 on black's; Nc3 had no score, so no line.
    CHECK(*all ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,30,2\n"
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,-20,0\n"
          "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2,45,2\n"
          "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2,-40,0\n"
          "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3,-15,0\n"
          "rnb1kbnr/ppp1pppp/8/4q3/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 4,5,2\n"
          "rnb1kbnr/ppp1pppp/8/4q3/8/2N5/PPPPNPPP/R1BQKB1R b KQkq - 3 4,-100000,0\n");
}

TEST_CASE("training sample: quiet=y drops the start, captures as best move, positions in check, mate scores", "[sample]") {
    const auto quiet = sampler(1.0, true).lines(hand_game(), 0);
    REQUIRE(quiet.has_value());
    // Left: 1...d5 (quiet, not in check) and 3...Qe5+ (it gives check; the position is not in check).
    CHECK(*quiet ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,-20,0\n"
          "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3,-15,0\n");
    // A draw is 1 for both sides; an abandoned game gives nothing.
    GameRecord drawn = hand_game();
    drawn.result = ARB_RESULT_DRAW;
    CHECK(*sampler(1.0, true).lines(drawn, 0) ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,-20,1\n"
          "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3,-15,1\n");
    drawn.result = ARB_RESULT_ONGOING;
    CHECK(sampler(1.0, false).lines(drawn, 0)->empty());
}

TEST_CASE("training sample: quiet=y is refused for a game whose moves say no capture or check", "[sample]") {
    auto made = arb::output::TrainingSampler::create(arb::test::load_plugin("tictactoe"), {}, 1.0, true, 1);
    REQUIRE_FALSE(made.has_value());
    CHECK_THAT(made.error().message, Catch::Contains("'tictactoe'") && Catch::Contains("arbiter.move-properties/2"));
    CHECK(arb::output::TrainingSampler::create(arb::test::load_plugin("tictactoe"), {}, 1.0, false, 1).has_value());
}

TEST_CASE("training sample: freq keeps the moves whose seeded draw is below it, the same in every run", "[sample]") {
    const GameRecord game = hand_game();
    const std::vector<size_t> scored = {0, 1, 2, 3, 5, 6, 7};  // the moves with a score
    const double freq = 0.25;
    const uint64_t seed = 7;
    size_t expected = 0, got = 0;
    const auto s = sampler(freq, false);
    for (int index = 0; index < 400; ++index) {
        for (size_t k : scored) {
            uint64_t state = seed + ((static_cast<uint64_t>(index) << 20) + k) * 0x9e3779b97f4a7c15ULL;
            if (static_cast<double>(splitmix64_next(state) >> 11) / 9007199254740992.0 < freq) ++expected;
        }
        auto lines = s.lines(game, index);
        REQUIRE(lines.has_value());
        got += lines_in(*lines);
        CHECK(*lines == *s.lines(game, index));  // reproducible
    }
    CHECK(got == expected);
    // 2800 scored moves at 1/4: 700 expected, sigma about 23.
    CHECK(std::abs(static_cast<double>(got) - 700.0) < 4 * 23.0);
    CHECK(sampler(0.0, false).lines(game, 3)->empty());
}
