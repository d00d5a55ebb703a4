// `arbiter run`: runs a tournament from a YAML config, or continues one with
// --resume. All checking happens in the config loader before any engine starts.
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/play_tournament.hpp"
#include "config/config_loader.hpp"
#include "core/program_dir.hpp"
#include "process/spawn.hpp"
#include "tournament/interrupt.hpp"
#include "tournament/session.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

constexpr const char *kSynopsis =
    "CONFIG.yaml [overrides] [--shard K/N|auto]   |   arbiter run --resume OUTDIR [--concurrency N] [--rounds N]";

constexpr const char *kConfigHelp = R"(config format (YAML; see docs/config.md for a complete annotated example):
  event: "name"                    PGN Event tag
  game: {id: othello, options: {name: value}}   game plugin (id, or a plugin file) and its rule options
  plugin_dirs: [../build/plugins]  folders with game plugins (relative to the config), searched
                                   after --plugin-dir; engines get them in their $ARBITER_PLUGIN_PATH
  engines:                         two or more, names unique
    - name: mcts-2000
      command: "{arbiter_bin}/arbiter-engine"   {arbiter_bin}: the folder of this arbiter program;
                                   relative paths start at the config's folder, names
                                   without '/' are searched on $PATH (like execvp)
      args: [--game, othello, --mode, mcts, --playouts, 2000]
      working_dir: .               optional; a relative command then starts there
      env: {KEY: value}            optional, added to the environment
      options: {Hash: 16}          optional UGI options, sent as setoption in order
      time_control: 5+0.05         optional, replaces the tournament's for this engine
      restart: false               optional; true: a new process for every game (fastchess restart=on)
  each: {restart: false}           what every engine gets unless its entry says otherwise
  tournament: {type: round-robin|gauntlet, rounds: 1, games_per_pairing: 2, seed: 1}
                                   gauntlet: the first engine against each other one;
                                   each game pair shares an opening, colours swapped
  openings: {file: openings.txt, order: sequential|random}
                                   one position string or move sequence per line, # comments
  concurrency: 2                   games played at once
  isolate_plugins: true            judge in a child process per worker (--isolate-plugins): a plugin
                                   crash ends only its game, as plugin-error; default false
  time_control: 10+0.1             40/60+0.6, 10+0.1, movetime=0.5, depth=6, nodes=10000, or a
                                   clock or move time with caps: 10+0.1,nodes=5000 (one go command);
                                   shogi's byoyomi: 600,byoyomi=10 (main time, then 10 s a move)
  time_margin_ms: 100              grace past the clock before a loss on time
  adjudication: {max_plies: 400, resign: {score_cp: 1000, move_count: 3},
                 draw: {score_cp: 10, move_count: 8, min_ply: 40}}   resign/draw off unless written
  sprt: {elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: normalized|logistic}  two engines only
  output: {dir: out/othello}       relative to the current folder (default out/<config name>)
  progress: {interval: 10}         interim standings every N games (0: only at the end)
  on_interrupt: finish|abandon     what Ctrl-C does with running games
  timeouts: {startup_ms: 10000, ready_ms: 5000, quit_grace_ms: 1000}

Before game 1 every engine is started once, all together, through its handshake; if one cannot
start, the run exits 1 naming it, its command and its stderr, and nothing is recorded. An engine
that fails later loses only that game.

shards (docs/scale-out.md): --shard K/N plays only shard K of N of the schedule (game pairs dealt
to the shards in turn), into its own output folder; --shard auto takes K and N from a SLURM job array
(SLURM_ARRAY_TASK_ID and _COUNT or _MIN/_MAX) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with
--shards N). 'arbiter merge' combines the shards' folders. An sprt over shards needs --shared DIR
(shared: DIR), a folder every shard reads and writes: each shard appends its game pairs there and
counts everyone's in schedule order (all shards should run at once), and the first to see the bound
crossed writes the decision; then every shard stops starting pairs (running games finish) and a
shard started later plays nothing.

output folder: config.yaml (the effective config), openings.txt, identity.json (what the run
started with: --resume refuses a config.yaml edited since, naming each field changed; only
'--resume OUTDIR --rounds N' grows a run), games.jsonl (one JSON record per game, the source of
truth for --resume), games.pgn, standings.txt, standings.json,
report.html (standings, charts and every game in a viewer; refreshed at each interim standings,
rebuilt any time with 'arbiter report OUTDIR').
Ctrl-C, SIGTERM or SIGHUP stops cleanly (a second one abandons running games); exit code 130 when
stopped early. One run at a time per output folder (a lock file, .arbiter.lock). Engine processes are
shared by all workers, at most 2 x concurrency + one per engine alive at once, and games are played
in an order that reuses them (records keep their schedule index); if descriptors or processes run
out, the run stops cleanly with exit code 1 and can be resumed.
)";

