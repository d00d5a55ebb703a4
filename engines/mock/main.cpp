// arbiter-mock-engine: plays random legal moves like `arbiter-engine --mode
// random`, but breaks the protocol on purpose (--misbehave MODE) so that the
// arbiter's handling of each failure can be tested. Single-threaded: the
// misbehaviours are about what is (not) written, and when.
#include "game_session.hpp"
#include "ignore_rule.hpp"
#include "illegal_move.hpp"
#include "misbehaviour.hpp"
#include "pid_hopper.hpp"
#include "rng.hpp"

#include <arbiter/protocol/reply.hpp>
#include <arbiter/ugi/command.hpp>

#include <boost/program_options.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace po = boost::program_options;
using arb::engines::Misbehaviour;

namespace {

struct MockSettings {
    Misbehaviour mode = Misbehaviour::None;
    std::string mode_name = "none";
    int64_t at_move = 1;
    int64_t delay_ms = 2000;
    // --late-ms: every 'go' answered this long after its movetime (after
    // this long when it has none), as an engine that overshoots its time.
    int64_t late_ms = 0;
    // --stderr-each-go: a stderr line at every 'go', "go N (game G, its go M)", for tests of
    // which game an engine's stderr lines are kept with (G counts new-game words from 1).
    bool stderr_each_go = false;
    // --declare-option: option lines (after "option name ") it declares
    // besides its own, e.g. "Threads type spin default 2 min 1 max 64";
    // setoption of these is accepted and ignored.
    std::vector<std::string> declared;
    std::string log_file;
    // --scores: the cp score of its Nth go is entry (N-1) mod size of this
    // comma-separated list (empty: 0 every time), for tests of what records keep.
    std::vector<int> scores;
    std::string hop_lock;
    // --protocol: the dialect whose answer ("uaiok") it gives to any
    // handshake word, as engines that know one dialect do; empty: it
    // answers each handshake in its own dialect.
    std::optional<arb::protocol::Dialect> protocol;
    // ignore-rule=RULE: the engine's missing rule.
    std::optional<arb::engines::RuleIgnorer> ignorer;
    // --lose-probability: each game, with this probability, its first move is
    // an illegal one (a loss by forfeit, whoever the opponent): against an
    // opponent that never does, its expected score is (1 - p) / 2 exactly when
    // the rest of the game is fair (colour-swapped random play), so a test of
    // known strength difference needs no real engine. Drawn at the new-game word.
    double lose_probability = 0;
    // --info: lines sent as they are after its own info line at every go,
    // e.g. a PV to be judged ("{cpus}" in one: the CPUs the engine may run
    // on at that go, as /proc/self/status lists them); --bestmove: the move it answers every go with
    // instead of a random one, legal or not.
    std::vector<std::string> info_lines;
    std::string bestmove;
};

// `line` with "{cpus}" replaced by this process's Cpus_allowed_list ("1", "0-3").
std::string with_cpus(std::string line) {
    const size_t at = line.find("{cpus}");
    if (at == std::string::npos) return line;
    std::ifstream status("/proc/self/status");
    std::string cpus = "?";
    for (std::string entry; std::getline(status, entry);)
        if (entry.rfind("Cpus_allowed_list:", 0) == 0) cpus = entry.substr(entry.find_first_not_of(" \t", 18));
    return line.replace(at, 6, cpus);
}

class MockEngine {
public:
    MockEngine(arb::engines::GameSession session, MockSettings settings, uint64_t seed)
        : session_(std::move(session)), settings_(std::move(settings)), base_seed_(seed), rng_(seed) {
        if (!settings_.log_file.empty()) log_.open(settings_.log_file, std::ios::app);
    }

    // Returns the exit status once the engine should exit.
    int run() {
        std::string line;
        while (std::getline(std::cin, line)) {
            if (log_.is_open()) log_ << line << std::endl;
            if (auto status = handle(line)) return *status;
        }
        if (settings_.mode == Misbehaviour::IgnoreQuit) {
            std::cerr << "arbiter-mock-engine: end of input ignored (ignore-quit); waiting to be killed\n";
            for (;;) ::pause();
        }
        return 0;
    }

