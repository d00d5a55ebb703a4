// An Othello game in GGF (Generic Game Format: GGS, NBoard, NTest and Edax
// read it), built from what UGI's 'position' says: the start (the standard
// one, or any position string, which goes into BO) and every move since,
// passes included as PA. Example:
//   (;GM[Othello]PC[arbiter]PB[p1]PW[p2]RE[?]TI[5:00]TY[8]
//     BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)
#pragma once

#include "ugi_commands.hpp"

#include <chrono>
#include <string>

namespace arb::adapter {

struct GgfHeader {
    std::string black = "p1", white = "p2";  // PB, PW
    std::chrono::seconds time{0};             // TI: the clock given to the engine (0: one hour)
};

// The GGF text on one line (NBoard's 'set game' wants one line). An error
// names what in the position string is not Othello's form; moves are sent
// as they are, upper-cased ("f5" -> F5, "pass" -> PA).
Expected<std::string> othello_ggf(const UgiPosition &position, const GgfHeader &header);

// GGF's time form: "m:ss" below an hour, else "h:mm:ss".
std::string ggf_time(std::chrono::seconds time);

// Empty squares at the start of `position` (60 for the standard start).
Expected<int> othello_empty_squares(const UgiPosition &position);

}  // namespace arb::adapter