// --resume OUTDIR: the config is the one in OUTDIR, and nothing that changes
// the schedule may be given but more rounds. The exit status of a refusal, if any.
std::optional<int> resume_overrides(const po::variables_map &vm, const std::string &resume_dir,
                                    const std::string &on_interrupt, int rounds, config::Overrides &o,
                                    std::string &config_file) {
    // Anything that changes the schedule would make the records meaningless.
    for (const char *fixed : {"games-per-pairing", "seed", "out", "tc", "openings", "type", "shard", "shards"})
        if (vm.count(fixed)) {
            std::cerr << "arbiter run: --" << fixed << " cannot change with --resume (the schedule is fixed)\n";
            return kExitUsage;
        }
    if (vm.count("on-interrupt")) o.on_interrupt = on_interrupt;
    // The one deliberate change of a run: more rounds (the games so far keep their indices).
    if (vm.count("rounds")) o.rounds = rounds;
    o.out_dir = std::filesystem::absolute(resume_dir).string();
    config_file = (std::filesystem::path(resume_dir) / tournament::kConfigFile).string();
    if (!std::filesystem::exists(config_file)) {
        std::cerr << "arbiter run: " << resume_dir << " holds no " << tournament::kConfigFile
                  << ": not the output folder of a tournament\n";
        return kExitFailure;
    }
    return std::nullopt;
}

// --shard K/N, or --shard auto (with --shards N in a Kubernetes Indexed Job).
// The exit status of a refusal, if any.
std::optional<int> shard_override(const po::variables_map &vm, const std::string &shard, int shards,
                                  config::Overrides &o) {
    if (vm.count("shards") && shard != "auto") {
        std::cerr << "arbiter run: --shards N goes with --shard auto (--shard K/N names the count itself)\n";
        return kExitUsage;
    }
    if (vm.count("shard")) {
        auto spec = shard == "auto"
                        ? config::shard_from_environment(
                              [](const char *name) -> std::optional<std::string> {
                                  const char *v = std::getenv(name);
                                  return v ? std::optional<std::string>(v) : std::nullopt;
                              },
                              vm.count("shards") ? std::optional<int>(shards) : std::nullopt)
                        : config::parse_shard_spec(shard);
        if (!spec) {
            std::cerr << "arbiter run: " << spec.error().message << "\n";
            return kExitUsage;
        }
        o.shard = *spec;
    }
    return std::nullopt;
}

}  // namespace

