#include "compliance/timing_check.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace arb::compliance {

namespace {

using std::chrono::milliseconds;

std::string ms(milliseconds t) { return std::to_string(t.count()) + " ms"; }

std::string load_text(const MachineLoad &load) {
    if (!load.known) return "load average unknown (no /proc/loadavg)";
    char text[64];
    std::snprintf(text, sizeof text, "%.2f", load.load1);
    return "load average " + std::string(text) + " on " + std::to_string(load.cpus) + " CPU" +
           (load.cpus == 1 ? "" : "s");
}

// The likely cause of late answers, as a hint: threads first (an engine that
// searches with several threads on a busy machine waits for CPU it cannot
// get, and more time per move does not help), then the load, then the
// engine itself.
std::string likely_cause(const TimingContext &c) {
    const bool loaded = c.load.known && c.load.load1 >= 0.9 * c.load.cpus;
    if (c.declares_threads && c.threads_value != "1") {
        const std::string threads =
            c.threads_value.empty() ? "with its default number of threads" : "with Threads=" + c.threads_value;
        return "likely cause: its threads: it declares 'Threads' and searches " + threads + ", which on " +
               std::to_string(c.load.cpus) + " CPU" + (c.load.cpus == 1 ? "" : "s") +
               (loaded ? " already busy" : "") +
               " compete for the CPU with each other and the machine; check it with --engine-option Threads=1 "
               "(more --movetime does not help)";
    }
    if (loaded)
        return "likely cause: the machine's load (" + load_text(c.load) +
               "): the engine got less CPU than the time it was given; check it on a quieter machine, or allow more "
               "with --margin MS (now " + ms(c.margin) + ")";
    return "likely cause: the engine itself: the machine was not busy (" + load_text(c.load) +
           "), so it searches past its limit; it should stop in time (an engine that needs longer per move can be "
           "given it with --movetime MS)";
}

}  // namespace

MachineLoad read_machine_load() {
    MachineLoad load;
    const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
    load.cpus = cpus > 0 ? static_cast<int>(cpus) : 1;
    std::ifstream in("/proc/loadavg");
    if (in >> load.load1) load.known = true;
    return load;
}

void TimingSeries::record(std::optional<milliseconds> elapsed, const std::string &where) {
    const bool late_now = !elapsed || *elapsed > allowed;
    if (late_now && late() == 0) first_late = where;
    if (elapsed)
        times.push_back(*elapsed);
    else
        ++unanswered;
}

int TimingSeries::late() const {
    return unanswered + static_cast<int>(std::count_if(times.begin(), times.end(), [this](milliseconds t) { return t > allowed; }));
}

CheckItem judge_timing(const std::vector<TimingSeries> &series, const TimingContext &context) {
    CheckItem item;
    item.name = "keeps to its time limits (";
    std::string detail;
    bool any_late = false, habitually_late = false;
    bool first = true;
    for (const TimingSeries &s : series) {
        if (s.searches() == 0) continue;
        item.name += (first ? "" : ", ") + s.limit;
        std::vector<milliseconds> sorted = s.times;
        std::sort(sorted.begin(), sorted.end());
        // Unanswered searches are the slowest: past every time measured.
        const int n = s.searches();
        const int mid = (n - 1) / 2;  // the lower median: a 2-answer series is late only if both are
        const bool median_late = mid >= static_cast<int>(sorted.size()) || sorted[static_cast<size_t>(mid)] > s.allowed;
        std::string part = "'" + s.limit + "' (allowed " + ms(s.allowed) + "): " + std::to_string(n) + " search" +
                           (n == 1 ? "" : "es");
        if (n == 1) {
            part += sorted.empty() ? ", unanswered" : ", " + ms(sorted.front());
        } else {
            part += ", median " + (mid >= static_cast<int>(sorted.size()) ? std::string("unanswered")
                                                                         : ms(sorted[static_cast<size_t>(mid)]));
            part += ", worst " + (s.unanswered > 0 ? std::string("unanswered") : ms(sorted.back()));
        }
        if (const int late = s.late(); late > 0) {
            part += ", " + std::to_string(late) + " late (" +
                    (s.unanswered > 0 ? std::to_string(s.unanswered) + " unanswered; " : std::string()) +
                    "first: " + s.first_late + ")";
            any_late = true;
            habitually_late = habitually_late || median_late;
        }
        detail += (first ? "" : "; ") + part;
        first = false;
    }
    item.name += ")";
    if (first) {
        item.name = "keeps to its time limits";
        item.verdict = Verdict::Skip;
        item.detail = "no search was timed";
        return item;
    }
    detail += "; " + load_text(context.load) + " (the highest seen while it ran)";
    if (any_late) detail += "; " + likely_cause(context);
    item.verdict = habitually_late ? Verdict::Fail : any_late ? Verdict::Warn : Verdict::Pass;
    item.detail = std::move(detail);
    return item;
}

}  // namespace arb::compliance
