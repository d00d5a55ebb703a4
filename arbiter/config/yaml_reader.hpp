// Typed reading of YAML nodes that records every problem with its position
// ("file:line:column: ...") instead of throwing at the first one.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arb::config {

class YamlReader {
public:
    explicit YamlReader(std::string file) : file_(std::move(file)) {}

    void error(const YAML::Mark &mark, const std::string &message);
    void error_at_line(int line, const std::string &message);  // for non-YAML files
    void error_plain(const std::string &message) { errors_.push_back({kNoLine, 0, message}); }
    [[nodiscard]] bool ok() const { return errors_.empty(); }
    // All messages, in file order (messages without a place last), one per line.
    [[nodiscard]] std::string report() const;
    [[nodiscard]] const std::string &file() const { return file_; }

    // Reports keys of `map` not in `known`, with a did-you-mean; `where` names the section.
    void check_keys(const YAML::Node &map, const std::vector<std::string> &known, const std::string &where);
    // True if `node` is a map (or absent); reports otherwise.
    bool expect_map(const YAML::Node &node, const std::string &what);
    bool expect_sequence(const YAML::Node &node, const std::string &what);

    std::optional<std::string> scalar(const YAML::Node &node, const std::string &what);
    std::optional<int64_t> integer(const YAML::Node &node, const std::string &what, int64_t min, int64_t max);
    std::optional<uint64_t> unsigned_integer(const YAML::Node &node, const std::string &what);
    std::optional<double> number(const YAML::Node &node, const std::string &what);
    std::optional<bool> boolean(const YAML::Node &node, const std::string &what);
    // One of `choices`, reported with the list (and a did-you-mean) otherwise.
    std::optional<std::string> choice(const YAML::Node &node, const std::string &what,
                                      const std::vector<std::string> &choices);

private:
    struct Entry {
        int line, column;
        std::string text;
    };
    static constexpr int kNoLine = 1 << 30;
    std::string file_;
    std::vector<Entry> errors_;
};

// "'text'" (quoted, cut), "a list", "a map", "nothing": for messages about wrong types.
std::string node_kind(const YAML::Node &node);

}  // namespace arb::config
