// Reading what an arbiter command printed or wrote: "key: value" summary
// lines, and how often a text occurs in an output or a record file.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace arb::test {

// The text's lines, without their line ends.
inline std::vector<std::string> lines_of(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The text after "key: " on the first line that starts with it, or "".
inline std::string field(const std::string &output, const std::string &key) {
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
    return {};
}

// How many times `part` occurs in `text`, overlapping ones too.
inline int count_of(const std::string &text, const std::string &part) {
    int n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace arb::test
