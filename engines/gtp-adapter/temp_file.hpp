// A file that exists while this object does: created with unique name in
// $TMPDIR (or /tmp), removed on destruction. For handing an engine a file
// to read (GTP's loadsgf).
#pragma once

#include "core/expected.hpp"

#include <filesystem>
#include <string>

namespace arb::gtp {

class TempFile {
public:
    // Creates "<dir>/<prefix>XXXXXX<suffix>" holding `content`.
    static Expected<TempFile> create(const std::string &prefix, const std::string &suffix, const std::string &content);

    TempFile(TempFile &&other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
    TempFile &operator=(TempFile &&) = delete;
    TempFile(const TempFile &) = delete;
    TempFile &operator=(const TempFile &) = delete;
    ~TempFile();

    [[nodiscard]] const std::filesystem::path &path() const noexcept { return path_; }

private:
    explicit TempFile(std::filesystem::path path) : path_(std::move(path)) {}
    std::filesystem::path path_;
};

}  // namespace arb::gtp
