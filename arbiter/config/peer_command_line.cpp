#include "config/peer_command_line.hpp"

#include "config/config_loader.hpp"
#include "core/boolean_text.hpp"
#include "core/quote.hpp"
#include "core/text_check.hpp"
#include "core/time_control.hpp"
#include "process/cpu_affinity.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <regex>

namespace arb::config {

namespace {

constexpr int kIntMax = std::numeric_limits<int32_t>::max();

// How an option takes its words: none, exactly one, or key=value words up to
// the next option.
enum class Takes { Nothing, OneWord, OptionalWord, KeyValues };

struct OptionSpec {
    const char *name;
    Takes takes;
};

constexpr OptionSpec kOptions[] = {
    {"-engine", Takes::KeyValues},   {"-each", Takes::KeyValues},       {"-rounds", Takes::OneWord},
    {"-games", Takes::OneWord},      {"-repeat", Takes::Nothing},       {"-concurrency", Takes::OneWord},
    {"-force-concurrency", Takes::Nothing}, {"-openings", Takes::KeyValues}, {"-sprt", Takes::KeyValues},
    {"-draw", Takes::KeyValues},     {"-resign", Takes::KeyValues},     {"-maxmoves", Takes::OneWord},
    {"-pgnout", Takes::KeyValues},   {"-log", Takes::KeyValues},        {"-recover", Takes::Nothing},
    {"-seeds", Takes::OneWord},      {"-noswap", Takes::Nothing},       {"-reverse", Takes::Nothing},
    {"-srand", Takes::OneWord},      {"-output", Takes::KeyValues},     {"-tournament", Takes::OneWord},
    {"-event", Takes::OneWord},      {"-site", Takes::OneWord},         {"-wait", Takes::OneWord},
    {"-ratinginterval", Takes::OneWord}, {"-variant", Takes::OneWord}, {"-crc32", Takes::KeyValues},
    {"-epdout", Takes::KeyValues},   {"-check-mate-pvs", Takes::Nothing}, {"-sample", Takes::KeyValues},
    {"-pv-checks", Takes::OneWord},
    {"-engine-stderr", Takes::OneWord},  // the arbiter's own (output.engine_stderr), in the peers' style
    // Accepted with a note: they change only how the peer saves, prints or places its work, which the
    // arbiter already does its own way; refusing them would fail command lines scripts type (fishtest's).
    {"-scoreinterval", Takes::OneWord}, {"-autosaveinterval", Takes::OneWord}, {"-report", Takes::KeyValues},
    {"-use-affinity", Takes::OptionalWord}, {"-testEnv", Takes::Nothing}, {"-show-latency", Takes::Nothing},
};

constexpr const char *kNoTablebases =
    "tablebase adjudication (Syzygy) is not implemented in this version; leave out -tb and -tbpieces (the "
    "games are then played out, or adjudicated by -draw and -resign)";

// Options of the peers that the arbiter does not take, with the reason.
const std::map<std::string, std::string> &refused_options() {
    static const std::map<std::string, std::string> refused = {
        {"-tb", kNoTablebases},
        {"-tbpieces", kNoTablebases},
        {"-tbignore50", kNoTablebases},
        {"-tbadjudicate", kNoTablebases},
        {"-quick", "give the engines, book and time control with -engine, -openings and -each tc="},
        {"-config", "a saved tournament is resumed with 'arbiter run --resume OUTDIR'"},
        {"-strict", "not available"},
        {"-debug", "engine traffic is written with -log file=FILE engine=true"},
        {"-resultformat", "the per-game lines have one format; -output format= chooses the standings' layout"},
        {"-pgnin", "openings come from -openings file=FILE format=pgn"},
        {"-bookmode", "opening books are given with -openings"},
        {"-startup-ms", "engine start-up timeouts are timeouts.startup_ms in a YAML config"},
        {"-ucinewgame-ms", "not available"},
        {"-ping-ms", "engine timeouts are timeouts.ready_ms in a YAML config"},
    };
    return refused;
}

struct KeyValue {
    std::string key, value;
    std::string text;  // as written
};

// Splits an args="..." value into words; quotes group words.
std::optional<std::vector<std::string>> split_words(const std::string &text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote_char = 0;
    for (char ch : text) {
        if (quote_char) {
            if (ch == quote_char) quote_char = 0;
            else word += ch;
        } else if (ch == '"' || ch == '\'') {
            quote_char = ch;
            in_word = true;
        } else if (ch == ' ' || ch == '\t') {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
        } else {
            word += ch;
            in_word = true;
        }
    }
    if (quote_char) return std::nullopt;
    if (in_word) words.push_back(word);
    return words;
}

// One engine's settings as written, before -each is merged in.
struct EngineSpec {
    std::map<std::string, KeyValue> values;  // by key (last one wins)
    std::vector<std::string> args;           // args= words, then arg= words, in order
    bool args_given = false;
    std::vector<std::pair<std::string, std::string>> options;  // option.NAME=VALUE in order
};

class Reader {
public:
    explicit Reader(GameSection game) { out_.config.game = std::move(game); }

