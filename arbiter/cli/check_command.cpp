// `arbiter check`: for engine authors. Runs an engine through the protocol
// and the rules of a game the way tournaments will, and prints one line per
// check (PASS/WARN/FAIL/SKIP) with what was sent and received on failure.
#include "cli/command.hpp"
#include "core/program_dir.hpp"
#include "core/quote.hpp"
#include "cli/common_options.hpp"
#include "cli/engine_spec.hpp"
#include "compliance/engine_check.hpp"
#include "config/config_loader.hpp"

#include <algorithm>
#include <initializer_list>
#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

const char *kDetails = R"DETAILS(
The engine is started without a shell: --engine is the program and its
arguments split at spaces (add arguments with spaces with --engine-arg).

Checks, in order: start and handshake (ugi/ugiok, or the --protocol's:
uci/uciok, uai/uaiok, usi/usiok, xboard's features to done=1; isready/readyok,
xboard's ping/pong); whether
the engine declares the 'game' option (a warning when it does not: it is then
told no game id; one that declares it is sent every rule option of the game
after it) and the game's rule options; a new
game; the game's rule edges, when its plugin lists them
("arbiter.rule-edges/1": positions where engines get a rule wrong, such as a
forced pass in the move history), every one in the plugin's order, each sent
as 'fen ... moves ...' (or 'startpos moves ...'), a failure naming the rule
("forced-pass: answered as if ..."); an edge made for other rule options
(--option) is listed as N/A with the options it needs; a legal move from the
start position under 'go movetime' (--movetime); legal moves
from --positions random positions sent as 'startpos moves ...', as
'fen ... moves' and as 'fen ... moves ...'; legal moves under a clock, 'go
depth 1' and 'go nodes 1000'; the timing of all those searches, one check of
its own; --games full games against the reference engine
(arbiter-engine beside this program, playing random moves; a fault of the
reference engine fails the check, as the games then prove nothing); a prompt
exit after 'quit'.

Each check prints PASS, WARN, FAIL, SKIP (it could not be carried out, e.g.
the reference engine did not start), NOT RUN (planned, but cut short by a
failure before it, e.g. the engine did not start): every planned check is
listed; or N/A (a rule edge of other rule options; it counts neither way).
Exit status 0 when nothing failed and nothing was skipped or cut short
(warnings allowed; skips too with --allow-skip), 1 otherwise, 2 for bad
arguments.

A move is judged apart from its time: each check of a move waits --grace
(5000 ms) past the time allowed (the limit plus --margin), so a late but
correct move passes its rule; only a move that never comes fails there ("no
move to judge"; after one such, later searches get no grace). The timing
check ("keeps to its time limits") names for each limit the searches, the
median and the worst time and what was allowed, and the highest load
average seen while it ran: FAIL when the median answer
of a limit is late, WARN when only some are. Late answers come with the
likely cause: the engine's threads when it declares 'Threads' (try
--engine-option Threads=1), the machine's load (load average of 0.9 per CPU
or more: --margin, or a quieter machine), else the engine itself (--movetime
gives it more time; --tc for the full games).

A failed start names xboard ('feature ...', 'Error (unknown command): uci')
or GTP ('= ...', '? ...') when the engine answered in one of them, and quotes
the first and the last lines it printed.

