// The engine-side UGI parser: every command arbiter sends, and junk.
#include <arbiter/ugi/command.hpp>

#include <catch2/catch.hpp>

#include <random>

using namespace arb::ugi;

namespace {

template <class T>
T parsed(const std::string &line) {
    Command c = parse_command(line);
    INFO(line << " -> " << (std::holds_alternative<Invalid>(c) ? std::get<Invalid>(c).message : "ok"));
    REQUIRE(std::holds_alternative<T>(c));
    return std::get<T>(c);
}

std::string invalid(const std::string &line) {
    Command c = parse_command(line);
    INFO(line);
    REQUIRE(std::holds_alternative<Invalid>(c));
    return std::get<Invalid>(c).message;
}

}  // namespace

TEST_CASE("simple commands, blanks and line ends", "[ugi][parser]") {
    parsed<Ugi>("ugi");
    parsed<IsReady>("isready\r");
    parsed<NewGame>("  uginewgame  \n");
    parsed<Stop>("\tstop");
    parsed<Quit>("quit\r\n");
    parsed<Empty>("");
    parsed<Empty>(" \t \r");
    CHECK(invalid("ugi now") == "ugi: unexpected text 'now'");
    CHECK(invalid("UGI") == "unknown command 'UGI'");
    // Another dialect's handshake is understood (an engine learns the dialect from it).
    CHECK(parsed<Ugi>("uci").dialect == Dialect::Uci);
    CHECK(invalid("ucinewgame") == "unknown command 'ucinewgame'");
}

TEST_CASE("setoption: names and values with spaces, missing value", "[ugi][parser]") {
    auto a = parsed<SetOption>("setoption name game value othello");
    CHECK(a.name == "game");
    CHECK(a.value == "othello");
    auto b = parsed<SetOption>("setoption   name Hash Size  value  64 MB\r");
    CHECK(b.name == "Hash Size");
    CHECK(b.value == "64 MB");
    auto c = parsed<SetOption>("setoption name Clear Hash");
    CHECK(c.name == "Clear Hash");
    CHECK(!c.value);
    auto d = parsed<SetOption>("setoption name path value");
    CHECK(d.value == "");
    CHECK(invalid("setoption").find("expected 'setoption name") != std::string::npos);
    CHECK(invalid("setoption game value x").find("expected 'setoption name") != std::string::npos);
    CHECK(invalid("setoption name value 3") == "setoption: the option name is missing");
    CHECK(invalid("setoption name") == "setoption: the option name is missing");
}

TEST_CASE("position: startpos, fen with spaces, moves with passes", "[ugi][parser]") {
    auto a = parsed<Position>("position startpos moves");
    CHECK(a.startpos);
    CHECK(a.moves.empty());
    auto b = parsed<Position>("position startpos moves f5 d6 pass c3\r");
    CHECK(b.moves == std::vector<std::string>{"f5", "d6", "pass", "c3"});
    auto c = parsed<Position>("position fen ---------------------------OX------XO--------------------------- X moves f5");
    CHECK(!c.startpos);
    CHECK(c.fen == "---------------------------OX------XO--------------------------- X");
    CHECK(c.moves == std::vector<std::string>{"f5"});
    auto d = parsed<Position>("position fen X...O....  X");  // no moves keyword: empty list
    CHECK(d.fen == "X...O.... X");
    CHECK(d.moves.empty());
    auto e = parsed<Position>("position fen a b c moves");
    CHECK(e.fen == "a b c");
    CHECK(parsed<Position>("position startpos").moves.empty());
    CHECK(invalid("position") == "position: expected 'startpos' or 'fen <position>'");
    CHECK(invalid("position fen") == "position fen: the position string is missing");
    CHECK(invalid("position fen moves a1") == "position fen: the position string is missing");
    CHECK(invalid("position start moves") == "position: expected 'startpos' or 'fen', got 'start'");
    CHECK(invalid("position startpos a1") == "position: expected 'moves' after startpos, got 'a1'");
}

TEST_CASE("go: clocks, fixed limits, infinite", "[ugi][parser]") {
    auto a = parsed<Go>("go p1time 60000 p2time 59000 p1inc 600 p2inc 500 movestogo 40");
    CHECK(a.p1time == 60000);
    CHECK(a.p2time == 59000);
    CHECK(a.p1inc == 600);
    CHECK(a.p2inc == 500);
    CHECK(a.movestogo == 40);
    CHECK(a.has_clock());
    CHECK(!a.unlimited());
    CHECK(parsed<Go>("go movetime 500").movetime == 500);
    CHECK(parsed<Go>("go depth 6").depth == 6);
    CHECK(parsed<Go>("go nodes 10000").nodes == 10000);
    CHECK(parsed<Go>("go p1time -15 p2time 100").p1time == -15);  // an overrun clock
    CHECK(parsed<Go>("go").unlimited());
    auto inf = parsed<Go>("go infinite");
    CHECK(inf.infinite);
    CHECK(inf.unlimited());
    CHECK(parsed<Go>("go movetime 0").movetime == 0);
}

TEST_CASE("go: an unknown word is ignored and listed, as UCI asks", "[ugi][parser]") {
    // Before the protocol module the SDK refused the whole line and never
    // answered bestmove, so an SDK engine lost on time to a newer host.
    auto go = parsed<Go>("go wtime 100 p1time 5 ponder");
    CHECK(go.p1time == 5);
    CHECK(go.ignored == std::vector<std::string>{"wtime", "100", "ponder"});
}

TEST_CASE("go: junk is refused with the offending text", "[ugi][parser]") {
    CHECK(invalid("go movetime") == "go: 'movetime' needs a number");
    CHECK(invalid("go movetime abc") == "go: 'movetime' needs an integer, got 'abc'");
    CHECK(invalid("go movetime 12x") == "go: 'movetime' needs an integer, got '12x'");
    CHECK(invalid("go movetime +5") == "go: 'movetime' needs an integer, got '+5'");
    CHECK(invalid("go movetime -1") == "go: 'movetime' must be at least 0, got '-1'");
    CHECK(invalid("go depth 0") == "go: 'depth' must be at least 1, got '0'");
    CHECK(invalid("go nodes -3") == "go: 'nodes' must be at least 1, got '-3'");
    CHECK(invalid("go movestogo 0") == "go: 'movestogo' must be at least 1, got '0'");
    CHECK(invalid("go p1inc -1") == "go: 'p1inc' must be at least 0, got '-1'");
    CHECK(invalid("go movetime 99999999999999999999") ==
          "go: 'movetime' needs an integer, got '99999999999999999999'");
    CHECK(invalid("go depth 3 depth 4") == "go: 'depth' given twice");
    CHECK(invalid("go infinite infinite") == "go: 'infinite' given twice");
    CHECK(invalid("go movetime 100 p1time") == "go: 'p1time' needs a number");
}

TEST_CASE("long and random junk never crashes and gives short messages", "[ugi][parser]") {
    std::string long_word(100000, 'z');
    std::string message = invalid(long_word);
    CHECK(message.size() < 100);
    CHECK(invalid("go nodes " + long_word).size() < 120);
    std::mt19937 rng(12345);
    const std::string alphabet = "go position fen startpos moves setoption name value isready 0123456789-+ \t\r\x01\xff";
    for (int i = 0; i < 20000; ++i) {
        std::string line;
        size_t n = rng() % 60;
        for (size_t k = 0; k < n; ++k) line += alphabet[rng() % alphabet.size()];
        Command c = parse_command(line);
        if (auto *bad = std::get_if<Invalid>(&c)) CHECK(!bad->message.empty());
    }
}
