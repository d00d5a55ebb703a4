#include "output/extra_output.hpp"

#include "core/quote.hpp"
#include "process/spawn.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace arb::output {

namespace {

// What is at a name that is not a regular file, for the message.
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

std::string not_a_file(const std::string &named, mode_t mode) {
    if (S_ISLNK(mode))
        return named + " is a symbolic link: arbiter writes nothing through a link; name the file it points to";
    return named + " is " + kind_of(mode) + ", not a regular file: arbiter writes only into a regular file";
}

}  // namespace

Expected<std::shared_ptr<ExtraOutput>> ExtraOutput::open(const ExtraOutputRequest &request, const OutputFolder &folder,
                                                         const std::vector<std::string> &folder_names,
                                                         const std::vector<std::shared_ptr<ExtraOutput>> &opened,
                                                         WriteFunction write) {
    const std::string named = request.label + " " + quote(request.path.string());
    const std::string name = request.path.filename().string();
    if (name.empty() || name == "." || name == "..") return fail(named + " is a folder, not a file");
    // The folders on the way are the user's, links and all; only the file's own name is guarded.
    const std::filesystem::path parent = request.path.has_parent_path() ? request.path.parent_path() : ".";
    process::Fd dir(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.get() < 0) return fail("cannot open " + named + ": " + quote(parent.string()) + ": " + std::strerror(errno));
    struct stat st {};
    // By name first: a folder's file that is not there yet (games.pgn.tmp, report.html) is its all the same.
    if (::fstat(dir.get(), &st) == 0 && FileId{st.st_dev, st.st_ino} == folder.id() &&
        std::find(folder_names.begin(), folder_names.end(), name) != folder_names.end())
        return fail(named + " is " + name + " of the output folder " + quote(folder.path().string()) +
                    ", which arbiter writes itself; name a file outside it, or another name");
    // What is there says what the message says; the open below decides.
    if (::fstatat(dir.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode))
        return fail(not_a_file(named, st.st_mode));
    // Non-blocking: a FIFO with no reader fails at once (ENXIO) instead of
    // waiting for ever; one with a reader opens, and fstat refuses it.
    process::Fd fd(::openat(dir.get(), name.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                           0644));
    if (fd.get() < 0) {
        const int error = errno;
        if (error == ELOOP) return fail(not_a_file(named, S_IFLNK));
        if (error == ENXIO) return fail(not_a_file(named, S_IFIFO));
        if (error == EISDIR) return fail(not_a_file(named, S_IFDIR));
        return fail("cannot open " + named + ": " + std::strerror(error));
    }
    if (::fstat(fd.get(), &st) != 0) return fail("cannot open " + named + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) return fail(not_a_file(named, st.st_mode));
    const FileId id{st.st_dev, st.st_ino};
    for (const auto &own : folder_names)
        if (folder.id_of(own) == id)
            return fail(named + " is the same file as " + quote(folder.file(own).string()) +
                        " of the output folder, which arbiter writes itself; name another file");
    for (const auto &other : opened)
        if (other->id_ == id)
            return fail(named + " is the same file as " + other->request_.label + " " +
                        quote(other->request_.path.string()) + "; name two files");
    if (::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK) != 0)
        return fail("cannot open " + named + ": " + std::strerror(errno));
    if (!request.append && ::ftruncate(fd.get(), 0) != 0)
        return fail("cannot empty " + named + " (append=false): " + std::strerror(errno));
    uLong crc = ::crc32(0L, Z_NULL, 0);
    if (request.crc32 && request.append) {
        // What the file holds already is part of the file whose CRC is printed.
        process::Fd in(::openat(dir.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        if (in.get() < 0) return fail("cannot read " + named + " for its CRC-32: " + std::strerror(errno));
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(in.get(), buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return fail("cannot read " + named + " for its CRC-32: " + std::strerror(errno));
            if (n == 0) break;
            crc = ::crc32(crc, reinterpret_cast<const Bytef *>(buffer), static_cast<uInt>(n));
        }
    }
    AppendFile file(fd.release(), request.path, /*durable=*/false, std::move(write));
    return std::make_shared<ExtraOutput>(request, std::move(file), id, static_cast<uint32_t>(crc));
}

Expected<void> ExtraOutput::append(const std::string &text, uint32_t *crc) {
    std::lock_guard lock(mutex_);
    if (failure_) return fail(*failure_);
    if (auto written = file_.append(text); !written) {
        failure_ = request_.label + ": " + written.error().message;
        return fail(*failure_);
    }
    if (request_.crc32) {
        crc_ = static_cast<uint32_t>(
            ::crc32(crc_, reinterpret_cast<const Bytef *>(text.data()), static_cast<uInt>(text.size())));
        if (crc) *crc = crc_;
    }
    return {};
}

std::optional<std::string> ExtraOutput::failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
}

Expected<std::vector<std::shared_ptr<ExtraOutput>>> open_extra_outputs(const std::vector<ExtraOutputRequest> &requests,
                                                                       const OutputFolder &folder,
                                                                       const std::vector<std::string> &folder_names,
                                                                       WriteFunction write) {
    std::vector<std::shared_ptr<ExtraOutput>> opened;
    for (const auto &request : requests) {
        auto output = ExtraOutput::open(request, folder, folder_names, opened, write);
        if (!output) return fail(output.error().message);
        opened.push_back(std::move(*output));
    }
    return opened;
}

}  // namespace arb::output
