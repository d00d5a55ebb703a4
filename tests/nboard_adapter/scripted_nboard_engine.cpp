// A scripted NBoard engine that behaves as NTest was observed to (see
// engines/nboard-adapter/README.md): ~25 lines of banner noise on stdout,
// 'set myname' after 'set depth', a crash on 'hint' before any depth, a
// refusal of 'go' without one, a crash on a malformed 'set game', search
// lines while thinking, "=== MOVE/eval/time" (or Edax's "=== d3 0.00 0.0"),
// "=== PA" when it must pass, and 'pong' after the move when pinged during a
// search (the move --stop-delay MS after the ping: NTest's stop lag, long on
// a busy machine). Its own small Othello (independent of the plugin) checks
// that the game it is sent is legal and picks its move.
//
//   scripted-nboard-engine [--format ntest|edax] [--think-until-ping]
//                          [--stop-delay MS] [--crash-on-go N] [--log FILE]
//                          [--seed S]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Board {
    char cell[64];  // '*' black, 'O' white, '-' empty; a1 = 0, row by row from the top
    int side = 0;   // 0 black, 1 white to move
};

char disc(int side) { return side == 0 ? '*' : 'O'; }

int flips(const Board &b, int square, bool apply, Board *out) {
    if (b.cell[square] != '-') return 0;
    const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    int total = 0;
    for (const auto &d : dirs) {
        int x = square % 8 + d[0], y = square / 8 + d[1], n = 0;
        while (x >= 0 && x < 8 && y >= 0 && y < 8 && b.cell[y * 8 + x] == disc(1 - b.side)) x += d[0], y += d[1], ++n;
        if (n == 0 || x < 0 || x >= 8 || y < 0 || y >= 8 || b.cell[y * 8 + x] != disc(b.side)) continue;
        total += n;
        if (apply)
            for (int k = 1; k <= n; ++k) out->cell[(square / 8 + d[1] * k) * 8 + square % 8 + d[0] * k] = disc(b.side);
    }
    return total;
}

std::vector<int> legal_moves(const Board &b) {
    std::vector<int> moves;
    for (int s = 0; s < 64; ++s)
        if (flips(b, s, false, nullptr) > 0) moves.push_back(s);
    return moves;
}

[[noreturn]] void crash(const std::string &why) {
    std::cerr << "scripted-nboard-engine: " << why << std::endl;
    std::abort();
}

// Plays "F5" or "PA" for the side to move; crashes (as NTest does) on anything illegal.
void play(Board &b, const std::string &move, const std::string &colour) {
    if (colour != (b.side == 0 ? "B" : "W")) crash("move " + colour + "[" + move + "] out of turn");
    if (move == "PA") {
        if (!legal_moves(b).empty()) crash("pass while a move exists");
        b.side = 1 - b.side;
        return;
    }
    if (move.size() != 2 || move[0] < 'A' || move[0] > 'H' || move[1] < '1' || move[1] > '8') crash("bad move " + move);
    int square = (move[1] - '1') * 8 + (move[0] - 'A');
    Board after = b;
    if (flips(b, square, true, &after) == 0) crash("illegal move " + move);
    after.cell[square] = disc(b.side);
    after.side = 1 - b.side;
    b = after;
}

// Reads "(;GM[Othello]...BO[8 <64> <*|O>]B[F5]W[PA]...;)"; crashes on malformed text.
Board read_game(const std::string &ggf) {
    if (ggf.rfind("(;", 0) != 0 || ggf.size() < 4 || ggf.substr(ggf.size() - 2) != ";)") crash("malformed game " + ggf);
    Board b{};
    bool have_board = false;
    size_t i = 2;
    while (i < ggf.size() - 2) {
        size_t open = ggf.find('[', i), close = ggf.find(']', i);
        if (open == std::string::npos || close == std::string::npos || close < open) crash("malformed game " + ggf);
        std::string tag = ggf.substr(i, open - i), value = ggf.substr(open + 1, close - open - 1);
        if (tag == "BO") {
            if (value.size() != 68 || value.substr(0, 2) != "8 " || value[66] != ' ') crash("malformed BO " + value);
            for (int s = 0; s < 64; ++s) b.cell[s] = value[2 + static_cast<size_t>(s)];
            b.side = value[67] == '*' ? 0 : value[67] == 'O' ? 1 : (crash("bad side in BO"), 0);
            have_board = true;
        } else if (tag == "B" || tag == "W") {
            if (!have_board) crash("move before BO");
            play(b, value.substr(0, value.find('/')), tag);
        }
        i = close + 1;
    }
    if (!have_board) crash("no BO in " + ggf);
    return b;
}

