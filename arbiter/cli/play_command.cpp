// `arbiter play`: plays one game between two engines and prints it: each
// move as it is played, then the result, the termination and the reason.
#include "cli/command.hpp"

#include "cli/common_options.hpp"
#include "cli/engine_spec.hpp"
#include "core/program_dir.hpp"
#include "core/quote.hpp"
#include "engine/protocol_engine.hpp"
#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace po = boost::program_options;

namespace arb::cli {
namespace {

// Set by SIGINT/SIGTERM; the handler does nothing else (a flag is all a
// signal handler may safely touch). The game then ends as abandoned.
std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) { g_stop.store(true); }

// Parses "a,b[,c]" integers for --resign / --draw.
bool parse_ints(const std::string &text, std::vector<int> &out) {
    out.clear();
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        auto value = protocol::parse_integer<int>(part);
        if (!value) return false;
        out.push_back(*value);
    }
    return true;
}

void print_move(const match::GameRecord &record, int side) {
    const match::MoveRecord &m = record.moves.back();
    size_t ply = record.opening_moves.size() + record.moves.size();
    std::cout << ply << ". p" << side + 1 << " " << m.text;
    if (m.forced) {
        std::cout << " (forced pass)\n";
        return;
    }
    std::cout << " (" << record.engine_names[side] << ", " << m.elapsed.count() << " ms";
    if (m.info.score_cp) std::cout << ", score " << *m.info.score_cp;
    if (m.info.depth) std::cout << ", depth " << *m.info.depth;
    if (m.info.nodes) std::cout << ", nodes " << *m.info.nodes;
    std::cout << ")" << std::endl;
}

void print_traffic(const std::string &engine, engine::ProtocolEngine::Traffic direction, std::string_view line) {
    std::cerr << engine << ' ' << engine::ProtocolEngine::traffic_marker(direction) << ' ' << line << "\n";
}

void print_summary(const match::GameRecord &record) {
    std::cout << "moves:";
    for (const auto &m : record.opening_moves) std::cout << " " << m;
    for (const auto &m : record.moves) std::cout << " " << m.text;
    std::cout << "\nfinal position: " << record.final_position << "\n";
    std::cout << "result: " << match::result_text(record.result);
    if (record.result == ARB_RESULT_WIN_SIDE_0 || record.result == ARB_RESULT_WIN_SIDE_1) {
        int winner = record.result == ARB_RESULT_WIN_SIDE_0 ? 0 : 1;
        std::cout << " (" << record.engine_names[winner] << " wins as p" << winner + 1 << ")";
    } else if (record.result == ARB_RESULT_DRAW) {
        std::cout << " (draw)";
    }
    std::cout << "\n";
    if (record.has_score) std::cout << "score: " << record.score[0] << "-" << record.score[1] << "\n";
    std::cout << "termination: " << match::termination_name(record.termination) << "\n";
    std::cout << "reason: " << record.reason << "\n";
    if (!record.offending_text.empty()) std::cout << "offending text: " << excerpt(record.offending_text) << "\n";
    std::cout << std::flush;
}

const char *kSynopsis =
    "--game G --engine CMD --engine CMD [--tc TC] [--option k=v]... [--position P] [--moves M] "
    "[--max-plies N] [--margin MS] ...";

const char *kDetails = R"DETAILS(
Engines: each --engine is the program followed by its arguments, split at
spaces, e.g. --engine "./arbiter-engine --mode random --seed 3". No shell is
involved: quotes and $VARS are not interpreted. For an argument that contains
spaces, add it with --engine1-arg / --engine2-arg (appended in order after the
words of --engine). The first --engine plays p1 (side 0, moves first from the
start position), the second p2. Both get the folder of the game's plugin and
the --plugin-dir folders in front of their $ARBITER_PLUGIN_PATH, so
arbiter-engine finds a game that only --plugin-dir names.

