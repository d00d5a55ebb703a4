// `arbiter plugin-diff A.so B.so`: two plugins of one game walked through
// the same random games and compared position by position (plugin_tools/plugin_diff).
// Exit 0 when they agree, 1 at the first difference, 2 on a usage error.
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "plugin_tools/plugin_diff.hpp"

#include <nlohmann/json.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

constexpr const char *kDetails =
    "Walks --games seeded random games through both plugins with the same rule options and compares\n"
    "them at every position: the outcome (result, or whether the game is over), the set of legal\n"
    "moves as texts, and the position text after each move; at every 4th position of a game (from\n"
    "the start) it also compares a perft divide of --depth plies, and follows a count that differs\n"
    "down to the position where the moves differ. Each move of a walk is drawn among the sorted move\n"
    "texts, so two plugins with other move codes walk the same games.\n\n"
    "First it walks the rule edges of either plugin (\"arbiter.rule-edges/1\": positions where\n"
    "engines get a rule wrong, made for the options given; B's only where A lacks the same one):\n"
    "each edge's position text and its moves, compared the same way, then a random game from there.\n"
    "A difference met there names the edge, and its moves start from the edge's position.\n\n"
    "It reports the first position where they disagree, with what each plugin says there (both move\n"
    "lists, both outcomes, both position texts, or the divide lines that differ) and the moves from\n"
    "the start that reach it: the shortest such sequence among all the games that disagree.\n\n"
    "Both plugins must declare the same game id (a different id is usually the wrong file); pass\n"
    "--allow-different-ids to compare them anyway. A plugin is a file (a path with a '/') or a game\n"
    "id found on the plugin path. Options neither plugin accepts are a usage error; an option only\n"
    "one of them accepts is a difference.\n\n"
    "exit status: 0 the plugins agree, 1 they differ (or a plugin cannot be loaded), 2 usage error.\n"
    "--json prints one object instead of text (see docs/writing-a-plugin.md for its fields).\n";

Expected<game::OptionList> split_settings(const std::vector<std::string> &settings) {
    game::OptionList options;
    for (const auto &s : settings) {
        const size_t eq = s.find('=');
        if (eq == std::string::npos || eq == 0)
            return fail("--option takes name=value, not '" + s + "'");
        options.emplace_back(s.substr(0, eq), s.substr(eq + 1));
    }
    return options;
}

nlohmann::json plugin_json(const game::Plugin &plugin) {
    return {{"file", plugin.file().string()}, {"id", plugin.id()}, {"version", plugin.api().version}};
}

nlohmann::json difference_json(const game::Difference &d) {
    nlohmann::json j = {{"kind", std::string(game::to_string(d.kind))},
                        {"game", d.game},
                        {"edge", d.edge.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.edge)},
                        {"start_position", d.start_position},
                        {"ply", d.moves.size()},
                        {"moves", d.moves},
                        {"position", {{"a", d.position_a}, {"b", d.position_b}}},
                        {"a", d.a},
                        {"b", d.b},
                        {"found_by", d.perft_ply ? "perft" : "walk"},
                        {"perft", nullptr}};
    if (d.perft_ply) {
        nlohmann::json lines = nlohmann::json::array();
        for (const auto &l : d.divide) lines.push_back({{"move", l.move}, {"a", l.count_a}, {"b", l.count_b}});
        j["perft"] = {{"ply", *d.perft_ply}, {"depth", d.perft_depth}, {"divide", lines}};
    }
    return j;
}

