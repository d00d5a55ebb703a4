// A test case that cannot run here (a program not installed, a kernel
// without a feature) says so and ends: ctest reports it as Skipped, never as
// Passed. Every test program gets SKIP_REGULAR_EXPRESSION "SKIPPED: " from
// arbiter_add_test (tests/CMakeLists.txt), and Catch prints a WARN's text
// even when the case passes, so the one line below is the whole mechanism.
// Use it only at the top of a case (it returns from the enclosing function).
#pragma once

#include <catch2/catch.hpp>

#define ARB_SKIP(reason)                 \
    do {                                 \
        WARN("SKIPPED: " << reason);     \
        return;                          \
    } while (false)
