// The one test-side driver of a child process, on top of process::spawn and
// process::LineChannel (the helpers the arbiter itself starts and talks to
// engines with): pipes to stdin and stdout, stderr to a temporary file (or
// stdout and stderr together to a file), and reads with deadlines so that a
// misbehaving program fails a test instead of hanging it. The destructor
// kills the child's whole process tree. CHILD_TRACE=1 in the environment
// prints every line sent and read to stderr.
#pragma once

#include "process/line_channel.hpp"
#include "process/spawn.hpp"

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace arb::test {

class ChildProcess {
public:
    static constexpr std::chrono::milliseconds kLongWait{60000};

    // Starts argv[0] (a path, or a name on $PATH) with the arguments in a new
    // process group: stdin and stdout are pipes, stderr goes to a temporary
    // file (stderr_text()). `env` is added to the environment.
    explicit ChildProcess(const std::vector<std::string> &argv, const std::map<std::string, std::string> &env = {});
    // The same with stdin from /dev/null and stdout and stderr to `output`.
    ChildProcess(const std::vector<std::string> &argv, const std::filesystem::path &output,
                 const std::map<std::string, std::string> &env = {});
    ~ChildProcess();
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    void send(const std::string &line);  // appends '\n'; ignores a closed pipe
    void close_stdin();
    // Lines longer than this come out cut to their first 200 bytes.
    static constexpr size_t kMaxLine = 1024 * 1024;

    // The next line (without '\n' and a trailing '\r'; a last line without
    // '\n' counts), or nullopt on timeout or end of output.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = kLongWait);
    // Reads until a line starting with `prefix` (returned); lines before it
    // are appended to `seen` when given. nullopt on timeout or end of output.
    std::optional<std::string> wait_for(const std::string &prefix, std::chrono::milliseconds timeout = kLongWait,
                                        std::vector<std::string> *seen = nullptr);
    // wait_for() that throws (failing the test) when the line does not come.
    std::string read_until(const std::string &prefix, std::chrono::milliseconds timeout = kLongWait);
    // The raw wait status once the process has exited (it is reaped), or
    // nullopt on timeout.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);
    // The exit code (128 + signal when killed) after closing stdin, or
    // nullopt on timeout.
    std::optional<int> exit_code(std::chrono::milliseconds timeout = kLongWait);
    [[nodiscard]] bool running();
    void signal_group(int sig);
    void signal(int sig);
    [[nodiscard]] pid_t pid() const noexcept { return child_->pid(); }
    [[nodiscard]] std::string stderr_text() const;
    [[nodiscard]] bool output_closed() const noexcept { return channel_.stdout_closed(); }

private:
    void start(const std::vector<std::string> &argv, process::SpawnOptions options);

    std::optional<process::Child> child_;
    process::LineChannel channel_;  // after child_: it borrows the child's pidfd
    std::string stderr_path_;
};

// A shell command line run to the end (the test controls every word of it):
// its exit code (-1 when killed) and stdout and stderr together.
struct Run {
    int exit_code = -1;
    std::string output;
};
Run run_command(const std::string &command);

}  // namespace arb::test
