// Which plugin function this thread is inside, for the one line a fatal
// signal in plugin code prints before the arbiter dies (in-process mode).
#pragma once

namespace arb::game {

// Marks the calling thread as inside `function` of the plugin `plugin_id`
// for the scope's lifetime; scopes nest (the outer one is restored). Both
// strings must outlive the scope (string literals and the plugin's own id).
// Costs two thread-local stores.
class PluginCallScope {
public:
    PluginCallScope(const char *plugin_id, const char *function) noexcept;
    ~PluginCallScope();
    PluginCallScope(const PluginCallScope &) = delete;
    PluginCallScope &operator=(const PluginCallScope &) = delete;

private:
    const char *saved_plugin_;
    const char *saved_function_;
};

// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT that,
// when the signal arrives on a thread inside a PluginCallScope, write
//   arbiter: the game plugin 'drop' crashed with SIGSEGV in play(); ...
// to stderr (write(2) only), then re-raise the signal with its default
// action, so the process still dies of it (exit status 128+signal). A signal
// outside plugin code dies the same way, silently. Call once from main.
void install_plugin_crash_report();

// The plugin-host child's form of it (game/plugin_host.hpp): instead of the
// line, a response frame flagged wire::kCrashed whose payload names the
// function goes to `fd`, so the arbiter's record says where the plugin died
// even when one request ran several plugin functions.
void install_plugin_crash_frame(int fd);

}  // namespace arb::game