Time controls (--tc, or --tc1/--tc2 per engine), seconds with decimals:
  40/60+0.6     60 s for every 40 moves, plus 0.6 s per move
  10+0.1        10 s for the game, plus 0.1 s per move
  60            60 s for the game, no increment
  movetime=0.5  0.5 s per move
  600,byoyomi=10  shogi's byoyomi: 600 s main time, then 10 s for each
                move, not banked (byoyomi=10 alone: no main time; never with
                an increment or moves/); USI engines get 'byoyomi 10000',
                the others clock + 10000 and 10000 as the increment
  depth=6       the engine searches to depth 6 (nodes=N likewise); the
                arbiter allows 60 s per move (depth=6,limit=10 for 10 s)
  10+0.1,nodes=5000   a clock (or movetime=S) with depth/node caps, sent in
                the same 'go'; the clock still runs (movetime=0.5,depth=8,
                depth=6,nodes=100000 likewise)
The arbiter measures every move from writing 'go' to reading 'bestmove'; an
engine over its clock plus --margin loses on time.

Output: each move as it is played ("ply. side move (engine, time, score,
depth, nodes)"), then the moves, final position, result, termination and
reason. Exit status: 0 when the game finished (whatever the result, including
losses by illegal moves, crashes or timeouts), 1 when it could not be played
or was interrupted (Ctrl-C), 2 for bad arguments.
)DETAILS";

// --resign CP,N and --draw CP,N,MINPLY into `rules`; the usage error, if any.
std::optional<std::string> parse_adjudication(const std::string &resign, const std::string &draw,
                                              match::AdjudicationRules &rules) {
    std::vector<int> numbers;
    if (!resign.empty()) {
        if (!parse_ints(resign, numbers) || numbers.size() != 2 || numbers[0] <= 0 || numbers[1] <= 0)
            return "--resign " + quote(resign) + " must be CP,N with positive numbers";
        rules.resign = {true, numbers[0], numbers[1]};
    }
    if (!draw.empty()) {
        if (!parse_ints(draw, numbers) || numbers.size() != 3 || numbers[0] < 0 || numbers[1] <= 0 || numbers[2] < 0)
            return "--draw " + quote(draw) + " must be CP,N,MINPLY";
        rules.draw = {true, numbers[0], numbers[1], numbers[2]};
    }
    return std::nullopt;
}

// --tc for both engines, --tc1 and --tc2 for one, into the setup's clocks;
// the usage error, if any.
std::optional<std::string> parse_time_controls(const std::string &tc_both, const std::string &tc1,
                                               const std::string &tc2, match::GameSetup &setup) {
    const std::string *tcs[2] = {tc1.empty() ? &tc_both : &tc1, tc2.empty() ? &tc_both : &tc2};
    for (int side = 0; side < 2; ++side) {
        auto tc = core::TimeControl::parse(*tcs[side]);
        if (!tc) return std::string(tcs[side] == &tc_both ? "--tc" : side == 0 ? "--tc1" : "--tc2") + ": " +
                        tc.error().message;
        setup.time_control[side] = *tc;
    }
    return std::nullopt;
}

// One command line's engine: its --engine, --engineN-arg, --engineN-option, --nameN and --working-dirN.
struct EngineArgs {
    const std::string &command;
    const std::vector<std::string> &args, &options;
    const std::string &name, &dir;
};

// The two engines (two of one name told apart as NAME-1 and NAME-2); the usage error, if any.
std::optional<std::string> engine_configs(const EngineArgs (&given)[2], engine::EngineConfig (&configs)[2]) {
    for (int i = 0; i < 2; ++i) {
        auto config = engine_from_command_line(given[i].command, given[i].args, given[i].options, given[i].name);
        if (!config) return config.error().message;
        if (auto dir = set_working_dir(*config, given[i].dir); !dir) return dir.error().message;
        configs[i] = std::move(*config);
    }
    if (configs[0].name == configs[1].name) {
        configs[0].name += "-1";
        configs[1].name += "-2";
    }
    return std::nullopt;
}

// The first line: the game, who plays which side, the time control.
void print_heading(const game::Plugin &plugin, const engine::EngineConfig (&configs)[2], const match::GameSetup &setup) {
    const arb_game_api &api = plugin.api();
    std::cout << "game " << api.id << ": p1 (" << api.side_names[0] << ") " << configs[0].name << " vs p2 ("
              << api.side_names[1] << ") " << configs[1].name << ", time control "
              << setup.time_control[0].to_string();
    if (setup.time_control[1] != setup.time_control[0]) std::cout << " / " << setup.time_control[1].to_string();
    std::cout << std::endl;
}

