// A sample for function_lengths_test.py: the lengths it must find are
// counted by hand in that test.
#include "x.hpp"

namespace arb::x {
namespace {

const char *kText = R"(a { raw } string {)";  // braces in literals do not count
const std::vector<int> kList = {1, 2, 3};

struct Local {
    int value() const { return 1; }
};

}  // namespace

Widget::Widget(int a)
    : a_(a), b_{a, 2} {
    // { a brace in a comment
}

int add(int a,
        int b) {
    auto twice = [](int v) {
        return 2 * v;
    };
    if (a > b) {
        return twice(a);
    }
    return a + b + '}';
}

auto trailing() -> int {
    return 3;
}

}  // namespace arb::x
