#include "match/game_record.hpp"
#include "match/game_runner.hpp"

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
