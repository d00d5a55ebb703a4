#include "engine/engine_process.hpp"

#include "core/quote.hpp"

#include <fcntl.h>

namespace arb::engine {

EngineProcess::EngineProcess(process::Child child) : child_(std::move(child)), channel_(child_, kMaxLine) {}

Expected<std::unique_ptr<EngineProcess>, process::SpawnError> EngineProcess::spawn(
    const EngineConfig &config, const std::vector<std::string> &plugin_dirs) {
    auto named = [&](process::SpawnError e) {
        e.message = "engine " + quote(config.name) + ": " + e.message;
        return Unexpected<process::SpawnError>{std::move(e)};
    };
    if (config.command.empty()) return named({"no command given", false});
    process::ignore_sigpipe();
    process::SpawnOptions options;
    options.program = config.command;
    options.args = config.args;
    options.working_dir = config.working_dir;
    options.env = config.env;
    if (!plugin_dirs.empty()) {
        std::string path;
        for (const auto &dir : plugin_dirs) path += (path.empty() ? "" : ":") + dir;
        options.env_prepend["ARBITER_PLUGIN_PATH"] = path;
    }
    auto child = process::spawn(options);
    if (!child) return named(std::move(child).error());
    // A larger stderr pipe lets a chatty engine go on while it is not our turn to drain it.
    if (child->stderr_pipe().valid()) ::fcntl(child->stderr_pipe().get(), F_SETPIPE_SZ, 1 << 20);
    return std::unique_ptr<EngineProcess>(new EngineProcess(std::move(*child)));
}

EngineProcess::~EngineProcess() { kill_and_reap(); }

bool EngineProcess::wait_exit(SteadyClock::time_point deadline) {
    if (reaped()) return true;
    return channel_.wait_exit(deadline);
}

void EngineProcess::kill_and_reap() {
    child_.kill_and_reap();
    channel_.note_exited();
}

}  // namespace arb::engine
