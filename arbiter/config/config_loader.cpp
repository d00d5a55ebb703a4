#include "config/config_loader.hpp"

#include "config/config_checks.hpp"
#include "config/yaml_reader.hpp"
#include "config/yaml_scan.hpp"
#include "core/line_reader.hpp"
#include "core/quote.hpp"
#include "core/text_check.hpp"
#include "process/cpu_affinity.hpp"

#include <yaml-cpp/depthguard.h>

#include <limits>
#include <regex>
#include <stdexcept>

namespace arb::config {

namespace fs = std::filesystem;

const char *type_name(TournamentType t) { return t == TournamentType::Gauntlet ? "gauntlet" : "round-robin"; }
const char *order_name(OpeningOrder o) { return o == OpeningOrder::Random ? "random" : "sequential"; }
const char *format_name(OpeningFormat f) {
    return f == OpeningFormat::Epd ? "epd" : f == OpeningFormat::Pgn ? "pgn" : "lines";
}
const char *on_interrupt_name(OnInterrupt o) { return o == OnInterrupt::Abandon ? "abandon" : "finish"; }
const char *layout_name(StandingsLayout l) {
    return l == StandingsLayout::Fastchess ? "fastchess" : l == StandingsLayout::Cutechess ? "cutechess" : "arbiter";
}

namespace {

using detail::Marks;

// Where document `n` (1-based) begins: its '---' line, for messages.
YAML::Mark document_start(const std::string &text, int n) {
    YAML::Mark mark;
    int seen = 0;
    bool content_before = false;  // a first document without '---' counts as one
    size_t pos = 0;
    for (int line = 0; pos <= text.size(); ++line) {
        size_t end = text.find('\n', pos);
        std::string_view l(text.data() + pos, (end == std::string::npos ? text.size() : end) - pos);
        if (l.substr(0, 3) == "---" && (l.size() == 3 || l[3] == ' ' || l[3] == '\t' || l[3] == '\r')) {
            if (seen == 0 && content_before) ++seen;
            if (++seen == n) {
                mark.line = line;
                mark.column = 0;
                return mark;
            }
        } else if (!l.empty() && l[0] != '#' && l.find_first_not_of(" \t\r") != std::string_view::npos) {
            content_before = true;
        }
        if (end == std::string::npos) break;
        pos = end + 1;
    }
    return YAML::Mark::null_mark();
}

constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();

std::optional<AffinitySection> affinity_mode(const std::string &text) {
    AffinitySection a;
    if (text == "auto") return a;
    if (text == "on" || text == "true") a.mode = AffinitySection::Mode::On;
    else if (text == "off" || text == "false") a.mode = AffinitySection::Mode::Off;
    else if (auto cpus = process::parse_cpu_list(text)) {
        a.mode = AffinitySection::Mode::On;
        a.cpus = std::move(*cpus);
    } else return std::nullopt;
    return a;
}

// Every key the loader reads, by section ("" is the top level; "engines" is
// each engine's map). The parser checks each section against this table and
// config_keys() lists it, so the two cannot drift apart.
const std::vector<std::pair<std::string, std::vector<std::string>>> &key_table() {
    static const std::vector<std::pair<std::string, std::vector<std::string>>> table = {
        {"", {"event", "site", "game", "plugin_dirs", "engines", "tournament", "openings", "concurrency", "time_control",
              "time_margin_ms", "adjudication", "sprt", "output", "progress", "on_interrupt", "timeouts", "shard", "shared",
              "isolate_plugins", "wait_ms", "each", "pv_checks", "affinity"}},
        {"game", {"id", "file", "options"}},
        {"engines",
         {"name", "command", "args", "working_dir", "env", "options", "time_control", "protocol", "restart",
          "false_claims"}},
        {"each", {"restart"}},
        {"tournament", {"type", "rounds", "games_per_pairing", "seed", "seeds", "no_swap", "reverse"}},
        {"openings", {"file", "order", "format", "plies", "start"}},
        {"adjudication", {"max_plies", "resign", "draw"}},
        {"adjudication.resign", {"enabled", "score_cp", "move_count", "two_sided"}},
        {"adjudication.draw", {"enabled", "score_cp", "move_count", "min_ply"}},
        {"sprt", {"elo0", "elo1", "alpha", "beta", "model"}},
        {"output", {"dir", "format", "pgn", "sample", "engine_stderr", "report_pieces"}},
        {"output.pgn", {"nodes", "seldepth", "nps", "match_lines"}},
        {"output.sample", {"file", "freq", "quiet", "append"}},
        {"progress", {"interval"}},
        {"timeouts", {"startup_ms", "ready_ms", "quit_grace_ms"}},
    };
    return table;
}

const std::vector<std::string> &keys_of(const std::string &section) {
    for (const auto &[name, keys] : key_table())
        if (name == section) return keys;
    throw std::logic_error("no key table for section " + section);
}

class Parser {
public:
    Parser(YamlReader &report, const LoadOptions &options) : r_(report), options_(options) {}

