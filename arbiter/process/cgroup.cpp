#include "process/cgroup.hpp"

#include "core/quote.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

namespace arb::process {

namespace {

namespace fs = std::filesystem;

constexpr const char *kPrefix = "arbiter-";

bool write_text(const fs::path &file, const char *text) {
    int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const size_t size = std::strlen(text);
    ssize_t n;
    do {
        n = ::write(fd, text, size);
    } while (n < 0 && errno == EINTR);
    ::close(fd);
    return n == static_cast<ssize_t>(size);
}

// Our cgroup v2 path, e.g. "/user.slice/session-2.scope", from the "0::"
// line of /proc/self/cgroup.
Expected<std::string> own_cgroup_path() {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("0::", 0) == 0) return line.substr(3);
    return fail("this process is in no cgroup v2 (no '0::' line in /proc/self/cgroup)");
}

struct Mount {
    std::string root;   // the cgroup path the mount shows at its top
    fs::path point;
};

// The cgroup2 mount, from /proc/self/mountinfo: "id parent maj:min root point
// options [optional fields] - fstype source super-options". Paths escape
// space, tab, newline and backslash as octal.
Expected<Mount> cgroup2_mount() {
    auto unescape = [](const std::string &text) {
        std::string out;
        for (size_t i = 0; i < text.size(); ++i) {
            // Three octal digits: the kernel's own escape, the one place a base other than 10 is read.
            auto octal = [&](size_t k) { return text[k] >= '0' && text[k] <= '7'; };
            if (text[i] == '\\' && i + 3 < text.size() && octal(i + 1) && octal(i + 2) && octal(i + 3)) {
                out += static_cast<char>((text[i + 1] - '0') * 64 + (text[i + 2] - '0') * 8 + (text[i + 3] - '0'));
                i += 3;
            } else {
                out += text[i];
            }
        }
        return out;
    };
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string id, parent, device, root, point, word;
        fields >> id >> parent >> device >> root >> point;
        while (fields >> word && word != "-") {
        }
        std::string type;
        fields >> type;
        if (type == "cgroup2") return Mount{unescape(root), unescape(point)};
    }
    return fail("no cgroup v2 file system is mounted");
}

bool process_exists(pid_t pid) { return ::kill(pid, 0) == 0 || errno == EPERM; }

}  // namespace

Cgroup &Cgroup::operator=(Cgroup &&other) noexcept {
    if (this != &other) {
        remove();
        path_ = std::move(other.path_);
        other.path_.clear();
    }
    return *this;
}

bool Cgroup::kill() const { return valid() && write_text(path_ / "cgroup.kill", "1"); }

bool Cgroup::populated() const {
    if (!valid()) return false;
    std::ifstream in(path_ / "cgroup.events");
    std::string key;
    int value = 0;
    while (in >> key >> value)
        if (key == "populated") return value != 0;
    return false;
}

bool Cgroup::remove() noexcept {
    if (!valid()) return true;
    // A cgroup made below ours (by an engine that is itself an arbiter or an
    // adapter) must go first: rmdir refuses a cgroup with children.
    std::error_code ec;
    std::vector<fs::path> below;
    for (fs::recursive_directory_iterator it(path_, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec) && !it->is_symlink(ec)) below.push_back(it->path());
    for (auto it = below.rbegin(); it != below.rend(); ++it) ::rmdir(it->c_str());
    if (::rmdir(path_.c_str()) != 0 && errno != ENOENT) return false;
    path_.clear();
    return true;
}

Expected<CgroupParent> CgroupParent::find() {
    auto own = own_cgroup_path();
    if (!own) return fail(own.error().message);
    auto mount = cgroup2_mount();
    if (!mount) return fail(mount.error().message);
    // Without a cgroup namespace a container's mount may show a deeper root
    // than "/": our path is then below it.
    std::string relative = *own;
    if (mount->root != "/") {
        if (relative.rfind(mount->root, 0) != 0) return fail("our cgroup " + quote(*own) + " is outside the cgroup2 mount");
        relative = relative.substr(mount->root.size());
    }
    fs::path dir = mount->point / fs::path(relative).relative_path();
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return fail("our cgroup folder " + quote(dir.string()) + " is not visible");
    CgroupParent parent(dir);
    parent.remove_stale();
    // The probe: a cgroup we can make, with cgroup.kill (Linux 5.14).
    auto probe = parent.create(0);
    if (!probe) return fail(probe.error().message);
    if (::access((probe->path() / "cgroup.kill").c_str(), W_OK) != 0)
        return fail("the kernel has no cgroup.kill (Linux 5.14 or later)");
    return parent;
}

Expected<Cgroup> CgroupParent::create(unsigned long serial) const {
    fs::path dir = path_ / (kPrefix + std::to_string(::getpid()) + "-" + std::to_string(serial));
    if (::mkdir(dir.c_str(), 0755) != 0) {
        int error = errno;
        if (error == EEXIST) {  // our pid's leftover from an earlier process: reuse only if empty
            Cgroup stale(dir);
            if (stale.remove() && ::mkdir(dir.c_str(), 0755) == 0) return Cgroup(dir);
        }
        return fail("cannot create the cgroup " + quote(dir.string()) + ": " + std::strerror(error));
    }
    return Cgroup(dir);
}

void CgroupParent::remove_stale() const {
    std::error_code ec;
    for (fs::directory_iterator it(path_, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(kPrefix, 0) != 0) continue;
        // "arbiter-<pid>-<n>": the pid of the arbiter that made it.
        const std::string rest = name.substr(std::strlen(kPrefix));
        const auto dash = rest.find('-');
        const auto pid = protocol::parse_integer<long>(std::string_view(rest).substr(0, dash));
        if (dash == std::string::npos || !pid || *pid <= 0 || process_exists(static_cast<pid_t>(*pid))) continue;
        Cgroup stale(it->path());  // removed if empty; a populated one is left alone
        if (stale.valid() && !stale.remove()) stale.release();
    }
}

}  // namespace arb::process
