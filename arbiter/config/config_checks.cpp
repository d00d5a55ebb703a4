#include "config/config_checks.hpp"

#include "config/schedule_size.hpp"
#include "config/config_loader.hpp"

#include "core/program_dir.hpp"
#include "game/plugin_dirs.hpp"
#include "core/quote.hpp"
#include "core/text_check.hpp"
#include "game/option_value.hpp"
#include "process/spawn.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <algorithm>
#include <charconv>
#include <limits>
#include <unordered_set>

namespace arb::config {

std::vector<std::string> override_errors(const Overrides &o) {
    std::vector<std::string> problems;
    auto in_range = [&](const std::optional<int> &value, const char *option, int min, int max) {
        if (value && (*value < min || *value > max))
            problems.push_back(std::string(option) + " must be in " + std::to_string(min) + ".." + std::to_string(max) +
                               ", got " + std::to_string(*value));
    };
    // The ranges of the YAML keys (config_loader.cpp).
    in_range(o.concurrency, "--concurrency", 1, 1024);
    in_range(o.rounds, "--rounds", 1, 1000000);
    in_range(o.games_per_pairing, "--games-per-pairing", 1, 1000000);
    in_range(o.progress_interval, "--progress-interval", 0, std::numeric_limits<int>::max());
    // The command line's texts pass the check the YAML reader makes of every config text.
    for (const auto &[option, text] :
         {std::pair{"--out", &o.out_dir}, std::pair{"--openings", &o.openings_file}, std::pair{"--shared", &o.shared_dir}})
        if (*text)
            if (auto fault = control_fault(**text)) problems.push_back(std::string(option) + ": " + quote(**text) + " " + *fault);
    if (o.time_control) {
        if (auto tc = core::TimeControl::parse(*o.time_control); !tc) problems.push_back("--tc: " + tc.error().message);
    }
    if (o.on_interrupt && *o.on_interrupt != "finish" && *o.on_interrupt != "abandon")
        problems.push_back("--on-interrupt must be finish or abandon, got " + quote(*o.on_interrupt));
    if (o.tournament_type && *o.tournament_type != "round-robin" && *o.tournament_type != "gauntlet") {
        std::string message = "--type must be round-robin or gauntlet, got " + quote(*o.tournament_type);
        if (auto guess = did_you_mean(*o.tournament_type, {"round-robin", "gauntlet"}))
            message += "; did you mean '" + *guess + "'?";
        problems.push_back(message);
    }
    return problems;
}

}  // namespace arb::config

namespace arb::config::detail {

namespace fs = std::filesystem;

void apply_overrides(const Overrides &o, TournamentConfig &c, YamlReader &r) {
    const auto problems = override_errors(o);
    for (const auto &p : problems) r.error_plain(p);
    if (!problems.empty()) return;
    if (o.concurrency) c.concurrency = *o.concurrency;
    if (o.rounds) c.schedule.rounds = *o.rounds;
    if (o.games_per_pairing) c.schedule.games_per_pairing = *o.games_per_pairing;
    if (o.progress_interval) c.progress_interval = *o.progress_interval;
    if (o.seed) c.schedule.seed = *o.seed;
    if (o.isolate_plugins) c.isolate_plugins = true;
    if (o.shard) c.shard = *o.shard;
    if (o.shared_dir) c.shared_dir = *o.shared_dir;
    if (o.out_dir) c.out_dir = *o.out_dir;
    if (o.openings_file) {  // a book given on the command line is read in the format its name says
        c.openings.file = *o.openings_file;
        c.openings.format = format_of_file(c.openings.file);
    }
    if (o.time_control) c.time_control = *core::TimeControl::parse(*o.time_control);
    if (o.on_interrupt) c.on_interrupt = *o.on_interrupt == "abandon" ? OnInterrupt::Abandon : OnInterrupt::Finish;
    if (o.tournament_type)
        c.schedule.type = *o.tournament_type == "gauntlet" ? TournamentType::Gauntlet : TournamentType::RoundRobin;
}

namespace {

std::string absolute_dir(const fs::path &dir, const fs::path &base) {
    std::string text = (dir.is_relative() ? base / dir : dir).lexically_normal().string();
    if (text.size() > 1 && text.back() == '/') text.pop_back();
    return text;
}

void add_unique(std::vector<std::string> &dirs, std::string dir) {
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) dirs.push_back(std::move(dir));
}

std::vector<fs::path> search_path(const TournamentConfig &c) {
    return game::plugin_search_path(std::vector<fs::path>(c.plugin_dirs.begin(), c.plugin_dirs.end()));
}

}  // namespace