    Expected<PeerCommandLine> read(const std::vector<std::string> &args) {
        size_t i = 0;
        while (i < args.size()) {
            const std::string &word = args[i++];
            const OptionSpec *spec = find(word == "-both" ? "-each" : word);  // -both: cutechess-cli's old -each
            if (!spec) {
                unknown(word);
                // Its values belong to it, not to the next option.
                while (starts_option(word) && i < args.size() && !starts_option(args[i])) ++i;
                continue;
            }
            std::vector<std::string> words;
            if (spec->takes == Takes::OneWord) {
                if (i >= args.size()) {
                    problem(word + " needs a value");
                    continue;
                }
                words.push_back(args[i++]);
            } else if (spec->takes == Takes::KeyValues) {
                while (i < args.size() && !starts_option(args[i])) words.push_back(args[i++]);
            } else if ((spec->takes == Takes::OptionalWord || word == "-repeat") && i < args.size() &&
                       !starts_option(args[i])) {
                words.push_back(args[i++]);  // cutechess-cli's -repeat N, -use-affinity CPUS
            }
            if (spec->takes != Takes::KeyValues && !words.empty())  // key=value words are checked by key
                if (auto fault = control_fault(words.front())) {
                    problem(word + ": the value " + quote(words.front()) + " " + *fault);
                    continue;
                }
            apply(spec->name, words);
        }
        finish();
        if (!problems_.empty()) {
            std::string text;
            for (const auto &p : problems_) text += (text.empty() ? "" : "\n") + p;
            return fail(text);
        }
        return std::move(out_);
    }

private:
    static const OptionSpec *find(const std::string &word) {
        for (const auto &o : kOptions)
            if (word == o.name) return &o;
        return nullptr;
    }
    // A word that begins the next option ("-x", not a negative number such as "-5").
    static bool starts_option(const std::string &word) {
        return word.size() > 1 && word[0] == '-' && !(word[1] >= '0' && word[1] <= '9') && word[1] != '.';
    }

    void problem(std::string text) {
        // An -each setting is checked once per engine: say it once.
        if (std::find(problems_.begin(), problems_.end(), text) == problems_.end()) problems_.push_back(std::move(text));
    }

    void unknown(const std::string &word) {
        if (auto r = refused_options().find(word); r != refused_options().end()) {
            problem(word + ": not an option of arbiter match: " + r->second);
            return;
        }
        if (!starts_option(word)) {
            problem(quote(word) + ": a value where an option was expected (options start with '-', e.g. -rounds 10)");
            return;
        }
        std::string message = word + ": unknown option";
        if (auto guess = did_you_mean(word, peer_option_names())) message += "; did you mean '" + *guess + "'?";
        problem(message);
    }

    std::vector<KeyValue> key_values(const std::string &option, const std::vector<std::string> &words,
                                     const std::vector<std::string> &known, bool allow_option_prefix = false) {
        std::vector<KeyValue> out;
        for (const auto &w : words) {
            const size_t eq = w.find('=');
            if (eq == std::string::npos || eq == 0) {
                problem(option + " " + quote(w) + ": expected KEY=VALUE");
                continue;
            }
            KeyValue kv{w.substr(0, eq), w.substr(eq + 1), w};
            const bool is_option = allow_option_prefix && kv.key.rfind("option.", 0) == 0 && kv.key.size() > 7;
            // Checked here, where the option is known: names and option
            // values go into protocol lines, records and terminals.
            auto fault = control_fault(kv.key);
            if (!fault) fault = is_option ? option_name_fault(kv.key.substr(7)) : std::nullopt;
            if (fault) {
                problem(option + " " + quote(w) + ": the key " + quote(kv.key) + " " + *fault);
                continue;
            }
            if (auto bad = control_fault(kv.value)) {
                problem(option + " " + excerpt(kv.key) + ": the value " + quote(kv.value) + " " + *bad);
                continue;
            }
            if (!is_option && std::find(known.begin(), known.end(), kv.key) == known.end()) {
                std::string message = option + " " + quote(w) + ": unknown key " + quote(kv.key);
                if (auto guess = did_you_mean(kv.key, known)) message += "; did you mean '" + *guess + "'?";
                problem(message);
                continue;
            }
            out.push_back(std::move(kv));
        }
        return out;
    }

    template <class Int>
    std::optional<Int> whole(const std::string &what, const std::string &text, Int low, Int high) {
        auto v = protocol::parse_integer<Int>(text, low, high);
        if (!v)
            problem(what + ": expected a whole number in " + std::to_string(low) + ".." + std::to_string(high) + ", got " +
                    quote(text));
        return v;
    }
    std::optional<double> decimal(const std::string &what, const std::string &text) {
        auto v = protocol::parse_decimal(text);
        if (!v) problem(what + ": expected a number, got " + quote(text));
        return v;
    }
    std::optional<bool> flag(const std::string &what, const std::string &text) {
        if (auto value = parse_boolean(text)) return value;
        problem(what + ": expected " + std::string(kBooleanWords) + ", got " + quote(text));
        return std::nullopt;
    }