    TournamentConfig parse(const YAML::Node &root, Marks &marks) {
        TournamentConfig c;
        if (!root.IsMap()) {
            r_.error(root.Mark(), "the config must be a map of sections (game, engines, tournament, ...), got " +
                                      node_kind(root));
            return c;
        }
        r_.check_keys(root,
                      keys_of(""),
                      "the config");
        if (auto n = root["event"]) {
            if (auto v = r_.scalar(n, "event")) c.event = *v;
        }
        if (auto n = root["site"]) {
            if (auto v = r_.scalar(n, "site")) c.site = *v;
        }
        if (auto n = root["wait_ms"]) {
            if (auto v = r_.integer(n, "wait_ms", 0, kIntMax)) c.wait_between_games = std::chrono::milliseconds(*v);
        }
        parse_game(root["game"], root.Mark(), c, marks);
        parse_plugin_dirs(root["plugin_dirs"], c, marks);
        parse_engines(root["engines"], root.Mark(), parse_each(root["each"]), c, marks);
        parse_schedule(root["tournament"], c, marks);
        parse_openings(root["openings"], c, marks);
        if (auto n = root["concurrency"]) {
            if (auto v = r_.integer(n, "concurrency", 1, 1024)) c.concurrency = static_cast<int>(*v);
        }
        if (auto n = root["affinity"]) {
            if (auto v = r_.scalar(n, "affinity")) {
                if (auto mode = affinity_mode(*v)) c.affinity = *mode;
                else r_.error(n.Mark(), "affinity: '" + *v + "' is none of auto, on, off or a CPU list such as 0-3,8");
            }
        }
        if (auto n = root["isolate_plugins"]) {
            if (auto v = r_.boolean(n, "isolate_plugins")) c.isolate_plugins = *v;
        }
        if (auto n = root["pv_checks"]) {
            if (auto v = r_.choice(n, "pv_checks", {"off", "moves", "mates"})) c.pv_checks = *game::pv_checks_named(*v);
        }
        if (auto n = root["time_control"]) {
            if (auto tc = time_control(n, "time_control")) c.time_control = *tc;
        }
        if (auto n = root["time_margin_ms"]) {
            if (auto v = r_.integer(n, "time_margin_ms", 0, kIntMax)) c.time_margin = std::chrono::milliseconds(*v);
        }
        parse_adjudication(root["adjudication"], c);
        parse_sprt(root["sprt"], c, marks);
        if (auto n = root["shard"]) {
            marks.shard = n.Mark();
            if (auto v = r_.scalar(n, "shard")) {
                if (auto shard = parse_shard_spec(*v)) c.shard = *shard;
                else r_.error(n.Mark(), shard.error().message);
            }
        }
        if (auto n = root["shared"]) {
            marks.shared = n.Mark();
            if (auto v = r_.scalar(n, "shared")) {
                if (v->empty()) r_.error(n.Mark(), "shared: the shared folder's path is empty");
                else c.shared_dir = *v;
            }
        }
        parse_output(root["output"], c);
        if (auto n = root["progress"]; n && r_.expect_map(n, "progress")) {
            r_.check_keys(n, keys_of("progress"), "progress");
            if (auto i = n["interval"]) {
                if (auto v = r_.integer(i, "progress.interval", 0, kIntMax)) c.progress_interval = static_cast<int>(*v);
            }
        }
        if (auto n = root["on_interrupt"]) {
            if (auto v = r_.choice(n, "on_interrupt", {"finish", "abandon"}))
                c.on_interrupt = *v == "abandon" ? OnInterrupt::Abandon : OnInterrupt::Finish;
        }
        if (auto n = root["timeouts"]; n && r_.expect_map(n, "timeouts")) {
            r_.check_keys(n, keys_of("timeouts"), "timeouts");
            auto ms = [&](const char *key, std::chrono::milliseconds &out) {
                if (auto v = n[key]) {
                    if (auto x = r_.integer(v, std::string("timeouts.") + key, 1, kIntMax))
                        out = std::chrono::milliseconds(*x);
                }
            };
            ms("startup_ms", c.timeouts.startup);
            ms("ready_ms", c.timeouts.ready);
            ms("quit_grace_ms", c.timeouts.quit_grace);
        }
        return c;
    }

private:
    // output: the folder, the standings' layout, PGN comments, training samples.
    void parse_output(const YAML::Node &n, TournamentConfig &c) {
        if (!n || !r_.expect_map(n, "output")) return;
        r_.check_keys(n, keys_of("output"), "output");
        if (auto d = n["dir"]) {
            if (auto v = r_.scalar(d, "output.dir")) c.out_dir = *v;
        }
        if (auto f = n["format"]) {
            if (auto v = r_.choice(f, "output.format", {"arbiter", "fastchess", "cutechess"}))
                c.standings_layout = *v == "fastchess"   ? StandingsLayout::Fastchess
                                     : *v == "cutechess" ? StandingsLayout::Cutechess
                                                         : StandingsLayout::Arbiter;
        }
        if (auto e = n["engine_stderr"]) {
            if (auto v = r_.choice(e, "output.engine_stderr", {"off", "per-game"})) c.engine_stderr_per_game = *v == "per-game";
        }
        if (auto f = n["report_pieces"]) {
            if (auto v = r_.choice(f, "output.report_pieces", {"letters", "labels"})) c.report_labels = *v == "labels";
        }
        if (auto p = n["pgn"]; p && r_.expect_map(p, "output.pgn")) {
            r_.check_keys(p, keys_of("output.pgn"), "output.pgn");
            auto flag = [&](const char *key, bool &out) {
                if (auto v = p[key])
                    if (auto b = r_.boolean(v, std::string("output.pgn.") + key)) out = *b;
            };
            flag("nodes", c.pgn_comments.nodes);
            flag("seldepth", c.pgn_comments.seldepth);
            flag("nps", c.pgn_comments.nps);
            if (auto m = p["match_lines"]; m && r_.expect_sequence(m, "output.pgn.match_lines"))
                for (const auto &item : m)
                    if (auto text = r_.scalar(item, "output.pgn.match_lines")) {
                        try {
                            (void)std::regex(*text);
                            c.pgn_comments.match_lines.push_back(*text);
                        } catch (const std::regex_error &e) {
                            r_.error(item.Mark(), "output.pgn.match_lines: " + quote(*text) +
                                                      " is not a regular expression (" + e.what() + ")");
                        }
                    }
        }
        if (auto p = n["sample"]; p && r_.expect_map(p, "output.sample")) {
            r_.check_keys(p, keys_of("output.sample"), "output.sample");
            SampleSection sample;
            if (auto f = p["file"]) {
                if (auto v = r_.scalar(f, "output.sample.file")) sample.file = *v;
            } else {
                r_.error(p.Mark(), "output.sample: needs file: FILE (the CSV file the samples are appended to)");
            }
            if (auto f = p["freq"]) {
                if (auto v = r_.number(f, "output.sample.freq")) {
                    if (*v >= 0.0 && *v <= 1.0) sample.freq = *v;
                    else r_.error(f.Mark(), "output.sample.freq: must be a probability from 0 to 1");
                }
            }
            if (auto v = p["quiet"])
                if (auto b = r_.boolean(v, "output.sample.quiet")) sample.quiet = *b;
            if (auto v = p["append"])
                if (auto b = r_.boolean(v, "output.sample.append")) sample.append = *b;
            c.sample = sample;
        }
    }