    pid_t child = 0;

private:
    void send(const std::string &text) { std::cout << text << std::endl; }  // endl flushes
    void error(const std::string &message) {
        send("info string error " + message);
        std::cerr << "arbiter-mock-engine: " << message << std::endl;
    }
    bool is(Misbehaviour m) const { return settings_.mode == m; }
    // Whether `name` is the name of one of the --declare-option lines.
    bool declares_extra(const std::string &name) const {
        for (const auto &text : settings_.declared)
            if (arb::protocol::parse_option_name("option name " + text) == name) return true;
        return false;
    }

    std::optional<int> handle(const std::string &line) {
        arb::ugi::Command command = arb::protocol::parse_command(line, dialect_);
        if (const auto *invalid = std::get_if<arb::ugi::Invalid>(&command)) {
            error(invalid->message);
        } else if (const auto *handshake = std::get_if<arb::ugi::Ugi>(&command)) {
            dialect_ = settings_.protocol.value_or(handshake->dialect);
            session_.set_dialect(dialect_);
            if (is(Misbehaviour::NoUgiok)) return std::nullopt;
            if (child > 0) send("info string spawned child pid " + std::to_string(child));
            send("id name arbiter-mock-engine (" + settings_.mode_name + ")");
            send("id author the arbiter project");
            if (!is(Misbehaviour::NoGameOption)) send(arb::ugi::OptionSpec::string("game", session_.game_id()).line());
            for (const auto &spec : session_.rule_option_specs()) send(spec.line());
            for (const auto &text : settings_.declared) send("option name " + text);
            send(std::string(arb::protocol::words(dialect_).ok));
        } else if (std::holds_alternative<arb::ugi::IsReady>(command)) {
            ++isready_count_;
            if (is(Misbehaviour::NoReadyok) && isready_count_ >= settings_.at_move) return std::nullopt;
            send("readyok");
        } else if (const auto *set = std::get_if<arb::ugi::SetOption>(&command)) {
            if (declares_extra(set->name)) {
                // A declared 'seed' (the per-game seed a tournament hands out) reseeds the moves and
                // forfeits, so that the games of a schedule index are the same in any process.
                if (arb::ugi::same_option_name(set->name, "seed") && set->value)
                    rng_.reseed(base_seed_ * 0x9e3779b97f4a7c15ULL + std::strtoull(set->value->c_str(), nullptr, 10));
                return std::nullopt;
            }
            auto ok = set->name == "game" ? session_.select_game(set->value.value_or(""))
                                          : session_.set_rule_option(set->name, set->value.value_or(""));
            if (!ok) error(ok.error().message);
        } else if (const auto *position = std::get_if<arb::ugi::Position>(&command)) {
            if (auto ok = session_.set_position(*position); !ok) error(ok.error().message);
        } else if (const auto *go_command = std::get_if<arb::ugi::Go>(&command)) {
            // What the host's clock said, so that tests can check the
            // dialect's clock words reached the right side.
            if (go_command->has_clock())
                send("info string clock p1time " + std::to_string(go_command->p1time.value_or(-1)) + " p2time " +
                     std::to_string(go_command->p2time.value_or(-1)));
            if (!go_command->ignored.empty()) std::cerr << "arbiter-mock-engine: go: ignored unknown words\n";
            if (settings_.late_ms > 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(go_command->movetime.value_or(0) + settings_.late_ms));
            return go();
        } else if (std::holds_alternative<arb::ugi::NewGame>(command)) {
            // 2^-32 steps: exact enough for any probability a test states.
            forfeit_this_game_ =
                settings_.lose_probability > 0 && static_cast<double>(rng_.below(UINT32_MAX)) < settings_.lose_probability * UINT32_MAX;
            moved_this_game_ = false;
            ++games_seen_;
            game_go_count_ = 0;
        } else if (std::holds_alternative<arb::ugi::Quit>(command)) {
            if (is(Misbehaviour::IgnoreQuit)) {
                std::cerr << "arbiter-mock-engine: quit ignored (ignore-quit)\n";
                return std::nullopt;
            }
            return 0;
        }
        return std::nullopt;  // the new-game word, stop, empty lines
    }

