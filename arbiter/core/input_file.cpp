#include "core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arb {

namespace {

Expected<InputFile> refused(const std::string &name, int error) {
    return fail(name + ": cannot read: " + std::strerror(error));
}

}  // namespace

std::string kind_of_file(unsigned mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

Expected<std::optional<InputFile>> InputFile::open_if_exists(const std::filesystem::path &file) {
    const std::string name = file.string();
    int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return std::optional<InputFile>{};
        return Unexpected<Error>{refused(name, errno).error()};
    }
    InputFile opened(fd, name);
    struct stat st {};
    if (::fstat(fd, &st) != 0) return Unexpected<Error>{refused(name, errno).error()};
    if (!S_ISREG(st.st_mode))
        return fail(name + " is " + kind_of_file(st.st_mode) + ", not a regular file: the arbiter reads only regular files");
    opened.size_ = static_cast<uint64_t>(st.st_size);
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
        return Unexpected<Error>{refused(name, errno).error()};
    return std::optional<InputFile>{std::move(opened)};
}

Expected<InputFile> InputFile::open(const std::filesystem::path &file) {
    auto opened = open_if_exists(file);
    if (!opened) return Unexpected<Error>{opened.error()};
    if (!*opened) return refused(file.string(), ENOENT);
    return std::move(**opened);
}

InputFile::InputFile(InputFile &&other) noexcept : fd_(other.fd_), name_(std::move(other.name_)), size_(other.size_) {
    other.fd_ = -1;
}

InputFile &InputFile::operator=(InputFile &&other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        name_ = std::move(other.name_);
        size_ = other.size_;
        other.fd_ = -1;
    }
    return *this;
}

InputFile::~InputFile() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace arb
