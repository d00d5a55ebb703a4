// `arbiter check`'s timing check (compliance/timing_check.hpp) on answer
// times made by hand: the verdict (FAIL when the median answer is late, WARN
// when only some are), the median and worst times it names, and the likely
// cause it gives for each kind of machine and engine.
#include "compliance/timing_check.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace arb::compliance;
using std::chrono::milliseconds;

namespace {

// A 'go movetime 100' series allowed 300 ms (--margin 200), with these answer times.
TimingSeries movetime(std::initializer_list<long> times) {
    TimingSeries s{"go movetime 100", milliseconds(300), {}, 0, {}};
    int n = 0;
    for (long t : times) s.record(milliseconds(t), "search " + std::to_string(++n));
    return s;
}

TimingContext context(double load1, int cpus, bool declares_threads = false, std::string threads_value = "") {
    TimingContext c;
    c.load = {load1, cpus, true};
    c.declares_threads = declares_threads;
    c.threads_value = std::move(threads_value);
    c.margin = milliseconds(200);
    return c;
}

}  // namespace

TEST_CASE("timing: all answers in time pass, naming the median, the worst and the load", "[compliance][timing]") {
    // Sorted 101 102 104 108 140: the median is the third, 104.
    const CheckItem item = judge_timing({movetime({102, 140, 101, 108, 104})}, context(0.5, 2));
    CHECK(item.verdict == Verdict::Pass);
    CHECK(item.name == "keeps to its time limits (go movetime 100)");
    CHECK(item.detail == "'go movetime 100' (allowed 300 ms): 5 searches, median 104 ms, worst 140 ms; "
                         "load average 0.50 on 2 CPUs (the highest seen while it ran)");
}

TEST_CASE("timing: one late answer among many is a warning naming where it came", "[compliance][timing]") {
    // Stockfish's 309 ms against 300 allowed, once in five.
    const CheckItem item = judge_timing({movetime({101, 309, 102, 103, 104})}, context(0.4, 2));
    CHECK(item.verdict == Verdict::Warn);
    CHECK_THAT(item.detail, Catch::Contains("5 searches, median 103 ms, worst 309 ms, 1 late (first: search 2)"));
    // Not loaded (0.4 < 0.9 x 2), no Threads: the engine itself.
    CHECK_THAT(item.detail, Catch::Contains("likely cause: the engine itself: the machine was not busy "
                                            "(load average 0.40 on 2 CPUs)"));
}

TEST_CASE("timing: a late median fails, with the cause by machine and engine", "[compliance][timing]") {
    // An engine that overshoots 'go movetime 100' (answers after 275-670 ms): median 500.
    const TimingSeries late = movetime({275, 670, 500, 610, 320});
    SECTION("a busy machine: the load") {
        const CheckItem item = judge_timing({late}, context(3.8, 2));
        CHECK(item.verdict == Verdict::Fail);
        CHECK_THAT(item.detail, Catch::Contains("median 500 ms, worst 670 ms, 4 late (first: search 2)"));
        CHECK_THAT(item.detail, Catch::Contains("likely cause: the machine's load (load average 3.80 on 2 CPUs)"));
        CHECK_THAT(item.detail, Catch::Contains("--margin MS (now 200 ms)"));
    }
    SECTION("an engine that declares Threads: its threads, loaded or not") {
        for (double load : {0.2, 3.8}) {
            const CheckItem item = judge_timing({late}, context(load, 2, true));
            CHECK(item.verdict == Verdict::Fail);
            CHECK_THAT(item.detail, Catch::Contains("likely cause: its threads: it declares 'Threads' and searches "
                                                    "with its default number of threads"));
            CHECK_THAT(item.detail, Catch::Contains("--engine-option Threads=1"));
        }
        const CheckItem four = judge_timing({late}, context(0.2, 2, true, "4"));
        CHECK_THAT(four.detail, Catch::Contains("searches with Threads=4"));
    }
    SECTION("told one thread: not the threads") {
        const CheckItem item = judge_timing({late}, context(0.2, 2, true, "1"));
        CHECK_THAT(item.detail, Catch::Contains("likely cause: the engine itself"));
    }
}

TEST_CASE("timing: unanswered searches count as the slowest", "[compliance][timing]") {
    TimingSeries s = movetime({100, 110});
    s.record(std::nullopt, "search 3");
    s.record(std::nullopt, "search 4");
    // 4 searches, two unanswered: the lower median is the second, 110, in time.
    CheckItem item = judge_timing({s}, context(0.1, 4));
    CHECK(item.verdict == Verdict::Warn);
    CHECK_THAT(item.detail, Catch::Contains("4 searches, median 110 ms, worst unanswered, 2 late (2 unanswered; first: search 3)"));
    s.record(std::nullopt, "search 5");
    // 5: the median is the third, unanswered.
    item = judge_timing({s}, context(0.1, 4));
    CHECK(item.verdict == Verdict::Fail);
    CHECK_THAT(item.detail, Catch::Contains("5 searches, median unanswered, worst unanswered, 3 late (3 unanswered; first: search 3)"));
}

TEST_CASE("timing: each kind of limit is its own series, and a single answer names its time", "[compliance][timing]") {
    TimingSeries clock{"go p1time 2000 p2time 2000", milliseconds(2200), {}, 0, {}};
    clock.record(milliseconds(2500), "legal move under a clock");
    TimingSeries depth{"go depth 1", milliseconds(10000), {}, 0, {}};
    depth.record(milliseconds(3), "answers 'go depth 1'");
    TimingSeries nodes{"go nodes 1000", milliseconds(10000), {}, 0, {}};  // never asked: left out
    const CheckItem item = judge_timing({movetime({101, 102, 103}), clock, depth, nodes}, context(0.1, 2));
    CHECK(item.name == "keeps to its time limits (go movetime 100, go p1time 2000 p2time 2000, go depth 1)");
    CHECK(item.verdict == Verdict::Fail);  // the clock's only answer is late
    CHECK_THAT(item.detail, Catch::Contains("'go p1time 2000 p2time 2000' (allowed 2200 ms): 1 search, 2500 ms, "
                                            "1 late (first: legal move under a clock)"));
    CHECK_THAT(item.detail, Catch::Contains("'go depth 1' (allowed 10000 ms): 1 search, 3 ms; load average"));
}

TEST_CASE("timing: no search timed is a skip", "[compliance][timing]") {
    const CheckItem item = judge_timing({TimingSeries{"go movetime 100", milliseconds(300), {}, 0, {}}}, context(0, 1));
    CHECK(item.verdict == Verdict::Skip);
}
