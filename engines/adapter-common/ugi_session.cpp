#include "ugi_session.hpp"

namespace arb::adapter {

UgiFrontEnd::UgiFrontEnd(std::string program, std::ostream &out, std::ostream &log)
    : out_(out), log_(log), program_(std::move(program)) {}

Expected<bool> UgiFrontEnd::handle(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto [command, args] = split_first(line);
    Expected<void> done;
    if (command.empty()) return true;
    if (command == "ugi") {
        done = start();
        // Both adapters wrap Othello engines; saying so lets arbiter tell a wrong game apart.
        if (done) out_ << "option name game type combo default othello var othello\nugiok" << std::endl;
    } else if (command == "isready") {
        done = sync();
        if (done) out_ << "readyok" << std::endl;
    } else if (command == "uginewgame") {
        position_.reset();
        done = new_game();
    } else if (command == "position") {
        auto position = parse_position(args);
        if (!position) return Unexpected<Error>{position.error()};
        position_ = std::move(*position);
    } else if (command == "go") {
        if (!position_) return fail("'go' before any 'position'");
        auto limits = parse_go(args);
        if (!limits) return Unexpected<Error>{limits.error()};
        done = go(*position_, *limits);
    } else if (command == "quit") {
        return false;
    } else if (command == "setoption") {
        auto w = words(args);
        if (w.size() >= 4 && w[0] == "name" && w[1] == "game" && w[2] == "value" && w[3] != "othello")
            return fail("this adapter wraps Othello engines; it cannot play '" + w[3] + "'");
    } else if (command == "stop" || command == "ponderhit") {
        // 'go' is answered before the next line is read.
    } else {
        log_ << program_ << ": ignoring unknown UGI command '" << line << "'\n";
    }
    if (!done) return Unexpected<Error>{done.error()};
    return true;
}

AdapterArgs split_adapter_args(int argc, char **argv) {
    AdapterArgs split;
    split.own_argc = 1;
    while (split.own_argc < argc && std::string_view(argv[split.own_argc]) != "--") ++split.own_argc;
    for (int i = split.own_argc + 1; i < argc; ++i) split.engine_argv.emplace_back(argv[i]);
    return split;
}

int run_ugi_session(UgiFrontEnd &front_end, std::istream &in, std::ostream &log, std::string_view program) {
    std::string line;
    while (std::getline(in, line)) {
        auto more = front_end.handle(line);
        if (!more) {
            log << program << ": " << more.error().message << std::endl;
            return 1;
        }
        if (!*more) break;
    }
    return 0;
}

}  // namespace arb::adapter