    std::optional<int> go() {
        ++go_count_;
        ++game_go_count_;
        if (settings_.stderr_each_go)
            std::cerr << "go " << go_count_ << " (game " << games_seen_ << ", its go " << game_go_count_ << ")"
                      << std::endl;
        const bool now = go_count_ == settings_.at_move;
        if (now) {
            switch (settings_.mode) {
            case Misbehaviour::Garbage: send("bestmove @@garbage@@"); return std::nullopt;
            case Misbehaviour::EmptyBestmove: send("bestmove"); return std::nullopt;
            case Misbehaviour::Crash:
                std::cerr << "arbiter-mock-engine: crashing on go " << go_count_ << " (exit status 3)" << std::endl;
                std::_Exit(3);
            case Misbehaviour::Abort:
                std::cerr << "arbiter-mock-engine: aborting on go " << go_count_ << std::endl;
                std::abort();
            case Misbehaviour::Hang:
                std::cerr << "arbiter-mock-engine: not answering go " << go_count_ << std::endl;
                return std::nullopt;
            case Misbehaviour::Slow: std::this_thread::sleep_for(std::chrono::milliseconds(settings_.delay_ms)); break;
            case Misbehaviour::LongLine: send("info string " + std::string(100 * 1024, 'x')); break;
            default: break;
            }
        }
        if (!session_.has_position()) {
            error("go: no valid position");
            send("bestmove (none)");
            return std::nullopt;
        }
        const auto &state = session_.state();
        const bool first_move = !moved_this_game_;
        moved_this_game_ = true;
        if ((now && is(Misbehaviour::Illegal)) || (first_move && forfeit_this_game_)) {
            if (auto text = arb::engines::find_illegal_move(state, session_.history())) {
                send("bestmove " + *text);
                return std::nullopt;
            }
            std::cerr << "arbiter-mock-engine: no illegal move found in this position; sending an unparsable one\n";
            send("bestmove @@no-illegal-move@@");
            return std::nullopt;
        }
        // From the Nth go on, at the first position where the plugin lets one through.
        if (go_count_ >= settings_.at_move && is(Misbehaviour::Unlisted)) {
            if (auto text = arb::engines::find_unlisted_move(state, session_.history())) {
                std::cerr << "arbiter-mock-engine: sending '" << *text
                          << "', accepted by parse_move but not a legal move" << std::endl;
                send("bestmove " + *text);
                return std::nullopt;
            }
        }
        if (settings_.ignorer) {
            if (auto text = settings_.ignorer->answer(
                    session_, [this](size_t n) { return static_cast<size_t>(rng_.below(static_cast<uint32_t>(n))); })) {
                send("bestmove " + (*text == "(none)" ? *text : session_.move_for_host(*text)));
                return std::nullopt;
            }
        }
        std::vector<arb_move> moves = state.legal_moves();
        if (moves.empty()) {
            error("go: the game is over in this position");
            send("bestmove (none)");
            return std::nullopt;
        }
        const int score = settings_.scores.empty()
                              ? 0
                              : settings_.scores[static_cast<size_t>(go_count_ - 1) % settings_.scores.size()];
        send("info depth 1 score cp " + std::to_string(score) + " nodes " + std::to_string(moves.size()));
        for (const auto &line : settings_.info_lines) send(with_cpus(line));
        if (!settings_.bestmove.empty()) {
            send("bestmove " + settings_.bestmove);
            return std::nullopt;
        }
        send("bestmove " + session_.move_for_host(state.format_move(moves[rng_.below(static_cast<uint32_t>(moves.size()))])));
        return std::nullopt;
    }

    arb::engines::GameSession session_;
    MockSettings settings_;
    uint64_t base_seed_;
    arb::engines::Rng rng_;
    std::ofstream log_;
    int64_t go_count_ = 0;
    int64_t isready_count_ = 0;
    bool forfeit_this_game_ = false, moved_this_game_ = false;
    int games_seen_ = 0, game_go_count_ = 0;
    arb::protocol::Dialect dialect_ = arb::protocol::Dialect::Ugi;
};

// Starts "sleep 1000" in our process group (no setsid), for group-kill
// tests; with `escape`, in a session of its own (out of reach of a group kill);
// with `orphan` also through a middle process that exits at once, so that the
// sleeper has lost its parent before anyone looks. Returns the sleeper's pid.
// Its command line is "arbiter-mock-sleeper-SEED 1000", so that tests can find it.
pid_t spawn_sleeper(bool escape, bool orphan, uint64_t seed) {
    const std::string name = "arbiter-mock-sleeper-" + std::to_string(seed);
    // An escaping sleeper reports its pid only once it has left the group,
    // so that whoever reads the pid sees it outside already.
    int report[2];
    if (escape && ::pipe(report) != 0) return -1;
    pid_t pid = ::fork();
    if (pid == 0) {
        if (orphan && ::fork() != 0) std::_Exit(0);
        if (escape) {
            ::setsid();
            pid_t self = ::getpid();
            ssize_t ignored = ::write(report[1], &self, sizeof self);
            (void)ignored;
            ::close(report[0]);
            ::close(report[1]);
        }
        ::execlp("sleep", name.c_str(), "1000", static_cast<char *>(nullptr));
        std::_Exit(127);
    }
    if (!escape) return pid;
    if (orphan) ::waitpid(pid, nullptr, 0);
    ::close(report[1]);
    pid_t sleeper = -1;
    if (::read(report[0], &sleeper, sizeof sleeper) != static_cast<ssize_t>(sizeof sleeper)) sleeper = -1;
    ::close(report[0]);
    return sleeper;
}

}  // namespace

