// Compiled by the test layering_allowed_include_compiles as part of the
// output layer: headers of the output layer and of layers below it are found.
#include "match/scheduled_game.hpp"
#include "output/finished_game.hpp"

int layering_allowed_probe(const arb::output::FinishedGame &game) { return game.slot.index; }
