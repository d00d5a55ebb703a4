#include "output/append_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arb::output {

namespace {

Expected<void> write_all(int fd, const std::string &text, const std::filesystem::path &path, bool durable) {
    const char *data = text.data();
    size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail(path.string() + ": write failed: " + std::strerror(errno));
        }
        data += n;
        left -= static_cast<size_t>(n);
    }
    if (durable && ::fdatasync(fd) != 0) return fail(path.string() + ": fdatasync failed: " + std::strerror(errno));
    return {};
}

}  // namespace

Expected<AppendFile> AppendFile::open(const std::filesystem::path &path, bool durable) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return fail(path.string() + ": cannot open for appending: " + std::strerror(errno));
    return AppendFile(fd, path, durable);
}

AppendFile::AppendFile(AppendFile &&other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), durable_(other.durable_) {
    other.fd_ = -1;
}

AppendFile &AppendFile::operator=(AppendFile &&other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        path_ = std::move(other.path_);
        durable_ = other.durable_;
        other.fd_ = -1;
    }
    return *this;
}

AppendFile::~AppendFile() {
    if (fd_ >= 0) ::close(fd_);
}

Expected<void> AppendFile::append(const std::string &text) { return write_all(fd_, text, path_, durable_); }

Expected<void> write_file_atomically(const std::filesystem::path &path, const std::string &text) {
    std::filesystem::path temp = path;
    temp += ".tmp";
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return fail(temp.string() + ": cannot create: " + std::strerror(errno));
    auto written = write_all(fd, text, temp, true);
    ::close(fd);
    if (!written) return written;
    if (::rename(temp.c_str(), path.c_str()) != 0)
        return fail(path.string() + ": cannot replace: " + std::strerror(errno));
    return {};
}

}  // namespace arb::output
