#include "config/config_loader.hpp"

#include "config/yaml_reader.hpp"

#include <charconv>
#include <fstream>
#include <limits>
#include <sstream>

namespace arb::config {

namespace fs = std::filesystem;

const char *type_name(TournamentType t) { return t == TournamentType::Gauntlet ? "gauntlet" : "round-robin"; }
const char *order_name(OpeningOrder o) { return o == OpeningOrder::Random ? "random" : "sequential"; }
const char *on_interrupt_name(OnInterrupt o) { return o == OnInterrupt::Abandon ? "abandon" : "finish"; }

namespace {

constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();

// Where each checked value came from, for messages found after parsing.
struct Marks {
    YAML::Mark game_id, game_options, openings_file, sprt, engines;
    bool engines_present = false;
    std::vector<YAML::Mark> engine, engine_command, engine_dir, engine_name;
    std::vector<std::vector<YAML::Mark>> option_marks;  // per game option: name mark
};

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
                      {"event", "game", "engines", "tournament", "openings", "concurrency", "time_control",
                       "time_margin_ms", "adjudication", "sprt", "output", "progress", "on_interrupt", "timeouts"},
                      "the config");
        if (auto n = root["event"]) {
            if (auto v = r_.scalar(n, "event")) c.event = *v;
        }
        parse_game(root["game"], root.Mark(), c, marks);
        parse_engines(root["engines"], root.Mark(), c, marks);
        parse_schedule(root["tournament"], c);
        parse_openings(root["openings"], c, marks);
        if (auto n = root["concurrency"]) {
            if (auto v = r_.integer(n, "concurrency", 1, 1024)) c.concurrency = static_cast<int>(*v);
        }
        if (auto n = root["time_control"]) {
            if (auto tc = time_control(n, "time_control")) c.time_control = *tc;
        }
        if (auto n = root["time_margin_ms"]) {
            if (auto v = r_.integer(n, "time_margin_ms", 0, kIntMax)) c.time_margin = std::chrono::milliseconds(*v);
        }
        parse_adjudication(root["adjudication"], c);
        parse_sprt(root["sprt"], c, marks);
        if (auto n = root["output"]; n && r_.expect_map(n, "output")) {
            r_.check_keys(n, {"dir"}, "output");
            if (auto d = n["dir"]) {
                if (auto v = r_.scalar(d, "output.dir")) c.out_dir = *v;
            }
        }
        if (auto n = root["progress"]; n && r_.expect_map(n, "progress")) {
            r_.check_keys(n, {"interval"}, "progress");
            if (auto i = n["interval"]) {
                if (auto v = r_.integer(i, "progress.interval", 0, kIntMax)) c.progress_interval = static_cast<int>(*v);
            }
        }
        if (auto n = root["on_interrupt"]) {
            if (auto v = r_.choice(n, "on_interrupt", {"finish", "abandon"}))
                c.on_interrupt = *v == "abandon" ? OnInterrupt::Abandon : OnInterrupt::Finish;
        }
        if (auto n = root["timeouts"]; n && r_.expect_map(n, "timeouts")) {
            r_.check_keys(n, {"startup_ms", "ready_ms", "quit_grace_ms"}, "timeouts");
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
    std::optional<match::TimeControl> time_control(const YAML::Node &node, const std::string &what) {
        auto text = r_.scalar(node, what);
        if (!text) return std::nullopt;
        auto tc = match::TimeControl::parse(*text);
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
            c.game.id = node.Scalar();
            marks.game_id = node.Mark();
            return;
        }
        if (!r_.expect_map(node, "game")) return;
        r_.check_keys(node, {"id", "options"}, "game");
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
                auto value = r_.scalar(it->second, "game option '" + it->first.as<std::string>("") + "'");
                if (!name || !value) continue;
                c.game.options.emplace_back(*name, *value);
                marks.option_marks.push_back({it->first.Mark(), it->second.Mark()});
            }
        }
    }

    void parse_engines(const YAML::Node &node, const YAML::Mark &root_mark, TournamentConfig &c, Marks &marks) {
        if (!node) {
            r_.error(root_mark, "missing section 'engines' (a list of at least two engines)");
            return;
        }
        marks.engines = node.Mark();
        marks.engines_present = true;
        if (!r_.expect_sequence(node, "engines")) return;
        for (const auto &e : node) {
            if (!r_.expect_map(e, "an engine") || !e.IsMap()) continue;
            r_.check_keys(e, {"name", "command", "args", "working_dir", "env", "options", "time_control"}, "an engine");
            engine::EngineConfig ec;
            marks.engine.push_back(e.Mark());
            marks.engine_name.push_back(e["name"] ? e["name"].Mark() : e.Mark());
            marks.engine_command.push_back(e["command"] ? e["command"].Mark() : e.Mark());
            marks.engine_dir.push_back(e["working_dir"] ? e["working_dir"].Mark() : e.Mark());
            if (auto n = e["name"]) {
                if (auto v = r_.scalar(n, "engine name")) ec.name = *v;
            } else {
                r_.error(e.Mark(), "engine needs a 'name'");
            }
            if (auto n = e["command"]) {
                if (auto v = r_.scalar(n, "engine command")) ec.command = *v;
            } else {
                r_.error(e.Mark(), "engine '" + ec.name + "' needs a 'command'");
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
                    auto v = r_.scalar(it->second, "environment variable " + it->first.as<std::string>(""));
                    if (k && v) ec.env[*k] = *v;
                }
            }
            if (auto n = e["options"]; n && r_.expect_map(n, "engine options")) {
                for (auto it = n.begin(); it != n.end(); ++it) {
                    auto k = r_.scalar(it->first, "an engine option name");
                    auto v = r_.scalar(it->second, "engine option " + it->first.as<std::string>(""));
                    if (k && v) ec.ugi_options.emplace_back(*k, *v);
                }
            }
            if (auto n = e["time_control"]) ec.time_control = time_control(n, "engine time_control");
            c.engines.push_back(std::move(ec));
        }
    }

    void parse_schedule(const YAML::Node &node, TournamentConfig &c) {
        if (!node || !r_.expect_map(node, "tournament")) return;
        r_.check_keys(node, {"type", "rounds", "games_per_pairing", "seed"}, "tournament");
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
    }

    void parse_openings(const YAML::Node &node, TournamentConfig &c, Marks &marks) {
        if (!node) return;
        if (node.IsScalar()) {  // shorthand: openings: file.txt
            c.openings.file = node.Scalar();
            marks.openings_file = node.Mark();
            return;
        }
        if (!r_.expect_map(node, "openings")) return;
        r_.check_keys(node, {"file", "order"}, "openings");
        if (auto n = node["file"]) {
            if (auto v = r_.scalar(n, "openings.file")) c.openings.file = *v;
            marks.openings_file = n.Mark();
        }
        if (auto n = node["order"]) {
            if (auto v = r_.choice(n, "openings.order", {"sequential", "random"}))
                c.openings.order = *v == "random" ? OpeningOrder::Random : OpeningOrder::Sequential;
        }
    }

    void parse_adjudication(const YAML::Node &node, TournamentConfig &c) {
        if (!node || !r_.expect_map(node, "adjudication")) return;
        r_.check_keys(node, {"max_plies", "resign", "draw"}, "adjudication");
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
            r_.check_keys(n, {"enabled", "score_cp", "move_count"}, "adjudication.resign");
            a.resign.enabled = true;  // a section written is a rule wanted, unless it says otherwise
            if (auto e = n["enabled"]) a.resign.enabled = r_.boolean(e, "adjudication.resign.enabled").value_or(false);
            int_field(n, "score_cp", "adjudication.resign", 1, a.resign.score_cp);
            int_field(n, "move_count", "adjudication.resign", 1, a.resign.move_count);
        }
        if (auto n = node["draw"]; n && r_.expect_map(n, "adjudication.draw")) {
            r_.check_keys(n, {"enabled", "score_cp", "move_count", "min_ply"}, "adjudication.draw");
            a.draw.enabled = true;
            if (auto e = n["enabled"]) a.draw.enabled = r_.boolean(e, "adjudication.draw.enabled").value_or(false);
            int_field(n, "score_cp", "adjudication.draw", 0, a.draw.score_cp);
            int_field(n, "move_count", "adjudication.draw", 1, a.draw.move_count);
            int_field(n, "min_ply", "adjudication.draw", 0, a.draw.min_ply);
        }
    }

    void parse_sprt(const YAML::Node &node, TournamentConfig &c, Marks &marks) {
        if (!node || !r_.expect_map(node, "sprt")) return;
        r_.check_keys(node, {"elo0", "elo1", "alpha", "beta", "model"}, "sprt");
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
        if (!(s.elo1 > s.elo0)) r_.error(node.Mark(), "sprt.elo1 must be greater than sprt.elo0");
        if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
            r_.error(node.Mark(), "sprt.alpha and sprt.beta must be between 0 and 0.5");
        c.sprt = s;
    }

    YamlReader &r_;
    const LoadOptions &options_;
};