    void apply(const std::string &option, const std::vector<std::string> &words) {
        auto &c = out_.config;
        auto one = [&]() -> const std::string & { return words.front(); };
        auto what = [&]() { return option + " " + one(); };
        if (option == "-engine" || option == "-each") {
            read_engine(option, words, option == "-each" ? each_ : engines_.emplace_back());
        } else if (option == "-rounds") {
            if (auto v = whole<int>(what(), one(), 1, 1000000)) rounds_ = *v;
        } else if (option == "-games") {
            if (auto v = whole<int>(what(), one(), 1, 1000000)) games_ = *v;
        } else if (option == "-repeat") {
            repeat_ = true;
            if (!words.empty() && one() != "2")
                problem("-repeat " + one() + ": games share an opening in colour-swapped pairs here; only -repeat 2 "
                                             "(the default) is possible, more games per pairing with -games N");
        } else if (option == "-concurrency") {
            if (auto v = whole<int>(what(), one(), 1, 1024)) c.concurrency = *v;
        } else if (option == "-force-concurrency") {
            out_.force_concurrency = true;
        } else if (option == "-openings") {
            read_openings(words);
        } else if (option == "-sprt") {
            read_sprt(words);
        } else if (option == "-draw") {
            read_draw(words);
        } else if (option == "-resign") {
            read_resign(words);
        } else if (option == "-maxmoves") {
            if (auto v = whole<int>(what(), one(), 1, kIntMax / 2)) c.adjudication.max_plies = 2 * *v;
        } else if (option == "-pgnout") {
            read_pgnout(words);
        } else if (option == "-log") {
            read_log(words);
        } else if (option == "-recover") {
            // Always so here: an engine that crashes loses that game and is started afresh for the next.
        } else if (option == "-seeds") {
            if (auto v = whole<int>(what(), one(), 1, 1000000)) c.schedule.gauntlet_seeds = *v;
        } else if (option == "-noswap") {
            c.schedule.no_swap = true;
        } else if (option == "-reverse") {
            c.schedule.reverse = true;
        } else if (option == "-srand") {
            if (auto v = whole<uint64_t>(what(), one(), 0, UINT64_MAX)) c.schedule.seed = *v;
        } else if (option == "-output") {
            layout_given_ = true;
            for (const auto &kv : key_values(option, words, {"format"})) {
                if (kv.value == "fastchess") c.standings_layout = StandingsLayout::Fastchess;
                else if (kv.value == "cutechess") c.standings_layout = StandingsLayout::Cutechess;
                else if (kv.value == "arbiter") c.standings_layout = StandingsLayout::Arbiter;
                else problem("-output " + kv.text + ": expected fastchess, cutechess or arbiter");
            }
        } else if (option == "-tournament") {
            if (one() == "roundrobin" || one() == "round-robin") c.schedule.type = TournamentType::RoundRobin;
            else if (one() == "gauntlet") c.schedule.type = TournamentType::Gauntlet;
            else problem(what() + ": expected roundrobin or gauntlet (knockout and pyramid are not available)");
        } else if (option == "-event") {
            c.event = one();
        } else if (option == "-site") {
            c.site = one();
        } else if (option == "-wait") {
            if (auto v = whole<int>(what(), one(), 0, kIntMax)) c.wait_between_games = std::chrono::milliseconds(*v);
        } else if (option == "-engine-stderr") {
            if (one() == "per-game" || one() == "off") c.engine_stderr_per_game = one() == "per-game";
            else problem(what() + ": expected per-game or off");
        } else if (option == "-ratinginterval") {
            if (auto v = whole<int>(what(), one(), 0, kIntMax)) rating_interval_ = *v;
        } else if (option == "-variant") {
            read_variant(one());
        } else if (option == "-scoreinterval") {
            if (whole<int>(what(), one(), 0, kIntMax))
                note(what() + ": no effect here: interim standings come every -ratinginterval games");
        } else if (option == "-autosaveinterval") {
            if (whole<int>(what(), one(), 0, kIntMax))
                note(what() + ": no effect here: every game is saved as it ends (resume with 'arbiter run --resume')");
        } else if (option == "-report") {
            for (const auto &kv : key_values(option, words, {"penta"})) {
                auto v = flag("-report " + kv.text, kv.value);
                if (v && !*v) problem("-report " + kv.text + ": the standings always show the pentanomial counts here");
            }
        } else if (option == "-use-affinity") {
            read_affinity(words.empty() ? option : what(), words);
        } else if (option == "-testEnv") {
            out_.test_env = true;
        } else if (option == "-pv-checks") {
            read_pv_checks(what(), one());
        } else if (option == "-show-latency") {
            note(option + ": no effect here");
        } else if (option == "-crc32") {
            for (const auto &kv : key_values(option, words, {"pgn"}))
                if (auto v = flag("-crc32 " + kv.text, kv.value)) out_.pgn_crc32 = *v;
        } else if (option == "-epdout") {
            read_epdout(words);
        } else if (option == "-check-mate-pvs") {
            out_.check_mate_pvs = true;
            out_.config.pv_checks = game::PvChecks::Mates;
        } else if (option == "-sample") {
            read_sample(words);
        }
    }

