#include "match/game_record.hpp"
#include "match/game_runner.hpp"
#include "match/result_claim.hpp"

#include <catch2/catch.hpp>

#include <set>

using arb::match::Termination;

TEST_CASE("termination names are stable tokens and read back", "[termination]") {
    CHECK(std::string(termination_name(Termination::IllegalMove)) == "illegal-move");
    CHECK(std::string(termination_name(Termination::UnparsableMove)) == "unparsable-move");
    CHECK(std::string(termination_name(Termination::TimeForfeit)) == "time-forfeit");
    CHECK(std::string(termination_name(Termination::ProtocolError)) == "protocol-error");
    CHECK(std::string(termination_name(Termination::GameRule)) == "game-rule");
    CHECK(std::string(termination_name(Termination::PluginError)) == "plugin-error");
    std::set<std::string> seen;
    for (int i = 0; i <= static_cast<int>(arb::match::kLastTermination); ++i) {
        auto t = static_cast<Termination>(i);
        std::string name = termination_name(t);
        CHECK(seen.insert(name).second);
        CHECK(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos);
        CHECK(arb::match::termination_from_name(name) == t);
    }
    CHECK_FALSE(arb::match::termination_from_name("resign"));
}

TEST_CASE("engine failures map to the termination of docs/protocol.md", "[termination]") {
    using arb::engine::FailureKind;
    CHECK(arb::match::termination_for(FailureKind::Timeout) == Termination::TimeForfeit);
    CHECK(arb::match::termination_for(FailureKind::Crash) == Termination::Crash);
    CHECK(arb::match::termination_for(FailureKind::Stall) == Termination::Stall);
    CHECK(arb::match::termination_for(FailureKind::Protocol) == Termination::ProtocolError);
    CHECK(std::string(arb::match::result_text(ARB_RESULT_WIN_SIDE_1)) == "0-1");
    CHECK(std::string(arb::match::result_text(ARB_RESULT_DRAW)) == "1/2-1/2");
}

TEST_CASE("a result claim is true only when the game is over with the result claimed", "[termination][claim]") {
    using arb::match::claim_is_true;
    auto outcome = [](arb_result result) {
        arb_outcome o{};
        o.result = result;
        return o;
    };
    // CECP's claims (xboard's engine-intf.html, "RESULT {COMMENT}"): 1-0 white (side 0) wins.
    CHECK(claim_is_true("0-1 {Black mates}", outcome(ARB_RESULT_WIN_SIDE_1)));
    CHECK(claim_is_true("1-0 {White mates}", outcome(ARB_RESULT_WIN_SIDE_0)));
    CHECK(claim_is_true("1/2-1/2 {Draw by repetition}", outcome(ARB_RESULT_DRAW)));
    CHECK(claim_is_true("1/2-1/2", outcome(ARB_RESULT_DRAW)));
    CHECK_FALSE(claim_is_true("1-0 {White mates}", outcome(ARB_RESULT_WIN_SIDE_1)));   // the other winner
    CHECK_FALSE(claim_is_true("1/2-1/2 {Stalemate}", outcome(ARB_RESULT_ONGOING)));   // the game goes on
    CHECK_FALSE(claim_is_true("* {Unfinished}", outcome(ARB_RESULT_ONGOING)));        // '*' claims no result
    CHECK_FALSE(claim_is_true("1-0{White mates}", outcome(ARB_RESULT_DRAW)));
    CHECK(std::string(termination_name(Termination::FalseClaim)) == "false-claim");
}
