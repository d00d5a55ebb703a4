// arbiter: the command-line entry. Dispatches to one subcommand and turns any
// escaped exception into a message and an exit code.
#include "cli/command.hpp"
#include "core/version.hpp"
#include "game/plugin_call.hpp"
#include "process/latency_slice.hpp"
#include "process/resource_limits.hpp"
#include "process/spawn.hpp"

#include <arbiter/game.h>

#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>
#include <string_view>
#include <system_error>

namespace {

struct Command {
    const char *name;
    int (*run)(const arb::cli::Args &);
    const char *summary;
};

constexpr Command kCommands[] = {
    {"run", arb::cli::run_command, "run a tournament from a YAML config (or --resume OUTDIR)"},
    {"match", arb::cli::match_command, "a match from fastchess/cutechess-cli options (-engine cmd=... -each tc=...)"},
    {"merge", arb::cli::merge_command, "merge the output folders of a tournament's shards into one"},
    {"report", arb::cli::report_command, "write report.html of a tournament's output folder"},
    {"rate", arb::cli::rate_command, "the standings (Elo, LOS, crosstable) of games in PGN files"},
    {"play", arb::cli::play_command, "play one game between two engines"},
    {"check", arb::cli::check_command, "test an engine for rule and protocol compliance"},
    {"games", arb::cli::games_command, "list the game plugins found, with their options"},
    {"perft", arb::cli::perft_command, "count move sequences of a game to a depth"},
    {"plugin-check", arb::cli::plugin_check_command, "check a game plugin against the ABI contract"},
    {"plugin-diff", arb::cli::plugin_diff_command, "compare two plugins of one game by their play"},
};

void print_usage(std::ostream &out) {
    out << "usage: arbiter <command> [options]   (arbiter <command> --help for details)\n\n"
           "arbiter runs matches and tournaments between board-game engines. Each game is a\n"
           "plugin that judges every move; engines are separate programs speaking UGI, UCI, UAI\n"
           "or USI (GTP and NBoard engines run through the shipped arbiter-gtp-adapter and\n"
           "arbiter-nboard-adapter).\n\n"
           "commands:\n";
    for (const auto &c : kCommands) out << "  " << c.name << std::string(14 - std::strlen(c.name), ' ') << c.summary << "\n";
    out << "\nenvironment:\n  ARBITER_PLUGIN_PATH  ':'-separated folders searched for game plugins (after\n"
           "                       --plugin-dir, before the shipped <libdir>/arbiter/plugins)\n"
           "  ARBITER_CGROUP       'off': stop engine process trees by a freezing /proc scan, not by\n"
           "                       a cgroup per engine (the fallback where no cgroup can be made)\n"
           "  ARBITER_SLICE_US     the arbiter's CPU time slice in microseconds (default 100, the\n"
           "                       kernel's shortest, so that it answers an engine at once on a busy\n"
           "                       machine; 0: the kernel's default; Linux 6.12 and later)\n"
           "  ARBITER_ENGINE_SLICE_US  the same for engines (default 0: the kernel's)\n";
}

// Run through a link or copy named fastchess* (where fishtest's and OpenBench's workers run fastchess).
bool called_fastchess(const char *argv0) {
    std::string_view name = argv0 ? argv0 : "";
    if (auto slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
    return name.rfind("fastchess", 0) == 0;
}

}  // namespace

int main(int argc, char **argv) {
    // (`plugin-host` is the arbiter starting itself, whatever its name.)
    const bool as_fastchess =
        argc > 0 && called_fastchess(argv[0]) && !(argc > 1 && std::string_view(argv[1]) == "plugin-host");
    if (argc < 2 && !as_fastchess) {
        print_usage(std::cerr);
        return arb::cli::kExitUsage;
    }
    const std::string_view name = as_fastchess ? std::string_view() : std::string_view(argv[1]);
    if (!as_fastchess && (name == "--help" || name == "-h" || name == "help")) {
        print_usage(std::cout);
        return arb::cli::kExitOk;
    }
    if (!as_fastchess && name == "--version") {
        std::cout << "arbiter " << arb::kArbiterVersion << " (game ABI " << ARB_ABI_MAJOR << "." << ARB_ABI_MINOR << ")\n";
        return arb::cli::kExitOk;
    }
    // The child of isolation mode: it reports a plugin's crash to the arbiter
    // that started it (install_plugin_crash_frame), and starts nothing.
    if (name == "plugin-host") return arb::cli::plugin_host_command(arb::cli::Args(argv + 2, argv + argc));
    // A crash inside a plugin's code (in-process mode) names the plugin and
    // the function before the arbiter dies of it.
    arb::game::install_plugin_crash_report();
    // Before any thread starts, so that all of them inherit it: the shortest
    // slice, which lets each ply's wake-ups preempt a busy neighbour at once
    // (process/latency_slice.hpp).
    const auto slices = arb::process::latency_slices_from_environment();
    if (!slices.error.empty()) {
        std::cerr << "arbiter: " << slices.error << "\n";
        return arb::cli::kExitUsage;
    }
    arb::process::set_thread_slice(slices.slices.arbiter);
    // Engines are started below: a tournament needs descriptors for every
    // live engine (children still get the original limit), and orphans of
    // engines must be reparented here so that they can be killed and reaped.
    try {
        arb::process::raise_descriptor_limit();  // also starts the thread that forks (process/spawn.hpp)
        arb::process::give_children_slice(slices.slices.engines.value_or(std::chrono::microseconds(0)));
    } catch (const std::system_error &e) {
        std::cerr << "arbiter: " << arb::process::thread_failure("starting processes", e) << "\n";
        return arb::cli::kExitFailure;
    }
    arb::process::become_subreaper();
    // A file over the size limit (ulimit -f) must fail its write (EFBIG),
    // which stops the records with a message naming the file, instead of
    // killing the arbiter mid-record. Engines get the default back (spawn).
    ::signal(SIGXFSZ, SIG_IGN);
    if (as_fastchess) {
        try {
            return arb::cli::fastchess_command(arb::cli::Args(argv + 1, argv + argc));
        } catch (const std::exception &e) {
            std::cerr << "arbiter (as fastchess): " << e.what() << "\n";
            return arb::cli::kExitFailure;
        }
    }
    for (const auto &c : kCommands) {
        if (name != c.name) continue;
        arb::cli::Args args(argv + 2, argv + argc);
        try {
            return c.run(args);
        } catch (const std::exception &e) {
            std::cerr << "arbiter " << c.name << ": " << e.what() << "\n";
            return arb::cli::kExitFailure;
        }
    }
    std::cerr << "arbiter: unknown command '" << name << "'\n\n";
    print_usage(std::cerr);
    return arb::cli::kExitUsage;
}