    // fastchess's -use-affinity [CPUS]: each game on one CPU, its engines with it.
    void read_affinity(const std::string &what, const std::vector<std::string> &words) {
        auto &a = out_.config.affinity;
        a.mode = AffinitySection::Mode::On;
        if (words.empty()) return;
        if (auto cpus = process::parse_cpu_list(words.front())) a.cpus = std::move(*cpus);
        else problem(what + ": expected a CPU list such as 0-3,8");
    }

    void read_pv_checks(const std::string &what, const std::string &value) {
        if (auto checks = game::pv_checks_named(value)) out_.config.pv_checks = *checks;
        else problem(what + ": '" + value + "' is none of off, moves, mates");
    }

    // c-chess-cli's -sample, in its csv format; its resolve=y (play the PV
    // to a quiet leaf) is not done, quiet=y leaves such positions out.
    void read_sample(const std::vector<std::string> &words) {
        SampleSection sample;
        sample.file = "sample.csv";  // c-chess-cli's default
        // c-chess-cli writes its flags y or n.
        auto yes_no = [&](const KeyValue &kv) {
            return flag("-sample " + kv.text, kv.value == "y" ? "yes" : kv.value == "n" ? "no" : kv.value);
        };
        for (const auto &kv :
             key_values("-sample", words, {"file", "freq", "quiet", "append", "decay", "resolve", "format"})) {
            if (kv.key == "file") {
                sample.file = kv.value;
            } else if (kv.key == "freq") {
                if (auto v = decimal("-sample " + kv.text, kv.value)) {
                    if (*v >= 0.0 && *v <= 1.0) sample.freq = *v;
                    else problem("-sample " + kv.text + ": freq is a probability, from 0 to 1");
                }
            } else if (kv.key == "quiet") {
                if (auto v = yes_no(kv)) sample.quiet = *v;
            } else if (kv.key == "append") {
                if (auto v = yes_no(kv)) sample.append = *v;
            } else if (kv.key == "decay") {
                if (auto v = decimal("-sample " + kv.text, kv.value); v && *v != 0.0)
                    problem("-sample " + kv.text + ": sampling by the fifty-move counter is not done here; "
                            "leave decay out (or 0)");
            } else if (kv.key == "resolve") {
                if (auto v = yes_no(kv); v && *v)
                    problem("-sample " + kv.text + ": playing the PV to a quiet position is not done here; "
                            "quiet=y leaves positions in check, with a capture as best move or a mate score out");
            } else if (kv.key == "format" && kv.value != "csv") {
                problem("-sample " + kv.text + ": only format=csv is written here");
            }
        }
        if (sample.file.empty()) problem("-sample: file= needs a file name");
        out_.config.sample = sample;
    }

    void read_epdout(const std::vector<std::string> &words) {
        for (const auto &kv : key_values("-epdout", words, {"file", "append"})) {
            if (kv.key == "file") out_.epd_file = kv.value;
            else if (auto v = flag("-epdout " + kv.text, kv.value)) out_.epd_append = *v;
        }
        if (out_.epd_file.empty()) problem("-epdout: needs file=FILE");
    }

    // fastchess's and cutechess-cli's variant names for chess, as the chess plugin's rule option.
    void read_variant(const std::string &name) {
        auto &options = out_.config.game.options;
        std::string value;
        if (name == "standard") value = "standard";
        else if (name == "fischerandom" || name == "frc" || name == "chess960") value = "chess960";
        else {
            problem("-variant " + name + ": expected standard or fischerandom; other rule variants are game options "
                    "here: --option NAME=VALUE (arbiter games GAME lists them)");
            return;
        }
        auto given = std::find_if(options.begin(), options.end(), [](const auto &o) { return o.first == "variant"; });
        if (given == options.end()) options.emplace_back("variant", value);
        else if (given->second != value)
            problem("-variant " + name + ": contradicts --option variant=" + given->second);
    }

    void note(std::string text) { out_.notes.push_back(std::move(text)); }

