// A finished game as a PGN-like record (games.pgn): the seven-tag roster
// that Ordo and BayesElo read, plus Game, Termination, Variant, FEN, Score
// and PlyCount, and numbered movetext in the plugin's canonical notation.
#pragma once

#include "output/finished_game.hpp"

#include <string>

namespace arb::output {

struct PgnContext {
    std::string event;
    std::string site;            // host name
    std::string variant;         // game id and non-default options, e.g. "baghchal capture=mandatory"
    std::string start_position;  // the plugin's start position: no FEN tag for games that begin there
    int first_side = 0;          // side to move where the game began (1: movetext starts "1...")
};

// The record, ending with a blank line.
std::string to_pgn(const FinishedGame &game, const PgnContext &context);

// "2026.11.22" from a time point (UTC).
std::string pgn_date(std::chrono::system_clock::time_point when);

}  // namespace arb::output
