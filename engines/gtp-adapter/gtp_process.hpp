// The wrapped GTP engine as a child process (started with process::spawn, in
// our process group, so that a kill of the adapter's group reaches it; it
// also dies with the adapter): its stdin and stdout are pipes owned here, its
// stderr is ours (so whoever reads our stderr sees its complaints too).
// Every read blocks; nothing polls.
#pragma once

#include "gtp_channel.hpp"
#include "process/spawn.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arb::gtp {

class Process final : public IChannel {
public:
    // Starts argv[0] (looked up in PATH) with the given arguments.
    static Expected<std::unique_ptr<Process>> start(const std::vector<std::string> &argv);

    Process(const Process &) = delete;
    Process &operator=(const Process &) = delete;
    ~Process() override;

    Expected<Reply> command(const std::string &line) override;

    // Sends "quit", closes the pipes and reaps the child. Returns its exit status text.
    std::string quit();

private:
    Process(process::Child child, std::string program);
    std::optional<std::string> read_line();
    bool write_all(const std::string &data);
    void close_pipes();
    std::string reap();

    process::Child child_;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string program_;
    std::string buffer_;  // bytes read past the last line
};

}  // namespace arb::gtp
