// Engines named on the command line: "--engine '[proto=uai] path arg1 arg2'"
// split at spaces (no shell), plus extra arguments and UGI options.
#pragma once

#include "core/expected.hpp"
#include "engine/engine_config.hpp"

#include <string>
#include <vector>

namespace arb::cli {

std::vector<std::string> split_words(const std::string &text);

// `name` empty: the program's file name. Leading words "proto=<dialect>"
// (ugi, uci, uai, usi, xboard or auto) set the protocol; the default is ugi. A
// program starting with "{arbiter_bin}" is in the running arbiter's folder
// (expand_arbiter_bin), as in configs.
Expected<engine::EngineConfig> engine_from_command_line(const std::string &spec, const std::vector<std::string> &extra_args,
                                                        const std::vector<std::string> &ugi_options,
                                                        const std::string &name);

// --working-dir: the engine runs in `dir` (made absolute; it must be a
// folder). As in configs, a relative program path then starts there.
Expected<void> set_working_dir(engine::EngineConfig &config, const std::string &dir);

}  // namespace arb::cli
