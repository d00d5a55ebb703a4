// What `arbiter run` and `arbiter match` do once their tournament is loaded
// and checked: have the session open the engine traffic log (--log / -log), play it
// with the real engines and print its end; one place, so both commands
// behave alike.
#pragma once

#include "config/config_loader.hpp"
#include "tournament/session.hpp"

#include <string>

namespace arb::cli {

// Plays `loaded` with `options` (resume, quiet, command, ... as the command
// set them; the engine parts and interrupts are filled in here) and returns
// the exit status.
int play_tournament(const config::LoadedConfig &loaded, tournament::SessionOptions options);

}  // namespace arb::cli
