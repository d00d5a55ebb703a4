// arbiter-fake-cecp: a scripted xboard (CECP) engine for the tests of the
// xboard dialect. It plays no chess: each 'go' (and each move it is given
// out of force mode) is answered with the next entry of --replies, and every
// line it reads is appended to --log, so that a test says what the arbiter
// must send and what it must make of the answers.
//
//   --feature TEXT    print 'feature TEXT' after 'protover 2' (repeatable, in order)
//   --later MS:TEXT   then, MS ms later, 'feature TEXT' (done=0 then done=1)
//   --protocol1       answer 'protover' as a protocol 1 engine does: "Error (unknown command): protover"
//   --replies A,B,..  what each 'go' is answered with; '|' separates lines of one entry
//   --no-pong         never answer 'ping'
//   --log FILE        every line read, one a line
//   --greet TEXT      a line printed at start, before anything is read
//   --hold N          print nothing after 'protover 2' until N more lines are read (GNU Chess
//                     started by the arbiter holds its output so; the handshake's nudges free it)
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

std::vector<std::string> split(const std::string &text, char sep) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, sep);) out.push_back(part);
    return out;
}

}  // namespace

int main(int argc, char **argv) {
    std::vector<std::string> features;
    std::vector<std::pair<int, std::string>> later;
    std::vector<std::string> replies;
    bool protocol1 = false, pong = true;
    int hold = 0;
    std::string held;  // what is printed once `hold` more lines are read
    std::string log_path, greet;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--feature" && has_value) features.push_back(argv[++i]);
        else if (arg == "--later" && has_value) {
            const std::string value = argv[++i];
            const size_t colon = value.find(':');
            later.emplace_back(std::stoi(value.substr(0, colon)), value.substr(colon + 1));
        } else if (arg == "--protocol1") protocol1 = true;
        else if (arg == "--no-pong") pong = false;
        else if (arg == "--replies" && has_value) replies = split(argv[++i], ',');
        else if (arg == "--log" && has_value) log_path = argv[++i];
        else if (arg == "--greet" && has_value) greet = argv[++i];
        else if (arg == "--hold" && has_value) hold = std::stoi(argv[++i]);
        else {
            std::cerr << "arbiter-fake-cecp: unknown argument '" << arg << "'\n";
            return 2;
        }
    }
    std::ofstream log;
    if (!log_path.empty()) log.open(log_path, std::ios::app);
    if (!greet.empty()) std::cout << greet << std::endl;
    size_t next_reply = 0;
    bool force = false;
    auto answer = [&] {
        if (next_reply >= replies.size()) return;
        for (const auto &line : split(replies[next_reply++], '|')) std::cout << line << "\n";
        std::cout.flush();
    };
    for (std::string line; std::getline(std::cin, line);) {
        if (log.is_open()) log << line << std::endl;
        std::string word = line.substr(0, line.find(' '));
        if (!held.empty()) {
            if (--hold > 0) continue;
            std::cout << held << std::flush;
            held.clear();
        }
        if (word == "protover") {
            if (protocol1) {
                std::cout << "Error (unknown command): protover" << std::endl;
                continue;
            }
            if (hold > 0) {
                for (const auto &f : features) held += "feature " + f + "\n";
                continue;
            }
            for (const auto &f : features) std::cout << "feature " << f << "\n";
            std::cout.flush();
            for (const auto &[ms, f] : later) {
                std::this_thread::sleep_for(std::chrono::milliseconds(ms));
                std::cout << "feature " << f << std::endl;
            }
        } else if (word == "ping") {
            if (pong) std::cout << "pong" << line.substr(4) << std::endl;
        } else if (word == "new") {
            force = false;
        } else if (word == "force") {
            force = true;
        } else if (word == "go") {
            force = false;
            answer();
        } else if (word == "quit") {
            return 0;
        } else if (word == "usermove" && !force) {
            answer();
        }
    }
    return 0;
}