    void read_engine(const std::string &option, const std::vector<std::string> &words, EngineSpec &spec) {
        static const std::vector<std::string> keys = {"cmd",   "name",  "dir",     "args",       "arg",
                                                      "proto", "tc",    "st",      "nodes",      "depth",      "byoyomi",
                                                      "plies", "restart", "timemargin", "conf", "stderr",
                                                      "book", "bookdepth", "initstr", "whitepov", "ponder", "trust",
                                                      "false_claims"};
        if (words.empty()) problem(option + ": needs KEY=VALUE settings, e.g. cmd=./engine name=e1");
        for (auto &kv : key_values(option, words, keys, true)) {
            if (kv.key.rfind("option.", 0) == 0) {
                const std::string name = kv.key.substr(7);
                auto same = [&](const auto &o) { return o.first == name; };
                spec.options.erase(std::remove_if(spec.options.begin(), spec.options.end(), same), spec.options.end());
                spec.options.emplace_back(name, kv.value);
            } else if (kv.key == "args") {
                auto split = split_words(kv.value);
                if (!split) problem(option + " " + quote(kv.text) + ": a quote is not closed");
                else spec.args.insert(spec.args.end(), split->begin(), split->end());
                spec.args_given = true;
            } else if (kv.key == "arg") {  // cutechess-cli: one argument per arg=
                spec.args.push_back(kv.value);
                spec.args_given = true;
            } else if (kv.key == "conf" || kv.key == "stderr" || kv.key == "book" || kv.key == "bookdepth" ||
                       kv.key == "initstr" || kv.key == "whitepov" || kv.key == "ponder" || kv.key == "trust") {
                problem(option + " " + quote(kv.text) + ": not available here" +
                        (kv.key == "conf" ? " (engines are given in full: cmd=, name=, option.NAME=)"
                         : kv.key == "book" || kv.key == "bookdepth" ? " (openings come from -openings)"
                         : kv.key == "stderr" ? " (an engine's stderr is kept in memory and shown when it fails)"
                                              : ""));
            } else {
                if (kv.key == "plies") kv.key = "depth";  // fastchess's name for depth=
                spec.values[kv.key] = kv;
            }
        }
    }

    // An engine's time control from tc= or st=, byoyomi= (shogi's, beside a
    // clock or alone), depth= and nodes= (each may be null); none of them:
    // nullopt. A problem is reported and gives nullopt.
    template <class Blame>
    std::optional<core::TimeControl> engine_limit(const KeyValue *tc, const KeyValue *st, const KeyValue *byoyomi,
                                                  const KeyValue *depth, const KeyValue *nodes,
                                                  const std::string &engine_label, const Blame &from) {
        if (tc && st) {
            problem(engine_label + ": " + tc->text + " with " + st->text +
                    ": two time parts; give a clock (tc=) or a time per move (st=), not both");
            return std::nullopt;
        }
        const bool infinite = tc && (tc->value == "inf" || tc->value == "infinite");  // no time part (as fastchess)
        if (!tc && !st && !byoyomi && !depth && !nodes) return std::nullopt;
        bool ok = true;
        // One part, parsed alone so that a bad value is blamed on its own option.
        auto part = [&](const KeyValue *kv, const Expected<std::string> &text) -> core::TimeControl {
            if (!text) {
                problem(from(kv) + " " + kv->text + ": " + text.error().message);
                ok = false;
                return {};
            }
            if (kv->value.find(',') != std::string::npos) {
                problem(from(kv) + " " + kv->text + ": expected one value (no commas)");
                ok = false;
                return {};
            }
            auto parsed = core::TimeControl::parse(*text);
            if (!parsed) {
                problem(from(kv) + " " + kv->text + ": " + parsed.error().message);
                ok = false;
                return {};
            }
            return *parsed;
        };
        core::TimeControl limit;
        limit.kind = core::TimeControl::Kind::Untimed;
        if (tc && !(infinite && (depth || nodes || byoyomi))) limit = part(tc, peer_time_control(tc->value));
        else if (st) limit = part(st, "movetime=" + st->value);
        if (byoyomi && ok) {
            // The clock's main time and the byoyomi read as one ("600,byoyomi=10"), blamed on byoyomi=.
            Expected<std::string> text = "byoyomi=" + byoyomi->value;
            if (tc && !infinite) text = *peer_time_control(tc->value) + "," + *text;
            else if (st) text = "movetime=" + st->value + "," + *text;
            limit = part(byoyomi, text);
        }
        if (depth) limit.depth = part(depth, "depth=" + depth->value).depth;
        if (nodes) limit.nodes = part(nodes, "nodes=" + nodes->value).nodes;
        if (!ok) return std::nullopt;
        return limit;
    }

