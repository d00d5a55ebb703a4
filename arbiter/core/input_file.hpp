// Opening a file the arbiter reads (a config, a book, records, PGN): a
// regular file only. A FIFO would block the open or the read for ever, a
// device such as /dev/zero never ends, a folder is not text: each is refused
// by name before a byte is read. Every reader of the host opens through here.
#pragma once

#include "core/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace arb {

// An open, readable regular file (owns the descriptor).
class InputFile {
public:
    // Opens `file` (links followed: the file they end at is checked) with
    // O_NONBLOCK, so that a FIFO cannot block the open; fstat must then show
    // a regular file, after which reads block as usual. The error names the
    // file and what it is ("a FIFO", "a device", "a folder", ...).
    static Expected<InputFile> open(const std::filesystem::path &file);
    // The same, but a missing file is no error: nullopt.
    static Expected<std::optional<InputFile>> open_if_exists(const std::filesystem::path &file);

    InputFile(InputFile &&other) noexcept;
    InputFile &operator=(InputFile &&other) noexcept;
    InputFile(const InputFile &) = delete;
    InputFile &operator=(const InputFile &) = delete;
    ~InputFile();

    [[nodiscard]] int fd() const noexcept { return fd_; }
    [[nodiscard]] const std::string &name() const noexcept { return name_; }
    // Its size when it was opened.
    [[nodiscard]] uint64_t size() const noexcept { return size_; }

private:
    InputFile(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}
    int fd_ = -1;
    std::string name_;
    uint64_t size_ = 0;
};

// What a file that is not a regular one is, for messages: "a FIFO", "a
// device", "a folder", "a socket" (from fstat's mode).
std::string kind_of_file(unsigned mode);

}  // namespace arb