void check_plugin_dirs(TournamentConfig &c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                       const fs::path &base) {
    std::vector<std::string> dirs;
    for (const auto &dir : options.plugin_dirs) add_unique(dirs, absolute_dir(dir, fs::current_path()));
    for (size_t i = 0; i < c.plugin_dirs.size(); ++i) {
        std::string dir = absolute_dir(c.plugin_dirs[i], base);
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) {
            r.error(i < marks.plugin_dirs.size() ? marks.plugin_dirs[i] : YAML::Mark::null_mark(),
                    "plugin_dirs: " + quote(c.plugin_dirs[i]) + " is not a folder (looked at " + excerpt(dir) + ")");
            continue;
        }
        add_unique(dirs, std::move(dir));
    }
    c.plugin_dirs = std::move(dirs);
}

void check_game(TournamentConfig &c, const Marks &marks, YamlReader &r, const fs::path &base,
                game::PluginPtr &plugin) {
    if (c.game.id.empty()) return;
    Expected<game::PluginPtr> found = fail("");
    if (c.game.id.find('/') != std::string::npos || !c.game.file.empty()) {
        // A plugin file: records and engines know the game by its id; the
        // effective config keeps the file (for --resume) and its folder goes
        // first in the engines' plugin path.
        const std::string &given = c.game.file.empty() ? c.game.id : c.game.file;
        fs::path file = fs::path(given).is_relative() ? (base / given).lexically_normal() : fs::path(given);
        found = game::Plugin::load(file);
        if (!found) {
            r.error(marks.game_id, "game " + quote(given) + ": " + found.error().message);
            return;
        }
        if (!c.game.file.empty() && c.game.id != (*found)->id()) {
            r.error(marks.game_id, "game " + quote(c.game.id) + ": the file " + quote(file.string()) + " holds game " +
                                       quote((*found)->id()));
            return;
        }
        c.game.id = (*found)->id();
        c.game.file = fs::absolute(file).lexically_normal().string();
        std::string dir = absolute_dir(file.parent_path(), base);
        c.plugin_dirs.erase(std::remove(c.plugin_dirs.begin(), c.plugin_dirs.end(), dir), c.plugin_dirs.end());
        c.plugin_dirs.insert(c.plugin_dirs.begin(), dir);
    } else {
        found = game::find_plugin(c.game.id, search_path(c));
    }
    if (!found) {
        std::string message = "unknown game " + quote(c.game.id);
        auto discovery = game::discover_plugins(search_path(c));
        std::vector<std::string> ids;
        for (const auto &p : discovery.plugins) ids.push_back(p->id());
        if (auto guess = did_you_mean(c.game.id, ids)) message += "; did you mean '" + *guess + "'?";
        if (!ids.empty()) {
            message += " (games found:";
            for (const auto &id : ids) message += " " + id;
            message += ")";
        } else if (!discovery.problems.empty()) {
            // Plugins there, none loadable: say why (a process limit, for one), not "none found".
            message += " (no game plugin could be loaded: " + discovery.problems.front();
            if (discovery.problems.size() > 1) message += "; and " + std::to_string(discovery.problems.size() - 1) + " more";
            message += ")";
        } else {
            message += " (no game plugins found)";
        }
        // A config also names folders in plugin_dirs, and a file as `game: ./build/ID.so`.
        message += "; " + game::plugin_elsewhere_hint(c.game.id) + ", or plugin_dirs: in the config";
        r.error(marks.game_id, message);
        return;
    }
    plugin = *found;
    const auto &api = plugin->api();
    std::vector<std::string> names;
    for (int32_t i = 0; i < api.option_count; ++i) names.emplace_back(api.options[i].name);
    bool options_ok = true;
    for (size_t i = 0; i < c.game.options.size(); ++i) {
        auto &[name, value] = c.game.options[i];
        YAML::Mark name_mark = i < marks.option_marks.size() ? marks.option_marks[i][0] : marks.game_options;
        YAML::Mark value_mark = i < marks.option_marks.size() ? marks.option_marks[i][1] : marks.game_options;
        const arb_option_desc *d = plugin->option(name);
        if (d == nullptr) {
            std::string message = "game '" + c.game.id + "' has no option " + quote(name);
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
        if (auto canonical = game::canonical_option_value(*d, value)) {
            value = std::move(*canonical);
        } else {
            r.error(value_mark, canonical.error().message);
            options_ok = false;
        }
    }
    if (options_ok) {
        auto state = game::GameState::create(plugin, c.game.options);
        if (!state) r.error(marks.game_options, "game '" + c.game.id + "' refuses these options: " + state.error().message);
    }
}

protocol::Dialect peer_protocol(const game::Plugin &plugin) {
    for (protocol::Dialect d : {protocol::Dialect::Uci, protocol::Dialect::Uai, protocol::Dialect::Usi})
        if (plugin.supports_protocol(static_cast<arb_protocol>(d))) return d;
    return protocol::Dialect::Ugi;
}

void check_engine_protocols(const TournamentConfig &c, const Marks &marks, YamlReader &r, const game::Plugin &plugin) {
    auto supports = [&](protocol::Dialect d) { return plugin.supports_protocol(static_cast<arb_protocol>(d)); };
    std::string list;
    for (protocol::Dialect d : protocol::kDialects)
        if (supports(d)) list += (list.empty() ? "" : ", ") + std::string(protocol::name(d));
    for (size_t i = 0; i < c.engines.size() && i < marks.engine.size(); ++i) {
        const auto &e = c.engines[i];
        if (!e.protocol || supports(*e.protocol)) continue;
        r.error(marks.engine[i], "engine " + quote(e.name) + ": the game " + quote(plugin.id()) +
                                     " does not support protocol '" + std::string(protocol::name(*e.protocol)) +
                                     "' (it supports: " + list + "; a plugin adds protocols with arbiter.protocol-notation/1)");
    }
}

void check_engines(TournamentConfig &c, const Marks &marks, YamlReader &r, const LoadOptions &options,
                   const fs::path &base) {
    if (c.engines.size() < 2 && marks.engines_present)
        r.error(marks.engines, "a tournament needs at least two engines, found " + std::to_string(c.engines.size()));
    std::unordered_set<std::string> names;  // a set, not a pairwise check: a config may list thousands
    for (size_t i = 0; i < c.engines.size(); ++i) {
        auto &e = c.engines[i];
        if (!e.name.empty() && !names.insert(e.name).second)
            r.error(marks.engine_name[i], "duplicate engine name " + quote(e.name) + " (engine names must be unique)");
        if (e.name.find_first_of("\"\n\r") != std::string::npos)
            r.error(marks.engine_name[i], "engine name " + quote(e.name) + " must not contain quotes or line breaks");
        fs::path dir = base;
        if (!e.working_dir.empty()) {
            dir = fs::path(e.working_dir).is_relative() ? (base / e.working_dir).lexically_normal() : fs::path(e.working_dir);
            std::error_code ec;
            if (!fs::is_directory(dir, ec)) {
                r.error(marks.engine_dir[i], "working_dir " + quote(e.working_dir) + " of engine " + quote(e.name) +
                                                 " is not a folder (looked at " + excerpt(dir.string()) + ")");
                continue;
            }
            e.working_dir = dir.string();
        }
        if (e.command.empty()) continue;
        auto expanded = expand_arbiter_bin(e.command, options.program_dir);
        if (!expanded) {
            r.error(marks.engine_command[i], "engine " + quote(e.name) + ": " + expanded.error().message);
            continue;
        }
        e.command = std::move(*expanded);
        auto program = process::find_program(e.command, dir);  // as the engine will be started
        if (program) {
            e.command = fs::absolute(*program).lexically_normal().string();
        } else if (options.check_programs) {
            std::string where = e.command.find('/') != std::string::npos
                                    ? "looked at " + excerpt((dir / e.command).lexically_normal().string())
                                    : std::string("searched $PATH");
            r.error(marks.engine_command[i], "engine " + quote(e.name) + ": program " + quote(e.command) +
                                                 " not found or not executable (" + where + ")");
        }
    }
}

void check_schedule_size(const TournamentConfig &c, const Marks &marks, YamlReader &r, const Overrides &o) {
    const auto &s = c.schedule;
    if (s.rounds < 1 || s.games_per_pairing < 1) return;  // reported already
    const uint64_t engines = c.engines.size();
    const uint64_t games = scheduled_game_count(s, engines);
    if (games <= kMaxScheduledGames) return;
    const uint64_t pairings = pairings_per_round(s.type, engines, static_cast<uint64_t>(s.gauntlet_seeds));
    auto count = [](uint64_t n, const char *what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); };
    std::string message = std::string("the schedule would hold ") +
                          (games == std::numeric_limits<uint64_t>::max() ? "over " : "") + count(games, "game") + ": " +
                          count(pairings, "pairing") + " (" + std::to_string(engines) + " engines, " + type_name(s.type) +
                          ") x " + count(static_cast<uint64_t>(s.rounds), "round") + " x " +
                          std::to_string(s.games_per_pairing) + " games per pairing, more than the limit of " +
                          std::to_string(kMaxScheduledGames) + " games (docs/config.md)";
    if (o.rounds || o.games_per_pairing) {
        // The command line chose the size: blame it, not a line of the file.
        std::string given;
        if (o.rounds) given += "--rounds " + std::to_string(*o.rounds);
        if (o.games_per_pairing) given += (given.empty() ? "" : " ") + std::string("--games-per-pairing ") +
                                          std::to_string(*o.games_per_pairing);
        r.error_plain(given + ": " + message);
    } else if (!marks.schedule.is_null()) {
        r.error(marks.schedule, "tournament: " + message);
    } else {
        r.error_plain(r.file() + ": " + message);
    }
}

}  // namespace arb::config::detail
