// Test-side driver of an engine process: pipes to stdin/stdout, stderr to a
// temporary file, its own process group, and reads with deadlines so that a
// misbehaving engine fails a test instead of hanging it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace arb::test {

class ChildProcess {
public:
    // Starts argv[0] (a path) with the arguments, in a new process group.
    explicit ChildProcess(const std::vector<std::string> &argv);
    ~ChildProcess();  // SIGKILLs the group and reaps the child
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    void send(const std::string &line);  // appends '\n'; ignores a closed pipe
    void close_stdin();
    // The next line (without '\n'), or nullopt on timeout or end of output.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout);
    // Reads until a line starting with `prefix` (returned); lines before it
    // are appended to `seen` when given. nullopt on timeout or end of output.
    std::optional<std::string> wait_for(const std::string &prefix, std::chrono::milliseconds timeout,
                                        std::vector<std::string> *seen = nullptr);
    // The raw wait status once the process has exited, or nullopt on timeout.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);
    [[nodiscard]] bool running();
    void signal_group(int sig);
    void signal(int sig);
    [[nodiscard]] pid_t pid() const noexcept { return pid_; }
    [[nodiscard]] std::string stderr_text() const;
    [[nodiscard]] bool output_closed() const noexcept { return eof_; }

private:
    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    std::string stderr_path_;
    std::string buffer_;
    bool eof_ = false;
    std::optional<int> status_;
};

}  // namespace arb::test
