// arbiter-nboard-adapter: runs an NBoard-protocol Othello engine (NTest,
// Edax -nboard) behind UGI, the protocol arbiter speaks.
//   arbiter-nboard-adapter [--depth N] [options] -- PROGRAM [ARGS...]
#include "engine_link.hpp"
#include "nboard_adapter.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace {

constexpr const char *kProgram = "arbiter-nboard-adapter";
constexpr const char *kUsage = "usage: arbiter-nboard-adapter [--depth N] [options] -- PROGRAM [ARGS...]\n";
constexpr const char *kAbout = R"(
Speaks UGI on stdin/stdout (to arbiter) and NBoard protocol version 2 to the
engine PROGRAM, which it starts (no shell; its stderr is ours). Each move is
sent as 'set game <GGF>' with the whole game, then 'go'; the reply '=== MOVE'
becomes 'bestmove', 'search' lines become 'info'.

Time is enforced here (NTest ignores the clock at high depths): a move may take
  go movetime T:    T - overhead
  a clock R (+I):   (R - overhead) / N + I, at most (R - overhead) / 2, where N
                    is movestogo or the mover's moves left (empty squares / 2)
  no clock:         --untimed-budget
and the adapter sends 'ping' a stop margin before that, at once if the margin
is longer (the engine must then stop and answer '==='). The stop margin is the
longest time the engine took from a stop 'ping' to its '===' over its last 16
stopped moves (100 ms until it has been stopped once; at most 1000 ms), or
the fixed --stop-lag-ms.

If the engine dies, the adapter says why on stderr and exits 1 (arbiter
records a crash). See engines/nboard-adapter/README.md.

Example (NTest needs its data files, so run it in its folder):
  arbiter-nboard-adapter --depth 20 --working-dir /opt/ntest -- ./ntest x
)";

bool read_settings(int own_argc, char **argv, arb::nboard::Settings &settings, std::string &working_dir) {
    int64_t overhead_ms = settings.move_overhead.count(), untimed_ms = settings.untimed_budget.count(), stop_lag_ms = -1;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("depth", po::value(&settings.depth)->default_value(settings.depth),
         "midgame search depth sent with 'set depth' (the engine's strength; 'go depth N' overrides it for one move)")
        ("working-dir", po::value(&working_dir),
         "folder the engine runs in (NTest reads coefficients/ and resource/ from it); a relative PROGRAM starts there")
        ("move-overhead", po::value(&overhead_ms)->default_value(overhead_ms),
         "milliseconds kept back from each move's allowance for the adapter and the pipes")
        ("untimed-budget", po::value(&untimed_ms)->default_value(untimed_ms),
         "milliseconds a move without a clock (go depth/nodes) may take")
        ("stop-lag-ms", po::value(&stop_lag_ms),
         "fixed stop margin: the stop 'ping' goes out this many milliseconds before a move's time is up "
         "(default: measured, the longest stop lag of the last 16 stops; 0: at the very end)")
        ("name", po::value(&settings.name), "name to report to arbiter (default: the engine's 'set myname')");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(own_argc, argv).options(desc).run(), vm);
        po::notify(vm);
    } catch (const std::exception &e) {
        std::cerr << kProgram << ": " << e.what() << "\n" << kUsage << desc;
        return false;
    }
    if (vm.count("help")) {
        std::cout << kUsage << kAbout << "\n" << desc;
        std::exit(0);
    }
    if (settings.depth < 1 || settings.depth > 60) {
        std::cerr << kProgram << ": --depth must be in 1..60, not " << settings.depth << "\n";
        return false;
    }
    if (overhead_ms < 0 || untimed_ms <= 0) {
        std::cerr << kProgram << ": --move-overhead must be >= 0 and --untimed-budget > 0\n";
        return false;
    }
    if (vm.count("stop-lag-ms")) {
        if (stop_lag_ms < 0) {
            std::cerr << kProgram << ": --stop-lag-ms must be >= 0, not " << stop_lag_ms << "\n";
            return false;
        }
        settings.stop_lag = std::chrono::milliseconds(stop_lag_ms);
    }
    settings.untimed_budget = std::chrono::milliseconds(untimed_ms);
    settings.move_overhead = std::chrono::milliseconds(overhead_ms);
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    auto args = arb::adapter::split_adapter_args(argc, argv);
    arb::nboard::Settings settings;
    std::string working_dir;
    if (!read_settings(args.own_argc, argv, settings, working_dir)) return 2;
    if (args.engine_argv.empty()) {
        std::cerr << kProgram << ": no engine command after '--'\n" << kUsage;
        return 2;
    }
    auto engine = arb::adapter::EngineLink::start({args.engine_argv, working_dir}, "NBoard engine");
    if (!engine) {
        std::cerr << kProgram << ": " << engine.error().message << "\n";
        return 1;
    }
    arb::nboard::NBoardAdapter adapter(*engine, settings, std::cout, std::cerr);
    int status = arb::adapter::run_ugi_session(adapter, std::cin, std::cerr, kProgram);
    (void)engine->quit("quit");
    return status;
}
