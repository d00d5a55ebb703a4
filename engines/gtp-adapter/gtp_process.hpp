// The wrapped GTP engine as a child process (adapter::EngineLink): one
// command line out, one GTP reply back. Every read blocks; nothing polls.
#pragma once

#include "engine_link.hpp"
#include "gtp_channel.hpp"

#include <string>

namespace arb::gtp {

class Process final : public IChannel {
public:
    // Starts the engine (argv[0] looked up in PATH, in `command.working_dir` if given).
    static Expected<Process> start(const adapter::EngineCommand &command);

    Expected<Reply> command(const std::string &line) override;

    // Sends "quit", waits for its reply and reaps the child. Returns how it ended.
    std::string quit();

private:
    explicit Process(adapter::EngineLink link) : link_(std::move(link)) {}
    std::optional<std::string> next_line();

    adapter::EngineLink link_;
};

}  // namespace arb::gtp
