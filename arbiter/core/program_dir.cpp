#include "core/program_dir.hpp"

namespace arb {

std::filesystem::path running_program() {
    std::error_code ec;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : exe;
}

std::filesystem::path running_program_dir() { return running_program().parent_path(); }

Expected<std::string> expand_arbiter_bin(const std::string &command, const std::filesystem::path &program_dir) {
    if (command.rfind(kArbiterBinToken, 0) != 0) return command;
    if (program_dir.empty())
        return fail(std::string(kArbiterBinToken) + " is unknown here (the folder of the running arbiter could not be read)");
    return program_dir.string() + command.substr(kArbiterBinToken.size());
}

}  // namespace arb
