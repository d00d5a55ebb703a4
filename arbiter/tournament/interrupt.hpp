// Ctrl-C, SIGTERM and SIGHUP as a counter: the handler only increments it (nothing
// else is safe in a signal handler); the tournament polls it between games
// and while they run. First signal: stop cleanly; second: abandon running games.
#pragma once

namespace arb::tournament {

// Installs the handlers for SIGINT, SIGTERM and SIGHUP and ignores SIGPIPE (a dead
// engine's pipe is reported by the engine layer, not by killing us).
void install_interrupt_handlers();
// Signals received since installation.
int interrupt_count();

}  // namespace arb::tournament