    std::optional<core::TimeControl> time_control(const YAML::Node &node, const std::string &what) {
        auto text = r_.scalar(node, what);
        if (!text) return std::nullopt;
        auto tc = core::TimeControl::parse(*text);
        if (!tc) {
            r_.error(node.Mark(), what + ": " + tc.error().message);
            return std::nullopt;
        }
        return *tc;
    }

    void parse_game(const YAML::Node &node, const YAML::Mark &root_mark, TournamentConfig &c, Marks &marks) {
        if (!node) {
            r_.error(root_mark, "missing section 'game' (game: {id: othello})");
            return;
        }
        if (node.IsScalar()) {  // shorthand: game: othello
            if (auto v = r_.scalar(node, "game")) c.game.id = *v;
            marks.game_id = node.Mark();
            return;
        }
        if (!r_.expect_map(node, "game")) return;
        r_.check_keys(node, keys_of("game"), "game");
        if (auto file = node["file"]) {  // written by the effective config for a game given as a file
            if (auto v = r_.scalar(file, "game.file")) c.game.file = *v;
        }
        if (auto id = node["id"]) {
            if (auto v = r_.scalar(id, "game.id")) c.game.id = *v;
            marks.game_id = id.Mark();
        } else {
            r_.error(node.Mark(), "game needs an 'id' (e.g. id: othello)");
        }
        if (auto opts = node["options"]; opts && r_.expect_map(opts, "game.options")) {
            marks.game_options = opts.Mark();
            marks.option_marks.clear();
            for (auto it = opts.begin(); it != opts.end(); ++it) {
                auto name = r_.scalar(it->first, "a game option name");
                auto value = r_.scalar(it->second, "game option " + quote(it->first.as<std::string>("")));
                if (!name || !value) continue;
                c.game.options.emplace_back(*name, *value);
                marks.option_marks.push_back({it->first.Mark(), it->second.Mark()});
            }
        }
    }

