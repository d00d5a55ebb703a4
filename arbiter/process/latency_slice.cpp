#include "process/latency_slice.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <limits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace arb::process {

namespace {

// The kernel's struct sched_attr (include/uapi/linux/sched/types.h, its
// first version: 48 bytes). Declared here because <linux/sched/types.h>
// clashes with glibc's <sched.h> over struct sched_param.
struct KernelSchedAttr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
};

bool read_attr(KernelSchedAttr &attr) noexcept {
    std::memset(&attr, 0, sizeof attr);
    return ::syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0U) == 0;
}

// "250" -> 250 us; empty, negative or not a number -> nothing.
std::optional<std::chrono::microseconds> parse_us(std::string_view text) {
    auto value = protocol::parse_integer<long long>(text, 0, std::numeric_limits<long long>::max() / 1000);
    if (!value) return std::nullopt;
    return std::chrono::microseconds(*value);
}

}  // namespace

LatencySlicesOrError latency_slices_from_environment() {
    LatencySlicesOrError out;
    for (auto [name, target] : {std::pair{"ARBITER_SLICE_US", 0}, std::pair{"ARBITER_ENGINE_SLICE_US", 1}}) {
        const char *text = std::getenv(name);
        if (text == nullptr) continue;
        auto us = parse_us(text);
        if (!us) {
            out.error = std::string(name) + "='" + text + "' is not a number of microseconds (0: the kernel's default)";
            return out;
        }
        if (target == 0)
            out.slices.arbiter = *us;
        else
            out.slices.engines = *us;
    }
    return out;
}

bool set_thread_slice(std::chrono::microseconds slice) noexcept {
    KernelSchedAttr attr;
    if (!read_attr(attr)) return false;
    // Only the fair classes have a slice to set; a real-time or deadline
    // thread is someone's deliberate choice and stays as it is.
    if (attr.sched_policy != SCHED_OTHER && attr.sched_policy != SCHED_BATCH) return false;
    attr.size = sizeof attr;
    attr.sched_flags = 0;
    attr.sched_runtime = static_cast<uint64_t>(slice.count()) * 1000U;
    return ::syscall(SYS_sched_setattr, 0, &attr, 0U) == 0;
}

std::optional<std::chrono::microseconds> thread_slice() noexcept {
    KernelSchedAttr attr;
    if (!read_attr(attr) || attr.sched_runtime == 0) return std::nullopt;
    return std::chrono::microseconds(attr.sched_runtime / 1000U);
}

}  // namespace arb::process
