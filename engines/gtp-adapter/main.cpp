// arbiter-gtp-adapter: runs a GTP (Go Text Protocol) Othello engine such as
// GRhino's gtp-rhino behind UGI, the protocol arbiter speaks.
//   arbiter-gtp-adapter [options] -- <gtp engine command...>
#include "adapter.hpp"
#include "gtp_process.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;
using namespace arb::gtp;

namespace {

constexpr const char *kUsage = "usage: arbiter-gtp-adapter [options] -- <gtp engine command...>\n";

bool read_settings(int argc, char **argv, Settings &settings, std::vector<std::string> &engine_argv) {
    int split = 1;
    while (split < argc && std::string(argv[split]) != "--") ++split;
    for (int i = split + 1; i < argc; ++i) engine_argv.emplace_back(argv[i]);

    std::string pass = "auto", rows = "top";
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")
        ("pass", po::value(&pass)->default_value("auto"),
         "passes in the move list: play ('play <colour> pass', standard GTP), skip (the engine passes by "
         "itself, as GRhino does) or auto (play, then skip once the engine refuses)")
        ("rows", po::value(&rows)->default_value("top"),
         "where the engine's row 1 is: top (as ours and GRhino's) or bottom (Go style)")
        ("size", po::value(&settings.size)->default_value(8), "board size (sent with boardsize)")
        ("setup-command", po::value(&settings.setup_command)->default_value("auto"),
         "GTP command that takes a position string, for 'position fen': a name, 'none', or 'auto' "
         "(grhino-setup_board if the engine lists it)")
        ("init", po::value(&settings.init_commands)->composing(),
         "a GTP command sent once at start, e.g. \"set_game Othello\"; may repeat")
        ("name", po::value(&settings.name), "name to report to arbiter (default: the engine's name and version)");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(split, argv).options(desc).run(), vm);
        po::notify(vm);
    } catch (const std::exception &e) {
        std::cerr << "arbiter-gtp-adapter: " << e.what() << "\n" << kUsage << desc;
        return false;
    }
    if (vm.count("help")) {
        std::cout << kUsage << desc;
        std::exit(0);
    }
    if (pass == "auto") settings.pass = PassMode::Auto;
    else if (pass == "play") settings.pass = PassMode::Play;
    else if (pass == "skip") settings.pass = PassMode::Skip;
    else {
        std::cerr << "arbiter-gtp-adapter: --pass takes auto, play or skip, not '" << pass << "'\n";
        return false;
    }
    if (rows == "top") settings.rows = RowOrder::TopDown;
    else if (rows == "bottom") settings.rows = RowOrder::BottomUp;
    else {
        std::cerr << "arbiter-gtp-adapter: --rows takes top or bottom, not '" << rows << "'\n";
        return false;
    }
    if (settings.size < 1 || settings.size > 26) {
        std::cerr << "arbiter-gtp-adapter: --size must be in 1..26\n";
        return false;
    }
    if (engine_argv.empty()) {
        std::cerr << "arbiter-gtp-adapter: no GTP engine command after '--'\n" << kUsage;
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    Settings settings;
    std::vector<std::string> engine_argv;
    if (!read_settings(argc, argv, settings, engine_argv)) return 2;
    auto engine = Process::start(engine_argv);
    if (!engine) {
        std::cerr << "arbiter-gtp-adapter: " << engine.error().message << "\n";
        return 1;
    }
    UgiAdapter adapter(**engine, settings, std::cout, std::cerr);
    std::string line;
    while (std::getline(std::cin, line)) {
        auto more = adapter.handle(line);
        if (!more) {
            std::cerr << "arbiter-gtp-adapter: " << more.error().message << std::endl;
            (*engine)->quit();
            return 1;
        }
        if (!*more) break;
    }
    (*engine)->quit();
    return 0;
}