    void parse_plugin_dirs(const YAML::Node &node, TournamentConfig &c, Marks &marks) {
        if (!node) return;
        auto add = [&](const YAML::Node &entry) {
            auto dir = r_.scalar(entry, "a plugin folder");
            if (!dir) return;
            if (dir->empty()) {
                r_.error(entry.Mark(), "plugin_dirs: an empty folder name");
                return;
            }
            c.plugin_dirs.push_back(*dir);
            marks.plugin_dirs.push_back(entry.Mark());
        };
        if (node.IsScalar()) {  // shorthand: plugin_dirs: ../build/plugins
            add(node);
            return;
        }
        if (!r_.expect_sequence(node, "plugin_dirs")) return;
        for (const auto &entry : node) add(entry);
    }

    // `each`: what every engine gets unless its own entry says otherwise.
    engine::EngineConfig parse_each(const YAML::Node &node) {
        engine::EngineConfig each;
        if (!node || !r_.expect_map(node, "each")) return each;
        r_.check_keys(node, keys_of("each"), "each");
        if (auto n = node["restart"]) each.restart = r_.boolean(n, "each.restart").value_or(false);
        return each;
    }

    void parse_engines(const YAML::Node &node, const YAML::Mark &root_mark, const engine::EngineConfig &each,
                       TournamentConfig &c, Marks &marks) {
        if (!node) {
            r_.error(root_mark, "missing section 'engines' (a list of at least two engines)");
            return;
        }
        marks.engines = node.Mark();
        marks.engines_present = true;
        if (!r_.expect_sequence(node, "engines")) return;
        int number = 0;
        for (const auto &e : node) {
            ++number;
            if (!e.IsMap()) {
                // An empty entry ("- " alone, or "engines: [ , ]") would otherwise vanish.
                r_.error(e.Mark(), "engine " + std::to_string(number) +
                                       (e.IsNull() ? std::string(" is empty (a '-' with nothing after it)")
                                                   : " must be a map with a name and a command, got " + node_kind(e)));
                continue;
            }
            r_.check_keys(e, keys_of("engines"), "an engine");
            engine::EngineConfig ec;
            ec.restart = each.restart;
            marks.engine.push_back(e.Mark());
            marks.engine_name.push_back(e["name"] ? e["name"].Mark() : e.Mark());
            marks.engine_command.push_back(e["command"] ? e["command"].Mark() : e.Mark());
            marks.engine_dir.push_back(e["working_dir"] ? e["working_dir"].Mark() : e.Mark());
            if (auto n = e["name"]) {
                if (auto v = r_.scalar(n, "engine name")) {
                    ec.name = *v;
                    if (v->empty()) r_.error(n.Mark(), "engine " + std::to_string(number) + ": the name is empty");
                }
            } else {
                r_.error(e.Mark(), "engine needs a 'name'");
            }
            if (auto n = e["command"]) {
                if (auto v = r_.scalar(n, "engine command")) {
                    ec.command = *v;
                    if (v->empty()) r_.error(n.Mark(), "engine " + quote(ec.name) + ": the command is empty");
                }
            } else {
                r_.error(e.Mark(), "engine " + quote(ec.name) + " needs a 'command'");
            }
            if (auto n = e["args"]) {
                if (n.IsScalar()) {
                    r_.error(n.Mark(), "engine args must be a list, e.g. [--mode, mcts], got " + node_kind(n));
                } else if (r_.expect_sequence(n, "engine args")) {
                    for (const auto &a : n)
                        if (auto v = r_.scalar(a, "an engine argument")) ec.args.push_back(*v);
                }
            }
            if (auto n = e["working_dir"]) {
                if (auto v = r_.scalar(n, "engine working_dir")) ec.working_dir = *v;
            }
            if (auto n = e["env"]; n && r_.expect_map(n, "engine env")) {
                for (auto it = n.begin(); it != n.end(); ++it) {
                    auto k = r_.scalar(it->first, "an environment variable name");
                    auto v = r_.scalar(it->second, "environment variable " + quote(it->first.as<std::string>("")));
                    if (k && (k->empty() || k->find_first_of("=") != std::string::npos || k->find('\0') != std::string::npos)) {
                        r_.error(it->first.Mark(), "engine " + quote(ec.name) + ": environment variable name " + quote(*k) +
                                                       " must not be empty or contain '='");
                        continue;
                    }
                    if (k && v) ec.env[*k] = *v;
                }
            }
            if (auto n = e["options"]; n && r_.expect_map(n, "engine options")) {
                for (auto it = n.begin(); it != n.end(); ++it) {
                    auto k = r_.scalar(it->first, "an engine option name");
                    auto v = r_.scalar(it->second, "engine option " + quote(it->first.as<std::string>("")));
                    if (k) {
                        if (auto fault = option_name_fault(*k)) {
                            r_.error(it->first.Mark(), "engine " + quote(ec.name) + ": the option name " + quote(*k) + " " + *fault);
                            continue;
                        }
                    }
                    if (k && v) ec.ugi_options.emplace_back(*k, *v);
                }
            }
            if (auto n = e["time_control"]) ec.time_control = time_control(n, "engine time_control");
            if (auto n = e["protocol"]) {
                if (auto v = r_.choice(n, "engine " + quote(ec.name) + " protocol", {"ugi", "uci", "uai", "usi", "xboard", "auto"}))
                    engine::parse_protocol_choice(*v, ec.protocol);
            }
            if (auto n = e["restart"]) {
                if (auto v = r_.boolean(n, "engine " + quote(ec.name) + " restart")) ec.restart = *v;
            }
            if (auto n = e["false_claims"]) {
                if (auto v = r_.choice(n, "engine " + quote(ec.name) + " false_claims", {"lose", "ignore"}))
                    ec.ignore_false_claims = *v == "ignore";
            }
            c.engines.push_back(std::move(ec));
        }
    }