int main(int argc, char **argv) {
    std::string game;
    std::vector<std::string> rule_options, plugin_dirs;
    uint64_t seed = 1;
    MockSettings settings;
    std::string protocol_name;
    std::string scores_text;

    po::options_description desc("arbiter-mock-engine: a UGI engine that misbehaves on purpose, for tests\n\noptions");
    desc.add_options()
        ("help,h", "show this help")
        ("game", po::value(&game)->required(), "game id, e.g. tictactoe")
        ("option", po::value(&rule_options)->composing(), "rule option name=value; may repeat")
        ("seed", po::value(&seed)->default_value(seed), "random seed for the legal moves it plays")
        ("misbehave", po::value(&settings.mode_name)->default_value("none"),
         ("what to do wrong: " + arb::engines::misbehaviour_names() +
          " (ignore-rule=RULE: plays as an engine lacking RULE, one the game's rule edges name; "
          "engines/mock/ignore_rule.hpp says how)").c_str())
        ("at-move", po::value(&settings.at_move)->default_value(1),
         "the engine's own Nth go (1-based) at which the misbehaviour happens (no-readyok: Nth isready on)")
        ("delay-ms", po::value(&settings.delay_ms)->default_value(2000), "slow: sleep this long before answering")
        ("lose-probability", po::value(&settings.lose_probability)->default_value(0),
         "each game, with this probability (drawn at the new-game word), play an illegal first move and so lose "
         "by forfeit; otherwise random legal moves: a player of known strength for SPRT tests")
        ("stderr-each-go", po::bool_switch(&settings.stderr_each_go),
         "write 'go N (game G, its go M)' to stderr at every go (G: the new-game words so far)")
        ("late-ms", po::value(&settings.late_ms)->default_value(0),
         "answer every go this many ms after its movetime (after this many ms without one), moves as usual")
        ("declare-option", po::value(&settings.declared)->composing(),
         "one more option to declare, as after 'option name ', e.g. 'Threads type spin default 2 min 1 max 64' or "
         "'UCI_Chess960 type check default true'; its setoption is accepted and ignored (but for 'seed', which "
         "reseeds the engine's moves and --lose-probability draws with --seed and the value); may repeat")
        ("log", po::value(&settings.log_file), "append every line received to this file")
        ("info", po::value(&settings.info_lines)->composing(),
         "a line to send after its own info line at every go, e.g. 'info depth 2 score mate 1 pv e2e4' ('{cpus}' in it: "
         "the CPUs the engine may run on then, e.g. 'info string cpus {cpus}'); may repeat")
        ("bestmove", po::value(&settings.bestmove), "answer every go with this move (the engine's notation), legal or not")
        ("scores", po::value(&scores_text),
         "comma-separated cp scores: the Nth go's info line says entry (N-1) mod count (default: 0 every time)")
        ("hop-lock", po::value(&settings.hop_lock),
         "pid-hop: the hopper holds an flock on this file while any generation of it lives")(
        "protocol", po::value(&protocol_name),
         "ugi, uci, uai or usi: answer every handshake word as this dialect (default: in the word's own dialect)")
        ("plugin-dir", po::value(&plugin_dirs)->composing(), "folder with game plugins; may repeat");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, desc), vm);
        if (vm.count("help")) {
            std::cout << "usage: arbiter-mock-engine --game G [--option k=v]... [--seed S] [--misbehave MODE]\n"
                         "                           [--at-move N] [--delay-ms MS] [--log FILE] [--plugin-dir D] [--protocol P]\n"
                         "                           [--hop-lock FILE] [--late-ms MS] [--declare-option TEXT]...\n"
                         "                           [--lose-probability P]\n"
                         "                           [--scores CP,CP,...] [--info LINE]... [--bestmove MOVE]\n\n"
                      << desc << "\n";
            return 0;
        }
        po::notify(vm);
    } catch (const po::error &e) {
        std::cerr << "arbiter-mock-engine: " << e.what() << "\nTry 'arbiter-mock-engine --help'.\n";
        return 2;
    }
    auto mode = arb::engines::parse_misbehaviour(settings.mode_name);
    if (!mode) {
        std::cerr << "arbiter-mock-engine: unknown --misbehave '" << settings.mode_name
                  << "'; one of: " << arb::engines::misbehaviour_names() << "\n";
        return 2;
    }
    settings.mode = *mode;
    if (!protocol_name.empty()) {
        settings.protocol = arb::protocol::uci_family_named(protocol_name);
        if (!settings.protocol) {
            std::cerr << "arbiter-mock-engine: unknown --protocol '" << protocol_name << "'; one of "
                      << arb::protocol::dialect_names() << "\n";
            return 2;
        }
    }
    if (!(settings.lose_probability >= 0 && settings.lose_probability <= 1)) {
        std::cerr << "arbiter-mock-engine: --lose-probability must be in [0, 1], got " << settings.lose_probability
                  << "\n";
        return 2;
    }
    for (size_t start = 0; !scores_text.empty() && start <= scores_text.size();) {
        const size_t comma = std::min(scores_text.find(',', start), scores_text.size());
        auto score = arb::protocol::parse_integer<int>(std::string_view(scores_text).substr(start, comma - start));
        if (!score) {
            std::cerr << "arbiter-mock-engine: --scores: expected comma-separated whole numbers, got '" << scores_text
                      << "'\n";
            return 2;
        }
        settings.scores.push_back(*score);
        start = comma + 1;
    }
    if (settings.at_move < 1 || settings.delay_ms < 0 || settings.late_ms < 0) {
        std::cerr << "arbiter-mock-engine: --at-move must be >= 1 and --delay-ms, --late-ms >= 0\n";
        return 2;
    }

    arb::engines::GameSession session(std::vector<std::filesystem::path>(plugin_dirs.begin(), plugin_dirs.end()));
    for (const auto &setting : rule_options)
        if (auto ok = session.set_rule_option(setting); !ok) {
            std::cerr << "arbiter-mock-engine: " << ok.error().message << "\n";
            return 2;
        }
    if (auto ok = session.select_game(game); !ok) {
        std::cerr << "arbiter-mock-engine: " << ok.error().message << "\n";
        return 2;
    }

    if (settings.mode == Misbehaviour::IgnoreRule) {
        auto ignorer = arb::engines::RuleIgnorer::make(
            session.plugin(), settings.mode_name.substr(arb::engines::kIgnoreRulePrefix.size()));
        if (!ignorer) {
            std::cerr << "arbiter-mock-engine: " << ignorer.error().message << "\n";
            return 2;
        }
        settings.ignorer = std::move(*ignorer);
    }

    if (settings.mode == Misbehaviour::Abort) {
        rlimit no_core{0, 0};
        ::setrlimit(RLIMIT_CORE, &no_core);  // a test's abort should not leave a core file
    }
    if (settings.mode == Misbehaviour::IgnoreQuit) std::signal(SIGTERM, SIG_IGN);
    std::signal(SIGPIPE, SIG_IGN);

    if (*mode == Misbehaviour::PidHop) arb::engines::start_pid_hopper(settings.hop_lock);
    MockEngine engine(std::move(session), std::move(settings), seed);
    if (*mode == Misbehaviour::SpawnChild || *mode == Misbehaviour::EscapeChild || *mode == Misbehaviour::DoubleFork) {
        engine.child = spawn_sleeper(*mode != Misbehaviour::SpawnChild, *mode == Misbehaviour::DoubleFork, seed);
        std::cerr << "arbiter-mock-engine: spawned child pid " << engine.child << " in process group " << ::getpgrp()
                  << std::endl;
    }
    return engine.run();
}
