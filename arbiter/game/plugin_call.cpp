#include "game/plugin_call.hpp"

#include "game/plugin_host_wire.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace arb::game {

namespace {

// Process state by nature: a signal handler has no other way to learn what
// the crashing thread was doing. Plain pointers to static or plugin-owned
// text, so the handler reads them without locks or allocation.
thread_local const char *t_plugin = nullptr;
thread_local const char *t_function = nullptr;
// Set once before any plugin call (install_plugin_crash_frame); -1: the line form.
int g_crash_frame_fd = -1;

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};

const char *signal_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    default: return "a fatal signal";
    }
}

// Appends `text` to the fixed buffer; async-signal-safe (no allocation).
void put(char *buf, size_t cap, size_t &len, const char *text) {
    for (; *text != '\0' && len + 1 < cap; ++text) buf[len++] = *text;
}

// The frame of plugin_host_wire.hpp by hand: length, flags, the function name.
void write_crash_frame(const char *function) {
    char frame[256];
    size_t len = 5;
    frame[4] = static_cast<char>(wire::kCrashed);
    put(frame, sizeof frame, len, function != nullptr ? function : "?");
    const auto payload = static_cast<uint32_t>(len - 4);
    for (int i = 0; i < 4; ++i) frame[i] = static_cast<char>((payload >> (8 * i)) & 0xFF);
    ssize_t ignored = ::write(g_crash_frame_fd, frame, len);
    (void)ignored;
}

void on_fatal_signal(int sig) {
    // Only this line and re-raising: the heap may be what the plugin broke.
    if (t_plugin != nullptr && g_crash_frame_fd >= 0) {
        write_crash_frame(t_function);
    } else if (t_plugin != nullptr) {
        char line[512];
        size_t len = 0;
        put(line, sizeof line, len, "arbiter: the game plugin '");
        put(line, sizeof line, len, t_plugin);
        put(line, sizeof line, len, "' crashed with ");
        put(line, sizeof line, len, signal_name(sig));
        put(line, sizeof line, len, " in ");
        put(line, sizeof line, len, t_function != nullptr ? t_function : "?");
        put(line, sizeof line, len, "(); the games finished before are kept (--isolate-plugins runs plugins in a child)\n");
        ssize_t ignored = ::write(STDERR_FILENO, line, len);
        (void)ignored;
    }
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    // Back in the faulting instruction, which faults again with the default
    // action; for a raised signal (abort) raise it ourselves.
    sigset_t unblock;
    ::sigemptyset(&unblock);
    ::sigaddset(&unblock, sig);
    ::pthread_sigmask(SIG_UNBLOCK, &unblock, nullptr);
    ::raise(sig);
}

}  // namespace

PluginCallScope::PluginCallScope(const char *plugin_id, const char *function) noexcept
    : saved_plugin_(t_plugin), saved_function_(t_function) {
    t_plugin = plugin_id;
    t_function = function;
}

PluginCallScope::~PluginCallScope() {
    t_plugin = saved_plugin_;
    t_function = saved_function_;
}

void install_plugin_crash_frame(int fd) {
    g_crash_frame_fd = fd;
    install_plugin_crash_report();
}

void install_plugin_crash_report() {
    struct sigaction action {};
    action.sa_handler = &on_fatal_signal;
    ::sigemptyset(&action.sa_mask);
    // SA_NODEFER: the handler's own raise() is delivered at once;
    // SA_ONSTACK is not needed: a stack overflow in a plugin dies silently.
    action.sa_flags = SA_NODEFER;
    for (int sig : kFatalSignals) ::sigaction(sig, &action, nullptr);
}

}  // namespace arb::game
