// A file that only grows, one whole record at a time. Each append is handed
// to the kernel in full before it returns (that alone survives kill -9 of
// the arbiter); with `durable` it is also on disk (fdatasync), which survives
// a crash of the machine.
#pragma once

#include "core/expected.hpp"

#include <filesystem>
#include <string>

namespace arb::output {

class AppendFile {
public:
    static Expected<AppendFile> open(const std::filesystem::path &path, bool durable = true);
    AppendFile(AppendFile &&other) noexcept;
    AppendFile &operator=(AppendFile &&other) noexcept;
    AppendFile(const AppendFile &) = delete;
    AppendFile &operator=(const AppendFile &) = delete;
    ~AppendFile();

    // Writes all of `text` (and waits until it is on disk when durable).
    Expected<void> append(const std::string &text);

private:
    AppendFile(int fd, std::filesystem::path path, bool durable) : fd_(fd), path_(std::move(path)), durable_(durable) {}
    int fd_ = -1;
    std::filesystem::path path_;
    bool durable_ = true;
};

// Replaces `path` with `text` atomically (temporary file, fsync, rename).
Expected<void> write_file_atomically(const std::filesystem::path &path, const std::string &text);

}  // namespace arb::output