    // An engine's settings with -each's under them, checked.
    engine::EngineConfig make_engine(const EngineSpec &own, int number) {
        EngineSpec spec = each_;
        for (const auto &[k, v] : own.values) spec.values[k] = v;
        if (own.args_given) spec.args = own.args;
        for (const auto &[name, value] : own.options) {
            auto same = [&](const auto &o) { return o.first == name; };
            spec.options.erase(std::remove_if(spec.options.begin(), spec.options.end(), same), spec.options.end());
            spec.options.emplace_back(name, value);
        }
        engine::EngineConfig e;
        auto get = [&](const char *key) -> const KeyValue * {
            auto it = spec.values.find(key);
            return it == spec.values.end() ? nullptr : &it->second;
        };
        const std::string label = "-engine " + std::to_string(number);
        if (auto cmd = get("cmd")) e.command = cmd->value;
        else problem(label + ": needs cmd=PROGRAM");
        if (auto name = get("name")) {
            e.name = name->value;
        } else {
            // As the peers do: the program's file name.
            const size_t slash = e.command.find_last_of('/');
            e.name = slash == std::string::npos ? e.command : e.command.substr(slash + 1);
        }
        const std::string engine_label = "-engine " + quote(e.name);
        // A value from -each is blamed on -each (and said once, not per engine).
        auto from = [&](const KeyValue *kv) { return own.values.count(kv->key) ? engine_label : std::string("-each"); };
        if (auto dir = get("dir")) e.working_dir = dir->value;
        e.args = spec.args;
        e.ugi_options = spec.options;
        if (auto proto = get("proto")) {
            if (!engine::parse_protocol_choice(proto->value, e.protocol))
                problem(from(proto) + " " + proto->text + ": expected uci, ugi, uai, usi, xboard or auto");
        } else {
            out_.engines_without_protocol.push_back(static_cast<size_t>(number - 1));
        }
        if (auto restart = get("restart")) {
            // restart=auto is cutechess-cli's default: a fresh process only where one is needed.
            if (restart->value != "auto") {
                if (auto v = flag(from(restart) + " " + restart->text, restart->value)) e.restart = *v;
            }
        }
        // arbiter's own key (no peer has it): an xboard engine's false result claims.
        if (auto claims = get("false_claims")) {
            if (claims->value == "ignore" || claims->value == "lose") e.ignore_false_claims = claims->value == "ignore";
            else problem(from(claims) + " " + claims->text + ": expected lose or ignore");
        }
        if (auto margin = get("timemargin")) {
            if (auto v = whole<int>(from(margin) + " " + margin->text, margin->value, 0, kIntMax)) margins_.push_back(*v);
        }
        // A time part (a clock or a time per move) and caps (a depth, a node count), all in one 'go'.
        if (auto limit = engine_limit(get("tc"), get("st"), get("byoyomi"), get("depth"), get("nodes"), engine_label, from))
            e.time_control = *limit;
        return e;
    }

    void read_openings(const std::vector<std::string> &words) {
        auto &o = out_.config.openings;
        bool format_given = false;
        for (const auto &kv : key_values("-openings", words, {"file", "format", "order", "plies", "start", "policy"})) {
            const std::string what = "-openings " + kv.text;
            if (kv.key == "file") {
                o.file = kv.value;
            } else if (kv.key == "format") {
                format_given = true;
                if (kv.value == "epd") o.format = OpeningFormat::Epd;
                else if (kv.value == "pgn") o.format = OpeningFormat::Pgn;
                else if (kv.value == "txt" || kv.value == "lines") o.format = OpeningFormat::Lines;
                else problem(what + ": expected epd, pgn or txt (one position or move line per line)");
            } else if (kv.key == "order") {
                if (kv.value == "random") o.order = OpeningOrder::Random;
                else if (kv.value == "sequential") o.order = OpeningOrder::Sequential;
                else problem(what + ": expected sequential or random");
            } else if (kv.key == "plies") {
                if (auto v = whole<int>(what, kv.value, 0, 1000)) o.plies = *v;
            } else if (kv.key == "start") {
                if (auto v = whole<int>(what, kv.value, 1, kIntMax)) o.start = *v;
            } else if (kv.key == "policy" && kv.value != "default") {
                problem(what + ": only policy=default: each pair of colour-swapped games shares the next opening");
            }
        }
        if (o.file.empty()) problem("-openings: needs file=FILE");
        if (!format_given) o.format = format_of_file(o.file);
    }

    void read_sprt(const std::vector<std::string> &words) {
        rating::SprtConfig s;
        for (const auto &kv : key_values("-sprt", words, {"elo0", "elo1", "alpha", "beta", "model"})) {
            const std::string what = "-sprt " + kv.text;
            if (kv.key == "model") {
                if (kv.value == "normalized") s.model = rating::SprtConfig::Model::Normalized;
                else if (kv.value == "logistic") s.model = rating::SprtConfig::Model::Logistic;
                else problem(what + ": expected normalized or logistic");
                continue;
            }
            auto v = decimal(what, kv.value);
            if (!v) continue;
            (kv.key == "elo0" ? s.elo0 : kv.key == "elo1" ? s.elo1 : kv.key == "alpha" ? s.alpha : s.beta) = *v;
        }
        if (auto bad = rating::sprt_config_error(s)) problem("-sprt: " + *bad);
        out_.config.sprt = s;
    }

