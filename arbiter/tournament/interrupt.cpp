#include "tournament/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace arb::tournament {

namespace {

// The one piece of process-wide state: a signal handler has nowhere else to write.
std::atomic<int> g_interrupts{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int) { g_interrupts.fetch_add(1, std::memory_order_relaxed); }

}  // namespace

void install_interrupt_handlers() {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);  // a closed terminal stops the run like SIGTERM
    std::signal(SIGPIPE, SIG_IGN);
}

int interrupt_count() { return g_interrupts.load(std::memory_order_relaxed); }

}  // namespace arb::tournament
