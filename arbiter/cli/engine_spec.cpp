#include "cli/engine_spec.hpp"

#include "core/program_dir.hpp"
#include "core/quote.hpp"
#include "core/text_check.hpp"

#include <filesystem>
#include <sstream>

namespace arb::cli {

std::vector<std::string> split_words(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

Expected<engine::EngineConfig> engine_from_command_line(const std::string &spec, const std::vector<std::string> &extra_args,
                                                        const std::vector<std::string> &ugi_options,
                                                        const std::string &name) {
    engine::EngineConfig config;
    // The same check as every config text (core/text_check.hpp).
    if (auto fault = control_fault(spec)) return fail("--engine " + quote(spec) + " " + *fault);
    if (auto fault = control_fault(name)) return fail("the engine name " + quote(name) + " " + *fault);
    for (const auto &arg : extra_args)
        if (auto fault = control_fault(arg)) return fail("the engine argument " + quote(arg) + " " + *fault);
    auto words = split_words(spec);
    // "proto=uai ./engine": the dialect, before the program (docs/protocol.md).
    while (!words.empty() && words[0].rfind("proto=", 0) == 0) {
        const std::string value = words[0].substr(6);
        if (!engine::parse_protocol_choice(value, config.protocol))
            return fail("--engine " + quote(spec) + ": unknown protocol " + quote(value) + " in " + quote(words[0]) +
                        "; one of ugi, uci, uai, usi, xboard, auto");
        words.erase(words.begin());
    }
    if (words.empty()) return fail("--engine " + quote(spec) + " names no program");
    auto program = expand_arbiter_bin(words[0], running_program_dir());  // as in configs and `arbiter match`
    if (!program) return fail("--engine " + quote(spec) + ": " + program.error().message);
    config.command = std::move(*program);
    config.args.assign(words.begin() + 1, words.end());
    config.args.insert(config.args.end(), extra_args.begin(), extra_args.end());
    config.name = name.empty() ? std::filesystem::path(config.command).filename().string() : name;
    for (const auto &setting : ugi_options) {
        size_t eq = setting.find('=');
        if (eq == std::string::npos || eq == 0)
            return fail("engine option " + quote(setting) + " must be written name=value");
        if (auto fault = option_name_fault(setting.substr(0, eq)))
            return fail("engine option " + quote(setting) + ": the name " + *fault);
        if (auto fault = control_fault(setting.substr(eq + 1)))
            return fail("engine option " + quote(setting) + ": the value " + *fault);
        config.ugi_options.emplace_back(setting.substr(0, eq), setting.substr(eq + 1));
    }
    return config;
}

Expected<void> set_working_dir(engine::EngineConfig &config, const std::string &dir) {
    if (dir.empty()) return {};
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(dir, ec).lexically_normal();
    if (ec || !std::filesystem::is_directory(absolute, ec))
        return fail("working directory '" + dir + "' of engine '" + config.name + "' is not a folder");
    config.working_dir = absolute.string();
    return {};
}

}  // namespace arb::cli
