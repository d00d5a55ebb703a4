// The UGI-to-GTP translation against a scripted GTP engine (no process):
// which GTP commands each UGI line causes, and what comes back.
#include "adapter.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace arb;
using namespace arb::gtp;

namespace {

// Records every command; answers from a table of exact commands, then of
// first words, else "=" (success, empty).
class FakeEngine final : public IChannel {
public:
    std::vector<std::string> sent;
    std::map<std::string, Reply> exact;
    std::map<std::string, Reply> by_word;

    Expected<Reply> command(const std::string &line) override {
        sent.push_back(line);
        if (auto it = exact.find(line); it != exact.end()) return it->second;
        if (auto it = by_word.find(line.substr(0, line.find(' '))); it != by_word.end()) return it->second;
        return Reply{true, ""};
    }
};

struct Rig {
    FakeEngine engine;
    std::ostringstream out, log;
    Settings settings;

    explicit Rig(std::string commands = "name version list_commands boardsize clear_board play genmove quit") {
        engine.by_word["name"] = {true, "Fake"};
        engine.by_word["version"] = {true, "1.0"};
        engine.by_word["list_commands"] = {true, commands};
        engine.by_word["genmove"] = {true, "F5"};
    }
    // Feeds UGI lines; returns the GTP commands they caused.
    std::vector<std::string> feed(std::initializer_list<const char *> lines, UgiAdapter &adapter) {
        engine.sent.clear();
        for (const char *l : lines) {
            auto r = adapter.handle(l);
            INFO("line " << l << ": " << (r ? std::string() : r.error().message));
            REQUIRE(r.has_value());
        }
        return engine.sent;
    }
};

using Commands = std::vector<std::string>;

}  // namespace

TEST_CASE("adapter handshake names the engine and sets the board size", "[gtp_adapter]") {
    Rig rig;
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    CHECK(rig.feed({"ugi", "isready"}, adapter) == Commands{"name", "version", "list_commands", "boardsize 8"});
    CHECK(rig.out.str() == "id name Fake 1.0 (via arbiter-gtp-adapter)\nid author arbiter-gtp-adapter\n"
                          "option name game type combo default othello var othello\nugiok\nreadyok\n");
    auto quit = adapter.handle("quit");
    REQUIRE(quit.has_value());
    CHECK_FALSE(*quit);
}

TEST_CASE("adapter sends only the moves the engine lacks and answers in our notation", "[gtp_adapter]") {
    Rig rig;
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    rig.out.str("");
    CHECK(rig.feed({"uginewgame", "position startpos moves f5 d6", "go p1time 1000 p2time 1000"}, adapter) ==
          Commands{"clear_board", "play black F5", "play white D6", "genmove black"});
    CHECK(rig.out.str() == "bestmove f5\n");
    // The engine's own move (its genmove) is not sent back; only the reply is new.
    rig.engine.by_word["genmove"] = {true, "C4"};
    CHECK(rig.feed({"position startpos moves f5 d6 f5 e6", "go movetime 10"}, adapter) ==
          Commands{"play white E6", "genmove black"});
    // A position that does not extend the engine's board is replayed from scratch.
    CHECK(rig.feed({"position startpos moves d3", "go depth 3"}, adapter) ==
          Commands{"clear_board", "play black D3", "genmove white"});
    CHECK(rig.out.str() == "bestmove f5\nbestmove c4\nbestmove c4\n");
}

TEST_CASE("adapter passes: auto learns that the engine passes by itself", "[gtp_adapter]") {
    Rig rig;
    rig.engine.exact["play white pass"] = {false, "syntax error"};
    rig.engine.exact["play black pass"] = {false, "syntax error"};
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi", "uginewgame"}, adapter);
    // uginewgame cleared the board already: no second clear_board.
    CHECK(rig.feed({"position startpos moves f5 pass", "go"}, adapter) ==
          Commands{"play black F5", "play white pass", "genmove black"});
    CHECK(rig.log.str().find("assuming it passes by itself") != std::string::npos);
    // From now on passes are not sent at all.
    CHECK(rig.feed({"position startpos moves f5 pass f5 pass", "go"}, adapter) == Commands{"genmove black"});
}

