// Reads the reference figures out of tests/data/rating/ratings.md, so the
// tests check the file itself rather than a copy of its numbers.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace arb::rating::test {

inline std::string data_path(const std::string &name) { return std::string(ARBITER_TEST_DATA_DIR) + "/rating/" + name; }

inline std::string read_text(const std::string &name) {
    std::ifstream in(data_path(name));
    if (!in) throw std::runtime_error("cannot open " + data_path(name));
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string trim(const std::string &s) {
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Data rows (cells trimmed) of the first markdown table after the line
// starting with `heading`.
inline std::vector<std::vector<std::string>> table_after(const std::string &text, const std::string &heading) {
    std::istringstream in(text);
    std::string line;
    bool found = false;
    int row = 0;
    std::vector<std::vector<std::string>> rows;
    while (std::getline(in, line)) {
        if (!found) {
            found = line.rfind(heading, 0) == 0;
            continue;
        }
        if (line.empty() || line[0] != '|') {
            if (row > 0) break;
            continue;
        }
        if (row++ < 2) continue;  // header and separator
        std::vector<std::string> cells;
        std::istringstream cells_in(line.substr(1));
        std::string cell;
        while (std::getline(cells_in, cell, '|')) cells.push_back(trim(cell));
        if (!cells.empty() && cells.back().empty()) cells.pop_back();
        rows.push_back(cells);
    }
    if (rows.empty()) throw std::runtime_error("no table after '" + heading + "' in ratings.md");
    return rows;
}

// Numbers in `s`, separated by anything that cannot be part of one.
inline std::vector<double> numbers_in(const std::string &s) {
    std::vector<double> out;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        const bool starts = (c >= '0' && c <= '9') ||
                            (c == '-' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9');
        if (!starts) {
            ++i;
            continue;
        }
        std::size_t used = 0;
        out.push_back(std::stod(s.substr(i), &used));
        i += used;
    }
    return out;
}

}  // namespace arb::rating::test
