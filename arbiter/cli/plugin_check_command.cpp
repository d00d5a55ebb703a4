// `arbiter plugin-check`: for plugin authors. Loads a plugin file (or a game
// id from the plugin path) and runs the contract checks of the host, in a
// child process: a plugin that crashes is reported with its signal and the
// check it was in, and every failure found before is already printed.
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "plugin_tools/plugin_checker.hpp"
#include "process/run_in_child.hpp"

#include <arbiter/ext/diagram.h>
#include <arbiter/ext/engine_options.h>
#include <arbiter/ext/pgn_notation.h>
#include <arbiter/ext/protocol_notation.h>
#include <arbiter/ext/rule_edges.h>
#include <arbiter/ext/status_line.h>

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

// The revision of a text extension the host uses (see game/plugin_extensions.hpp).
template <class Calls>
int revision(const Calls *calls) {
    return calls != nullptr ? calls->revision() : 0;
}

// A line of text shared with a forked child (MAP_SHARED), so the parent can
// still read the child's last note after the child died of a signal.
class StageNote {
public:
    StageNote() {
        void *memory = ::mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        text_ = memory == MAP_FAILED ? nullptr : static_cast<char *>(memory);
        set("loading the plugin");
    }
    ~StageNote() {
        if (text_ != nullptr) ::munmap(text_, kSize);
    }
    StageNote(const StageNote &) = delete;
    StageNote &operator=(const StageNote &) = delete;

    void set(const std::string &stage) {
        if (text_ == nullptr) return;
        const size_t n = std::min(stage.size(), kSize - 1);
        std::memcpy(text_, stage.data(), n);
        text_[n] = '\0';
    }
    [[nodiscard]] std::string get() const { return text_ != nullptr ? std::string(text_) : std::string("?"); }

private:
    static constexpr size_t kSize = 256;
    char *text_ = nullptr;
};

// What the child runs: load, check, print. The plugin's own log lines (an
// exception's text from the SDK adapter) are printed as they come.
int check_in_this_process(const std::filesystem::path &file, const game::CheckSettings &settings) {
    auto log = [](const std::string &, arb_log_level level, std::string_view line) {
        const char *names[] = {"debug", "info", "warning", "error"};
        std::cout << "plugin log (" << names[std::clamp(level, 0, 3)] << "): " << line << std::endl;
    };
    settings.on_stage("loading the plugin and calling its entry point");
    auto plugin = game::Plugin::load(file, log);
    if (!plugin) {
        std::cout << "FAIL " << plugin.error().message << std::endl;
        return kExitFailure;
    }
    const arb_game_api &api = (*plugin)->api();
    std::cout << "plugin " << api.id << " (" << api.name << " " << api.version << "), game ABI " << api.abi_major
              << "." << api.abi_minor << std::endl;
    game::CheckReport report = game::check_plugin(*plugin, settings);
    std::cout << report.checks << " checks, " << report.failures.size() << " failed; " << report.positions
              << " positions visited, " << report.games_finished << "/" << settings.random_games
              << " random games finished, " << report.near_misses_checked << " near misses of legal moves parsed";
    for (const auto &format : (*plugin)->record_formats())
        std::cout << "; " << report.records_written / (*plugin)->record_formats().size() << " " << format.name()
                  << " records written (arbiter.record-format/" << format.revision() << ", games." << format.file_extension()
                  << ")";
    if (report.diagrams_checked > 0)
        std::cout << "; " << report.diagrams_checked << (report.diagrams_checked == 1 ? " position" : " positions")
                  << " drawn (arbiter.diagram/" << revision((*plugin)->diagram()) << ")";
    if (report.margins_checked > 0)
        std::cout << "; " << report.margins_checked << " finished games' margins (arbiter.margin/1)";
    if (report.status_lines_checked > 0)
        std::cout << "; " << report.status_lines_checked << " status lines (arbiter.status-line/" << revision((*plugin)->status_line()) << ")";
    if (report.pgn_moves_checked > 0)
        std::cout << "; " << report.pgn_moves_checked << " record moves read back (arbiter.pgn-notation/" << revision((*plugin)->pgn_notation())
                  << ")";
    if (report.protocol_texts_checked > 0)
        std::cout << "; " << report.protocol_texts_checked << " texts converted both ways (arbiter.protocol-notation/"
                  << revision((*plugin)->protocol_notation()) << ")";
    if (report.engine_options_checked > 0)
        std::cout << "; " << report.engine_options_checked << " engine options (" ARB_EXT_ENGINE_OPTIONS ")";
    if (report.rule_edges_checked > 0)
        std::cout << "; " << report.rule_edges_checked << (report.rule_edges_checked == 1 ? " rule edge" : " rule edges")
                  << " (" ARB_EXT_RULE_EDGES ")";
    std::cout << std::endl;
    return report.ok() ? kExitOk : kExitFailure;
}

}  // namespace

int plugin_check_command(const Args &args) {
    std::string target;
    std::vector<std::string> plugin_dirs;
    game::CheckSettings settings;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("plugin", po::value(&target)->required(), "plugin file (path with a '/') or game id")
        ("seed", po::value(&settings.seed)->default_value(settings.seed), "seed of the random games and inputs")
        ("games", po::value(&settings.random_games)->default_value(settings.random_games),
         "random games to play through")
        ("max-plies", po::value(&settings.max_plies)->default_value(settings.max_plies), "ply limit per random game")
        ("fuzz", po::value(&settings.fuzz_inputs)->default_value(settings.fuzz_inputs),
         "random and mutated strings fed to the position and move parsers");
    add_plugin_dir_option(desc, plugin_dirs);
    po::positional_options_description positional;
    positional.add("plugin", 1);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("plugin-check", args, desc, &positional, vm, "PLUGIN.so|GAME [options]", code)) return code;

    // The file only: the checks load it again in a child process.
    std::filesystem::path file = target;
    if (target.find('/') == std::string::npos) {
        auto plugin = game::find_plugin(target, plugin_path(plugin_dirs));
        if (!plugin) {
            std::cerr << "arbiter plugin-check: " << plugin.error().message << "\n";
            return kExitFailure;
        }
        file = (*plugin)->file();
    }
    // First, so that whatever happens next is known to be about this file.
    std::cout << "plugin-check " << file.string() << std::endl;

    // The stage the child is in, readable after it died.
    StageNote note;
    settings.on_failure = [](const std::string &failure) { std::cout << "FAIL " << failure << std::endl; };
    settings.on_stage = [&note](const std::string &stage) { note.set(stage); };
    auto run = process::run_in_child([&](std::string &) { return check_in_this_process(file, settings); });
    if (run) return run->exit_code;
    if (!run.error().started) {
        std::cout << "plugin-check stopped: no child process to check in: " << run.error().message << std::endl;
        return kExitFailure;
    }
    std::cout << "FAIL the plugin crashed the checker: it " << run.error().message << ", while checking "
              << note.get() << "\n"
              << "plugin-check stopped: the plugin crashed" << std::endl;
    return kExitFailure;
}

}  // namespace arb::cli
