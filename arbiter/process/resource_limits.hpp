// When the machine refuses a process, a thread or a descriptor: which limit
// ran out, named so that the user knows what to raise, with the value it
// has now. The refusal is the machine's, never an engine's fault: callers
// stop the run cleanly and resumably instead of scoring a game.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace arb::process {

// Thrown where no error value can travel (deep in a game's plugin calls)
// when the machine refused what the arbiter needed; the message names the
// limit. The tournament runner stops the run on it, the game unplayed.
class OutOfResources : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// True for the errors of a refusal for want of resources: EAGAIN (no
// process or thread to be had), ENOMEM, EMFILE, ENFILE.
bool is_resource_error(int error);

// The limit behind such an error, e.g. "processes and threads of this user
// are limited to 40 (RLIMIT_NPROC, 'ulimit -u')" for EAGAIN; empty for an
// error that is not one of them.
std::string resource_limit_named(int error);

// The resource error whose text (strerror) `said` carries, e.g. what a
// child printed before it died: EAGAIN ("Resource temporarily
// unavailable"), EMFILE or ENFILE; 0 for none. Memory is left out: a
// program that exhausts it has usually leaked it itself.
int resource_error_in(std::string_view said);

// "WHAT: <the cause> (<the limit>)" for a std::system_error, the limit
// only when the error is a refusal of resources.
std::string refusal_text(std::string_view what, const std::system_error &error);

// "cannot create a thread for WHAT: <the cause> (<the limit>)", for a
// std::thread that could not be started (it throws std::system_error).
std::string thread_failure(std::string_view what, const std::system_error &error);

}  // namespace arb::process
