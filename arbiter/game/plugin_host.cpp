#include "game/plugin_host.hpp"

#include "process/resource_limits.hpp"
#include "process/spawn.hpp"

#include <fcntl.h>

#include <chrono>

namespace arb::game {

struct PluginHost::Child {
    process::Child process;
};

const char *wire::function_of(Op op) {
    switch (op) {
    case Op::Create: return "create";
    case Op::Clone: return "clone";
    case Op::Destroy: return "destroy";
    case Op::Assign: return "assign";
    case Op::SetPosition: return "set_position";
    case Op::Position: return "write_position";
    case Op::LegalMoves:
    case Op::CheckedLegalMoves: return "legal_moves";
    case Op::ParseMove: return "parse_move";
    case Op::FormatMove: return "format_move";
    case Op::MoveFlags: return "arbiter.move-properties/1 properties";
    case Op::Hash: return "arbiter.position-hash/1 hash";
    case Op::Play: return "play";
    case Op::SideToMove: return "side_to_move";
    case Op::Outcome: return "outcome";
    case Op::Reset: return "reset";
    case Op::Turn: return "outcome, legal_moves or side_to_move";
    case Op::Diagram: return "arbiter.diagram write_drawing or write_cells";
    case Op::Margin: return "arbiter.margin/1 margin";
    }
    return "?";
}

PluginHost::PluginHost(PluginPtr plugin, std::filesystem::path program)
    : plugin_(std::move(plugin)), program_(std::move(program)) {
    // A write to a child that died must fail with EPIPE, not end the arbiter.
    process::ignore_sigpipe();
}

PluginHost::~PluginHost() = default;

void PluginHost::start() {
    child_.reset();
    process::SpawnOptions options;
    options.program = program_.string();
    options.args = {"plugin-host", plugin_->file().string()};
    options.err = process::Stdio::inherit();  // the plugin's log and the child's own complaints
    auto started = process::spawn(options);
    ++generation_;  // states of an older child are gone, started or not
    live_states_ = 0;
    tainted_ = false;
    // The machine's limit: no plugin fault, and the game is not to be scored.
    if (!started && started.error().out_of_resources)
        throw process::OutOfResources("the plugin-host child for '" + plugin_->id() + "' could not be started: " +
                                      started.error().message);
    if (!started)
        throw PluginHostDied("the plugin-host child for '" + plugin_->id() + "' could not be started: " +
                             started.error().message);
    child_ = std::make_unique<Child>(Child{std::move(*started)});
    for (int fd : {child_->process.stdin_pipe().get(), child_->process.stdout_pipe().get()})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
}

void PluginHost::died(wire::Op op, const std::string &why, const std::string &function) {
    std::string how = why;
    if (child_) {
        // Give a dying child a moment to finish dying, so that its signal is known.
        auto status = child_->process.wait_until(process::SteadyClock::now() + std::chrono::seconds(2));
        if (status) how = child_->process.exit_status().describe();
        child_->process.kill_and_reap();
        child_.reset();
    }
    throw PluginHostDied("the plugin '" + plugin_->id() + "' failed in its plugin-host child: it " + how + " in " +
                         (function.empty() ? wire::function_of(op) : function) + "()");
}

std::string PluginHost::call(wire::Op op, const std::string &request, uint64_t generation) {
    if (op == wire::Op::Create) {
        if (!child_ || (tainted_ && live_states_ == 0)) start();
    } else if (!serves(generation)) {
        throw PluginHostDied("the plugin '" + plugin_->id() + "' failed in its plugin-host child earlier; its " +
                             "game states are gone");
    }
    ++requests_;
    std::string frame;
    frame.push_back(static_cast<char>(op));
    frame += request;
    if (!wire::write_frame(child_->process.stdin_pipe().get(), frame)) died(op, "closed its input");
    std::string response;
    if (!wire::read_frame(child_->process.stdout_pipe().get(), response)) died(op, "stopped answering");
    if (response.empty()) died(op, "answered an empty frame");
    if ((static_cast<uint8_t>(response[0]) & wire::kCrashed) != 0)
        died(op, "crashed", response.substr(1));
    if ((static_cast<uint8_t>(response[0]) & wire::kTainted) != 0) tainted_ = true;
    response.erase(0, 1);
    return response;
}

}  // namespace arb::game
