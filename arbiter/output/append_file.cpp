#include "output/append_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arb::output {

Expected<void> write_all(int fd, const std::string &text, const std::filesystem::path &path,
                         const WriteFunction &write) {
    const char *data = text.data();
    size_t left = text.size();
    while (left > 0) {
        ssize_t n = write ? write(fd, data, left) : ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail(path.string() + ": write failed: " + std::strerror(errno));
        }
        // write(2) returns 0 for a non-empty request only on a broken device: looping would spin.
        if (n == 0) return fail(path.string() + ": write failed: no byte was written");
        data += n;
        left -= static_cast<size_t>(n);
    }
    return {};
}

AppendFile::AppendFile(int fd, std::filesystem::path path, bool durable, WriteFunction write)
    : fd_(fd), path_(std::move(path)), durable_(durable), write_(std::move(write)) {
    struct stat st {};
    if (::fstat(fd_, &st) == 0) size_ = static_cast<uint64_t>(st.st_size);
}

AppendFile::AppendFile(AppendFile &&other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), durable_(other.durable_), write_(std::move(other.write_)),
      size_(other.size_), failure_(std::move(other.failure_)) {
    other.fd_ = -1;
}

AppendFile &AppendFile::operator=(AppendFile &&other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        path_ = std::move(other.path_);
        durable_ = other.durable_;
        write_ = std::move(other.write_);
        size_ = other.size_;
        failure_ = std::move(other.failure_);
        other.fd_ = -1;
    }
    return *this;
}

AppendFile::~AppendFile() {
    if (fd_ >= 0) ::close(fd_);
}

Expected<void> AppendFile::broken(std::string message) {
    // Whatever part of the record reached the file is cut off, so the file
    // ends with a whole record; when even that fails, --resume cuts the torn
    // tail instead. Either way nothing is appended after it.
    if (::ftruncate(fd_, static_cast<off_t>(size_)) != 0) {
        // Left for --resume, which drops an incomplete last line.
    }
    failure_ = message;
    return fail(std::move(message));
}

Expected<void> AppendFile::append(const std::string &text) {
    if (failure_) return fail(*failure_);
    if (auto written = write_all(fd_, text, path_, write_); !written) return broken(written.error().message);
    if (durable_ && ::fdatasync(fd_) != 0) return broken(path_.string() + ": fdatasync failed: " + std::strerror(errno));
    size_ += text.size();
    return {};
}

Expected<void> AppendFile::sync_data() const {
    if (::fdatasync(fd_) != 0) return fail(path_.string() + ": fdatasync failed: " + std::strerror(errno));
    return {};
}

Expected<void> AppendFile::sync() {
    if (failure_) return fail(*failure_);
    if (::fsync(fd_) != 0) return broken(path_.string() + ": fsync failed: " + std::strerror(errno));
    return {};
}

}  // namespace arb::output
