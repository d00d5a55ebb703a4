#include "support/child_process.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace arb::test {

using clock = std::chrono::steady_clock;

ChildProcess::ChildProcess(const std::vector<std::string> &argv, const std::map<std::string, std::string> &env) {
    char path[] = "/tmp/arbiter-test-stderr-XXXXXX";
    int fd = ::mkstemp(path);
    if (fd < 0) throw std::runtime_error("mkstemp failed");
    ::close(fd);
    stderr_path_ = path;
    process::SpawnOptions options;
    options.env = env;
    options.err = process::Stdio::to_file(stderr_path_);
    start(argv, std::move(options));
}

ChildProcess::ChildProcess(const std::vector<std::string> &argv, const std::filesystem::path &output,
                           const std::map<std::string, std::string> &env) {
    process::SpawnOptions options;
    options.env = env;
    options.in = process::Stdio::null();
    options.out = process::Stdio::to_file(output);
    options.err = process::Stdio::same_as_stdout();
    start(argv, std::move(options));
}

void ChildProcess::start(const std::vector<std::string> &argv, process::SpawnOptions options) {
    if (argv.empty()) throw std::runtime_error("no program given");
    options.program = argv[0];
    options.args.assign(argv.begin() + 1, argv.end());
    options.own_cgroup = false;  // what the program leaves behind stays for the test to see
    auto started = process::spawn(options);
    if (!started) throw std::runtime_error("cannot start " + argv[0] + ": " + started.error().message);
    child_.emplace(std::move(*started));
    channel_ = process::LineChannel(*child_, kMaxLine);
    if (std::getenv("CHILD_TRACE"))
        channel_.set_tap([](bool to_child, std::string_view line) {
            std::fprintf(stderr, "%s %.*s\n", to_child ? ">>" : "<<", static_cast<int>(std::min<size_t>(line.size(), 100)),
                         line.data());
        });
    // A test keeps writing after the program died (crash tests): no SIGPIPE.
    ::signal(SIGPIPE, SIG_IGN);
}

ChildProcess::~ChildProcess() {
    child_.reset();  // kills and reaps the whole tree
    if (!stderr_path_.empty()) ::unlink(stderr_path_.c_str());
}

void ChildProcess::send(const std::string &line) { (void)channel_.write(line + "\n", clock::now() + kLongWait); }

void ChildProcess::close_stdin() { channel_.close_stdin(); }

std::optional<std::string> ChildProcess::read_line(std::chrono::milliseconds timeout) {
    std::string_view line;
    auto status = channel_.read_line(clock::now() + timeout, line);
    if (status != process::ReadStatus::Line && status != process::ReadStatus::TooLong) return std::nullopt;
    return std::string(line);
}

std::optional<std::string> ChildProcess::wait_for(const std::string &prefix, std::chrono::milliseconds timeout,
                                                  std::vector<std::string> *seen) {
    const auto deadline = clock::now() + timeout;
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
        if (left.count() <= 0) return std::nullopt;
        auto line = read_line(left);
        if (!line) return std::nullopt;
        if (line->rfind(prefix, 0) == 0) return line;
        if (seen) seen->push_back(*line);
    }
}

std::string ChildProcess::read_until(const std::string &prefix, std::chrono::milliseconds timeout) {
    auto line = wait_for(prefix, timeout);
    if (!line) throw std::runtime_error("no line starting with '" + prefix + "' from the child");
    return *line;
}

std::optional<int> ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
    return child_->wait_until(clock::now() + timeout);
}

std::optional<int> ChildProcess::exit_code(std::chrono::milliseconds timeout) {
    close_stdin();
    auto status = wait_exit(timeout);
    if (!status) return std::nullopt;
    return WIFEXITED(*status) ? WEXITSTATUS(*status) : 128 + WTERMSIG(*status);
}

bool ChildProcess::running() { return !wait_exit(std::chrono::milliseconds(0)).has_value(); }

void ChildProcess::signal_group(int sig) { child_->signal_group(sig); }
void ChildProcess::signal(int sig) { child_->signal(sig); }

std::string ChildProcess::stderr_text() const {
    std::ifstream in(stderr_path_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

Run run_command(const std::string &command) {
    process::SpawnOptions options;
    options.program = "/bin/sh";
    options.args = {"-c", command};
    options.in = process::Stdio::null();
    options.err = process::Stdio::same_as_stdout();
    options.own_cgroup = false;  // what the program leaves behind stays for the test to see
    Run run;
    auto child = process::spawn(options);
    if (!child) return run;
    const auto deadline = process::SteadyClock::now() + std::chrono::minutes(10);
    {
        process::LineChannel output(*child);
        (void)output.read_rest(deadline, run.output);
    }
    auto status = child->wait_until(deadline);
    if (status && WIFEXITED(*status)) run.exit_code = WEXITSTATUS(*status);
    return run;
}

}  // namespace arb::test