    void parse_schedule(const YAML::Node &node, TournamentConfig &c, Marks &marks) {
        if (!node || !r_.expect_map(node, "tournament")) return;
        marks.schedule = node.Mark();
        r_.check_keys(node, keys_of("tournament"), "tournament");
        if (auto n = node["type"]) {
            if (auto v = r_.choice(n, "tournament.type", {"round-robin", "gauntlet"}))
                c.schedule.type = *v == "gauntlet" ? TournamentType::Gauntlet : TournamentType::RoundRobin;
        }
        if (auto n = node["rounds"]) {
            if (auto v = r_.integer(n, "tournament.rounds", 1, 1000000)) c.schedule.rounds = static_cast<int>(*v);
        }
        if (auto n = node["games_per_pairing"]) {
            if (auto v = r_.integer(n, "tournament.games_per_pairing", 1, 1000000))
                c.schedule.games_per_pairing = static_cast<int>(*v);
        }
        if (auto n = node["seed"]) {
            if (auto v = r_.unsigned_integer(n, "tournament.seed")) c.schedule.seed = *v;
        }
        if (auto n = node["seeds"]) {
            if (auto v = r_.integer(n, "tournament.seeds", 1, 1000000)) c.schedule.gauntlet_seeds = static_cast<int>(*v);
        }
        if (auto n = node["no_swap"]) {
            if (auto v = r_.boolean(n, "tournament.no_swap")) c.schedule.no_swap = *v;
        }
        if (auto n = node["reverse"]) {
            if (auto v = r_.boolean(n, "tournament.reverse")) c.schedule.reverse = *v;
        }
    }

