#include "core/program_dir.hpp"

namespace arb {

std::filesystem::path running_program() {
    std::error_code ec;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : exe;
}

std::filesystem::path running_program_dir() { return running_program().parent_path(); }

}  // namespace arb
