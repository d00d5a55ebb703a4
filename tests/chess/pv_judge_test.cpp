// The PV judge (game/pv_judge.hpp) with the chess plugin as the judge, on
// positions written by hand; each expected finding is worked out on the
// board in the comment beside it (fastchess's checks, app/src/matchmaking/
// match/match.cpp, say which finding comes first).
#include "game/pv_judge.hpp"
#include "support/plugins.hpp"

#include <arbiter/protocol/reply.hpp>

#include <catch2/catch.hpp>

namespace {

using arb::game::PvChecks;
using arb::game::PvIssue;
using arb::game::PvJudge;

arb::protocol::PvLine pv_of(const std::string &line) {
    arb::protocol::PvLine pv;
    REQUIRE(arb::protocol::parse_pv_line(line, pv));
    return pv;
}

arb::game::GameState chess_at(const std::string &fen) {
    auto state = arb::test::new_game("chess");
    if (!fen.empty()) REQUIRE(state.set_position(fen).has_value());
    return state;
}

// The finding of `line` in `fen` ("": the start), as "issue move".
std::string finding(const std::string &fen, const std::string &line, PvChecks checks = PvChecks::Mates) {
    PvJudge judge(checks);
    auto found = judge.judge(chess_at(fen), pv_of(line));
    if (!found) return "none";
    static const char *names[] = {"illegal",       "after-mate",      "after-stalemate", "after-repetition",
                                  "after-fifty",   "after-end",       "incomplete-mate", "too-long-mate",
                                  "mate-not-mate", "bestmove",        "mate-signs"};
    return std::string(names[static_cast<int>(found->issue)]) + (found->move.empty() ? "" : " " + found->move);
}

// Black: king h8 behind pawns g7 h7, a free pawn a7; white: rook e1, king g1.
// Re8 mates (nothing reaches f8 or e8); a7a6 is a spare black move.
const std::string kBackRank = "7k/p5pp/8/8/8/8/8/4R1K1 w - - 0 1";
const std::string kBackRankBlack = "7k/p5pp/8/8/8/8/8/4R1K1 b - - 0 1";

}  // namespace

TEST_CASE("pv_line: the moves after 'pv', the mate, the bound, multipv", "[pv][chess]") {
    auto pv = pv_of("info depth 12 seldepth 15 multipv 2 score mate -3 upperbound nodes 100 pv e2e4 e7e5 g1f3");
    CHECK(pv.scored);
    CHECK(pv.moves == std::vector<std::string>{"e2e4", "e7e5", "g1f3"});
    CHECK(pv.mate == -3);
    CHECK(pv.bound);
    CHECK_FALSE(pv.principal);
    // "pv" before other fields ends at the next key.
    pv = pv_of("info pv d2d4 d7d5 depth 3 score cp 12");
    CHECK(pv.moves == std::vector<std::string>{"d2d4", "d7d5"});
    CHECK_FALSE(pv.mate);
    CHECK(pv.principal);
    arb::protocol::PvLine other;
    CHECK_FALSE(arb::protocol::parse_pv_line("info string pv e2e4", other));
    CHECK_FALSE(arb::protocol::parse_pv_line("bestmove e2e4", other));
}

TEST_CASE("pv judge: an illegal move, the first one named", "[pv][chess]") {
    // From the start: e2e4 e7e5 are legal, the king on e1 cannot reach e8.
    CHECK(finding("", "info depth 3 score cp 20 pv e2e4 e7e5 e1e8 b8c6") == "illegal e1e8");
    CHECK(finding("", "info depth 1 score cp 20 pv e2e5") == "illegal e2e5");
    CHECK(finding("", "info depth 1 score cp 20 pv e2e4 e7e5 g1f3 b8c6") == "none");
    CHECK(finding("", "info depth 1 score cp 20") == "none");  // no PV: nothing to judge
    // Off judges nothing.
    CHECK(finding("", "info depth 1 score cp 20 pv e2e5", PvChecks::Off) == "none");
}

