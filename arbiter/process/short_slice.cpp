#include "process/short_slice.hpp"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>

namespace arb::process {

namespace {

// <linux/sched/types.h>'s struct sched_attr (glibc 2.36 has no wrapper).
struct SchedAttr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
    uint32_t sched_util_min;
    uint32_t sched_util_max;
};

// SCHED_FLAG_RESET_ON_FORK of <linux/sched.h>.
constexpr uint64_t kResetOnFork = 0x01;

bool read_attr(SchedAttr &attr) noexcept {
    attr = SchedAttr{};
    attr.size = sizeof attr;
    return ::syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) == 0;
}

}  // namespace

bool ask_for_short_slice() noexcept {
    SchedAttr attr;
    if (!read_attr(attr)) return false;
    // Only the fair classes have slices; a real-time or idle thread is left as it is.
    if (attr.sched_policy != SCHED_OTHER && attr.sched_policy != SCHED_BATCH) return false;
    // Threads and children it starts begin with the default slice again.
    attr.sched_flags = kResetOnFork;
    attr.sched_runtime = static_cast<uint64_t>(std::chrono::nanoseconds(kShortSlice).count());
    if (::syscall(SYS_sched_setattr, 0, &attr, 0) != 0) return false;
    // A kernel without custom slices takes the call and ignores the runtime.
    const auto now = current_slice();
    return now && *now == std::chrono::nanoseconds(kShortSlice);
}

std::optional<std::chrono::nanoseconds> current_slice() noexcept {
    SchedAttr attr;
    if (!read_attr(attr) || attr.sched_runtime == 0) return std::nullopt;
    return std::chrono::nanoseconds(attr.sched_runtime);
}

}  // namespace arb::process
