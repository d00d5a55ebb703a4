// The adapter's one way of stopping an exception at the C boundary, and what
// an arb_state is. Every thunk of every extension runs its body through
// guarded(): an exception ends there, the host's log gets one line
// ("FUNCTION failed: WHAT") and the caller gets the thunk's failure value (a
// status, NULL, a safe answer), so no failure unwinds into the host and none
// is silent. Exceptions that are part of a contract (std::invalid_argument
// for options a game refuses) are caught inside the body and turned into
// their status there, before guarded() sees them.
#pragma once

#include <arbiter/game.h>
#include <arbiter/sdk/host.hpp>
#include <arbiter/sdk/text.hpp>

#include <exception>
#include <new>
#include <string>
#include <string_view>

namespace arb::sdk::detail {

// What an arb_state is: the game and the host it was created under, so that
// a failure deep inside (an exception in reset or assign) reaches the host's
// log with its text, not only as a status code.
template <class Game>
struct Instance {
    Host host;
    Game game;
};

template <class Game>
Instance<Game> &as_instance(arb_state *state) noexcept {
    return *reinterpret_cast<Instance<Game> *>(state);
}
template <class Game>
const Instance<Game> &as_instance(const arb_state *state) noexcept {
    return *reinterpret_cast<const Instance<Game> *>(state);
}
template <class Game>
Game &as_game(arb_state *state) noexcept {
    return as_instance<Game>(state).game;
}
template <class Game>
const Game &as_game(const arb_state *state) noexcept {
    return as_instance<Game>(state).game;
}

// The text of the exception being handled, for a log line.
inline const char *exception_text() noexcept {
    try {
        throw;
    } catch (const std::bad_alloc &) {
        return "out of memory";
    } catch (const std::exception &e) {
        return e.what();
    } catch (...) {
        return "an exception that is not a std::exception";
    }
}

// Runs body() and returns what it returns; an exception stops here: the
// host's log gets "FUNCTION failed: WHAT", `err` (when given) the same line,
// and the caller gets `on_failure`.
template <class Result, class Body>
Result guarded(const Host &host, const char *function, Result on_failure, Body &&body,
               ErrorOut *err = nullptr) noexcept {
    try {
        return body();
    } catch (...) {
        const char *what = exception_text();
        host.log(ARB_LOG_ERROR, "%s failed: %s", function, what);
        if (err != nullptr) (void)err->fail(ARB_ERR_INTERNAL, "internal error in %s: %s", function, what);
        return on_failure;
    }
}

// guarded() for a thunk on a state: the state's own host.
template <class Game, class Result, class Body>
Result guarded_on(const arb_state *state, const char *function, Result on_failure, Body &&body,
                  ErrorOut *err = nullptr) noexcept {
    return guarded(as_instance<Game>(state).host, function, on_failure, static_cast<Body &&>(body), err);
}

// The text of a move as a view, whatever format_move returns.
inline std::string_view text_view(const std::string &text) noexcept { return text; }
template <class Text>
std::string_view text_view(const Text &text) noexcept {
    return text.view();
}

}  // namespace arb::sdk::detail
