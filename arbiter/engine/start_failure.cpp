// describe_start_failure(), declared in protocol_engine.hpp.
#include "core/quote.hpp"
#include "engine/protocol_engine.hpp"

#include <vector>

namespace arb::engine {

namespace {

constexpr size_t kStderrLines = 10;

// One word of a command line as a shell user would retype it (cut and
// escaped like any quoted text).
std::string shell_word(const std::string &word) {
    std::string text = excerpt(word);
    if (!word.empty() && word.find_first_of(" \t\n'\"\\$`;&|<>()*?#~") == std::string::npos) return text;
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string describe_start_failure(const EngineConfig &config, const EngineError &error) {
    std::string message = error.message;
    // Spawn errors already name the engine.
    if (const std::string named = "engine " + quote(config.name) + ": "; message.rfind(named, 0) == 0)
        message.erase(0, named.size());
    std::string out = "engine " + quote(config.name) + " could not start: " + excerpt(message, kStartFailureMax) + "\n";
    if (!error.offending_text.empty()) out += "  it said: " + quote(error.offending_text) + "\n";
    out += "  command: " + shell_word(config.command);
    for (const auto &arg : config.args) out += " " + shell_word(arg);
    out += "\n";
    if (!config.working_dir.empty()) out += "  working dir: " + excerpt(config.working_dir) + "\n";
    std::vector<std::string> lines;
    size_t begin = 0;
    const std::string &tail = error.stderr_tail;
    while (begin < tail.size()) {
        size_t end = tail.find('\n', begin);
        if (end == std::string::npos) end = tail.size();
        std::string line = tail.substr(begin, end - begin);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") != std::string::npos) lines.push_back(std::move(line));
        begin = end + 1;
    }
    if (lines.empty()) {
        out += "  stderr: (nothing)\n";
        return out;
    }
    out += "  stderr (last lines):\n";
    for (size_t i = lines.size() > kStderrLines ? lines.size() - kStderrLines : 0; i < lines.size(); ++i)
        out += "    " + excerpt(lines[i], kStderrLineMax) + "\n";
    return out;
}

}  // namespace arb::engine
