#include "illegal_move.hpp"

#include <algorithm>

namespace arb::engines {

namespace {

bool is_illegal(const game::GameState &state, const std::string &text) {
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    return state.parse_move(text.c_str(), move, error) == ARB_ERR_ILLEGAL;
}

}  // namespace

std::optional<std::string> find_unlisted_move(const game::GameState &state, const std::vector<std::string> &history) {
    const std::vector<arb_move> legal = state.legal_moves();
    auto unlisted = [&](const std::string &text) {
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        return state.parse_move(text.c_str(), move, error) == ARB_OK &&
               std::find(legal.begin(), legal.end(), move) == legal.end();
    };
    std::vector<std::string> candidates(history.rbegin(), history.rend());
    for (char column = 'a'; column <= 'z'; ++column) {
        candidates.emplace_back(1, column);
        for (int row = 1; row <= 26; ++row) candidates.push_back(std::string(1, column) + std::to_string(row));
    }
    candidates.emplace_back("pass");
    for (const auto &text : candidates)
        if (unlisted(text)) return text;
    return std::nullopt;
}

std::optional<std::string> find_illegal_move(const game::GameState &state, const std::vector<std::string> &history) {
    for (auto it = history.rbegin(); it != history.rend(); ++it)
        if (is_illegal(state, *it)) return *it;

    std::vector<arb_move> mine = state.legal_moves();
    for (size_t i = 0; i < mine.size() && i < 8; ++i) {
        game::GameState next = state;
        next.play(mine[i]);
        for (arb_move reply : next.legal_moves()) {
            std::string text = next.format_move(reply);
            if (is_illegal(state, text)) return text;
        }
    }
    for (char column = 'a'; column <= 'z'; ++column)
        for (int row = 1; row <= 26; ++row) {
            std::string text = std::string(1, column) + std::to_string(row);
            if (is_illegal(state, text)) return text;
        }
    if (is_illegal(state, "pass")) return std::string("pass");
    return std::nullopt;
}

}  // namespace arb::engines
