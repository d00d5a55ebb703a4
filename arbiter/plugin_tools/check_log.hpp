// The plugin checker's bookkeeping, shared by its parts: counts checks,
// keeps the first failures and passes each on at once (so that a plugin that
// crashes later still leaves them on the screen).
#pragma once

#include "plugin_tools/plugin_checker.hpp"

#include <string>

namespace arb::game {

class CheckLog {
public:
    static constexpr size_t kMaxFailures = 50;

    CheckLog(CheckReport &report, const CheckSettings &settings) : report_(report), settings_(settings) {}

    bool expect(bool condition, const std::string &what) {
        ++report_.checks;
        if (!condition && report_.failures.size() < kMaxFailures) {
            report_.failures.push_back(what);
            if (settings_.on_failure) settings_.on_failure(what);
        }
        return condition;
    }
    // Names what is being checked now (for the report of a crash).
    void stage(const std::string &name) const {
        if (settings_.on_stage) settings_.on_stage(name);
    }
    [[nodiscard]] bool failed() const { return !report_.failures.empty(); }
    [[nodiscard]] bool too_many() const { return report_.failures.size() >= kMaxFailures; }

private:
    CheckReport &report_;
    const CheckSettings &settings_;
};

}  // namespace arb::game
