// arbiter-engine: the reference UGI engine. Plays any game plugin found on
// the plugin path, by random moves or MCTS (see engines/README.md).
#include "generic_engine.hpp"
#include "game/plugin_dirs.hpp"

#include <arbiter/ugi/engine_loop.hpp>

#include <boost/program_options.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace po = boost::program_options;

int main(int argc, char **argv) {
    std::string game;
    std::vector<std::string> rule_options;
    std::vector<std::string> plugin_dirs;
    std::string mode = "mcts";
    uint64_t seed = 1;
    int64_t playouts = 0;
    double time_fraction = 0.05;

    po::options_description desc("arbiter-engine: a UGI engine for any arbiter game plugin\n\noptions");
    desc.add_options()
        ("help,h", "show this help")
        ("game", po::value(&game), "game id, e.g. othello (or later: setoption name game value ID)")
        ("option", po::value(&rule_options)->composing(), "rule option name=value of the game; may repeat "
                                                         "(also settable by setoption under the same name)")
        ("mode", po::value(&mode)->default_value(mode), "random: uniformly random legal moves; mcts: UCT search")
        ("seed", po::value(&seed)->default_value(seed), "random seed (moves depend only on it and the positions)")
        ("playouts", po::value(&playouts)->default_value(playouts), "mcts: playouts per move (0: use the go limits)")
        ("time-fraction", po::value(&time_fraction)->default_value(time_fraction),
         "mcts: share of the remaining clock spent on one move (with go p1time/p2time)")
        ("plugin-dir", po::value(&plugin_dirs)->composing(),
         ("folder with game plugins (*.so); may repeat. Also searched: $ARBITER_PLUGIN_PATH, then " +
          arb::game::shipped_plugin_dirs_text()).c_str());
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, desc), vm);
        if (vm.count("help")) {
            std::cout << "usage: arbiter-engine [--game ID] [--option k=v]... [--mode random|mcts] [--seed N]\n"
                         "                      [--playouts N | --time-fraction F] [--plugin-dir DIR]...\n\n"
                      << desc << "\nUGI options: game, mode, seed, playouts and the game's rule options.\n";
            return 0;
        }
        po::notify(vm);
    } catch (const po::error &e) {
        std::cerr << "arbiter-engine: " << e.what() << "\nTry 'arbiter-engine --help'.\n";
        return 2;
    }

    arb::engines::GenericSettings settings;
    if (mode == "random") {
        settings.mode = arb::engines::Mode::Random;
    } else if (mode == "mcts") {
        settings.mode = arb::engines::Mode::Mcts;
    } else {
        std::cerr << "arbiter-engine: --mode must be random or mcts, got '" << mode << "'\n";
        return 2;
    }
    if (playouts < 0 || !(time_fraction > 0.0 && time_fraction <= 1.0)) {
        std::cerr << "arbiter-engine: --playouts must be >= 0 and --time-fraction in (0, 1]\n";
        return 2;
    }
    settings.seed = seed;
    settings.budget.playouts = playouts;
    settings.budget.time_fraction = time_fraction;

    arb::engines::GameSession session(std::vector<std::filesystem::path>(plugin_dirs.begin(), plugin_dirs.end()));
    // Rule options first, so that a --game that lacks one is reported by name.
    for (const auto &setting : rule_options) {
        if (auto ok = session.set_rule_option(setting); !ok) {
            std::cerr << "arbiter-engine: " << ok.error().message << "\n";
            return 2;
        }
    }
    if (!game.empty()) {
        if (auto ok = session.select_game(game); !ok) {
            std::cerr << "arbiter-engine: " << ok.error().message << "\n";
            return 2;
        }
    }
    try {
        arb::engines::GenericEngine engine(std::move(session), settings);
        std::ios::sync_with_stdio(false);
        return arb::ugi::run_loop(engine, std::cin, std::cout, std::cerr);
    } catch (const std::exception &e) {
        std::cerr << "arbiter-engine: " << e.what() << "\n";
        return 1;
    }
}