TEST_CASE("adapter passes: play mode sends them, skip mode never does", "[gtp_adapter]") {
    SECTION("play: accepted passes are sent every time") {
        Rig rig;
        rig.settings.pass = PassMode::Play;
        UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
        rig.feed({"ugi"}, adapter);
        CHECK(rig.feed({"position startpos moves pass", "go"}, adapter) ==
              Commands{"clear_board", "play black pass", "genmove white"});
    }
    SECTION("play: a refused pass is an error naming the command") {
        Rig rig;
        rig.settings.pass = PassMode::Play;
        rig.engine.exact["play black pass"] = {false, "syntax error"};
        UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
        rig.feed({"ugi", "position startpos moves pass"}, adapter);
        auto r = adapter.handle("go");
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message.find("refused 'play black pass': syntax error") != std::string::npos);
    }
    SECTION("skip") {
        Rig rig;
        rig.settings.pass = PassMode::Skip;
        UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
        rig.feed({"ugi"}, adapter);
        CHECK(rig.feed({"position startpos moves c4 pass", "go"}, adapter) ==
              Commands{"clear_board", "play black C4", "genmove black"});
    }
}

TEST_CASE("adapter refusals by the engine are errors that name the move", "[gtp_adapter]") {
    Rig rig;
    rig.engine.exact["play black A1"] = {false, "illegal move"};
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi", "position startpos moves a1"}, adapter);
    auto r = adapter.handle("go");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message == "the GTP engine refused 'play black A1': illegal move");
    CHECK(rig.out.str().find("bestmove") == std::string::npos);
}

TEST_CASE("adapter flips rows for a bottom-up engine", "[gtp_adapter]") {
    Rig rig;
    rig.settings.rows = RowOrder::BottomUp;
    rig.engine.by_word["genmove"] = {true, "D3"};
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    rig.out.str("");
    CHECK(rig.feed({"position startpos moves f5", "go"}, adapter) ==
          Commands{"clear_board", "play black F4", "genmove white"});
    CHECK(rig.out.str() == "bestmove d6\n");
}

TEST_CASE("adapter sets up fen positions with the engine's setup command", "[gtp_adapter]") {
    const std::string fen = "---------------------------OX------XXX-------------------------- O";
    SECTION("found in list_commands: the fen's side to move picks the colour") {
        Rig rig("name list_commands clear_board play genmove grhino-setup_board");
        UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
        rig.feed({"ugi"}, adapter);
        std::string position = "position fen " + fen + " moves d6";
        CHECK(rig.feed({position.c_str(), "go"}, adapter) ==
              Commands{"clear_board", "grhino-setup_board " + fen, "play white D6", "genmove black"});
    }
    SECTION("none: a clear error") {
        Rig rig;
        UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
        std::string position = "position fen " + fen + " moves";
        rig.feed({"ugi", position.c_str()}, adapter);
        auto r = adapter.handle("go");
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message.find("--setup-command") != std::string::npos);
    }
}

TEST_CASE("adapter tells clock-aware engines the mover's time", "[gtp_adapter]") {
    Rig rig("name list_commands clear_board play genmove time_left");
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    CHECK(rig.feed({"position startpos moves f5", "go p1time 5000 p2time 7999 p1inc 0 p2inc 0"}, adapter) ==
          Commands{"clear_board", "play black F5", "time_left white 7 0", "genmove white"});
}

TEST_CASE("adapter refuses go without a position and malformed positions", "[gtp_adapter]") {
    Rig rig;
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    auto r = adapter.handle("go");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("before any 'position'") != std::string::npos);
    r = adapter.handle("position somewhere");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("expected 'startpos' or 'fen', got 'somewhere'") != std::string::npos);
    // Unknown commands are logged, not fatal.
    REQUIRE(adapter.handle("debug on").has_value());
    CHECK(rig.log.str().find("ignoring unknown UGI command 'debug on'") != std::string::npos);
}

TEST_CASE("adapter with --no-time-left never sends time_left", "[gtp_adapter]") {
    Rig rig("name list_commands clear_board play genmove time_left");
    rig.settings.send_time_left = false;
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    CHECK(rig.feed({"position startpos moves f5", "go p1time 5000 p2time 7999 p1inc 0 p2inc 0"}, adapter) ==
          Commands{"clear_board", "play black F5", "genmove white"});
}

