// `arbiter check` at the rule edges ("arbiter.rule-edges/1") of every shipped
// plugin that lists them: the honest engine passes every edge under the
// options each names; an engine lacking one rule (arbiter-mock-engine
// --misbehave ignore-rule=RULE) fails at that rule's edges, named by the
// rule, in every run, with no more than the edges and 4 random positions.
#include "game/plugin.hpp"
#include "game/rule_edges.hpp"

#include "support/child_process.hpp"
#include "support/programs.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace arb;

namespace {

using arb::test::kBin;

struct Shipped {
    game::PluginPtr plugin;
    game::RuleEdges table;
};

// Every plugin in the build's plugins/ folder whose table lists edges.
std::vector<Shipped> shipped_with_edges() {
    std::vector<Shipped> out;
    for (const auto &entry : std::filesystem::directory_iterator(ARBITER_PLUGIN_DIR)) {
        if (entry.path().extension() != ".so") continue;
        auto plugin = game::Plugin::load(entry.path());
        if (!plugin) continue;
        game::RuleEdges table = game::read_rule_edges(**plugin);
        if (table.present) out.push_back({*plugin, std::move(table)});
    }
    return out;
}

std::string option_flags(const game::OptionList &options) {
    std::string out;
    for (const auto &[name, value] : options) out += " --option " + name + "=" + value;
    return out;
}

test::Run check(const std::string &game, const std::string &engine, const game::OptionList &options, int seed) {
    return test::run_command(kBin + "/arbiter check --game " + game + " --engine '" + engine +
                             "' --positions 4 --games 0 --movetime 50 --untimed-limit 500 --seed " +
                             std::to_string(seed) + option_flags(options));
}

using arb::test::lines_of;

}  // namespace

TEST_CASE("every shipped plugin with rule edges lists at least 8, covering each of its rule options",
          "[e2e][check][rule_edges]") {
    std::set<std::string> games;
    for (const auto &[plugin, table] : shipped_with_edges()) {
        INFO(plugin->id());
        games.insert(plugin->id());
        CHECK(table.problems.empty());
        CHECK(table.edges.size() >= 8);
        const arb_game_api &api = plugin->api();
        for (int32_t i = 0; i < api.option_count; ++i) {
            const std::string name = api.options[i].name;
            bool named = false;
            for (const auto &edge : table.edges)
                for (const auto &option : edge.option_list) named = named || option.first == name;
            INFO("option " << name);
            CHECK(named);
        }
        auto run = test::run_command(kBin + "/arbiter plugin-check " + plugin->id() + " --games 2 --fuzz 50");
        INFO(run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("; " + std::to_string(table.edges.size()) + " rule edges (arbiter.rule-edges/1)") !=
              std::string::npos);
    }
    CHECK(games.count("othello") == 1);
    CHECK(games.count("ataxx") == 1);
}

TEST_CASE("the honest engine passes every rule edge, each under the options it names and the others N/A",
          "[e2e][check][rule_edges]") {
    for (const auto &[plugin, table] : shipped_with_edges()) {
        std::set<game::OptionList> settings;
        for (const auto &edge : table.edges) settings.insert(edge.option_list);
        std::set<int> passed;
        for (const auto &options : settings) {
            const std::string engine = kBin + "/arbiter-engine --game " + plugin->id() + " --mode random --seed 3";
            auto run = check(plugin->id(), engine, options, 1);
            INFO(plugin->id() << option_flags(options) << "\n" << run.output);
            CHECK(run.exit_code == 0);
            CHECK(run.output.find("FAIL") == std::string::npos);
            int not_applicable = 0;
            for (const auto &edge : table.edges) {
                const bool here = game::edge_applies(*plugin, edge, options).applies;
                const std::string item = "  rule " + edge.label() + ":";
                if (here) {
                    CHECK(run.output.find("PASS" + item) != std::string::npos);
                    passed.insert(edge.number);
                } else {
                    ++not_applicable;
                    CHECK(run.output.find("N/A" + item) != std::string::npos);
                }
            }
            if (not_applicable > 0)
                CHECK(run.output.find(", " + std::to_string(not_applicable) + " not applicable") != std::string::npos);
        }
        INFO(plugin->id());
        CHECK(passed.size() == table.edges.size());  // every edge was asked in some run
    }
}

