// `arbiter check`'s timing check, apart from the checks of the moves: the
// answer times of every search under one kind of limit (go movetime, a
// clock, depth, nodes), judged against the time allowed, with the measured
// times and the machine's load, and the likely cause when answers came late
// (the engine's threads, the load, or the engine itself). A move check waits
// well past the limit and judges the move; lateness is reported here only,
// so a loaded machine does not read as a broken rule.
#pragma once

#include "compliance/engine_check.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace arb::compliance {

// The machine's 1-minute load average and the CPUs online.
struct MachineLoad {
    double load1 = 0;
    int cpus = 1;
    bool known = false;  // /proc/loadavg could be read
};
MachineLoad read_machine_load();

// The searches under one kind of limit and their answer times.
struct TimingSeries {
    std::string limit;                   // "go movetime 100"
    std::chrono::milliseconds allowed{};  // the limit plus --margin
    std::vector<std::chrono::milliseconds> times;  // answers in time or late
    int unanswered = 0;                  // no answer at all within the wait
    std::string first_late;              // the check of the first late answer (or unanswered), for the report

    // `elapsed` of an answer in check `where`; nullopt: none came.
    void record(std::optional<std::chrono::milliseconds> elapsed, const std::string &where);
    [[nodiscard]] int searches() const { return static_cast<int>(times.size()) + unanswered; }
    [[nodiscard]] int late() const;
};

// What the hint of a late engine is made of.
struct TimingContext {
    bool declares_threads = false;  // the engine declares an option 'Threads' (any case)
    std::string threads_value;      // what --engine-option set it to; empty: the engine's default
    MachineLoad load;               // the highest load seen while the searches ran
    std::chrono::milliseconds margin{};
};

// PASS when every answer came within its allowance; FAIL when the median
// answer of a series (unanswered ones counting as the slowest) came after
// it: the engine habitually overshoots; WARN when only some came late (one
// slow answer on a busy machine). The detail always names, per series, the
// searches, the median and the worst time and what was allowed, then the
// load; when late, also the first late check and the likely cause.
CheckItem judge_timing(const std::vector<TimingSeries> &series, const TimingContext &context);

}  // namespace arb::compliance
