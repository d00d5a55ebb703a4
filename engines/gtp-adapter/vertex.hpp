// Square names between our notation ("f5", row 1 at the top, lower case)
// and a GTP vertex ("F5", upper case, row 1 at the top or the bottom).
#pragma once

#include "settings.hpp"

#include <string>

namespace arb::gtp {

// Our move text to the engine's: squares in upper case (the form GTP
// engines print), rows flipped for a bottom-up engine; "pass" stays "pass".
// Text that is not a square on the board is passed on unchanged.
std::string to_gtp_vertex(const std::string &move, const Settings &settings);

// The engine's vertex to our notation: lower case, rows flipped back;
// "PASS"/"pass" becomes "pass". Anything else (e.g. "resign") is passed on
// lower-cased for the arbiter to judge.
std::string from_gtp_vertex(const std::string &vertex, const Settings &settings);

}  // namespace arb::gtp