std::string square_name(int s) { return std::string(1, static_cast<char>('A' + s % 8)) + static_cast<char>('1' + s / 8); }

}  // namespace

int main(int argc, char **argv) {
    std::string format = "ntest", log_file;
    bool think_until_ping = false;
    long crash_on_go = 0, seed = 0, stop_delay_ms = 0;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--format") format = next();
        else if (a == "--think-until-ping") think_until_ping = true;
        else if (a == "--stop-delay") stop_delay_ms = std::atol(next().c_str());
        else if (a == "--crash-on-go") crash_on_go = std::atol(next().c_str());
        else if (a == "--log") log_file = next();
        else if (a == "--seed") seed = std::atol(next().c_str());
        else { std::cerr << "scripted-nboard-engine: unknown argument " << a << "\n"; return 2; }
    }
    std::ofstream log;
    if (!log_file.empty()) log.open(log_file, std::ios::app);

    // NTest's start-up noise, on stdout.
    std::cout << "Ntest version as of Jan 1 2000\nCopyright (c) Chris Welty\nAll Rights Reserved\n\nHeights:\n";
    for (int h = 0; h < 16; ++h) std::cout << "  " << h << ": s" << h << " 0 0 0\n";
    std::cout << "status Loading book\nstatus\nInit fast flip...Done\n" << std::flush;

    Board board{};
    bool have_game = false;
    int depth = 0;
    long goes = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (log.is_open()) log << line << std::endl;
        std::istringstream in(line);
        std::string command;
        in >> command;
        if (command == "nboard") {
        } else if (command == "set") {
            std::string what;
            in >> what;
            if (what == "depth") {
                in >> depth;
                std::cout << "\nset myname Scripted" << depth << std::endl;
            } else if (what == "game") {
                std::string ggf;
                std::getline(in >> std::ws, ggf);
                board = read_game(ggf);
                have_game = true;
            }
        } else if (command == "ping") {
            std::string n;
            in >> n;
            std::cout << "pong " << n << std::endl;
        } else if (command == "hint") {
            if (depth == 0) crash("hint before set depth");  // NTest dereferences a null player here
            std::cout << "status" << std::endl;
        } else if (command == "go") {
            if (depth == 0 || !have_game) {
                std::cout << "warning Must pick a depth with \"set depth <n>\" first" << std::endl;
                continue;
            }
            if (++goes == crash_on_go) crash("crash on go " + std::to_string(goes));
            auto moves = legal_moves(board);
            std::cout << "status thinking\nnodestats 1234 0.01\n";
            for (int d = 1; d <= 3 && !moves.empty(); ++d)
                std::cout << "search " << square_name(moves[0]) << " " << (d % 2 ? "+1.50" : "-0.25") << " 0 " << d
                          << "\n";
            std::cout << std::flush;
            std::string pong;
            if (think_until_ping) {
                // Ignores the clock, as NTest does at a high depth: only a ping stops it.
                std::string next;
                while (std::getline(std::cin, next)) {
                    if (log.is_open()) log << next << std::endl;
                    std::istringstream p(next);
                    std::string word, n;
                    p >> word >> n;
                    if (word == "ping") {
                        pong = "pong " + n;
                        std::this_thread::sleep_for(std::chrono::milliseconds(stop_delay_ms));
                        break;
                    }
                }
            }
            std::string move = moves.empty() ? "PA" : square_name(moves[static_cast<size_t>(seed + goes) % moves.size()]);
            if (format == "edax") {
                for (char &c : move) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                std::cout << "=== " << move << " 0.00 0.0\n";
            } else {
                std::cout << "=== " << move << (moves.empty() ? "" : "/-0.25/0.01") << "\n";
            }
            std::cout << "status" << std::endl;
            if (!pong.empty()) std::cout << pong << std::endl;
        } else if (command == "quit") {
            return 0;
        }
    }
    return 0;
}
