// A file that only grows, one whole record at a time: each append is written
// and fsync'd before it returns, so a finished game survives kill -9.
#pragma once

#include "core/expected.hpp"

#include <filesystem>
#include <string>

namespace arb::output {

class AppendFile {
public:
    static Expected<AppendFile> open(const std::filesystem::path &path);
    AppendFile(AppendFile &&other) noexcept;
    AppendFile &operator=(AppendFile &&other) noexcept;
    AppendFile(const AppendFile &) = delete;
    AppendFile &operator=(const AppendFile &) = delete;
    ~AppendFile();

    // Writes all of `text` and waits until it is on disk.
    Expected<void> append(const std::string &text);

private:
    AppendFile(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
    int fd_ = -1;
    std::filesystem::path path_;
};

// Replaces `path` with `text` atomically (temporary file, fsync, rename).
Expected<void> write_file_atomically(const std::filesystem::path &path, const std::string &text);

}  // namespace arb::output
