// A record file that only grows, one whole record at a time. Each append is
// handed to the kernel in full before it returns (that alone survives kill -9
// of the arbiter); with `durable` it is also on disk (fdatasync), which
// survives a crash of the machine.
//
// A failed write (a full disk) ends the file's life: the part of the record
// that did reach the file is cut off again if the kernel lets us, and every
// later append fails with the first error without writing a byte. Appending
// after a torn record would glue the next record onto its fragment, and
// --resume would then drop a game that was reported finished.
#pragma once

#include "core/expected.hpp"

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace arb::output {

// The write(2) that record and derived files go through: ::write unless a
// test hands in one that fails on cue. Same contract as write(2): bytes
// written, or -1 with errno set.
using WriteFunction = std::function<ssize_t(int fd, const void *data, size_t size)>;

// Writes all of `text` to `fd` through `write` (::write when null), retrying
// short writes and EINTR; `path` names the file in the error.
Expected<void> write_all(int fd, const std::string &text, const std::filesystem::path &path,
                         const WriteFunction &write);

class AppendFile {
public:
    // Takes ownership of `fd`, opened for appending (see OutputFolder);
    // `path` is for messages.
    AppendFile(int fd, std::filesystem::path path, bool durable, WriteFunction write);
    AppendFile(AppendFile &&other) noexcept;
    AppendFile &operator=(AppendFile &&other) noexcept;
    AppendFile(const AppendFile &) = delete;
    AppendFile &operator=(const AppendFile &) = delete;
    ~AppendFile();

    // Writes all of `text` (and waits until it is on disk when durable).
    // After one failure every call fails with that failure, writing nothing.
    Expected<void> append(const std::string &text);
    // Waits until everything appended is on disk (fsync).
    Expected<void> sync();
    // Waits until the data appended so far is on disk (fdatasync), changing
    // nothing in this object: safe on another thread while one appends (the
    // caller keeps its failure; see RecordSet::commit).
    [[nodiscard]] Expected<void> sync_data() const;
    [[nodiscard]] bool failed() const { return failure_.has_value(); }
    [[nodiscard]] const std::filesystem::path &path() const { return path_; }

private:
    Expected<void> broken(std::string message);
    int fd_ = -1;
    std::filesystem::path path_;
    bool durable_ = true;
    WriteFunction write_;
    uint64_t size_ = 0;                // bytes of whole records in the file
    std::optional<std::string> failure_;  // the first failure; set: nothing more is written
};

}  // namespace arb::output
