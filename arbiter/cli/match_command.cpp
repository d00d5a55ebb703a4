// `arbiter match --game G -engine cmd=... -engine cmd=... -each tc=10+0.1 ...`:
// a tournament from the command line fastchess and cutechess-cli users
// already type (config/peer_command_line.hpp), checked like a YAML config and
// run like `arbiter run`. --print-config shows the equivalent YAML.
//
// Run under a name that starts with "fastchess" (a link or copy at the path
// fishtest's or OpenBench's worker runs), it is `arbiter match --game chess`
// with fastchess's output layout: those workers' command lines unchanged
// (docs/fastchess.md).
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "cli/engine_id_names.hpp"
#include "cli/play_tournament.hpp"
#include "config/config_loader.hpp"
#include "config/peer_command_line.hpp"
#include "core/program_dir.hpp"
#include "core/version.hpp"
#include "core/quote.hpp"
#include "process/spawn.hpp"
#include "tournament/interrupt.hpp"
#include "tournament/session.hpp"

#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <iostream>

namespace arb::cli {

namespace {

constexpr const char *kUsage = "usage: arbiter match --game GAME [--option NAME=VALUE]... -engine cmd=PROGRAM ... -engine "
                               "cmd=PROGRAM ... [options]\n";

// The options given that no YAML key holds, as comments after the YAML (with
// what `arbiter run` offers instead): --print-config leaves out nothing given.
std::string settings_outside_yaml(const config::PeerCommandLine &parsed) {
    std::string text;
    if (!parsed.pgn_file.empty())
        text += "# -pgnout file=" + escaped(parsed.pgn_file) + (parsed.pgn_append ? "" : " append=false") +
                ": no YAML key; 'arbiter run' writes the same games to games.pgn in its output folder\n";
    if (parsed.pgn_crc32) text += "# -crc32 pgn=true: the -pgnout file's CRC32 after each game\n";
    if (!parsed.epd_file.empty())
        text += "# -epdout file=" + escaped(parsed.epd_file) + (parsed.epd_append ? "" : " append=false") +
                ": no YAML key; each game's final position\n";
    if (parsed.force_concurrency) text += "# -force-concurrency: 'arbiter run --force-concurrency'\n";
    if (parsed.test_env) text += "# -testEnv: each PV warning on one line\n";
    for (const auto &note : parsed.notes) text += "# " + escaped(note) + "\n";  // the options that change nothing
    return text.empty() ? text : "# Given on the command line, not in the YAML:\n" + text;
}

constexpr const char *kHelp = R"(
Plays a match or tournament set up on the command line, in the syntax fastchess and cutechess-cli
share: one dash, engines as key=value words. The settings map onto the same model as a YAML config
('arbiter run'); --print-config prints that YAML instead of playing.

arbiter's own options (two dashes):
  --game GAME            the game plugin (id or plugin file); required
  --option NAME=VALUE    a rule option of the game (repeatable; 'arbiter games GAME' lists them)
  --plugin-dir DIR       a folder with game plugins, searched first (repeatable)
  --out DIR              output folder (default out/match-DATE-TIME, with -2, -3, ... if taken)
  --quiet, -q            no line per finished game; interim standings as one line
  --print-config         print the equivalent YAML config and exit
  --help                 this text

the peers' options (one dash):
  -engine KEY=VALUE...   one engine: cmd=PROGRAM name=NAME dir=DIR args="A B" (or arg=A arg=B)
                         proto=ugi|uci|uai|usi|auto option.NAME=VALUE restart=on|off
                         (no proto=: the first of uci, uai, usi the game takes, else ugi)
                         a time part, tc=[moves/][min:]sec[+inc] or st=SECONDS, and/or caps,
                         depth=N nodes=N: all in one go command (tc=10+0.1 nodes=5000 sends
                         'go wtime .. btime .. winc 100 binc 100 nodes 5000'; the clock still
                         runs); tc=inf: the caps alone (plies=N is depth=N; timemargin=MS, the
                         same for every engine); byoyomi=SECONDS, shogi's byoyomi beside
                         tc= (tc=10:00 byoyomi=10: 10 min main time, then 10 s a move) or alone
  -each KEY=VALUE...     settings for every engine (an -engine's own win)
  -rounds N              rounds; each pairing plays -games games per round
  -games N               games per pairing and round (2: the pair shares an opening, colours swapped)
                         (neither given: fastchess's 2 rounds of 2 games; 1 of 1 under
                         -output format=cutechess, as cutechess-cli)
  -repeat                -games 2
  -concurrency N         games at once; above the number of cores only with -force-concurrency
  -force-concurrency
  -openings file=F [format=epd|pgn|txt] [order=sequential|random] [plies=N] [start=N]
  -srand N               seed of the random opening order
  -sprt elo0=E0 elo1=E1 alpha=A beta=B [model=normalized|logistic]   (two engines)
  -draw movenumber=N movecount=N score=CP   draw when both scores stay within +-CP for movecount
                         moves each, from full move movenumber on (defaults 0, 1, 0)
  -resign movecount=N score=CP [twosided=true]   the loser's score at or below -CP for movecount
                         moves (twosided: and the winner's at or above +CP)
  -maxmoves N            a draw after N full moves
  -tournament roundrobin|gauntlet   -seeds N: the first N engines play the gauntlet
  -noswap                no colour swap within a pairing; -reverse: the other colours first
  -pgnout file=F [append=true] [nodes=true] [seldepth=true] [nps=true]
                         each game's PGN appended to F as the game ends (append=false: F is
                         emptied first); games.pgn in the output folder has them all anyway.
                         nodes, seldepth, nps: each engine move's comment also carries
                         fastchess's n=, sd=, nps=
  -log file=F [engine=true] [append=true]
                         every line to and from every engine (and its stderr), timestamped.
                         -pgnout's and -log's F is opened before the first game and must be a
                         regular file (or new), not a symbolic link, FIFO, device or folder, and
                         none of the output folder's files; a failed write to it stops the run
                         (exit 1, the file named; the games are in the output folder)
  -output format=fastchess|cutechess   standings in that program's layout, for scripts that read them
  -ratinginterval N      standings every N games (0: only at the end; default 10 under
                         -output format=fastchess, else 0)
  -variant standard|fischerandom   chess's rule option variant (as --option variant=chess960)
  -event NAME, -site NAME   PGN tags
  -wait MS               each worker's pause after a game
  -recover               accepted: an engine that crashes always loses only that game here
  -use-affinity [CPUS]   keep each game on one CPU (of CPUS, e.g. 0-3,8), its engines with it
                         (affinity: on). Default auto: so when every engine is configured with one
                         thread (option.Threads=1), else the kernel places them (docs/config.md)
  -report penta=true, -autosaveinterval N, -scoreinterval N,
  -show-latency          accepted with a note: they change nothing here
  -testEnv               each PV warning on one line, its parts joined by ' :: ' (as fastchess)
  -crc32 pgn=true        after each game written to the -pgnout file, 'File F has CRC32: 0x...' (zlib's
                         CRC-32 of the whole file), as fastchess prints it
  -epdout file=F [append=false]   each game's final position appended to F as fastchess writes it
                         ('FEN-without-counters hmvc H; fmvn F;')
  -sample [file=F] [freq=P] [quiet=y|n] [append=false]   training data, as c-chess-cli's -sample csv:
                         each engine move's 'position,score,result' appended to F (default sample.csv;
                         score: the mover's cp, result from the mover's side 0/1/2), kept with probability
                         P drawn from -srand; quiet=y leaves out positions in check, with a capture as best
                         move or a mate score (docs/records.md); decay, resolve=y, format=bin refused
  -engine-stderr per-game   each game's engines' stderr in <out>/engine-stderr/game-N-ENGINE.txt, named in
                         games.jsonl (stderr_files; docs/records.md); off (the default): not kept
  -pv-checks off|moves|mates   judge every PV the engines report by the game's rules: its moves (the
                         default, as fastchess), and with mates that a 'score mate N' PV is a mate in N;
                         findings are printed as fastchess's warnings and counted (docs/config.md)
  -check-mate-pvs        the same as -pv-checks mates (fastchess's option)
  -pgnout ... match_line=REGEX   (may repeat) the last line of each move's search that matches REGEX
                         goes into the move's PGN comment as line="..." (output.pgn.match_lines)
  -tb, -tbpieces, ...    refused: Syzygy tablebase adjudication is not implemented in this version

Without --game, a command line with an option only chess has (-variant, -check-mate-pvs, -tb,
proto=uci) plays chess, with a note saying so.

Run as fastchess: under a name that starts with 'fastchess' (ln -s $(command -v arbiter)
testing/fastchess, as fishtest's and OpenBench's workers run it), arbiter is 'arbiter match --game
chess' with '-output format=fastchess' (Started game, Finished game N (A vs B): R {reason} in
fastchess's words, the results block of complete game pairs every -ratinginterval pairs, Warning;
lines, Player: / Timeouts: / Crashed:, Finished match; the arbiter's own lines on stderr) and its
defaults (2 rounds of 2 games, -ratinginterval 10); an interrupt (SIGINT, as fishtest stops a task)
abandons the running games, prints the results of the games played and 'Finished match'. --version
names the fastchess version whose command line and output it follows. See docs/fastchess.md.

example:
  arbiter match --game othello -engine cmd=arbiter-engine name=a args="--mode mcts" \
      -engine cmd=arbiter-engine name=b -each tc=10+0.1 -rounds 50 -repeat -concurrency 2
)";

struct OwnOptions {
    std::string game, out_dir;
    std::vector<std::string> game_options, plugin_dirs;
    bool quiet = false, print_config = false, help = false;
    std::vector<std::string> peer_args;
};

// The arbiter's own '--' options out of the words; the rest are the peers'.
bool split_options(const Args &args, OwnOptions &own, std::string &error) {
    static const std::vector<std::string> own_names = {"game", "option", "plugin-dir", "out", "quiet", "print-config", "help"};
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &word = args[i];
        if (word == "-h" || word == "-help" || word == "--help") {
            own.help = true;
            continue;
        }
        if (word == "-q") {
            own.quiet = true;
            continue;
        }
        if (word.rfind("--", 0) != 0) {
            own.peer_args.push_back(word);
            continue;
        }
        std::string name = word.substr(2), value;
        bool has_value = false;
        if (size_t eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            has_value = true;
        }
        if (name == "quiet" || name == "print-config") {
            if (has_value) {
                error = word + ": takes no value";
                return false;
            }
            (name == "quiet" ? own.quiet : own.print_config) = true;
            continue;
        }
        if (name != "game" && name != "option" && name != "plugin-dir" && name != "out") {
            error = "unknown option " + word;
            if (auto guess = config::did_you_mean(name, own_names)) error += "; did you mean '--" + *guess + "'?";
            else error += " (the peers' options take one dash, e.g. -rounds)";
            return false;
        }
        if (!has_value) {
            if (i + 1 >= args.size()) {
                error = word + " needs a value";
                return false;
            }
            value = args[++i];
        }
        if (name == "game") own.game = value;
        else if (name == "option") own.game_options.push_back(value);
        else if (name == "plugin-dir") own.plugin_dirs.push_back(value);
        else own.out_dir = value;
    }
    return true;
}