    void read_draw(const std::vector<std::string> &words) {
        // The peers' defaults for keys not written: movenumber=0 movecount=1 score=0.
        auto &d = out_.config.adjudication.draw;
        d.enabled = true;
        d.min_ply = 0;
        d.move_count = 1;
        d.score_cp = 0;
        for (const auto &kv : key_values("-draw", words, {"movenumber", "movecount", "score"})) {
            const std::string what = "-draw " + kv.text;
            if (kv.key == "movenumber") {
                if (auto v = whole<int>(what, kv.value, 0, kIntMax / 2)) d.min_ply = 2 * *v;
            } else if (kv.key == "movecount") {
                if (auto v = whole<int>(what, kv.value, 1, kIntMax)) d.move_count = *v;
            } else if (auto v = whole<int>(what, kv.value, 0, kIntMax)) {
                d.score_cp = *v;
            }
        }
    }

    void read_resign(const std::vector<std::string> &words) {
        auto &r = out_.config.adjudication.resign;
        r.enabled = true;
        r.move_count = 1;
        r.two_sided = false;  // the peers' default
        bool score_given = false;
        for (const auto &kv : key_values("-resign", words, {"movecount", "score", "twosided"})) {
            const std::string what = "-resign " + kv.text;
            if (kv.key == "movecount") {
                if (auto v = whole<int>(what, kv.value, 1, kIntMax)) r.move_count = *v;
            } else if (kv.key == "score") {
                score_given = true;
                if (auto v = whole<int>(what, kv.value, 1, kIntMax)) r.score_cp = *v;
            } else if (auto v = flag(what, kv.value)) {
                r.two_sided = *v;
            }
        }
        if (!score_given) problem("-resign: needs score=CP (the score, in centipawns, at or below whose negative an engine resigns)");
    }

    void read_pgnout(const std::vector<std::string> &words) {
        for (const auto &w : words) {
            if (w.find('=') == std::string::npos) {  // cutechess-cli: -pgnout FILE [min] [fi]
                if (w == "min" || w == "fi") problem("-pgnout " + w + ": not available (the PGN always carries the move comments)");
                else out_.pgn_file = w;
                continue;
            }
            for (const auto &kv : key_values("-pgnout", {w}, {"file", "nodes", "seldepth", "nps", "notation", "append", "match_line"})) {
                const std::string what = "-pgnout " + kv.text;
                if (kv.key == "file") {
                    out_.pgn_file = kv.value;
                } else if (kv.key == "match_line") {
                    // OpenBench's worker passes one (engine 'info string' lines into the move comments).
                    try {
                        (void)std::regex(kv.value);
                        out_.config.pgn_comments.match_lines.push_back(kv.value);
                    } catch (const std::regex_error &e) {
                        problem(what + ": not a regular expression (" + e.what() + ")");
                    }
                } else if (kv.key == "notation") {
                    if (kv.value != "san")
                        problem(what + ": the PGN is written in the game's record notation (SAN for chess); only notation=san");
                } else if (kv.key == "append") {
                    if (auto v = flag(what, kv.value)) out_.pgn_append = *v;
                } else if (auto v = flag(what, kv.value)) {
                    auto &pc = out_.config.pgn_comments;
                    (kv.key == "nodes" ? pc.nodes : kv.key == "seldepth" ? pc.seldepth : pc.nps) = *v;
                }
            }
        }
        if (out_.pgn_file.empty()) problem("-pgnout: needs file=FILE");
    }

    void read_log(const std::vector<std::string> &words) {
        auto &c = out_.config;
        for (const auto &kv : key_values("-log", words, {"file", "engine", "level", "append", "compress", "realtime"})) {
            const std::string what = "-log " + kv.text;
            if (kv.key == "file") {
                c.engine_log = kv.value;
            } else if (kv.key == "engine") {
                if (auto v = flag(what, kv.value); v && !*v)
                    problem(what + ": the log holds the engines' lines only; leave out -log for none");
            } else if (kv.key == "compress") {
                if (auto v = flag(what, kv.value); v && *v) problem(what + ": the log is written uncompressed");
            } else if (kv.key == "append") {
                if (auto v = flag(what, kv.value)) c.engine_log_append = *v;
            } else if (kv.key == "realtime") {
                flag(what, kv.value);  // always written line by line
            }
            // level=: the log holds the engines' lines, which have no level.
        }
        if (c.engine_log.empty()) problem("-log: needs file=FILE");
    }

    // Engines without name= whose program's file name another such engine
    // shares: named by their 'id name' once started (as cutechess-cli), each
    // under a provisional name "NAME#K" (K its -engine number) until then.
    void mark_engines_to_name_by_id() {
        auto &engines = out_.config.engines;
        std::map<std::string, std::vector<size_t>> unnamed;
        for (size_t i = 0; i < engines.size(); ++i)
            if (!engines_[i].values.count("name") && !each_.values.count("name")) unnamed[engines[i].name].push_back(i);
        for (const auto &[name, indices] : unnamed) {
            if (indices.size() < 2) continue;
            for (size_t i : indices) {
                engines[i].name = name + "#" + std::to_string(i + 1);
                out_.engines_to_name_by_id.push_back(i);
            }
        }
        std::sort(out_.engines_to_name_by_id.begin(), out_.engines_to_name_by_id.end());
    }