int run_command(const Args &args) {
    std::string config_file, resume_dir, out_dir, tc, openings, on_interrupt, type, engine_log, shared_dir;
    int concurrency = 0, rounds = 0, games_per_pairing = 0, progress_interval = -1;
    uint64_t seed = 0;
    std::string shard;
    int shards = 0;
    std::vector<std::string> plugin_dirs;
    po::options_description desc("options (each replaces the config file's value)");
    desc.add_options()("help,h", "show this help, with the config format")(
        "resume", po::value(&resume_dir)->value_name("OUTDIR"),
        "continue the tournament in OUTDIR: finished games are kept, the rest are played")(
        "concurrency,j", po::value(&concurrency)->value_name("N"), "games played at once")(
        "rounds", po::value(&rounds)->value_name("N"),
        "rounds (every pairing plays games_per_pairing games per round); with --resume: grow the run to N rounds, "
        "its games kept")(
        "games-per-pairing", po::value(&games_per_pairing)->value_name("N"), "games per pairing and round")(
        "seed", po::value(&seed)->value_name("N"), "seed of the random opening order")(
        "out,o", po::value(&out_dir)->value_name("DIR"), "output folder")(
        "tc", po::value(&tc)->value_name("TC"), "time control, e.g. 10+0.1, 40/60+0.6, movetime=0.5")(
        "openings", po::value(&openings)->value_name("FILE"),
        "openings file: lines of the game's positions or moves, or an opening book named *.epd or *.pgn")(
        "type", po::value(&type)->value_name("TYPE"), "round-robin or gauntlet")(
        "on-interrupt", po::value(&on_interrupt)->value_name("WHAT"), "finish or abandon running games on Ctrl-C")(
        "progress-interval", po::value(&progress_interval)->value_name("N"), "interim standings every N games")(
        "quiet,q", "no line per finished game; interim standings as one line")(
        "force-concurrency", "play more games at once than this process has cores (otherwise refused)")(
        "log", po::value(&engine_log)->value_name("FILE"),
        "append every line to and from every engine (and its stderr) to FILE, each with the time (UTC), the engine's name and "
        "'<' (to it), '>' (from it) or '2>' (its stderr); off by default. FILE is opened before the first game: a "
        "regular file (or new), not a link, FIFO, device or folder, none of the output folder's files; a failed "
        "write stops the run (exit 1)")(
        "isolate-plugins", "run the game plugin in a child process per worker: a plugin that crashes ends only "
                           "that game (plugin-error), the run goes on and exits 1 (isolate_plugins: true)")(
        "shard", po::value(&shard)->value_name("K/N|auto"),
        "play only shard K of N of the schedule; auto: from SLURM_ARRAY_TASK_* or JOB_COMPLETION_INDEX")(
        "shards", po::value(&shards)->value_name("N"), "the shard count for --shard auto in a Kubernetes Indexed Job")(
        "shared", po::value(&shared_dir)->value_name("DIR"),
        "the folder all shards of an SPRT read and write (an existing folder on a filesystem every shard sees); "
        "with --resume: where that folder is mounted now")(
        "config", po::value(&config_file)->value_name("CONFIG.yaml"), "the tournament config (positional)");
    add_plugin_dir_option(desc, plugin_dirs);
    po::positional_options_description positional;
    positional.add("config", 1);
    po::variables_map vm;
    int exit_code = kExitOk;
    if (!parse_command_line("run", args, desc, &positional, vm, kSynopsis, exit_code, kConfigHelp)) return exit_code;
    const bool resume = vm.count("resume") > 0;
    if (resume == !config_file.empty()) {
        std::cerr << "arbiter run: give either a config file or --resume OUTDIR\nusage: arbiter run " << kSynopsis
                  << "\n";
        return kExitUsage;
    }

    config::LoadOptions load;
    load.plugin_dirs.assign(plugin_dirs.begin(), plugin_dirs.end());
    load.program_dir = running_program_dir();
    auto &o = load.overrides;
    if (vm.count("concurrency")) o.concurrency = concurrency;
    if (vm.count("progress-interval")) o.progress_interval = progress_interval;
    o.isolate_plugins = vm.count("isolate-plugins") > 0;
    if (vm.count("shared")) o.shared_dir = shared_dir;
    if (resume) {
        if (auto refused = resume_overrides(vm, resume_dir, on_interrupt, rounds, o, config_file)) return *refused;
    } else {
        if (vm.count("rounds")) o.rounds = rounds;
        if (vm.count("games-per-pairing")) o.games_per_pairing = games_per_pairing;
        if (vm.count("seed")) o.seed = seed;
        if (vm.count("out")) o.out_dir = out_dir;
        if (vm.count("tc")) o.time_control = tc;
        if (vm.count("openings")) o.openings_file = openings;
        if (vm.count("on-interrupt")) o.on_interrupt = on_interrupt;
        if (vm.count("type")) o.tournament_type = type;
        if (auto refused = shard_override(vm, shard, shards, o)) return *refused;
        load.default_out_dir = "out/" + std::filesystem::path(config_file).stem().string();
    }
    // Values given here are checked here: a bad one is a bad command line (exit 2), not a config error.
    if (const auto problems = config::override_errors(o); !problems.empty()) {
        for (const auto &p : problems) std::cerr << "arbiter run: " << p << "\n";
        std::cerr << "Try 'arbiter run --help'.\n";
        return kExitUsage;
    }
    auto loaded = config::load_config_file(config_file, load);
    if (!loaded) {
        std::cerr << loaded.error().message << "\n";
        return kExitFailure;
    }
    if (!check_concurrency("run", loaded->config.concurrency, vm.count("force-concurrency") > 0, "--force-concurrency",
                           std::cerr))
        return kExitUsage;
    if (vm.count("log")) loaded->config.engine_log = std::filesystem::absolute(engine_log).string();
    tournament::SessionOptions options;
    options.resume = resume;
    options.grow_rounds = resume && vm.count("rounds") > 0;
    options.quiet = vm.count("quiet") > 0;
    return play_tournament(*loaded, std::move(options));
}

}  // namespace arb::cli
