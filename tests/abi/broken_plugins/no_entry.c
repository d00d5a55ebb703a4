/* A shared library that is not a plugin: it lacks arb_game_entry. */
int arb_not_the_entry(void) { return 42; }