    void finish() {
        auto &c = out_.config;
        for (size_t i = 0; i < engines_.size(); ++i) c.engines.push_back(make_engine(engines_[i], static_cast<int>(i) + 1));
        mark_engines_to_name_by_id();
        if (engines_.size() < 2)
            problem("arbiter match needs at least two -engine options (found " + std::to_string(engines_.size()) + ")");
        // What is not given takes the defaults of the peer whose layout the run prints: cutechess-cli
        // plays 1 round of 1 game and prints standings at the end only; fastchess (also when no layout
        // is named) plays 2 rounds of 2 games (an opening with colours swapped) and prints interim
        // standings every 10 games in its own layout. So a peer's command line plays as many games here.
        // A match of two engines prints what fastchess users read (its layout: Elo difference,
        // nElo, LOS, the pentanomial); more engines, or -output format=arbiter, the arbiter's tables
        // (standings, crosstable, LOS matrix).
        if (!layout_given_ && engines_.size() == 2) c.standings_layout = StandingsLayout::Fastchess;
        const bool cutechess = c.standings_layout == StandingsLayout::Cutechess;
        c.schedule.rounds = rounds_.value_or(cutechess ? 1 : 2);
        if (games_) c.schedule.games_per_pairing = *games_;
        else c.schedule.games_per_pairing = repeat_ || !cutechess ? 2 : 1;
        c.progress_interval = rating_interval_.value_or(c.standings_layout == StandingsLayout::Fastchess ? 10 : 0);
        // A limit every engine shares is the tournament's; else each engine keeps its own.
        if (!c.engines.empty() && c.engines.front().time_control &&
            std::all_of(c.engines.begin(), c.engines.end(),
                        [&](const auto &e) { return e.time_control == c.engines.front().time_control; })) {
            c.time_control = *c.engines.front().time_control;
            for (auto &e : c.engines) e.time_control.reset();
        }
        if (!margins_.empty()) {
            if (std::adjacent_find(margins_.begin(), margins_.end(), std::not_equal_to<>()) != margins_.end() ||
                margins_.size() != c.engines.size())
                problem("timemargin=: the margin past the clock is one for the whole match here; give it once with -each");
            else c.time_margin = std::chrono::milliseconds(margins_.front());
        }
    }

    PeerCommandLine out_;
    EngineSpec each_;
    std::vector<EngineSpec> engines_;
    std::optional<int> rounds_, games_, rating_interval_;
    bool repeat_ = false;
    bool layout_given_ = false;  // -output format=
    std::vector<int> margins_;
    std::vector<std::string> problems_;
};

}  // namespace

std::string chess_only_word(const std::vector<std::string> &args) {
    for (const auto &word : args)
        if (word == "-variant" || word == "-tb" || word == "-tbpieces" || word == "-check-mate-pvs" || word == "proto=uci")
            return word;
    return {};
}

const std::vector<std::string> &peer_option_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto &o : kOptions) n.emplace_back(o.name);
        return n;
    }();
    return names;
}

Expected<std::string> peer_time_control(const std::string &text) {
    if (text == "inf" || text == "infinite")
        return fail("no infinite time here: give a clock or st=, or add depth= or nodes= to tc=inf");
    // [moves/][minutes:]seconds[+increment]
    std::string moves, rest = text;
    if (size_t slash = rest.find('/'); slash != std::string::npos) {
        moves = rest.substr(0, slash + 1);
        rest = rest.substr(slash + 1);
    }
    std::string increment;
    if (size_t plus = rest.find('+'); plus != std::string::npos) {
        increment = rest.substr(plus);
        rest = rest.substr(0, plus);
    }
    if (size_t colon = rest.find(':'); colon != std::string::npos) {
        auto minutes = protocol::parse_integer<int64_t>(rest.substr(0, colon), 0, 1000000);
        auto seconds = protocol::parse_decimal(rest.substr(colon + 1), 0.0, 59.999);
        if (!minutes || !seconds || rest[colon + 1] == '-')
            return fail("time control " + quote(text) + ": expected [moves/][minutes:]seconds[+increment]");
        rest = core::format_seconds(std::chrono::milliseconds(*minutes * 60000 + std::llround(*seconds * 1000.0)));
    }
    auto tc = core::TimeControl::parse(moves + rest + increment);
    if (!tc || tc->kind != core::TimeControl::Kind::Clock || tc->has_caps())
        return fail("time control " + quote(text) + ": expected [moves/][minutes:]seconds[+increment], e.g. 10+0.1 or 40/1:00");
    return tc->to_string();
}

Expected<PeerCommandLine> parse_peer_command_line(const std::vector<std::string> &args, GameSection game) {
    return Reader(std::move(game)).read(args);
}

}  // namespace arb::config
