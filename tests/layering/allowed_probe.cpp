// Compiled by the test layering_allowed_include_compiles as part of the
// output layer: headers of the output layer and of layers below it are found.
#include "match/finished_game.hpp"
#include "output/standings.hpp"

int layering_allowed_probe(const arb::match::FinishedGame &game) {
    return arb::output::outcome_of(game) ? game.slot.index : -1;
}