TEST_CASE("pv judge: a PV past the game's end, the end named as fastchess", "[pv][chess]") {
    // Fool's mate: after 1. f3 e5 2. g4, Qh4 mates; a2a3 comes after it.
    CHECK(finding("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
                  "info depth 2 score mate 1 pv d8h4 a2a3", PvChecks::Moves) == "after-mate a2a3");
    // Queen b5 to b6 leaves the black king on a8 without a move, not in check.
    CHECK(finding("k7/8/8/1Q6/8/8/8/7K w - - 0 1", "info depth 2 score cp 0 pv b5b6 a8b8") == "after-stalemate a8b8");
    // Knights out and back twice: the start position a third time after 8 plies.
    CHECK(finding("", "info depth 9 score cp 0 pv g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4") ==
          "after-repetition e2e4");
    // 99 reversible plies, one more ends the game by the 50-move rule.
    CHECK(finding("k7/8/8/8/8/8/8/K6R w - - 99 60", "info depth 2 score cp 500 pv h1h2 a8b8") == "after-fifty a8b8");
    // Kxb2 leaves two bare kings: fastchess judges nothing past a dead position.
    CHECK(finding("k7/8/8/8/8/8/1r6/K7 w - - 0 1", "info depth 2 score cp 0 pv a1b2 a8b8") == "none");
}

TEST_CASE("pv judge: a mating PV of the right and the wrong length", "[pv][chess]") {
    // Mate in 1 is one ply: Re8.
    CHECK(finding(kBackRank, "info depth 1 score mate 1 pv e1e8") == "none");
    // Mate in 2 is three plies: a spare king move, a7a6, Re8.
    CHECK(finding(kBackRank, "info depth 3 score mate 2 pv g1f1 a7a6 e1e8") == "none");
    CHECK(finding(kBackRank, "info depth 3 score mate 2 pv e1e8") == "incomplete-mate");
    CHECK(finding(kBackRank, "info depth 3 score mate 1 pv g1f1 a7a6 e1e8") == "too-long-mate");
    // Three plies, but Re7 is no mate.
    CHECK(finding(kBackRank, "info depth 3 score mate 2 pv g1f1 a7a6 e1e7") == "mate-not-mate");
    // Mated in 1 (black's view) is two plies: a7a6, then white's Re8.
    CHECK(finding(kBackRankBlack, "info depth 2 score mate -1 pv a7a6 e1e8") == "none");
    CHECK(finding(kBackRankBlack, "info depth 2 score mate -1 pv a7a6") == "incomplete-mate");
    // A bound score is not judged as a mate; the moves only are checked.
    CHECK(finding(kBackRank, "info depth 3 score mate 2 lowerbound pv e1e8") == "none");
    CHECK(finding(kBackRank, "info depth 3 score mate 2 pv e1e8", PvChecks::Moves) == "none");
}

TEST_CASE("pv judge: bestmove against the beginning of the PV", "[pv][chess]") {
    PvJudge judge(PvChecks::Moves);
    const auto start = chess_at("");
    CHECK(judge.begins_pv(start, pv_of("info depth 2 score cp 20 pv e2e4 e7e5"), "e2e4"));
    CHECK_FALSE(judge.begins_pv(start, pv_of("info depth 2 score cp 20 pv e2e4 e7e5"), "d2d4"));
    // A bound line says nothing about the move.
    CHECK(judge.begins_pv(start, pv_of("info depth 2 score cp 20 upperbound pv e2e4"), "d2d4"));
}

TEST_CASE("pv judge: any game's end is named as the game's end", "[pv]") {
    CHECK(arb::game::issue_after_end("three in a row") == PvIssue::AfterEnd);
    CHECK(arb::game::issue_after_end("white mates") == PvIssue::AfterCheckmate);
    CHECK_FALSE(arb::game::issue_after_end("insufficient material: neither side can mate"));
}
