// Engines named on the command line: "--engine 'path arg1 arg2'" split at
// spaces (no shell), plus extra arguments and UGI options.
#pragma once

#include "core/expected.hpp"
#include "engine/engine_config.hpp"

#include <string>
#include <vector>

namespace arb::cli {

std::vector<std::string> split_words(const std::string &text);

// `name` empty: the program's file name.
Expected<engine::EngineConfig> engine_from_command_line(const std::string &spec, const std::vector<std::string> &extra_args,
                                                        const std::vector<std::string> &ugi_options,
                                                        const std::string &name);

}  // namespace arb::cli
