// The wrapped GTP engine as a child process (POSIX): its stdin and stdout
// are pipes owned here, its stderr is ours (so whoever reads our stderr sees
// its complaints too). Every read blocks; nothing polls.
#pragma once

#include "gtp_channel.hpp"

#include <sys/types.h>

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
    Process(pid_t pid, int to_child, int from_child, std::string program)
        : pid_(pid), to_child_(to_child), from_child_(from_child), program_(std::move(program)) {}
    std::optional<std::string> read_line();
    bool write_all(const std::string &data);
    void close_pipes();
    std::string reap();

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string program_;
    std::string buffer_;  // bytes read past the last line
};

}  // namespace arb::gtp
