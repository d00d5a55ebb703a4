// Where this build put the programs and folders the tests start and read.
// The paths come from compile definitions set once in tests/CMakeLists.txt;
// tests name them from here instead of joining strings of their own.
#pragma once

#include <string>

namespace arb::test {

inline const std::string kBin = ARBITER_BIN_DIR;                  // the build's programs
inline const std::string kPlugins = ARBITER_PLUGIN_DIR;           // the build's plugins
inline const std::string kArbiter = kBin + "/arbiter";
inline const std::string kEngine = kBin + "/arbiter-engine";      // the generic engine
inline const std::string kMock = kBin + "/arbiter-mock-engine";   // the scriptable engine

}  // namespace arb::test
