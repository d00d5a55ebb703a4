#include "othello_ggf.hpp"

#include <ggf.hpp>

namespace arb::adapter {

namespace {

// The GGF board of a UGI start (empty: the standard one).
Expected<othello::ggf::Board> start_board(const std::string &fen) {
    if (fen.empty()) return othello::ggf::Board{std::string(othello::ggf::kStandardBoard), 0};
    std::string error;
    auto board = othello::ggf::board(fen, error);
    if (!board) return fail(error);
    return *board;
}

}  // namespace

std::string ggf_time(std::chrono::seconds time) { return othello::ggf::clock(time); }

Expected<std::string> othello_ggf(const UgiPosition &position, const GgfHeader &header) {
    auto board = start_board(position.fen);
    if (!board) return Unexpected<Error>{board.error()};
    othello::ggf::Game game;
    game.black = header.black;
    game.white = header.white;
    game.time = othello::ggf::clock(header.time.count() > 0 ? header.time : std::chrono::minutes(60));
    game.board = board->squares;
    game.first = board->first;
    for (const auto &move : position.moves) game.moves.push_back({othello::ggf::move(move), {}, {}});
    return othello::ggf::write(game);
}

Expected<int> othello_empty_squares(const UgiPosition &position) {
    auto board = start_board(position.fen);
    if (!board) return Unexpected<Error>{board.error()};
    int empty = 0;
    for (char c : board->squares) empty += c == '-';
    return empty;
}

}  // namespace arb::adapter