TEST_CASE("Ataxx under its default options: the edges of other half-move limits are listed as N/A with what they "
          "need",
          "[e2e][check][rule_edges]") {
    auto run = check("ataxx", kBin + "/arbiter-engine --game ataxx --mode random --seed 3", {}, 1);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    // plugins/ataxx/rule_edges.cpp: edges 10-12 need halfmove_limit 200, 150 and 1000.
    CHECK(run.output.find("N/A  rule edge 10 (halfmove-limit): must not play '0000'\n"
                          "      needs halfmove_limit=200 (here halfmove_limit=100)") != std::string::npos);
    CHECK(run.output.find("N/A  rule edge 12 (halfmove-limit): must not play '0000'\n"
                          "      needs halfmove_limit=1000 (here halfmove_limit=100)") != std::string::npos);
    CHECK(run.output.find(", 3 not applicable") != std::string::npos);
    // The edges come before the random positions.
    CHECK(run.output.find("rule edge 1 (no-voluntary-pass)") < run.output.find("random positions"));
}

TEST_CASE("an engine lacking one rule fails at that rule's edges, named by the rule, in every run",
          "[e2e][check][rule_edges]") {
    int runs = 0;
    std::map<std::string, int> caught;  // "game rule" -> runs that caught it
    for (const auto &[plugin, table] : shipped_with_edges()) {
        std::map<std::string, const game::RuleEdge *> first_edge;  // rule -> its first edge
        for (const auto &edge : table.edges) first_edge.emplace(edge.rule, &edge);
        for (const auto &[rule, edge] : first_edge) {
            for (int seed = 1; seed <= 3; ++seed) {
                const std::string engine = kBin + "/arbiter-mock-engine --game " + plugin->id() + " --seed " +
                                           std::to_string(seed) + " --misbehave ignore-rule=" + rule;
                auto run = check(plugin->id(), engine, edge->option_list, seed);
                ++runs;
                INFO(plugin->id() << " ignore-rule=" << rule << option_flags(edge->option_list) << " seed " << seed
                                  << "\n"
                                  << run.output);
                CHECK(run.exit_code == 1);
                int rule_failures = 0;
                for (const std::string &line : lines_of(run.output))
                    if (line.rfind("FAIL  rule edge ", 0) == 0 && line.find("(" + rule + "):") != std::string::npos)
                        ++rule_failures;
                // No other rule is blamed: an edge of another rule at the same
                // position may fail, but not in that rule's words. Except a rule
                // whose edges hang on the same rule option: an engine lacking the
                // option (how the mock lacks an option's rule) lacks both, as
                // chess's repetition and fifty-moves both hang on `draws`.
                std::set<std::string> rule_options;
                for (const auto &e : table.edges)
                    if (e.rule == rule)
                        for (const auto &option : e.option_list) rule_options.insert(option.first);
                auto shares_option = [&](const game::RuleEdge &other) {
                    for (const auto &option : other.option_list)
                        if (rule_options.count(option.first) > 0) return true;
                    return false;
                };
                for (const auto &other : table.edges)
                    if (other.rule != rule && !shares_option(other))
                        CHECK(run.output.find("      " + other.rule_failure()) == std::string::npos);
                CHECK(rule_failures >= 1);
                CHECK(run.output.find("      " + edge->rule_failure() + ": ") != std::string::npos);
                CHECK(run.output.find("move '", run.output.find("      " + edge->rule_failure() + ": ")) !=
                      std::string::npos);
                CHECK(run.output.find("legal moves from 4 random") != std::string::npos);  // --positions 4, no more
                if (run.exit_code == 1 && rule_failures >= 1) ++caught[plugin->id() + " " + rule];
            }
        }
    }
    for (const auto &[rule, count] : caught) {
        INFO(rule);
        CHECK(count == 3);
    }
    CHECK(runs >= 3 * (6 + 9));  // Othello's 6 rules and Ataxx's 9, at least, 3 seeds each
}

TEST_CASE("arbiter-mock-engine refuses a rule the game's edges do not name, listing those it does",
          "[e2e][check][rule_edges]") {
    auto run = test::run_command("echo quit | " + kBin + "/arbiter-mock-engine --game othello --misbehave ignore-rule=castling");
    INFO(run.output);
    CHECK(run.exit_code == 2);
    CHECK(run.output.find("ignore-rule=castling: the game 'othello' lists no rule edge of that rule; its rules: "
                          "no-voluntary-pass, forced-pass, outflank") != std::string::npos);
}
