// A finished game in the words fastchess prints for it, for the programs that
// read fastchess's output line by line (fishtest's and OpenBench's workers
// count crashes, stalls, time losses and illegal moves by these words:
// "disconnect", "stall", "on time", "illegal"):
//
//   Finished game 3 (New vs Base): 0-1 {White loses on time (12ms overrun)}
//   Warning; Illegal move e2e5 played by New
//
// Side 0 is "White", side 1 "Black" (the chess plugin's sides); the chess
// plugin's rule endings become fastchess's ("Draw by 3-fold repetition").
// Also the final position as fastchess's -epdout writes it.
#pragma once

#include "match/finished_game.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace arb::output {

// The text between the braces of fastchess's "Finished game" line; `margin`
// is the time margin past the clock (fastchess's overrun leaves it out).
std::string fastchess_reason(const match::GameRecord &record, std::chrono::milliseconds margin);

// The "Warning; ..." lines fastchess prints during such a game (an illegal
// move, an engine that stopped answering), each with its newline.
std::string fastchess_warnings(const match::GameRecord &record);

// The PV checks' findings of the game (GameRecord::pv_findings) in
// fastchess's words, each with its newline: the warning, then "Info; LINE",
// "Position; startpos" (or "fen ...") and "Moves; M1 M2 ..." (the moves
// before the search), joined by " :: " under `test_env` (fastchess's
// -testEnv) and by newlines otherwise:
//
//   Warning; Illegal PV move - move e7e5 from New :: Info; info depth 3 score cp 20 pv e2e4 e7e5 :: ...
std::string fastchess_pv_warnings(const match::GameRecord &record, bool test_env);

// An engine's set-up warning in fastchess's words, for the ones fishtest's worker reads (an option the
// engine does not declare: "Warning; NAME doesn't have option X", which fails a fishtest run, as it
// should); nullopt for the others.
std::optional<std::string> fastchess_setup_warning(const std::string &warning);

// "Finished game N (White vs Black): R {reason}\n" (N is the game's schedule number, 1-based).
std::string fastchess_finished_line(const match::FinishedGame &game, std::chrono::milliseconds margin);

// A FEN's first four fields and fastchess's "hmvc H; fmvn F;" (EPD operations),
// with its newline; a position that is not a six-field FEN as it is.
std::string fastchess_epd_line(const std::string &position);

}  // namespace arb::output