// Starts both engines into `started`. An engine that cannot be run at all is
// the command's failure (its exit status is returned); one that starts and
// then fails its handshake loses the game (`record`).
std::optional<int> start_engines(const engine::EngineConfig (&configs)[2], const engine::EngineTimeouts &timeouts,
                                 const engine::GameSetupOptions &game_options, bool debug,
                                 const match::GameSetup &setup, std::unique_ptr<engine::ProtocolEngine> (&started)[2],
                                 std::optional<match::GameRecord> &record) {
    for (int i = 0; i < 2 && !record; ++i) {
        auto engine = engine::ProtocolEngine::start(configs[i], timeouts, game_options,
                                               debug ? engine::ProtocolEngine::TrafficLog(print_traffic) : nullptr);
        if (!engine) {
            if (engine.error().kind == engine::FailureKind::StartFailed ||
                engine.error().kind == engine::FailureKind::OutOfResources) {
                std::cerr << "arbiter play: " << engine::describe_start_failure(configs[i], engine.error());
                return kExitFailure;
            }
            record = match::engine_failure_record(setup, configs[0].name, configs[1].name, i, engine.error());
            break;
        }
        started[i] = std::move(*engine);
        std::cout << "engine " << i + 1 << ": " << configs[i].name << " (pid " << started[i]->pid() << ")" << std::endl;
        for (const auto &w : started[i]->warnings()) std::cerr << "warning: " << w << "\n";
    }
    return std::nullopt;
}

// The game, with SIGINT, SIGTERM and SIGHUP abandoning it while it runs.
match::GameRecord play_until_interrupted(const match::GameSetup &setup, std::unique_ptr<engine::ProtocolEngine> (&started)[2],
                                         bool quiet) {
    g_stop.store(false);
    auto old_int = std::signal(SIGINT, on_stop_signal);
    auto old_term = std::signal(SIGTERM, on_stop_signal);
    auto old_hup = std::signal(SIGHUP, on_stop_signal);
    match::MoveObserver observer;
    if (!quiet) observer = print_move;
    auto record = match::play_game(setup, *started[0], *started[1], &g_stop, observer);
    std::signal(SIGINT, old_int);
    std::signal(SIGTERM, old_term);
    std::signal(SIGHUP, old_hup);
    return record;
}

}  // namespace