    void parse_openings(const YAML::Node &node, TournamentConfig &c, Marks &marks) {
        if (!node) return;
        if (node.IsScalar()) {  // shorthand: openings: file.txt
            if (auto v = r_.scalar(node, "openings")) c.openings.file = *v;
            c.openings.format = format_of_file(c.openings.file);
            marks.openings_file = node.Mark();
            return;
        }
        if (!r_.expect_map(node, "openings")) return;
        r_.check_keys(node, keys_of("openings"), "openings");
        if (auto n = node["file"]) {
            if (auto v = r_.scalar(n, "openings.file")) c.openings.file = *v;
            marks.openings_file = n.Mark();
        }
        if (auto n = node["format"]) {
            if (auto v = r_.choice(n, "openings.format", {"lines", "epd", "pgn"}))
                c.openings.format = *v == "epd" ? OpeningFormat::Epd : *v == "pgn" ? OpeningFormat::Pgn : OpeningFormat::Lines;
        } else {
            c.openings.format = format_of_file(c.openings.file);
        }
        if (auto n = node["plies"]) {
            if (auto v = r_.integer(n, "openings.plies", 0, 1000)) c.openings.plies = static_cast<int>(*v);
        }
        if (auto n = node["start"]) {
            if (auto v = r_.integer(n, "openings.start", 1, kIntMax)) c.openings.start = static_cast<int>(*v);
        }
        if (auto n = node["order"]) {
            if (auto v = r_.choice(n, "openings.order", {"sequential", "random"}))
                c.openings.order = *v == "random" ? OpeningOrder::Random : OpeningOrder::Sequential;
        }
    }

    void parse_adjudication(const YAML::Node &node, TournamentConfig &c) {
        if (!node || !r_.expect_map(node, "adjudication")) return;
        r_.check_keys(node, keys_of("adjudication"), "adjudication");
        auto &a = c.adjudication;
        if (auto n = node["max_plies"]) {
            if (auto v = r_.integer(n, "adjudication.max_plies", 0, kIntMax)) a.max_plies = static_cast<int>(*v);
        }
        auto int_field = [&](const YAML::Node &section, const char *key, const std::string &where, int min, int &out) {
            if (auto v = section[key]) {
                if (auto x = r_.integer(v, where + "." + key, min, kIntMax)) out = static_cast<int>(*x);
            }
        };
        if (auto n = node["resign"]; n && r_.expect_map(n, "adjudication.resign")) {
            r_.check_keys(n, keys_of("adjudication.resign"), "adjudication.resign");
            a.resign.enabled = true;  // a section written is a rule wanted, unless it says otherwise
            if (auto e = n["enabled"]) a.resign.enabled = r_.boolean(e, "adjudication.resign.enabled").value_or(false);
            int_field(n, "score_cp", "adjudication.resign", 1, a.resign.score_cp);
            int_field(n, "move_count", "adjudication.resign", 1, a.resign.move_count);
            if (auto t = n["two_sided"]) a.resign.two_sided = r_.boolean(t, "adjudication.resign.two_sided").value_or(true);
        }
        if (auto n = node["draw"]; n && r_.expect_map(n, "adjudication.draw")) {
            r_.check_keys(n, keys_of("adjudication.draw"), "adjudication.draw");
            a.draw.enabled = true;
            if (auto e = n["enabled"]) a.draw.enabled = r_.boolean(e, "adjudication.draw.enabled").value_or(false);
            int_field(n, "score_cp", "adjudication.draw", 0, a.draw.score_cp);
            int_field(n, "move_count", "adjudication.draw", 1, a.draw.move_count);
            int_field(n, "min_ply", "adjudication.draw", 0, a.draw.min_ply);
        }
    }