void apply_overrides(const Overrides &o, TournamentConfig &c, YamlReader &r) {
    if (o.concurrency) {
        if (*o.concurrency < 1) r.error_plain("--concurrency must be at least 1");
        c.concurrency = *o.concurrency;
    }
    if (o.rounds) {
        if (*o.rounds < 1) r.error_plain("--rounds must be at least 1");
        c.schedule.rounds = *o.rounds;
    }
    if (o.games_per_pairing) {
        if (*o.games_per_pairing < 1) r.error_plain("--games-per-pairing must be at least 1");
        c.schedule.games_per_pairing = *o.games_per_pairing;
    }
    if (o.progress_interval) {
        if (*o.progress_interval < 0) r.error_plain("--progress-interval must not be negative");
        c.progress_interval = *o.progress_interval;
    }
    if (o.seed) c.schedule.seed = *o.seed;
    if (o.out_dir) c.out_dir = *o.out_dir;
    if (o.openings_file) c.openings.file = *o.openings_file;
    if (o.time_control) {
        auto tc = match::TimeControl::parse(*o.time_control);
        if (tc) c.time_control = *tc;
        else r.error_plain("--tc: " + tc.error().message);
    }
    if (o.on_interrupt) {
        if (*o.on_interrupt == "finish") c.on_interrupt = OnInterrupt::Finish;
        else if (*o.on_interrupt == "abandon") c.on_interrupt = OnInterrupt::Abandon;
        else r.error_plain("--on-interrupt must be finish or abandon, got '" + *o.on_interrupt + "'");
    }
    if (o.tournament_type) {
        if (*o.tournament_type == "round-robin") c.schedule.type = TournamentType::RoundRobin;
        else if (*o.tournament_type == "gauntlet") c.schedule.type = TournamentType::Gauntlet;
        else r.error_plain("--type must be round-robin or gauntlet, got '" + *o.tournament_type + "'");
    }
}