int play_command(const Args &args) {
    std::string game_id, position, opening, tc_both = "10+0.1", tc1, tc2, name1, name2, resign, draw, dir1, dir2;
    std::vector<std::string> engines, engine1_args, engine2_args, engine1_options, engine2_options, settings, plugin_dirs;
    int max_plies = 0;
    int64_t margin_ms = 100, startup_ms = 10000, ready_ms = 5000, grace_ms = 1000;
    bool quiet = false, debug = false, isolate = false;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("game,g", po::value(&game_id)->required(), "game id (see 'arbiter games') or a plugin file path")
        ("engine,e", po::value(&engines)->composing()->required(),
         "an engine: program and arguments split at spaces; give exactly two (first is p1)")
        ("engine1-arg", po::value(&engine1_args)->composing(), "one more argument for engine 1 (may contain spaces); may repeat")
        ("engine2-arg", po::value(&engine2_args)->composing(), "one more argument for engine 2; may repeat")
        ("name1", po::value(&name1), "display name of engine 1 (default: program file name)")
        ("name2", po::value(&name2), "display name of engine 2")
        ("working-dir1", po::value(&dir1),
         "folder engine 1 runs in (e.g. NTest's, for its data files); a relative program path starts there")
        ("working-dir2", po::value(&dir2), "folder engine 2 runs in")
        ("engine1-option", po::value(&engine1_options)->composing(), "UGI option name=value sent to engine 1; may repeat")
        ("engine2-option", po::value(&engine2_options)->composing(), "UGI option name=value sent to engine 2; may repeat")
        ("tc", po::value(&tc_both)->default_value(tc_both), "time control of both engines (see below)")
        ("tc1", po::value(&tc1), "time control of engine 1 (overrides --tc)")
        ("tc2", po::value(&tc2), "time control of engine 2 (overrides --tc)")
        ("option,o", po::value(&settings)->composing(), "rule option of the game name=value; may repeat")
        ("position,p", po::value(&position), "start from this position string instead of the start position")
        ("moves,m", po::value(&opening), "opening moves played before the engines move, separated by spaces")
        ("max-plies", po::value(&max_plies)->default_value(0), "draw after this many plies (0: no limit)")
        ("margin", po::value(&margin_ms)->default_value(margin_ms), "milliseconds past the clock before a loss on time")
        ("resign", po::value(&resign), "resign adjudication CP,N: a side loses when it scores <= -CP for N moves "
                                       "and the other agrees (>= CP)")
        ("draw", po::value(&draw), "draw adjudication CP,N,MINPLY: both scores within +-CP for N moves each, "
                                   "from ply MINPLY on")
        ("startup-timeout", po::value(&startup_ms)->default_value(startup_ms), "milliseconds from start to 'ugiok'")
        ("ready-timeout", po::value(&ready_ms)->default_value(ready_ms), "milliseconds from 'isready' to 'readyok'")
        ("quit-grace", po::value(&grace_ms)->default_value(grace_ms), "milliseconds from 'quit' to the kill")
        ("quiet,q", po::bool_switch(&quiet), "print only the summary, not each move")
        ("isolate-plugins", po::bool_switch(&isolate), "run the game plugin in a child process: a plugin crash ends "
                                                       "the game as plugin-error (exit 1) instead of the arbiter")
        ("debug", po::bool_switch(&debug), "print every line exchanged with the engines to stderr "
                                           "('NAME < line' sent, 'NAME > line' received)");
    add_plugin_dir_option(desc, plugin_dirs);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("play", args, desc, nullptr, vm, kSynopsis, code, kDetails)) return code;
    auto usage_error = [](const std::string &message) {
        std::cerr << "arbiter play: " << message << "\n";
        return kExitUsage;
    };
    if (engines.size() != 2) return usage_error("give exactly two --engine, not " + std::to_string(engines.size()));
    if (max_plies < 0 || margin_ms < 0 || startup_ms <= 0 || ready_ms <= 0 || grace_ms < 0)
        return usage_error("--max-plies and --margin must be >= 0, the timeouts > 0");

    auto selected = select_game("play", game_id, plugin_dirs, settings, code);
    if (!selected) return code;
    const game::PluginPtr &plugin = selected->plugin;
    const game::OptionList &options = selected->options;

    match::GameSetup setup;
    setup.plugin = plugin;
    setup.options = options;
    setup.opening_position = position;
    setup.opening_moves = split_words(opening);
    setup.time_margin = std::chrono::milliseconds(margin_ms);
    setup.adjudication.max_plies = max_plies;
    if (isolate) setup.host = std::make_shared<game::PluginHost>(plugin, running_program());
    if (auto wrong = parse_time_controls(tc_both, tc1, tc2, setup)) return usage_error(*wrong);
    if (auto wrong = parse_adjudication(resign, draw, setup.adjudication)) return usage_error(*wrong);
    if (auto ok = match::validate_setup(setup); !ok) return usage_error(ok.error().message);

    engine::EngineConfig configs[2];
    const EngineArgs given[2] = {{engines[0], engine1_args, engine1_options, name1, dir1},
                                 {engines[1], engine2_args, engine2_options, name2, dir2}};
    if (auto wrong = engine_configs(given, configs)) return usage_error(*wrong);

    engine::EngineTimeouts timeouts;
    timeouts.startup = std::chrono::milliseconds(startup_ms);
    timeouts.ready = std::chrono::milliseconds(ready_ms);
    timeouts.quit_grace = std::chrono::milliseconds(grace_ms);
    engine::GameSetupOptions game_options = match::engine_game_options(*plugin, options, plugin_dirs);

    print_heading(*plugin, configs, setup);
    std::unique_ptr<engine::ProtocolEngine> started[2];
    std::optional<match::GameRecord> record;
    if (auto failed = start_engines(configs, timeouts, game_options, debug, setup, started, record)) return *failed;
    if (!record) record = play_until_interrupted(setup, started, quiet);
    for (auto &e : started)
        if (e) e->quit();
    print_summary(*record);
    const bool judged = record->termination != match::Termination::Abandoned &&
                        record->termination != match::Termination::PluginError;
    return judged ? kExitOk : kExitFailure;
}

}  // namespace arb::cli
