#include "output/output_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arb::output {

namespace {

std::string link_refused(const std::filesystem::path &file) {
    return file.string() + " is a symbolic link: arbiter writes nothing through a link in its output folder; "
                           "remove the link";
}

}  // namespace

Expected<OutputFolder> OutputFolder::open(const std::filesystem::path &dir, WriteFunction write) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return fail(dir.string() + ": cannot create the output folder: " + ec.message());
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && (errno == ELOOP || errno == ENOTDIR) && std::filesystem::is_symlink(dir, ec))
        return fail(dir.string() + " is a symbolic link: give the folder it points to as the output folder");
    if (fd < 0) return fail(dir.string() + ": cannot open the output folder: " + std::strerror(errno));
    return OutputFolder(fd, dir, std::move(write));
}

OutputFolder::OutputFolder(OutputFolder &&other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), write_(std::move(other.write_)) {
    other.fd_ = -1;
}

OutputFolder::~OutputFolder() {
    if (fd_ >= 0) ::close(fd_);
}

Expected<FolderLock> OutputFolder::lock() const { return FolderLock::acquire(fd_, path_); }

Expected<int> OutputFolder::open_for_writing(const std::string &name, int flags) const {
    // Non-blocking: opening a FIFO planted under the name must not hang the run.
    int fd = ::openat(fd_, name.c_str(), flags | O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0 && errno == ELOOP) return fail(link_refused(file(name)));
    if (fd < 0) return fail(file(name).string() + ": cannot open for writing: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(file(name).string() + " is not a regular file; remove it");
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

Expected<AppendFile> OutputFolder::append_to(const std::string &name, bool durable) const {
    auto fd = open_for_writing(name, O_CREAT | O_APPEND);
    if (!fd) return fail(fd.error().message);
    return AppendFile(*fd, file(name), durable, write_);
}

Expected<AppendFile> OutputFolder::create_temp(const std::string &name) const {
    remove(name);
    auto fd = open_for_writing(name, O_CREAT | O_EXCL | O_APPEND);
    if (!fd) return fail(fd.error().message);
    return AppendFile(*fd, file(name), /*durable=*/false, write_);
}

Expected<void> OutputFolder::replace(const std::string &temp, const std::string &name) const {
    if (::renameat(fd_, temp.c_str(), fd_, name.c_str()) != 0)
        return fail(file(name).string() + ": cannot replace: " + std::strerror(errno));
    // The rename itself is on disk only once the folder is.
    if (::fsync(fd_) != 0) return fail(path_.string() + ": fsync of the folder failed: " + std::strerror(errno));
    return {};
}

Expected<void> OutputFolder::write_atomically(const std::string &name, const std::string &text) const {
    const std::string temp = name + ".tmp";
    auto file = create_temp(temp);
    if (!file) return fail(file.error().message);
    auto written = file->append(text);
    if (written) written = file->sync();
    if (!written) {
        remove(temp);
        return written;
    }
    return replace(temp, name);
}

Expected<void> OutputFolder::truncate(const std::string &name, uint64_t size) const {
    auto fd = open_for_writing(name, 0);
    if (!fd) return fail(fd.error().message);
    Expected<void> result;
    if (::ftruncate(*fd, static_cast<off_t>(size)) != 0 || ::fsync(*fd) != 0)
        result = fail(file(name).string() + ": cannot truncate: " + std::strerror(errno));
    ::close(*fd);
    return result;
}

void OutputFolder::remove(const std::string &name) const { ::unlinkat(fd_, name.c_str(), 0); }

Expected<uint64_t> OutputFolder::size_of(const std::string &name) const {
    struct stat st {};
    if (::fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT) return uint64_t{0};
        return fail(file(name).string() + ": " + std::strerror(errno));
    }
    if (S_ISLNK(st.st_mode)) return fail(link_refused(file(name)));
    if (!S_ISREG(st.st_mode)) return fail(file(name).string() + " is not a regular file; remove it");
    return static_cast<uint64_t>(st.st_size);
}

FileId OutputFolder::id() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return {};
    return {st.st_dev, st.st_ino};
}

std::optional<FileId> OutputFolder::id_of(const std::string &name) const {
    struct stat st {};
    if (::fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return std::nullopt;
    return FileId{st.st_dev, st.st_ino};
}

Expected<void> write_file_atomically(const std::filesystem::path &path, const std::string &text) {
    const std::filesystem::path parent = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    int fd = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return fail(parent.string() + ": cannot open the folder: " + std::strerror(errno));
    // The folder was given by the user, links and all; only the file's own
    // name (and its temporary) is guarded, as in an output folder.
    OutputFolder folder(fd, parent, {});
    return folder.write_atomically(path.filename().string(), text);
}

}  // namespace arb::output