std::string default_out_dir() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[32];
    std::strftime(text, sizeof text, "out/match-%Y%m%d-%H%M%S", &local);
    // Runs in one second (fishtest's worker starts its batches back to back) each get a folder of their own.
    std::string dir = text;
    std::error_code ec;
    for (int n = 2; std::filesystem::exists(dir, ec); ++n) dir = std::string(text) + "-" + std::to_string(n);
    return dir;
}

// The fastchess release whose command line and output the fastchess personality follows; OpenBench's
// worker reads the first version number of --version against its minimum (1.8.1 in its config).
constexpr const char *kFastchessVersion = "1.8.2";

int run_match(const Args &args, bool as_fastchess) {
    OwnOptions own;
    std::string error;
    auto usage_error = [](const std::string &message) {
        std::cerr << "arbiter match: " << message << "\n" << kUsage << "Try 'arbiter match --help'.\n";
        return kExitUsage;
    };
    if (!split_options(args, own, error)) return usage_error(error);
    if (own.help) {
        std::cout << kUsage << kHelp;
        return kExitOk;
    }
    if (own.game.empty() && as_fastchess) {
        own.game = "chess";
    } else if (own.game.empty()) {
        // fastchess plays only chess: its users' command lines say chess without saying it.
        const std::string word = config::chess_only_word(own.peer_args);
        if (word.empty())
            return usage_error("--game GAME is required (e.g. --game othello; 'arbiter games' lists them)");
        own.game = "chess";
        std::cerr << "arbiter match: note: no --game given: playing chess, as " << word
                  << " is chess's (give --game to play another game)\n";
    }
    // fastchess's layout unless the command line names one (a later -output wins).
    if (as_fastchess) own.peer_args.insert(own.peer_args.begin(), {"-output", "format=fastchess"});
    config::GameSection game;
    game.id = own.game;
    for (const auto &setting : own.game_options) {
        const size_t eq = setting.find('=');
        if (eq == std::string::npos || eq == 0) return usage_error("--option " + setting + ": expected NAME=VALUE");
        game.options.emplace_back(setting.substr(0, eq), setting.substr(eq + 1));
    }
    auto parsed = config::parse_peer_command_line(own.peer_args, std::move(game));
    if (!parsed) {
        std::string text = parsed.error().message;
        for (size_t start = 0; start < text.size();) {
            size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            std::cerr << "arbiter match: " << text.substr(start, end - start) << "\n";
            start = end + 1;
        }
        std::cerr << kUsage << "Try 'arbiter match --help'.\n";
        return kExitUsage;
    }
    for (const auto &note : parsed->notes) std::cerr << "arbiter match: note: " << note << "\n";
    config::TournamentConfig c = std::move(parsed->config);
    c.out_dir = own.out_dir;
    if (as_fastchess) c.on_interrupt = config::OnInterrupt::Abandon;  // fastchess stops its games at a SIGINT
    if (!check_concurrency("match", c.concurrency, parsed->force_concurrency, "-force-concurrency", std::cerr))
        return kExitUsage;

    config::LoadOptions load;
    load.plugin_dirs.assign(own.plugin_dirs.begin(), own.plugin_dirs.end());
    load.program_dir = running_program_dir();
    load.default_out_dir = default_out_dir();
    load.peer_protocol_engines = parsed->engines_without_protocol;
    auto loaded = config::check_config(std::move(c), "arbiter match", load);
    if (!loaded) {
        std::cerr << loaded.error().message << "\n";
        return kExitUsage;  // everything checked came from the command line
    }
    if (!parsed->engines_to_name_by_id.empty()) {
        if (auto named = name_engines_by_id(loaded->config, *loaded->plugin, parsed->engines_to_name_by_id); !named) {
            std::cerr << "arbiter match: " << named.error().message << "\n";
            return kExitUsage;
        }
    }
    if (own.print_config) {
        std::cout << config::to_yaml(loaded->config) << settings_outside_yaml(*parsed);
        return kExitOk;
    }
    tournament::SessionOptions options;
    options.quiet = own.quiet;
    options.command = "match";
    options.test_env = parsed->test_env;
    if (!parsed->pgn_file.empty())
        options.extra_outputs.push_back({{"the -pgnout file", parsed->pgn_file, parsed->pgn_append, parsed->pgn_crc32},
                                         tournament::ExtraContent::GamePgn});
    if (!parsed->epd_file.empty())
        options.extra_outputs.push_back(
            {{"the -epdout file", parsed->epd_file, parsed->epd_append}, tournament::ExtraContent::FinalEpd});
    return play_tournament(*loaded, std::move(options));
}

}  // namespace

int match_command(const Args &args) { return run_match(args, false); }

int fastchess_command(const Args &args) {
    for (const auto &word : args)
        if (word == "--version" || word == "-version" || word == "version" || word == "-v") {
            std::cout << "fastchess " << kFastchessVersion << " (arbiter " << kArbiterVersion
                      << " under the name fastchess: fastchess " << kFastchessVersion
                      << "'s command line and output, for chess)\n";
            return kExitOk;
        }
    return run_match(args, true);
}

}  // namespace arb::cli