TEST_CASE("adapter sets up positions through loadsgf with a temporary GGF file", "[gtp_adapter]") {
    // Edax lists loadsgf and reads the start position only from a .ggf file's BO.
    const std::string fen = "---------------------------OX------XXX-------------------------- O";
    Rig rig("name list_commands clear_board play genmove loadsgf");
    std::string file_text, file_name;
    struct Reader final : IChannel {
        FakeEngine &inner;
        std::string &text, &name;
        Reader(FakeEngine &e, std::string &t, std::string &n) : inner(e), text(t), name(n) {}
        Expected<Reply> command(const std::string &line) override {
            if (line.rfind("loadsgf ", 0) == 0) {
                name = line.substr(8);
                std::ifstream in(name);
                std::getline(in, text);
            }
            return inner.command(line);
        }
    } reader(rig.engine, file_text, file_name);
    UgiAdapter adapter(reader, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    std::string position = "position fen " + fen + " moves d6";
    auto sent = rig.feed({position.c_str(), "go"}, adapter);
    REQUIRE(sent.size() == 4);
    CHECK(sent[0] == "clear_board");
    CHECK(sent[1].rfind("loadsgf ", 0) == 0);
    CHECK(sent[2] == "play white D6");
    CHECK(sent[3] == "genmove black");
    // Written by hand from the position string: X -> *, O stays, white to move.
    CHECK(file_text ==
          "(;GM[Othello]PC[arbiter]PB[p1]PW[p2]RE[?]TI[1:00:00]TY[8]"
          "BO[8 ---------------------------O*------***-------------------------- O];)");
    CHECK(file_name.size() > 4);
    CHECK(file_name.substr(file_name.size() - 4) == ".ggf");
    CHECK_FALSE(std::filesystem::exists(file_name));  // removed once the engine has read it
}

TEST_CASE("adapter sets the start up explicitly once a position was loaded (Edax's clear_board)", "[gtp_adapter]") {
    // A scripted engine that behaves as Edax in -gtp mode: clear_board goes
    // back to the last position loaded with loadsgf (the start before any),
    // and 'play black F5' is refused unless its board is the start, where F5
    // is black's legal move. The GGF BO of the start, written by hand:
    const std::string start_bo = "BO[8 ---------------------------O*------*O--------------------------- *]";
    Rig rig("name list_commands clear_board play genmove loadsgf");
    struct Edax final : IChannel {
        FakeEngine &inner;
        std::string start, loaded, board;
        Edax(FakeEngine &e, std::string s) : inner(e), start(s), loaded(s), board(std::move(s)) {}
        Expected<Reply> command(const std::string &line) override {
            if (line.rfind("loadsgf ", 0) == 0) {
                std::ifstream in(line.substr(8));
                std::string text;
                std::getline(in, text);
                size_t bo = text.find("BO[");
                loaded = board = text.substr(bo, text.find(']', bo) + 1 - bo);
            } else if (line == "clear_board") {
                board = loaded;
            } else if (line == "play black F5" && board != start) {
                inner.sent.push_back(line);
                return Reply{false, "illegal move"};
            }
            return inner.command(line);
        }
    } edax(rig.engine, start_bo);
    UgiAdapter adapter(edax, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    // A position-string opening, then a move-sequence opening in the same process.
    rig.feed({"uginewgame", "position fen ---------------------------OX------XXX-------------------------- O moves d6",
              "go"},
             adapter);
    auto sent = rig.feed({"uginewgame", "position startpos moves f5", "go"}, adapter);
    REQUIRE(sent.size() == 5);
    CHECK(sent[0] == "clear_board");  // uginewgame
    CHECK(sent[1] == "clear_board");  // the reset before the start is loaded
    CHECK(sent[2].rfind("loadsgf ", 0) == 0);
    CHECK(edax.board == start_bo);
    CHECK(sent[3] == "play black F5");
    CHECK(sent[4] == "genmove white");
}

TEST_CASE("adapter plays the standard start given as a position string without a setup command", "[gtp_adapter]") {
    Rig rig;  // no setup command at all
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi"}, adapter);
    CHECK(rig.feed({"position fen ---------------------------OX------XO--------------------------- X moves f5",
                    "go"},
                   adapter) == Commands{"clear_board", "play black F5", "genmove white"});
}

TEST_CASE("adapter declares the game option and refuses other games", "[gtp_adapter]") {
    Rig rig;
    UgiAdapter adapter(rig.engine, rig.settings, rig.out, rig.log);
    rig.feed({"ugi", "setoption name game value othello"}, adapter);
    CHECK(rig.out.str().find("option name game type combo default othello var othello\nugiok") != std::string::npos);
    auto r = adapter.handle("setoption name game value gess");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("cannot play 'gess'") != std::string::npos);
}
