// arbiter-gtp-adapter: runs a GTP (Go Text Protocol) Othello engine such as
// GRhino's gtp-rhino behind UGI, the protocol arbiter speaks.
//   arbiter-gtp-adapter [options] -- <gtp engine command...>
#include "adapter.hpp"
#include "gtp_process.hpp"
#include "ugi_session.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;
using namespace arb::gtp;

namespace {

constexpr const char *kProgram = "arbiter-gtp-adapter";
constexpr const char *kUsage = "usage: arbiter-gtp-adapter [options] -- <gtp engine command...>\n";

bool read_settings(int split, char **argv, Settings &settings, std::string &working_dir) {
    bool no_time_left = false;
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
         "GTP command that takes a position string, for 'position fen': a name, 'loadsgf' (the position "
         "in a temporary GGF file, which Edax reads), 'none', or 'auto' (grhino-setup_board if the engine lists "
         "it, else loadsgf if listed)")
        ("no-time-left", po::bool_switch(&no_time_left),
         "never send time_left: the engine keeps the level of its command line (Edax switches to its own "
         "time management once it gets a clock)")
        ("working-dir", po::value(&working_dir), "folder the engine runs in; a relative engine path starts there")
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
    settings.send_time_left = !no_time_left;
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
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    auto args = arb::adapter::split_adapter_args(argc, argv);
    Settings settings;
    std::string working_dir;
    if (!read_settings(args.own_argc, argv, settings, working_dir)) return 2;
    if (args.engine_argv.empty()) {
        std::cerr << kProgram << ": no GTP engine command after '--'\n" << kUsage;
        return 2;
    }
    auto engine = Process::start({args.engine_argv, working_dir});
    if (!engine) {
        std::cerr << kProgram << ": " << engine.error().message << "\n";
        return 1;
    }
    UgiAdapter adapter(*engine, settings, std::cout, std::cerr);
    int status = arb::adapter::run_ugi_session(adapter, std::cin, std::cerr, kProgram);
    (void)engine->quit();
    return status;
}
