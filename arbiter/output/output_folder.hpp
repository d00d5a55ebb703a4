// An output folder as one open descriptor: every file the arbiter writes in
// it is opened relative to that descriptor and never through a symbolic link
// at its own name. Anyone who can write into a shared folder (or /tmp) could
// otherwise plant a link under a name the arbiter writes and have the
// arbiter, run by someone else, clobber the link's target.
//
// Files appended to (the records) are opened with O_NOFOLLOW: a link there is
// an error that names it. Files replaced whole (config, standings, report)
// are written to a temporary created with O_EXCL (a stale one, or a link in
// its place, is removed first), synced, renamed over the name (a rename
// replaces a link itself, never its target), and the folder is synced, so
// a crash leaves the old file or the new one.
#pragma once

#include "core/expected.hpp"
#include "output/append_file.hpp"
#include "output/folder_lock.hpp"

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace arb::output {

// A file's identity: two paths name one file when these are equal.
struct FileId {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileId &) const = default;
};

class OutputFolder {
public:
    // Opens `dir`, creating it (and its parents) if missing. `dir` itself
    // must not be a symbolic link. `write` is what every write goes
    // through (null: ::write).
    static Expected<OutputFolder> open(const std::filesystem::path &dir, WriteFunction write = {});
    OutputFolder(OutputFolder &&other) noexcept;
    OutputFolder &operator=(OutputFolder &&) = delete;
    OutputFolder(const OutputFolder &) = delete;
    OutputFolder &operator=(const OutputFolder &) = delete;
    ~OutputFolder();

    [[nodiscard]] const std::filesystem::path &path() const { return path_; }
    [[nodiscard]] std::filesystem::path file(const std::string &name) const { return path_ / name; }

    // The folder's lock (see FolderLock), held until the result is dropped.
    [[nodiscard]] Expected<FolderLock> lock() const;
    // `name` opened for appending (created if missing).
    [[nodiscard]] Expected<AppendFile> append_to(const std::string &name, bool durable) const;
    // `name` created empty and new (a stale file or link of that name is
    // removed first), for appending; moved into place with replace().
    [[nodiscard]] Expected<AppendFile> create_temp(const std::string &name) const;
    // Renames `temp` to `name` (the caller synced `temp`) and syncs the folder.
    Expected<void> replace(const std::string &temp, const std::string &name) const;
    // Replaces `name` with `text`: name.tmp written, synced, renamed, folder synced.
    Expected<void> write_atomically(const std::string &name, const std::string &text) const;
    // Cuts the record file `name` to `size` bytes and syncs it.
    Expected<void> truncate(const std::string &name, uint64_t size) const;
    // Removes `name` (a link: the link) if present.
    void remove(const std::string &name) const;
    // The size of the regular file `name`, 0 when missing; a symbolic link
    // or anything else but a regular file there is an error that names it.
    [[nodiscard]] Expected<uint64_t> size_of(const std::string &name) const;
    // The folder's identity, and that of what is at `name` in it (itself,
    // not a link's target), if anything is: for files named elsewhere that
    // must not be one of the folder's (output/extra_output.hpp).
    [[nodiscard]] FileId id() const;
    [[nodiscard]] std::optional<FileId> id_of(const std::string &name) const;

private:
    friend Expected<void> write_file_atomically(const std::filesystem::path &path, const std::string &text);
    OutputFolder(int fd, std::filesystem::path path, WriteFunction write)
        : fd_(fd), path_(std::move(path)), write_(std::move(write)) {}
    [[nodiscard]] Expected<int> open_for_writing(const std::string &name, int flags) const;
    int fd_ = -1;
    std::filesystem::path path_;
    WriteFunction write_;
};

// Replaces the file at `path` (anywhere: `rate --json FILE`, `report --out
// FILE`) the same way, relative to its folder.
Expected<void> write_file_atomically(const std::filesystem::path &path, const std::string &text);

}  // namespace arb::output