std::string describe_option(const arb_option_desc &d) {
    switch (d.type) {
        case ARB_OPTION_BOOL: return "true or false";
        case ARB_OPTION_INT: return "a whole number in " + std::to_string(d.min_value) + ".." + std::to_string(d.max_value);
        default: {
            std::string s = "one of ";
            for (int32_t i = 0; i < d.choice_count; ++i) s += std::string(i ? ", " : "") + d.choices[i];
            return s;
        }
    }
}

// Checks a rule option value against its descriptor; empty when fine.
std::string check_option_value(const arb_option_desc &d, const std::string &value) {
    bool ok = false;
    switch (d.type) {
        case ARB_OPTION_BOOL: ok = value == "true" || value == "false"; break;
        case ARB_OPTION_INT: {
            int64_t v = 0;
            auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            ok = ec == std::errc() && ptr == value.data() + value.size() && !value.empty() && v >= d.min_value &&
                 v <= d.max_value;
            break;
        }
        case ARB_OPTION_CHOICE:
            for (int32_t i = 0; i < d.choice_count; ++i) ok = ok || value == d.choices[i];
            break;
        default: break;
    }
    if (ok) return {};
    return "game option '" + std::string(d.name) + "' must be " + describe_option(d) + ", got '" + value + "'";
}

void check_game(TournamentConfig &c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                game::PluginPtr &plugin) {
    if (c.game.id.empty()) return;
    auto found = game::find_plugin(c.game.id, options.plugin_dirs);
    if (!found) {
        std::string message = "unknown game '" + c.game.id + "'";
        auto discovery = game::discover_plugins(options.plugin_dirs);
        std::vector<std::string> ids;
        for (const auto &p : discovery.plugins) ids.push_back(p->id());
        if (auto guess = did_you_mean(c.game.id, ids)) message += "; did you mean '" + *guess + "'?";
        if (!ids.empty()) {
            message += " (games found:";
            for (const auto &id : ids) message += " " + id;
            message += ")";
        } else {
            message += " (no game plugins found; pass --plugin-dir or set ARBITER_PLUGIN_PATH)";
        }
        r.error(marks.game_id, message);
        return;
    }
    plugin = *found;
    const auto &api = plugin->api();
    std::vector<std::string> names;
    for (int32_t i = 0; i < api.option_count; ++i) names.emplace_back(api.options[i].name);
    bool options_ok = true;
    for (size_t i = 0; i < c.game.options.size(); ++i) {
        const auto &[name, value] = c.game.options[i];
        YAML::Mark name_mark = i < marks.option_marks.size() ? marks.option_marks[i][0] : marks.game_options;
        YAML::Mark value_mark = i < marks.option_marks.size() ? marks.option_marks[i][1] : marks.game_options;
        const arb_option_desc *d = plugin->option(name);
        if (d == nullptr) {
            std::string message = "game '" + c.game.id + "' has no option '" + name + "'";
            if (auto guess = did_you_mean(name, names)) message += "; did you mean '" + *guess + "'?";
            else if (names.empty()) message += " (it has no options)";
            else {
                message += " (its options:";
                for (const auto &n : names) message += " " + n;
                message += ")";
            }
            r.error(name_mark, message);
            options_ok = false;
            continue;
        }
        if (auto problem = check_option_value(*d, value); !problem.empty()) {
            r.error(value_mark, problem);
            options_ok = false;
        }
    }
    if (options_ok) {
        auto state = game::GameState::create(plugin, c.game.options);
        if (!state) r.error(marks.game_options, "game '" + c.game.id + "' refuses these options: " + state.error().message);
    }
}

