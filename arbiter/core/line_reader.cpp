#include "core/line_reader.hpp"

#include "core/input_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arb {

namespace {

constexpr size_t kChunk = 64 * 1024;

}  // namespace

std::string size_text(size_t bytes) {
    if (bytes >= (size_t{1} << 30) && bytes % (size_t{1} << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (size_t{1} << 20) && bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

LineReader::LineReader(int fd, std::string name, LineLimit limit) : fd_(fd), name_(std::move(name)), limit_(limit) {}

LineReader::LineReader(std::istream &in, std::string name, LineLimit limit)
    : in_(&in), name_(std::move(name)), limit_(limit) {}

Expected<size_t> LineReader::fill() {
    buffer_.resize(kChunk);
    pos_ = end_ = 0;
    if (in_ != nullptr) {
        in_->read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        end_ = static_cast<size_t>(in_->gcount());
        if (in_->bad()) return fail(name_ + ": read failed");
        return end_;
    }
    for (;;) {
        const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail(name_ + ": read failed: " + std::strerror(errno));
        end_ = static_cast<size_t>(n);
        return end_;
    }
}

Expected<LineReader::Status> LineReader::next_or_long(std::string &line, bool skip_long) {
    line.clear();
    line_offset_ = consumed_;
    bool any = false, too_long = false;
    for (;;) {
        if (pos_ == end_) {
            auto got = fill();
            if (!got) return Unexpected<Error>{got.error()};
            if (*got == 0) {  // the end: a last line without '\n', or nothing
                if (!any) return Status::End;
                ++number_;
                terminated_ = false;
                return too_long ? Status::TooLong : Status::Line;
            }
        }
        any = true;
        const char *start = buffer_.data() + pos_;
        const void *newline = std::memchr(start, '\n', end_ - pos_);
        const size_t piece = newline != nullptr ? static_cast<size_t>(static_cast<const char *>(newline) - start)
                                                : end_ - pos_;
        if (!too_long && line.size() + piece > limit_.bytes) {
            too_long = true;  // from here on the line is skipped, not held
            line.clear();
            line.shrink_to_fit();
            if (!skip_long) {  // an error: no need to read to the line's end (a 1 GB line costs 1 MiB of reading)
                ++number_;
                terminated_ = false;
                return Status::TooLong;
            }
        }
        if (!too_long) line.append(start, piece);
        const size_t used = piece + (newline != nullptr ? 1 : 0);
        pos_ += used;
        consumed_ += used;
        if (newline != nullptr) {
            ++number_;
            terminated_ = true;
            return too_long ? Status::TooLong : Status::Line;
        }
    }
}

Expected<bool> LineReader::next(std::string &line) {
    auto status = next_or_long(line, /*skip_long=*/false);
    if (!status) return Unexpected<Error>{status.error()};
    if (*status == Status::TooLong) return Unexpected<Error>{too_long()};
    return *status == Status::Line;
}

Expected<bool> LineReader::at_end() {
    if (pos_ < end_) return false;
    auto got = fill();
    if (!got) return Unexpected<Error>{got.error()};
    return *got == 0;
}

std::string LineReader::at(int line) const {
    return name_.empty() ? "line " + std::to_string(line) + ": " : name_ + ":" + std::to_string(line) + ": ";
}

Error LineReader::too_long() const {
    return Error{at(number_) + "line longer than " + std::to_string(limit_.bytes) + " bytes (" +
                 size_text(limit_.bytes) + ", the limit for " + limit_.kind + ")"};
}

Expected<std::string> read_text_file(const std::string &file, size_t max_bytes, LineLimit limit) {
    auto opened = InputFile::open(file);
    if (!opened) return Unexpected<Error>{opened.error()};
    LineReader lines(opened->fd(), file, limit);
    std::string text, line;
    for (;;) {
        auto more = lines.next(line);
        if (!more) return Unexpected<Error>{more.error()};
        if (!*more) break;
        if (text.size() + line.size() + 1 > max_bytes)
            return fail(lines.at(lines.number()) + "the file is larger than " + size_text(max_bytes) +
                        ", the most the arbiter reads of it");
        text += line;
        if (lines.terminated()) text += '\n';
    }
    return text;
}

}  // namespace arb
