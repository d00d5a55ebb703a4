// The arbiter program's version, printed by --version and in reports.
#pragma once

namespace arb {

inline constexpr const char *kArbiterVersion = "0.1.0";

}  // namespace arb