std::string joined(const std::vector<std::string> &words, const std::string &empty) {
    if (words.empty()) return empty;
    std::string out;
    for (const auto &w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

void print_difference(const game::Difference &d, const game::DiffReport &report, int games) {
    const char *what[] = {"the game is created by one plugin only", "the outcomes differ", "the legal moves differ",
                          "the position texts differ", "a move fails in one plugin",
                          "the edge's position text is read by one plugin only"};
    if (d.edge.empty())
        std::cout << "DIFFER at ply " << d.moves.size() << " of game " << d.game + 1 << ": ";
    else
        std::cout << "DIFFER at ply " << d.moves.size() << " of " << d.edge << ": ";
    std::cout << what[static_cast<int>(d.kind)] << "\n";
    if (!d.start_position.empty()) std::cout << "from the position: " << d.start_position << "\n";
    std::cout << "moves from " << (d.start_position.empty() ? "the start" : "there") << ": "
              << joined(d.moves, d.start_position.empty() ? "(none: the start position)" : "(none)") << "\n";
    std::cout << "position in A: " << d.position_a << "\n";
    std::cout << "position in B: " << d.position_b << "\n";
    const bool moves = d.kind == game::DiffKind::Moves;
    std::cout << "A: " << (moves ? "moves " : "") << joined(d.a, "(no legal moves)") << "\n";
    std::cout << "B: " << (moves ? "moves " : "") << joined(d.b, "(no legal moves)") << "\n";
    if (d.perft_ply) {
        std::cout << "found by perft " << d.perft_depth << " at ply " << *d.perft_ply << "; the divide lines that differ:\n";
        for (const auto &l : d.divide) std::cout << "  " << l.move << "  A " << l.count_a << "  B " << l.count_b << "\n";
    }
    std::cout << report.games_disagreeing << " of " << games << " games";
    if (report.edges > 0) std::cout << " and " << report.edges_disagreeing << " of " << report.edges << " rule edges";
    std::cout << " disagree; the shortest move sequence among them is shown" << std::endl;
}

}  // namespace

int plugin_diff_command(const Args &args) {
    std::vector<std::string> targets, settings, plugin_dirs;
    game::DiffSettings diff;
    bool json = false, allow_different_ids = false;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("plugin", po::value(&targets)->composing(), "the two plugins: files (a path with a '/') or game ids")
        ("option,o", po::value(&settings)->composing(), "rule option name=value, given to both plugins; may repeat")
        ("seed", po::value(&diff.seed)->default_value(diff.seed), "seed of the random games")
        ("games", po::value(&diff.games)->default_value(diff.games), "random games to walk (1..100000)")
        ("depth", po::value(&diff.perft_depth)->default_value(diff.perft_depth),
         "perft depth at the sampled positions (0..6; 0: no perft)")
        ("max-plies", po::value(&diff.max_plies)->default_value(diff.max_plies), "ply limit per random game")
        ("allow-different-ids", po::bool_switch(&allow_different_ids), "compare plugins that declare other game ids")
        ("json", po::bool_switch(&json), "print one JSON object instead of text");
    add_plugin_dir_option(desc, plugin_dirs);
    po::positional_options_description positional;
    positional.add("plugin", 2);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("plugin-diff", args, desc, &positional, vm, "A.so B.so [options]", code, kDetails))
        return code;
    auto usage = [](const std::string &message) {
        std::cerr << "arbiter plugin-diff: " << message << "\n";
        return kExitUsage;
    };
    if (targets.size() != 2) return usage("give two plugins, A and B (files or game ids)");
    if (diff.games < 1 || diff.games > 100000) return usage("--games must be in 1..100000, got " + std::to_string(diff.games));
    if (diff.perft_depth < 0 || diff.perft_depth > 6)
        return usage("--depth must be in 0..6, got " + std::to_string(diff.perft_depth));
    if (diff.max_plies < 1) return usage("--max-plies must be at least 1, got " + std::to_string(diff.max_plies));
    auto options = split_settings(settings);
    if (!options) return usage(options.error().message);
    diff.options = *options;

    game::PluginPtr plugins[2];
    for (int i = 0; i < 2; ++i) {
        auto found = game::find_plugin(targets[static_cast<size_t>(i)], plugin_path(plugin_dirs));
        if (!found) {
            std::cerr << "arbiter plugin-diff: " << found.error().message << "\n";
            return kExitFailure;
        }
        plugins[i] = *found;
    }
    if (plugins[0]->id() != plugins[1]->id() && !allow_different_ids)
        return usage("A is the game '" + plugins[0]->id() + "' and B is '" + plugins[1]->id() +
                     "'; pass --allow-different-ids to compare them anyway");
    // A typo in an option is named with the game's option list, as elsewhere.
    auto checked_a = parse_game_options(*plugins[0], settings);
    auto checked_b = parse_game_options(*plugins[1], settings);
    if (!checked_a && !checked_b) return usage(checked_a.error().message);

    auto report = game::diff_plugins(plugins[0], plugins[1], diff);
    if (!report) return usage(report.error().message);

    if (json) {
        nlohmann::json options_json = nlohmann::json::object();
        for (const auto &[name, value] : diff.options) options_json[name] = value;
        nlohmann::json out = {{"agree", report->agree()},
                              {"a", plugin_json(*plugins[0])},
                              {"b", plugin_json(*plugins[1])},
                              {"options", options_json},
                              {"seed", diff.seed},
                              {"games", report->games},
                              {"depth", diff.perft_depth},
                              {"positions", report->positions},
                              {"perft_positions", report->perft_positions},
                              {"games_disagreeing", report->games_disagreeing},
                              {"edges", report->edges},
                              {"edges_disagreeing", report->edges_disagreeing},
                              {"difference", report->difference ? difference_json(*report->difference) : nullptr}};
        std::cout << out.dump() << std::endl;
        return report->agree() ? kExitOk : kExitFailure;
    }
    std::cout << "plugin-diff A " << plugins[0]->file().string() << " (" << plugins[0]->id() << " "
              << plugins[0]->api().version << ")\n"
              << "plugin-diff B " << plugins[1]->file().string() << " (" << plugins[1]->id() << " "
              << plugins[1]->api().version << ")\n";
    if (report->agree()) {
        std::cout << "agree: " << report->games << " games, ";
        if (report->edges > 0) std::cout << report->edges << " rule edges, ";
        std::cout << report->positions << " positions compared, "
                  << report->perft_positions << " perft divides of depth " << diff.perft_depth << std::endl;
        return kExitOk;
    }
    print_difference(*report->difference, *report, report->games);
    return kExitFailure;
}

}  // namespace arb::cli
