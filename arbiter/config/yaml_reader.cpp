#include "config/yaml_reader.hpp"

#include "config/config_loader.hpp"
#include "core/boolean_text.hpp"
#include "core/quote.hpp"
#include "core/text_check.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace arb::config {

std::string node_kind(const YAML::Node &node) {
    switch (node.Type()) {
        case YAML::NodeType::Null: return "nothing";
        case YAML::NodeType::Scalar: return quote(node.Scalar());
        case YAML::NodeType::Sequence: return "a list";
        case YAML::NodeType::Map: return "a map";
        default: return "nothing";
    }
}

void YamlReader::error(const YAML::Mark &mark, const std::string &message) {
    if (mark.is_null()) {
        errors_.push_back({kNoLine, 0, file_ + ": " + message});
        return;
    }
    errors_.push_back({mark.line + 1, mark.column + 1,
                       file_ + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1) + ": " +
                           message});
}

void YamlReader::error_at_line(int line, const std::string &message) {
    errors_.push_back({line, 1, file_ + ":" + std::to_string(line) + ":1: " + message});
}

std::string YamlReader::report() const {
    auto sorted = errors_;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Entry &a, const Entry &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    std::string text;
    for (const auto &e : sorted) text += (text.empty() ? "" : "\n") + e.text;
    return text;
}

void YamlReader::check_keys(const YAML::Node &map, const std::vector<std::string> &known, const std::string &where) {
    if (!map.IsMap()) return;
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (!it->first.IsScalar()) {
            error(it->first.Mark(), "keys in " + where + " must be plain words");
            continue;
        }
        const std::string key = it->first.Scalar();
        bool found = false;
        for (const auto &k : known) found = found || k == key;
        if (found) continue;
        std::string message = "unknown key " + quote(key) + " in " + where;
        if (auto guess = did_you_mean(key, known)) message += "; did you mean '" + *guess + "'?";
        else {
            message += " (known: ";
            for (size_t i = 0; i < known.size(); ++i) message += (i ? ", " : "") + known[i];
            message += ")";
        }
        error(it->first.Mark(), message);
    }
}

bool YamlReader::expect_map(const YAML::Node &node, const std::string &what) {
    if (!node || node.IsNull() || node.IsMap()) return true;
    error(node.Mark(), what + " must be a map of keys, got " + node_kind(node));
    return false;
}

bool YamlReader::expect_sequence(const YAML::Node &node, const std::string &what) {
    if (!node || node.IsNull() || node.IsSequence()) return true;
    error(node.Mark(), what + " must be a list, got " + node_kind(node));
    return false;
}

std::optional<std::string> YamlReader::scalar(const YAML::Node &node, const std::string &what) {
    if (!node.IsScalar()) {
        error(node.Mark(), what + " must be a single value, got " + node_kind(node));
        return std::nullopt;
    }
    // Every text of a config is checked here, where its place is known:
    // names and option values go into protocol lines, records and terminals.
    if (auto fault = control_fault(node.Scalar())) {
        error(node.Mark(), what + ": " + quote(node.Scalar()) + " " + *fault);
        return std::nullopt;
    }
    return node.Scalar();
}

std::optional<int64_t> YamlReader::integer(const YAML::Node &node, const std::string &what, int64_t min,
                                           int64_t max) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    auto parsed = protocol::parse_integer<int64_t>(*text);
    if (!parsed) {
        error(node.Mark(), what + " must be a whole number, got " + quote(*text));
        return std::nullopt;
    }
    const int64_t value = *parsed;
    if (value < min || value > max) {
        error(node.Mark(), what + " must be in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                               excerpt(*text));
        return std::nullopt;
    }
    return value;
}

std::optional<uint64_t> YamlReader::unsigned_integer(const YAML::Node &node, const std::string &what) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    auto value = protocol::parse_integer<uint64_t>(*text);
    if (!value) {
        error(node.Mark(), what + " must be a non-negative whole number, got " + quote(*text));
        return std::nullopt;
    }
    return value;
}

std::optional<double> YamlReader::number(const YAML::Node &node, const std::string &what) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    // Not strtod: it follows the locale (a comma in de_DE) and reads hex and "inf".
    auto value = protocol::parse_decimal(*text);
    if (!value) {
        error(node.Mark(), what + " must be a decimal number such as 0.05, got " + quote(*text));
        return std::nullopt;
    }
    return value;
}

std::optional<bool> YamlReader::boolean(const YAML::Node &node, const std::string &what) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    if (auto value = parse_boolean(*text)) return value;
    error(node.Mark(), what + " must be " + std::string(kBooleanWords) + ", got " + quote(*text));
    return std::nullopt;
}

std::optional<std::string> YamlReader::choice(const YAML::Node &node, const std::string &what,
                                              const std::vector<std::string> &choices) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    for (const auto &c : choices)
        if (c == *text) return text;
    std::string message = what + " must be one of ";
    for (size_t i = 0; i < choices.size(); ++i) message += (i ? ", " : "") + choices[i];
    message += ", got " + quote(*text);
    if (auto guess = did_you_mean(*text, choices)) message += "; did you mean '" + *guess + "'?";
    error(node.Mark(), message);
    return std::nullopt;
}

}  // namespace arb::config