void check_engines(TournamentConfig &c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                   const fs::path &base) {
    if (c.engines.size() < 2 && marks.engines_present)
        r.error(marks.engines, "a tournament needs at least two engines, found " + std::to_string(c.engines.size()));
    for (size_t i = 0; i < c.engines.size(); ++i) {
        auto &e = c.engines[i];
        for (size_t j = 0; j < i; ++j)
            if (!e.name.empty() && c.engines[j].name == e.name)
                r.error(marks.engine_name[i], "duplicate engine name '" + e.name + "' (engine names must be unique)");
        if (e.name.find_first_of("\"\n\r") != std::string::npos)
            r.error(marks.engine_name[i], "engine name '" + e.name + "' must not contain quotes or line breaks");
        fs::path dir = base;
        if (!e.working_dir.empty()) {
            dir = fs::path(e.working_dir).is_relative() ? (base / e.working_dir).lexically_normal() : fs::path(e.working_dir);
            std::error_code ec;
            if (!fs::is_directory(dir, ec)) {
                r.error(marks.engine_dir[i], "working_dir '" + e.working_dir + "' of engine '" + e.name +
                                                 "' is not a folder (looked at " + dir.string() + ")");
                continue;
            }
            e.working_dir = dir.string();
        }
        if (e.command.empty()) continue;
        if (const std::string token = "{arbiter_bin}"; e.command.rfind(token, 0) == 0) {
            if (options.program_dir.empty()) {
                r.error(marks.engine_command[i], "engine '" + e.name + "': " + token + " is unknown here");
                continue;
            }
            e.command = options.program_dir.string() + e.command.substr(token.size());
        }
        auto program = resolve_program(e.command, dir);
        if (program) {
            e.command = fs::absolute(*program).lexically_normal().string();
        } else if (options.check_programs) {
            std::string where = e.command.find('/') != std::string::npos
                                    ? "looked at " + (dir / e.command).lexically_normal().string()
                                    : std::string("searched $PATH");
            r.error(marks.engine_command[i], "engine '" + e.name + "': program '" + e.command +
                                                 "' not found or not executable (" + where + ")");
        }
    }
}

Expected<LoadedConfig> finish(TournamentConfig c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                              const fs::path &base) {
    apply_overrides(options.overrides, c, r);
    LoadedConfig loaded;
    check_game(c, marks, r, options, loaded.plugin);
    check_engines(c, marks, r, options, base);
    if (c.sprt && c.engines.size() != 2)
        r.error(marks.sprt, "sprt needs exactly two engines, found " + std::to_string(c.engines.size()));
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
            auto openings = load_openings(file, loaded.plugin, c.game.options);
            if (openings) loaded.openings = std::move(*openings);
            else if (!fs::exists(file)) r.error(marks.openings_file, "openings file '" + file.string() + "' not found");
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
        root = YAML::Load(text);
    } catch (const YAML::ParserException &e) {
        r.error(e.mark, "YAML syntax: " + e.msg);
        return fail(r.report());
    }
    Marks marks;
    TournamentConfig c = Parser(r, options).parse(root, marks);
    return finish(std::move(c), marks, r, options, base);
}

}  // namespace

Expected<LoadedConfig> load_config_file(const fs::path &file, const LoadOptions &options) {
    std::ifstream in(file);
    if (!in) return fail(file.string() + ": cannot read the config file");
    std::stringstream text;
    text << in.rdbuf();
    fs::path base = options.base_dir.empty() ? fs::absolute(file).parent_path() : options.base_dir;
    return load(text.str(), file.string(), base, options);
}

Expected<LoadedConfig> load_config_text(const std::string &text, const std::string &file_name,
                                        const LoadOptions &options) {
    fs::path base = options.base_dir.empty() ? fs::current_path() : options.base_dir;
    return load(text, file_name, base, options);
}

}  // namespace arb::config
