// Strict readers: every byte string given as a position or a move is either
// read exactly or refused with a message, never a crash, and a refused
// position leaves the state as it was.
#include "gess_support.hpp"

#include <random>

using namespace gess_test;

namespace {

// A refused move must say why; an accepted one must format back to itself.
void check_move_text(const GameState &state, const std::string &text) {
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    const arb_status status = state.parse_move(text.c_str(), move, error);
    INFO("move text '" << text << "'");
    if (status == ARB_OK) {
        CHECK(state.format_move(move) == text);
    } else {
        CHECK((status == ARB_ERR_SYNTAX || status == ARB_ERR_ILLEGAL));
        CHECK_FALSE(error.empty());
    }
}

void check_position_text(GameState &state, const std::string &text) {
    const std::string before = state.position();
    auto result = state.set_position(text);
    if (result) {
        CHECK(state.position() == text);  // only the canonical form is read
        REQUIRE(state.set_position(before).has_value());
    } else {
        CHECK_FALSE(result.error().message.empty());
        CHECK(state.position() == before);
    }
}

}  // namespace

TEST_CASE("gess refuses malformed moves with a syntax error naming the text", "[gess][parser]") {
    GameState state = new_gess();
    const std::vector<std::string> bad = {"",       "i6",     "i6-",     "i6-i",      "i6i9",    "i6-i9 ",
                                          " i6-i9", "I6-I9",  "i6--i9",  "i6_i9",     "i06-i9",  "i6-i09",
                                          "u1-a1",  "a0-a1",  "a21-a1",  "i6-i9-i12", "i6-i9\n", "6i-9i",
                                          "i6x i9", "i6 - i9", "i6\xe2\x80\x93i9", "pass", "-", "a1-"};
    for (const std::string &text : bad) {
        INFO("'" << text << "'");
        std::string error;
        CHECK(try_move(state, text, &error) == ARB_ERR_SYNTAX);
        CHECK(error.find("in the move") != std::string::npos);
    }
    std::string error;
    CHECK(try_move(state, "u1-a1", &error) == ARB_ERR_SYNTAX);
    CHECK(error.find("column 'u'") != std::string::npos);
}

TEST_CASE("gess refuses well-formed illegal moves with the reason", "[gess][parser]") {
    GameState state = new_gess();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"i6-i6", "does not move"},
        {"c3-d5", "not along a row, column or diagonal"},
        {"j10-j11", "none of the 8 squares"},
        {"i16-i13", "holds a white stone"},
        {"i6-j7", "cannot move north-east"},
        {"i6-i10", "at most 3 squares"},
        {"i3-i8", "must stop on i6"},
        {"a1-b2", "none of the 8 squares"},
    };
    for (const auto &[text, reason] : cases) {
        INFO(text);
        std::string error;
        CHECK(try_move(state, text, &error) == ARB_ERR_ILLEGAL);
        CHECK(error.find(reason) != std::string::npos);
    }
}

TEST_CASE("gess reads random and truncated move texts without crashing", "[gess][parser]") {
    GameState state = new_gess();
    std::mt19937 rng(2024);
    std::vector<std::string> texts;
    for (const std::string &move : arb::test::legal_move_texts(state))
        for (size_t cut = 0; cut <= move.size(); ++cut) texts.push_back(move.substr(0, cut));
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-x ";
    for (int i = 0; i < 3000; ++i) {
        std::string s(std::uniform_int_distribution<size_t>(0, 9)(rng), ' ');
        for (char &c : s) c = alphabet[std::uniform_int_distribution<size_t>(0, alphabet.size() - 1)(rng)];
        texts.push_back(s);
        std::string bytes(std::uniform_int_distribution<size_t>(0, 12)(rng), ' ');
        for (char &c : bytes) c = static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        texts.push_back(bytes);
    }
    int accepted = 0;
    for (const std::string &text : texts) {
        check_move_text(state, text);
        accepted += is_legal(state, text);
    }
    CHECK(accepted >= 345);  // at least the complete legal texts
}

TEST_CASE("gess refuses malformed positions with a message and keeps the state", "[gess][parser]") {
    GameState state = new_gess();
    const std::string start = state.position();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "row 19 ends after 0 of 18"},
        {start.substr(0, 17), "row 19 ends after 17 of 18"},
        {start.substr(0, 18), "ends after 1 of 18 rows"},
        {start.substr(0, start.size() - 2), "ends after the board"},
        {start.substr(0, start.size() - 1), "expected 'b' or 'w'"},
        {start + " ", "unexpected"},
        {start.substr(0, start.size() - 1) + "x", "expected 'b' or 'w'"},
        {"x" + start.substr(1), "unexpected 'x' on b19"},
        {start.substr(0, 18) + "." + start.substr(19), "row 19 is longer than 18"},
        {start.substr(0, 17) + "/" + start.substr(18), "row 19 ends after 17 of 18"},
        {start.substr(0, start.size() - 2) + "\tb", "expected a space"},
    };
    for (const auto &[text, reason] : cases) {
        INFO("'" << text << "'");
        auto result = state.set_position(text);
        REQUIRE_FALSE(result.has_value());
        CHECK(result.error().message.find(reason) != std::string::npos);
        CHECK(state.position() == start);
    }
}

TEST_CASE("gess refuses positions with more than 43 stones of a colour", "[gess][parser]") {
    GameState state = new_gess();
    std::string crowded = state.position();
    set_stone(crowded, "j10", 'X');
    auto result = state.set_position(crowded);
    REQUIRE_FALSE(result.has_value());
    CHECK(result.error().message.find("black has 44 stones") != std::string::npos);
    set_stone(crowded, "j10", 'O');
    CHECK_FALSE(state.set_position(crowded).has_value());
    set_stone(crowded, "j10", '.');
    CHECK(state.set_position(crowded).has_value());
}

TEST_CASE("gess reads random, mutated and truncated positions without crashing", "[gess][parser]") {
    GameState state = new_gess();
    const std::string start = state.position();
    std::mt19937 rng(99);
    std::vector<std::string> texts;
    for (size_t cut = 0; cut <= start.size(); ++cut) texts.push_back(start.substr(0, cut));
    for (int i = 0; i < 2000; ++i) {
        std::string m = start;
        const int edits = std::uniform_int_distribution<int>(1, 3)(rng);
        for (int e = 0; e < edits; ++e)
            m[std::uniform_int_distribution<size_t>(0, m.size() - 1)(rng)] =
                static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        texts.push_back(m);
        // Well-formed boards with random stones: accepted when <= 43 a side.
        std::string r = start;
        for (size_t k = 0; k + 2 < r.size(); ++k)
            if (r[k] != '/') r[k] = "........XO"[std::uniform_int_distribution<int>(0, 9)(rng)];
        texts.push_back(r);
        std::string bytes(std::uniform_int_distribution<size_t>(0, 400)(rng), ' ');
        for (char &c : bytes) c = static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        texts.push_back(bytes);
    }
    int accepted = 0;
    for (const std::string &text : texts) {
        check_position_text(state, text);
        if (state.set_position(text)) {
            ++accepted;
            // Whatever was accepted can be played from: moves generate, format and parse back.
            for (arb_move move : state.legal_moves()) {
                arb_move back = ARB_MOVE_NONE;
                std::string error;
                REQUIRE(state.parse_move(state.format_move(move).c_str(), back, error) == ARB_OK);
                REQUIRE(back == move);
            }
            REQUIRE(state.set_position(start).has_value());
        }
    }
    CHECK(accepted > 0);
}