    void parse_sprt(const YAML::Node &node, TournamentConfig &c, Marks &marks) {
        if (!node || !r_.expect_map(node, "sprt")) return;
        r_.check_keys(node, keys_of("sprt"), "sprt");
        marks.sprt = node.Mark();
        rating::SprtConfig s;
        auto num = [&](const char *key, double &out) {
            if (auto v = node[key]) {
                if (auto x = r_.number(v, std::string("sprt.") + key)) out = *x;
            }
        };
        num("elo0", s.elo0);
        num("elo1", s.elo1);
        num("alpha", s.alpha);
        num("beta", s.beta);
        if (auto m = node["model"]) {
            if (auto v = r_.choice(m, "sprt.model", {"normalized", "logistic"}))
                s.model = *v == "logistic" ? rating::SprtConfig::Model::Logistic : rating::SprtConfig::Model::Normalized;
        }
        if (auto problem = rating::sprt_config_error(s)) r_.error(node.Mark(), "sprt: " + *problem);
        c.sprt = s;
    }

    YamlReader &r_;
    const LoadOptions &options_;
};

Expected<LoadedConfig> finish(TournamentConfig c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                              const fs::path &base) {
    detail::apply_overrides(options.overrides, c, r);
    LoadedConfig loaded;
    detail::check_plugin_dirs(c, marks, r, options, base);
    detail::check_game(c, marks, r, base, loaded.plugin);
    detail::check_engines(c, marks, r, options, base);
    detail::check_schedule_size(c, marks, r, options.overrides);
    if (c.sprt) c.sprt->paired_schedule = c.schedule.games_per_pairing >= 2;  // after any --games-per-pairing
    if (loaded.plugin) {
        const auto peer = detail::peer_protocol(*loaded.plugin);
        for (size_t i : options.peer_protocol_engines)
            if (i < c.engines.size()) c.engines[i].protocol = peer;
        detail::check_engine_protocols(c, marks, r, *loaded.plugin);
    }
    if (c.schedule.type == TournamentType::Gauntlet && c.engines.size() >= 2 &&
        static_cast<size_t>(c.schedule.gauntlet_seeds) >= c.engines.size())
        r.error(marks.schedule, "tournament.seeds: " + std::to_string(c.schedule.gauntlet_seeds) +
                                    " seeds leave no engine to play them (" + std::to_string(c.engines.size()) +
                                    " engines); the seeds are the first engines listed");
    if (c.sprt && c.engines.size() != 2)
        r.error(marks.sprt, "sprt needs exactly two engines, found " + std::to_string(c.engines.size()));
    if (c.sprt && c.shard && c.shared_dir.empty())
        r.error(marks.sprt, "sprt with a shard (" + to_string(*c.shard) +
                                ") needs a shared folder that every shard reads and writes (--shared DIR, or "
                                "shared: DIR in the config): that is where the shards see each other's game pairs and "
                                "the decision (docs/scale-out.md)");
    if (!c.shared_dir.empty() && (!c.sprt || !c.shard))
        r.error(marks.shared.is_null() ? marks.shard : marks.shared,
                std::string("shared: a shared folder serves an SPRT played in shards; this run has ") +
                    (!c.sprt ? "no sprt" : "no shard (--shard K/N)"));
    if (!c.shared_dir.empty()) {
        fs::path shared(c.shared_dir);
        if (shared.is_relative()) shared = (options.out_base_dir.empty() ? fs::current_path() : options.out_base_dir) / shared;
        c.shared_dir = shared.lexically_normal().string();
    }
    if (c.out_dir.empty()) c.out_dir = options.default_out_dir;
    if (c.out_dir.empty()) r.error_plain(r.file() + ": no output folder: set output.dir or pass --out");
    else {
        fs::path out(c.out_dir);
        if (out.is_relative()) out = (options.out_base_dir.empty() ? fs::current_path() : options.out_base_dir) / out;
        c.out_dir = out.lexically_normal().string();
    }
    if (!c.openings.file.empty()) {
        fs::path file(c.openings.file);
        if (file.is_relative()) file = (options.overrides.openings_file ? fs::current_path() : base) / file;
        file = file.lexically_normal();
        c.openings.file = file.string();
        if (loaded.plugin) {
            auto openings = load_openings(file, loaded.plugin, c.game.options, c.openings);
            if (openings) loaded.openings = std::move(*openings);
            else if (!fs::exists(file) && options.overrides.openings_file)  // the command line named it, not the file
                r.error_plain("--openings: openings file " + quote(file.string()) + " not found");
            else if (!fs::exists(file)) r.error(marks.openings_file, "openings file " + quote(file.string()) + " not found");
            else r.error_plain(openings.error().message);
        }
    }
    if (!r.ok()) return fail(r.report());
    loaded.config = std::move(c);
    return loaded;
}

Expected<LoadedConfig> load(const std::string &text, const std::string &file_name, const fs::path &base,
                            const LoadOptions &options) {
    YamlReader r(file_name);
    YAML::Node root;
    try {
        // Before the nodes are built: a recursive alias or one that copies too
        // much would make every walk over them endless or exponential.
        if (!scan_yaml(text, r)) return fail(r.report());
        std::vector<YAML::Node> documents = YAML::LoadAll(text);
        if (!documents.empty()) root = documents.front();
        // A second document would be ignored silently: most likely two configs pasted together.
        if (documents.size() > 1) {
            YAML::Mark second = document_start(text, 2);
            r.error(second.is_null() ? documents[1].Mark() : second,
                    "a second YAML document ('---'): a config file holds one document");
            return fail(r.report());
        }
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp reads nested nodes by recursion and stops at this depth; its own message says "bad file".
        r.error(e.mark, "YAML syntax: lists and maps nested too deep (the YAML reader stops at " +
                            std::to_string(e.depth()) + " levels)");
        return fail(r.report());
    } catch (const YAML::ParserException &e) {
        r.error(e.mark, "YAML syntax: " + excerpt(e.msg));
        return fail(r.report());
    }
    Marks marks;
    TournamentConfig c = Parser(r, options).parse(root, marks);
    return finish(std::move(c), marks, r, options, base);
}

}  // namespace

Expected<LoadedConfig> check_config(TournamentConfig config, const std::string &source, const LoadOptions &options) {
    // Nothing came from a file: every message names the source and no position.
    const YAML::Mark none = YAML::Mark::null_mark();
    Marks marks;
    marks.game_id = marks.game_options = marks.openings_file = marks.sprt = marks.engines = marks.shard = marks.shared = none;
    marks.engines_present = true;
    marks.engine.assign(config.engines.size(), none);
    marks.engine_command = marks.engine_dir = marks.engine_name = marks.engine;
    marks.plugin_dirs.assign(config.plugin_dirs.size(), none);
    marks.option_marks.assign(config.game.options.size(), {none, none});
    YamlReader r(source);
    // What the YAML parser says of an empty command (`-engine cmd=` gives one).
    for (const auto &e : config.engines)
        if (e.command.empty()) r.error(none, "engine " + quote(e.name) + ": the command is empty");
    const fs::path base = options.base_dir.empty() ? fs::current_path() : options.base_dir;
    return finish(std::move(config), marks, r, options, base);
}

std::vector<std::string> config_keys() {
    std::vector<std::string> out;
    for (const auto &[section, keys] : key_table()) {
        for (const auto &key : keys) {
            std::string dotted = section.empty() ? key : section + "." + key;
            bool is_section = false;
            for (const auto &entry : key_table()) is_section = is_section || entry.first == dotted;
            if (!is_section) out.push_back(dotted);
        }
    }
    return out;
}

Expected<LoadedConfig> load_config_file(const fs::path &file, const LoadOptions &options) {
    auto text = read_text_file(file.string(), kConfigFileLimit, kTextLineLimit);
    if (!text) return fail(text.error().message);
    fs::path base = options.base_dir.empty() ? fs::absolute(file).parent_path() : options.base_dir;
    return load(*text, file.string(), base, options);
}

Expected<LoadedConfig> load_config_text(const std::string &text, const std::string &file_name,
                                        const LoadOptions &options) {
    fs::path base = options.base_dir.empty() ? fs::current_path() : options.base_dir;
    return load(text, file_name, base, options);
}

}  // namespace arb::config
