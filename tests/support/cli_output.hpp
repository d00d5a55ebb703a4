// Reading what an arbiter command printed: "key: value" summary lines.
#pragma once

#include <sstream>
#include <string>

namespace arb::test {

// The text after "key: " on the first line that starts with it, or "".
inline std::string field(const std::string &output, const std::string &key) {
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
    return {};
}

}  // namespace arb::test