In standard chess a UCI engine that declares UCI_Chess960 is told false (true
in Chess960), as in a tournament; the chess rule edge castling-notation fails
an engine that castles e1h1 there (Chess960's notation) instead of e1g1.

The engine is named by its 'id name' (--name overrides it).

Both engines get the plugin folders (--plugin-dir, and the game's own folder)
in front of their $ARBITER_PLUGIN_PATH, so arbiter-engine finds a game that
only --plugin-dir names.
)DETAILS";

// Counts >= 0 (and at most 100000) and times > 0; false after saying which is not.
bool counts_in_range(const compliance::CheckSettings &s, std::initializer_list<int64_t> positive_ms,
                     std::initializer_list<int64_t> non_negative_ms) {
    const bool times_wrong =
        std::any_of(positive_ms.begin(), positive_ms.end(), [](int64_t v) { return v <= 0; }) ||
        std::any_of(non_negative_ms.begin(), non_negative_ms.end(), [](int64_t v) { return v < 0; });
    if (s.positions < 0 || s.games < 0 || times_wrong) {
        std::cerr << "arbiter check: counts must be >= 0 and times > 0\n";
        return false;
    }
    // The probes are drawn before the first is sent, and their count times
    // the attempts per probe must stay an int: a typo must not become gigabytes.
    constexpr int kMaxCount = 100000;
    for (auto [option, value] : {std::pair{"--positions", s.positions}, std::pair{"--games", s.games}}) {
        if (value > kMaxCount) {
            std::cerr << "arbiter check: " << option << " must be in 0.." << kMaxCount << ", got " << value << "\n";
            return false;
        }
    }
    return true;
}

// The opponent of the full games: --reference, else arbiter-engine beside
// this program playing random moves; false (after saying why) for a bad --reference.
bool set_reference(std::string reference_spec, compliance::CheckSettings &s) {
    if (reference_spec.empty()) {
        auto bundled = running_program_dir() / "arbiter-engine";
        if (std::filesystem::exists(bundled))
            reference_spec = bundled.string() + " --game " + s.plugin->id() + " --mode random --seed 1";
    }
    if (!reference_spec.empty()) {
        auto reference = engine_from_command_line(reference_spec, {}, {}, "reference");
        if (!reference) {
            std::cerr << "arbiter check: --reference: " << reference.error().message << "\n";
            return false;
        }
        s.reference = *reference;
    }
    return true;
}

// The last line: how many checks, how many failed, warned, were skipped or not run.
void print_check_summary(const compliance::Report &report, const std::string &engine_name, bool allow_skip,
                         int games) {
    const int skipped = report.count(compliance::Verdict::Skip);
    const int not_run = report.count(compliance::Verdict::NotRun);
    std::cout << quote(engine_name) << ": " << report.items.size() << " checks: " << report.count(compliance::Verdict::Fail)
              << " failed, " << report.count(compliance::Verdict::Warn) << " warnings, " << skipped << " skipped";
    if (not_run > 0) std::cout << ", " << not_run << " not run (cut short by a failure)";
    if (const int na = report.count(compliance::Verdict::NotApplicable); na > 0)
        std::cout << ", " << na << " not applicable";
    if (skipped > 0) std::cout << (allow_skip ? " (allowed by --allow-skip)" : " (a skipped check is not a pass; --allow-skip accepts it)");
    if (games == 0) std::cout << "; no full games (--games 0)";
    std::cout << "\n";
}

}  // namespace

