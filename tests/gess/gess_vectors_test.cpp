// The reference vectors of tests/data/gess (copied from the rules' vector
// set): perft under every option setting, Black's first moves, and the
// playout positions with their complete move lists.
#include "gess_support.hpp"

#include <arbiter/sdk/perft.hpp>

#include <set>

using namespace gess_test;

TEST_CASE("gess perft matches perft.txt under every option setting", "[gess][vectors]") {
    int rows = 0;
    for (const std::string &line : read_lines("gess/perft.txt")) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        Setting setting;
        std::string stop;
        uint64_t d1 = 0, d2 = 0;
        in >> setting.centers >> setting.ring_rule >> stop >> d1 >> d2;
        REQUIRE((stop == "true" || stop == "false"));
        setting.stop_on_pushoff = stop == "true";
        INFO(setting.label());
        GameState state = new_gess(setting);
        arb::sdk::Perft perft(state.api(), state.raw(), 2);
        CHECK(perft.count(state.raw(), 1) == d1);
        CHECK(perft.count(state.raw(), 2) == d2);
        ++rows;
    }
    CHECK(rows == 6);
}

namespace {

void check_start_moves(const std::string &file, const Setting &setting, size_t expected_count) {
    std::vector<std::string> expected;
    for (const std::string &line : read_lines(file))
        if (!line.empty() && line[0] != '#') expected.push_back(line);
    std::sort(expected.begin(), expected.end());
    REQUIRE(expected.size() == expected_count);
    GameState state = new_gess(setting);
    CHECK(arb::test::legal_move_texts(state) == expected);
}

}  // namespace

TEST_CASE("gess first moves match the listed 345 (grid20) and 319 (board18)", "[gess][vectors]") {
    check_start_moves("gess/start-moves-grid20.txt", {"grid20", "illegal", true}, 345);
    check_start_moves("gess/start-moves-board18.txt", {"board18", "illegal", true}, 319);
}

namespace {

struct PlayoutLine {
    std::string position;
    std::string result;
    size_t count = 0;
    std::vector<std::string> moves;
};

PlayoutLine read_playout_line(const std::string &line) {
    std::vector<std::string> fields = split(line, '|');
    REQUIRE(fields.size() == 4);
    auto trim = [](std::string s) {
        s.erase(0, s.find_first_not_of(' '));
        s.erase(s.find_last_not_of(' ') + 1);
        return s;
    };
    PlayoutLine out;
    out.position = trim(fields[0]);
    out.result = trim(fields[1]);
    out.count = std::stoul(trim(fields[2]));
    std::istringstream in(fields[3]);
    for (std::string move; in >> move;) out.moves.push_back(move);
    return out;
}

arb_result expected_result(const std::string &text) {
    if (text == "X") return ARB_RESULT_WIN_SIDE_0;
    if (text == "O") return ARB_RESULT_WIN_SIDE_1;
    REQUIRE(text == "None");
    return ARB_RESULT_ONGOING;
}

// Every position of the file: result, move count and the sorted move list;
// and each next position of a playout is reached by one of the legal moves.
void check_playouts(const std::string &file, const Setting &setting, int expected_positions) {
    GameState state = new_gess(setting);
    int positions = 0;
    std::string previous;  // position before, within the same playout
    for (const std::string &line : read_lines(file)) {
        if (line.rfind("##", 0) == 0) {
            previous.clear();
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        const PlayoutLine expected = read_playout_line(line);
        INFO(setting.label() << " position " << expected.position);
        REQUIRE(state.set_position(expected.position).has_value());
        CHECK(state.position() == expected.position);
        CHECK(state.outcome().result == expected_result(expected.result));
        CHECK(expected.moves.size() == expected.count);
        CHECK(arb::test::legal_move_texts(state) == expected.moves);

        if (!previous.empty()) {
            GameState before = new_gess(setting);
            REQUIRE(before.set_position(previous).has_value());
            bool reached = false;
            for (arb_move move : before.legal_moves()) {
                GameState after = before;
                after.play(move);
                if (after.position() == expected.position) {
                    reached = true;
                    break;
                }
            }
            CHECK(reached);
        }
        previous = expected.position;
        ++positions;
    }
    CHECK(positions == expected_positions);
}

}  // namespace

TEST_CASE("gess playouts (grid20) match every position and move list", "[gess][vectors]") {
    check_playouts("gess/playouts-grid20.txt", {"grid20", "illegal", true}, 120);
}

TEST_CASE("gess playouts (board18) match every position and move list", "[gess][vectors]") {
    check_playouts("gess/playouts-board18.txt", {"board18", "illegal", true}, 40);
}

TEST_CASE("gess distinct boards after Black's first move match the rules file", "[gess][vectors]") {
    const std::vector<std::pair<Setting, size_t>> cases = {{{"grid20", "illegal", true}, 319},
                                                           {{"board18", "illegal", true}, 299},
                                                           {{"grid20", "lose", true}, 423},
                                                           {{"board18", "lose", true}, 390}};
    for (const auto &[setting, boards] : cases) {
        INFO(setting.label());
        GameState state = new_gess(setting);
        std::set<std::string> seen;
        for (arb_move move : state.legal_moves()) {
            GameState after = state;
            after.play(move);
            seen.insert(after.position());
        }
        CHECK(seen.size() == boards);
    }
}
