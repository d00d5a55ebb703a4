// Isolation mode (isolate_plugins / --isolate-plugins): a plugin's game logic
// runs in a child process, `arbiter plugin-host FILE`, which loads the plugin
// and serves GameState calls over its stdin/stdout (game/plugin_host_wire.hpp).
// A crash, abort or heap corruption in the plugin then ends that child and
// the game it was judging, not the arbiter. GameState::create with a
// PluginHost gives states that live in the child and behave as local ones.
//
// Rationale (exec of a helper rather than a bare fork): the arbiter is
// threaded, and a forked child of a threaded process may deadlock in malloc
// or dlopen; the child is started by process::spawn like every other.
#pragma once

#include "game/plugin.hpp"
#include "game/plugin_host_wire.hpp"

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace arb::game {

// Thrown by a GameState living in a plugin-host child when that child died
// or stopped answering: what() says how and in which call, e.g. "the plugin
// 'drop' crashed in its plugin-host child: it was killed by signal 11
// (SIGSEGV) in play()". The next state asked of the PluginHost gets a new child.
class PluginHostDied : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One plugin-host child for one worker (one game at a time), reused between
// games and restarted after it died or the plugin broke a promise in it.
// Not thread-safe: one thread uses one PluginHost.
class PluginHost {
public:
    // `program` is the arbiter executable, run as `program plugin-host FILE`
    // with the plugin's file; the child starts at the first request.
    PluginHost(PluginPtr plugin, std::filesystem::path program);
    ~PluginHost();
    PluginHost(const PluginHost &) = delete;
    PluginHost &operator=(const PluginHost &) = delete;

    [[nodiscard]] const PluginPtr &plugin() const noexcept { return plugin_; }
    // Counts the children started, so that a state knows whether the child
    // that holds it still lives.
    [[nodiscard]] uint64_t generation() const noexcept { return generation_; }
    [[nodiscard]] int children_started() const noexcept { return static_cast<int>(generation_); }
    // Whether the child that holds the states of `generation` still serves:
    // false once it died, also when a newer one runs.
    [[nodiscard]] bool serves(uint64_t generation) const noexcept { return child_ && generation == generation_; }
    // Requests sent to any child so far: the round trips a game cost.
    [[nodiscard]] uint64_t requests() const noexcept { return requests_; }

    // Sends one request and returns the response's payload. A Create starts
    // a child when there is none (or the last one is tainted and holds no
    // state); any other request on a state of a child that is gone throws.
    // Throws PluginHostDied when the child dies or answers nonsense, and
    // process::OutOfResources when the machine refused to start one.
    std::string call(wire::Op op, const std::string &request, uint64_t generation);

    // Bookkeeping of live states, for restarts between games.
    void state_created() noexcept { ++live_states_; }
    void state_destroyed() noexcept {
        if (live_states_ > 0) --live_states_;
    }

private:
    struct Child;
    void start();
    // `function`: where the child's crash frame says it was; empty: the op's.
    [[noreturn]] void died(wire::Op op, const std::string &why, const std::string &function = {});

    PluginPtr plugin_;
    std::filesystem::path program_;
    std::unique_ptr<Child> child_;
    uint64_t generation_ = 0;
    uint64_t requests_ = 0;
    int live_states_ = 0;
    bool tainted_ = false;
};

// The child's side: loads nothing itself, serves `plugin` on the descriptors
// until end of file on `in_fd`. Returns the exit code (0 at end of file, 3
// for a request it cannot read).
int serve_plugin_host(const PluginPtr &plugin, int in_fd, int out_fd);

}  // namespace arb::game
