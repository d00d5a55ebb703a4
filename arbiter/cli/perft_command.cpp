// `arbiter perft`: counts the legal move sequences of exactly N plies, the
// standard check of a move generator (a game that ends earlier counts 0).
#include "cli/command.hpp"
#include "cli/common_options.hpp"

#include <arbiter/sdk/perft.hpp>

#include <chrono>
#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

int perft_command(const Args &args) {
    std::string game_id, position;
    int depth = 0;
    std::vector<std::string> settings, plugin_dirs;
    bool divide = false, timing = false;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("game,g", po::value(&game_id)->required(), "game id (see 'arbiter games') or a plugin file path")
        ("depth,d", po::value(&depth)->required(), "number of plies (>= 1)")
        ("position,p", po::value(&position), "start from this position string instead of the start position")
        ("option,o", po::value(&settings)->composing(), "rule option name=value; may repeat")
        ("divide", po::bool_switch(&divide), "first print 'MOVE COUNT' for every root move")
        ("time", po::bool_switch(&timing), "print the time taken and nodes per second to stderr");
    add_plugin_dir_option(desc, plugin_dirs);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("perft", args, desc, nullptr, vm, "--game G --depth N [--position P] [--option k=v]... [--divide]",
                            code))
        return code;
    if (depth < 1 || depth > 64) {
        std::cerr << "arbiter perft: --depth must be in 1..64, not " << depth << "\n";
        return kExitUsage;
    }
    auto selected = select_game("perft", game_id, plugin_dirs, settings, code);
    if (!selected) return code;
    auto state = game::GameState::create(selected->plugin, selected->options);
    if (!state) {
        std::cerr << "arbiter perft: " << state.error().message << "\n";
        return kExitUsage;
    }
    if (vm.count("position")) {
        if (auto set = state->set_position(position); !set) {
            std::cerr << "arbiter perft: bad position: " << set.error().message << "\n";
            return kExitUsage;
        }
    }

    auto start = std::chrono::steady_clock::now();
    sdk::Perft perft(state->api(), state->raw(), depth);
    uint64_t total = 0;
    if (divide) {
        perft.divide(state->raw(), depth, [&](arb_move move, uint64_t count) {
            std::cout << state->format_move(move) << " " << count << "\n";
            total += count;
        });
    } else {
        total = perft.count(state->raw(), depth);
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "perft " << depth << " " << total << std::endl;
    if (timing)
        std::cerr << "time " << seconds << " s, " << (seconds > 0 ? static_cast<double>(total) / seconds : 0.0)
                  << " nodes/s\n";
    return kExitOk;
}

}  // namespace arb::cli
