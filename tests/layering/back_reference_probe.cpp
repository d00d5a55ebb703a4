// Compiled by the test layering_back_reference_fails_to_compile as part of
// the output layer: the tournament layer sits above it, so its headers are
// not on the include path and this must not compile.
#include "tournament/schedule.hpp"

int layering_back_reference_probe() { return 0; }
