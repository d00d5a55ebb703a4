// Perft through the C ABI against the reference library's published counts
// (tests/data/ataxx/perft.txt): the start position, gaps, forced passes, the
// half-move limit and the empty board.
#include "ataxx/vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;

TEST_CASE("ataxx perft from the start position is 16 256 6460 155888 4752668", "[ataxx][perft]") {
    // The published figures, written here as well as in the data file, so
    // that an edit of the file cannot weaken the test.
    const uint64_t published[] = {16, 256, 6460, 155888, 4752668};
    auto state = test::new_game("ataxx");
    REQUIRE(state.position() == "x5o/7/7/7/7/7/o5x x 0 1");
    sdk::Perft perft(state.api(), state.raw(), 5);
    for (int depth = 1; depth <= 5; ++depth) {
        INFO("depth " << depth);
        CHECK(perft.count(state.raw(), depth) == published[depth - 1]);
    }
}

TEST_CASE("ataxx perft matches every position of the reference library to depth 5", "[ataxx][perft]") {
    auto lines = ataxx_test::read_lines("ataxx/perft.txt");
    REQUIRE(lines.size() == 20);
    for (const auto &line : lines) {
        auto state = ataxx_test::at(line.position);
        CHECK(state.position() == line.position);  // every vector is written canonically
        sdk::Perft perft(state.api(), state.raw(), 6);
        for (size_t depth = 1; depth <= line.words.size() && depth <= 5; ++depth) {
            INFO(line.position << " depth " << depth << " (perft.txt line " << line.line_no << ")");
            CHECK(perft.count(state.raw(), static_cast<int>(depth)) == std::stoull(line.words[depth - 1]));
        }
    }
}

TEST_CASE("ataxx lists the 16 opening moves in UAI text", "[ataxx][perft]") {
    auto state = test::new_game("ataxx");
    // By hand: black's stones on a7 and g1 each clone to 3 squares and jump to 5.
    CHECK(test::legal_move_texts(state) == std::vector<std::string>{"a6", "a7a5", "a7b5", "a7c5", "a7c6", "a7c7",
                                                                    "b6", "b7", "f1", "f2", "g1e1", "g1e2", "g1e3",
                                                                    "g1f3", "g1g3", "g2"});
}
