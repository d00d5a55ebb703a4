#include "temp_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace arb::gtp {

Expected<TempFile> TempFile::create(const std::string &prefix, const std::string &suffix, const std::string &content) {
    const char *dir = std::getenv("TMPDIR");
    std::string name = std::string(dir && *dir ? dir : "/tmp") + "/" + prefix + "XXXXXX" + suffix;
    int fd = mkstemps(name.data(), static_cast<int>(suffix.size()));
    if (fd < 0) return fail("cannot create a temporary file '" + name + "': " + std::strerror(errno));
    TempFile file{std::filesystem::path(name)};
    size_t done = 0;
    while (done < content.size()) {
        ssize_t n = write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int error = errno;
            close(fd);
            return fail("cannot write the temporary file '" + name + "': " + std::strerror(error));
        }
        done += static_cast<size_t>(n);
    }
    if (close(fd) != 0) return fail("cannot write the temporary file '" + name + "': " + std::strerror(errno));
    return file;
}

TempFile::~TempFile() {
    if (!path_.empty()) ::unlink(path_.c_str());
}

}  // namespace arb::gtp