int check_command(const Args &args) {
    std::string game_id, engine_spec, name, reference_spec, working_dir, protocol_name;
    std::vector<std::string> extra_args, ugi_options, settings, plugin_dirs;
    compliance::CheckSettings s;
    int64_t movetime_ms = s.movetime.count(), margin_ms = s.margin.count(), grace_ms = s.grace.count(),
            startup_ms = s.timeouts.startup.count(),
            ready_ms = s.timeouts.ready.count(), untimed_ms = s.untimed_limit.count();
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("game,g", po::value(&game_id)->required(), "game id (see 'arbiter games') or a plugin file path")
        ("engine,e", po::value(&engine_spec)->required(), "the engine to check: program and arguments split at spaces")
        ("engine-arg", po::value(&extra_args)->composing(), "one more argument for the engine; may repeat")
        ("engine-option", po::value(&ugi_options)->composing(), "UGI option name=value sent to the engine; may repeat")
        ("name", po::value(&name), "display name of the engine")
        ("protocol", po::value(&protocol_name),
         "the engine's protocol: ugi (default), uci, uai, usi, xboard, or auto (tries them in that order); "
         "the same as proto=... before the program in --engine")
        ("working-dir", po::value(&working_dir),
         "folder the engine runs in (e.g. NTest's, for its data files); a relative program path starts there")
        ("option,o", po::value(&settings)->composing(), "rule option of the game name=value; may repeat")
        ("positions", po::value(&s.positions)->default_value(s.positions), "random positions to probe (at most 100000)")
        ("games", po::value(&s.games)->default_value(s.games),
         "full games against the reference engine (0: none; at most 100000)")
        ("tc", po::value(&s.game_time_control)->default_value(s.game_time_control), "time control of those games")
        ("movetime", po::value(&movetime_ms)->default_value(movetime_ms), "milliseconds per probe move")
        ("margin", po::value(&margin_ms)->default_value(margin_ms), "milliseconds allowed past a time limit")
        ("grace", po::value(&grace_ms)->default_value(grace_ms),
         "milliseconds a check of a move waits past the time allowed: a late move is still judged, its lateness "
         "reported by the timing check")
        ("startup-timeout", po::value(&startup_ms)->default_value(startup_ms), "milliseconds from start to 'ugiok'")
        ("ready-timeout", po::value(&ready_ms)->default_value(ready_ms), "milliseconds from 'isready' to 'readyok'")
        ("untimed-limit", po::value(&untimed_ms)->default_value(untimed_ms),
         "milliseconds allowed for 'go depth 1' and 'go nodes 1000'")
        ("seed", po::value(&s.seed)->default_value(s.seed), "seed of the random positions")
        ("reference", po::value(&reference_spec),
         "opponent for the games (default: arbiter-engine beside this program, random moves)")
        ("allow-skip", "exit 0 even when a check was skipped (could not be carried out)")
        ("isolate-plugins", "run the game plugin in a child process: a plugin crash fails the check it was in "
                            "instead of ending the arbiter");
    add_plugin_dir_option(desc, plugin_dirs);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("check", args, desc, nullptr, vm, "--game G --engine CMD [options]", code, kDetails))
        return code;
    if (!counts_in_range(s, {movetime_ms, startup_ms, ready_ms, untimed_ms}, {margin_ms, grace_ms})) return kExitUsage;
    auto selected = select_game("check", game_id, plugin_dirs, settings, code);
    if (!selected) return code;
    auto engine = engine_from_command_line(engine_spec, extra_args, ugi_options, name);
    if (engine) {
        if (auto dir = set_working_dir(*engine, working_dir); !dir) engine = Unexpected<Error>{dir.error()};
    }
    if (engine && !protocol_name.empty()) {
        if (!engine::parse_protocol_choice(protocol_name, engine->protocol))
            engine = fail("--protocol " + quote(protocol_name) + ": one of ugi, uci, uai, usi, xboard, auto");
    }
    if (!engine) {
        std::cerr << "arbiter check: " << engine.error().message << "\n";
        return kExitUsage;
    }
    s.plugin = selected->plugin;
    s.options = selected->options;
    s.engine = *engine;
    s.plugin_dirs = plugin_dirs;
    if (vm.count("isolate-plugins")) s.host = std::make_shared<game::PluginHost>(s.plugin, running_program());
    s.movetime = std::chrono::milliseconds(movetime_ms);
    s.margin = std::chrono::milliseconds(margin_ms);
    s.grace = std::chrono::milliseconds(grace_ms);
    s.timeouts.startup = std::chrono::milliseconds(startup_ms);
    s.timeouts.ready = std::chrono::milliseconds(ready_ms);
    s.untimed_limit = std::chrono::milliseconds(untimed_ms);
    if (!set_reference(reference_spec, s)) return kExitUsage;

    // Without --name the engine is named by its 'id name' (not by its program, e.g. node).
    if (name.empty()) s.engine.name.clear();
    std::string engine_name;
    compliance::Report report = compliance::check_engine(
        s,
        [](const compliance::CheckItem &item) {
            std::cout << compliance::verdict_name(item.verdict) << "  " << item.name;
            if (!item.detail.empty()) std::cout << "\n      " << item.detail;
            std::cout << std::endl;
        },
        [&](const std::string &named) {
            engine_name = named;
            std::cout << "checking " << quote(named) << " (" << s.engine.command << ") on " << s.plugin->id() << "\n";
        });
    const bool allow_skip = vm.count("allow-skip") > 0;
    print_check_summary(report, engine_name, allow_skip, s.games);
    return report.passed(allow_skip) ? kExitOk : kExitFailure;
}

}  // namespace arb::cli
