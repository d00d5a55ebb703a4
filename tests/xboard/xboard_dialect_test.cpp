// The xboard dialect against a scripted CECP engine (arbiter-fake-cecp):
// feature negotiation (done=0, protocol 1), positions (setboard, edit),
// usermove, clocks, SAN replies, result claims true and false, ping/pong,
// options, and the start failures that name the protocol. Each expected
// line is CECP's, written out here from the protocol's text.
#include "support/programs.hpp"
#include "support/temp_dir.hpp"
#include "engine/protocol_engine.hpp"
#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"
#include "support/plugins.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <sstream>

namespace {

using arb::engine::EngineConfig;
using arb::engine::FailureKind;
using arb::engine::ProtocolEngine;
using arb::protocol::Dialect;
using std::chrono::milliseconds;

const std::string kFake = arb::test::kBin + "/arbiter-fake-cecp";

constexpr const char *kProtocol2Text = "ping=1 setboard=1 usermove=1 myname=\"Fake 1\" done=1";

struct Rig {
    arb::test::TempDir dir;
    arb::game::PluginPtr chess = arb::test::load_plugin("chess");
    arb::engine::GameSetupOptions game = arb::match::engine_game_options(*chess, {});
    std::string log_file = (dir.path() / "received.txt").string();

    EngineConfig config(std::vector<std::string> args, std::optional<Dialect> protocol = Dialect::Xboard) const {
        EngineConfig c;
        c.name = "fake";
        c.command = kFake;
        c.args = std::move(args);
        c.args.insert(c.args.end(), {"--log", log_file});
        c.protocol = protocol;
        return c;
    }
    auto start(const EngineConfig &c) const { return ProtocolEngine::start(c, {}, game); }
    // What the engine read, one line each.
    std::vector<std::string> received() const {
        std::ifstream in(log_file);
        std::vector<std::string> out;
        for (std::string line; std::getline(in, line);) out.push_back(line);
        return out;
    }
    bool got(const std::string &line) const {
        auto lines = received();
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    }
    // One game of chess at 10+0.1 between two fakes answering with `white`
    // and `black` (--replies); `ignore` is black's false_claims: ignore.
    arb::match::GameRecord play(const std::string &white, const std::string &black, bool ignore = false,
                                const arb::match::AdjudicationRules &adjudication = {}) const {
        EngineConfig b = config({"--feature", kProtocol2Text, "--replies", black});
        b.ignore_false_claims = ignore;
        auto w = start(config({"--feature", kProtocol2Text, "--replies", white}));
        auto k = start(b);
        REQUIRE(w);
        REQUIRE(k);
        arb::match::GameSetup setup;
        setup.plugin = chess;
        setup.time_control[0] = setup.time_control[1] = *arb::core::TimeControl::parse("10+0.1");
        setup.adjudication = adjudication;
        return arb::match::play_game(setup, **w, **k);
    }
    // The lines read after the last `marker` line.
    std::vector<std::string> after_last(const std::string &marker) const {
        auto lines = received();
        auto at = std::find(lines.rbegin(), lines.rend(), marker);
        return at == lines.rend() ? std::vector<std::string>{} : std::vector<std::string>(at.base(), lines.end());
    }
};

arb::protocol::Position startpos(std::vector<std::string> moves = {}) { return {true, "", std::move(moves)}; }

arb::protocol::Go fischer(int64_t p1, int64_t p2, int64_t inc) {
    arb::protocol::Go go;
    go.p1time = p1;
    go.p2time = p2;
    go.p1inc = go.p2inc = inc;
    return go;
}

const std::string kProtocol2 = kProtocol2Text;

}  // namespace

TEST_CASE("xboard: the handshake answers each feature and takes the engine's name", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", "sigint=0 frobnicate=1", "--feature", kProtocol2}));
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine);
    CHECK((*engine)->dialect() == Dialect::Xboard);
    CHECK((*engine)->id_name() == "Fake 1");
    CHECK(rig.received().at(0) == "xboard");
    CHECK(rig.received().at(1) == "protover 2");
    for (const char *line : {"accepted ping", "accepted setboard", "accepted usermove", "accepted myname", "accepted done"})
        CHECK(rig.got(line));
    CHECK(rig.got("rejected frobnicate"));  // unknown to CECP's interface: refused, not ignored
    CHECK(rig.got("ping 0"));               // the sync at the end of the handshake
}

TEST_CASE("xboard: done=0 makes the handshake wait past the silence that ends it for done=1", "[xboard]") {
    Rig rig;
    // A startup timeout of 2 s makes the silence that ends a handshake 1 s
    // (half of it): done=1 comes 1.3 s after done=0.
    arb::engine::EngineTimeouts timeouts;
    timeouts.startup = milliseconds(2000);
    auto began = std::chrono::steady_clock::now();
    auto engine = ProtocolEngine::start(
        rig.config({"--feature", "done=0", "--later", "1300:ping=1 usermove=1 done=1", "--replies", "move e7e5"}),
        timeouts, rig.game);
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine);
    CHECK(std::chrono::steady_clock::now() - began >= milliseconds(1300));
    // The features after the wait count: usermove and ping are in use.
    CHECK(rig.got("accepted usermove"));
    REQUIRE((*engine)->new_game());
    auto reply = (*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(2000));
    CHECK(reply);
    CHECK(rig.got("usermove e2e4"));
}

TEST_CASE("xboard: done=0 without done=1 fails at the startup limit, naming what it waited for", "[xboard]") {
    Rig rig;
    EngineConfig c = rig.config({"--feature", "done=0"});
    arb::engine::EngineTimeouts timeouts;
    timeouts.startup = milliseconds(500);
    auto engine = ProtocolEngine::start(c, timeouts, rig.game);
    REQUIRE_FALSE(engine);
    CHECK(engine.error().kind == FailureKind::Stall);
    CHECK_THAT(engine.error().message, Catch::Contains("no 'feature done=1' after 'xboard, protover 2' within 500 ms"));
}

TEST_CASE("xboard: a protocol 1 engine gets CECP's defaults: bare moves, edit, no ping", "[xboard]") {
    Rig rig;
    auto began = std::chrono::steady_clock::now();
    auto engine = rig.start(rig.config({"--protocol1", "--replies", "move e7e5"}));
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine);
    // Its refusal of 'protover' says protocol 1 at once: no wait for features.
    CHECK(std::chrono::steady_clock::now() - began < milliseconds(2500));
    REQUIRE((*engine)->new_game());
    auto reply = (*engine)->go(startpos({"e2e4"}), fischer(60000, 60000, 0), milliseconds(2000));
    INFO((reply ? std::string() : reply.error().message));
    REQUIRE(reply);
    CHECK(reply->move == "e7e5");
    CHECK(rig.got("e2e4"));
    CHECK_FALSE(rig.got("usermove e2e4"));
    for (const auto &line : rig.received()) CHECK(line.rfind("ping", 0) != 0);
}

TEST_CASE("xboard: a position goes as new, force, setboard and the moves, with usermove", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move g8f6"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    const std::string other = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    auto reply = (*engine)->go({false, other, {"e2e4"}}, fischer(60000, 59000, 500), milliseconds(2000));
    INFO((reply ? std::string() : reply.error().message));
    REQUIRE(reply);
    CHECK(reply->move == "g8f6");
    const auto sent = rig.after_last("easy");
    // Right after 'new' nothing needs resetting. The clock: level 0 (no session), the
    // mover's (black's) 59 s as minutes:seconds, a 0.5 s increment; then centiseconds.
    const std::vector<std::string> expected{"force",         "setboard " + other, "ping 2",    "usermove e2e4",
                                            "level 0 0:59 0.5", "time 5900",       "otim 6000", "go"};
    REQUIRE(!sent.empty());
    CHECK(std::vector<std::string>(sent.begin() + 1, sent.end()) == expected);
}

TEST_CASE("xboard: an engine without setboard gets the edit sequence, a2a3 first when black is to move", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", "ping=1 setboard=0 done=1", "--replies", "move e8d8"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    auto reply = (*engine)->go({false, "4k3/8/8/8/8/8/4P3/4K2R b K - 0 1", {}}, fischer(1000, 1000, 0), milliseconds(2000));
    INFO((reply ? std::string() : reply.error().message));
    REQUIRE(reply);
    CHECK(reply->move == "e8d8");
    const auto sent = rig.after_last("force");
    const std::vector<std::string> expected{"a2a3", "edit", "#", "Pe2", "Ke1", "Rh1", "c", "Ke8", "."};
    REQUIRE(sent.size() >= expected.size());
    CHECK(std::vector<std::string>(sent.begin(), sent.begin() + static_cast<long>(expected.size())) == expected);
}

TEST_CASE("xboard: the next ply sends force and the opponent's move only", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move e7e5,move b8c6"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    REQUIRE((*engine)->go_next_ply(startpos({"e2e4"}), 0, fischer(1000, 1000, 0), milliseconds(2000)));
    auto second = (*engine)->go_next_ply(startpos({"e2e4", "e7e5", "g1f3"}), 1, fischer(900, 900, 0), milliseconds(2000));
    INFO((second ? std::string() : second.error().message));
    REQUIRE(second);
    CHECK(second->move == "b8c6");
    // The engine played e7e5 itself: it is not sent back; the level is written once a game.
    CHECK(rig.after_last("otim 100") == std::vector<std::string>{"go", "force", "usermove g1f3", "time 90", "otim 90", "go"});
}

TEST_CASE("xboard: a position that goes on from another move than the engine's starts over", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move e7e5,move b8c6"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    REQUIRE((*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(2000)));
    // arbiter check's random walks: the next position extends the last with a move the engine did not play.
    REQUIRE((*engine)->go(startpos({"e2e4", "c7c5", "g1f3"}), fischer(1000, 1000, 0), milliseconds(2000)));
    CHECK(rig.after_last("new") ==
          std::vector<std::string>{"force", "ping 2", "usermove e2e4", "usermove c7c5", "usermove g1f3", "level 0 0:01 0",
                                   "time 100", "otim 100", "go"});
}

TEST_CASE("xboard: moves in SAN and castling as O-O are read into the plugin's notation", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move Nf6,move O-O,move e7e8Q"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    auto san = (*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(2000));
    REQUIRE(san);
    CHECK(san->move == "g8f6");
    auto castle = (*engine)->go({false, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", {}}, fischer(1000, 1000, 0), milliseconds(2000));
    REQUIRE(castle);
    CHECK(castle->move == "e1g1");
    auto promotion = (*engine)->go({false, "8/4P3/8/8/8/8/8/k3K3 w - - 0 1", {}}, fischer(1000, 1000, 0), milliseconds(2000));
    REQUIRE(promotion);
    CHECK(promotion->move == "e7e8q");  // coordinates with an upper-case piece letter
}

TEST_CASE("xboard: a false result claim loses the game as a false claim, the claim quoted", "[xboard]") {
    Rig rig;
    // Black claims a repetition after 1. e4 e5 2. Nf3: no position has occurred twice.
    auto record = rig.play("move e2e4,move g1f3", "move e7e5,1/2-1/2 {Draw by repetition}");
    INFO(record.reason);
    CHECK(record.termination == arb::match::Termination::FalseClaim);
    CHECK(record.result == ARB_RESULT_WIN_SIDE_0);
    CHECK(record.loser_side == 1);
    CHECK_THAT(record.reason, Catch::Contains("false claim '1/2-1/2 {Draw by repetition}' by fake: the game goes on"));
    CHECK(record.offending_text == "1/2-1/2 {Draw by repetition}");
    CHECK(record.moves.size() == 3);
}

TEST_CASE("xboard: with false_claims ignore a false claim in a game is passed over and the game goes on", "[xboard]") {
    Rig rig;
    // Fool's mate, black claiming a win it has not yet before its mating move.
    auto record = rig.play("move f2f3,move g2g4", "move e7e5,0-1 {Black mates}|move Qh4#", true);
    INFO(record.reason);
    CHECK(record.termination == arb::match::Termination::GameRule);
    CHECK(record.result == ARB_RESULT_WIN_SIDE_1);
    CHECK(record.moves.size() == 4);
}

TEST_CASE("xboard: with false_claims ignore a false claim is passed over and the move counts", "[xboard]") {
    Rig rig;
    EngineConfig c = rig.config({"--feature", kProtocol2, "--replies", "move e7e5,1-0 {White mates}|move b8c6"});
    c.ignore_false_claims = true;
    auto engine = rig.start(c);
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    REQUIRE((*engine)->go_next_ply(startpos({"e2e4"}), 0, fischer(1000, 1000, 0), milliseconds(2000)));
    auto reply = (*engine)->go_next_ply(startpos({"e2e4", "e7e5", "g1f3"}), 1, fischer(1000, 1000, 0), milliseconds(2000));
    INFO((reply ? std::string() : reply.error().message));
    REQUIRE(reply);
    CHECK(reply->move == "b8c6");
}

TEST_CASE("xboard: a claim before the engine's first move of a game is the last game's and passed over", "[xboard]") {
    Rig rig;
    // GNU Chess: the claim after its mating move reaches the arbiter after its pong, in the next game.
    auto engine = rig.start(rig.config({"--feature", kProtocol2, "--replies", "1-0 {White mates}|move e7e5"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    auto reply = (*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(2000));
    INFO((reply ? std::string() : reply.error().message));
    REQUIRE(reply);
    CHECK(reply->move == "e7e5");
}

TEST_CASE("xboard: a true claim ends the game as the rules say", "[xboard]") {
    Rig rig;
    // Fool's mate: black mates with its second move and claims it.
    auto white = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move f2f3,move g2g4"}));
    auto black = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move e7e5,move Qh4#|0-1 {Black mates}"}));
    REQUIRE(white);
    REQUIRE(black);
    arb::match::GameSetup setup;
    setup.plugin = rig.chess;
    setup.time_control[0] = setup.time_control[1] = *arb::core::TimeControl::parse("10+0.1");
    auto record = arb::match::play_game(setup, **white, **black);
    INFO(record.reason);
    CHECK(record.result == ARB_RESULT_WIN_SIDE_1);
    CHECK(record.termination == arb::match::Termination::GameRule);
    REQUIRE(record.moves.size() == 4);
    CHECK(record.moves[3].text == "d8h4");
    // Both engines were told the result by colour (black mated), so the next
    // game's 'new' needs no 'result *' before it.
    REQUIRE((*white)->new_game());
    CHECK(rig.got("result 0-1 {Black wins}"));
    CHECK_FALSE(rig.got("result *"));
}

TEST_CASE("xboard: ping and pong synchronise where UCI has isready, and a missing pong is a stall", "[xboard]") {
    Rig rig;
    EngineConfig c = rig.config({"--feature", kProtocol2, "--no-pong"});
    arb::engine::EngineTimeouts timeouts;
    timeouts.ready = milliseconds(300);
    auto engine = ProtocolEngine::start(c, timeouts, rig.game);
    REQUIRE_FALSE(engine);
    CHECK(engine.error().kind == FailureKind::Stall);
    CHECK_THAT(engine.error().message, Catch::Contains("no 'pong' after 'ping 0' within 300 ms"));
}

TEST_CASE("xboard: a resignation is no move but a resignation, and a refused move is a protocol error, a refused command not", "[xboard]") {
    Rig rig;
    auto engine = rig.start(
        rig.config({"--feature", kProtocol2, "--replies", "resign,Illegal move: sd 1|Illegal move: e2e4"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    auto resigned = (*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(2000));
    REQUIRE(resigned);
    CHECK(resigned->resigned);
    auto refused = (*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(2000));
    // Phalanx's "Illegal move: sd 1" (a command it does not know) is passed over; the refusal of e2e4 is not.
    REQUIRE_FALSE(refused);
    CHECK_THAT(refused.error().message, Catch::Contains("refused a move it was given"));
    CHECK(refused.error().offending_text == "Illegal move: e2e4");
}

TEST_CASE("xboard: feature option= declares options, set as option NAME=VALUE, memory and cores as commands",
          "[xboard]") {
    Rig rig;
    EngineConfig c = rig.config({"--feature", "ping=1 memory=1 smp=1 option=\"Skill -spin 5 0 10\" done=1"});
    c.ugi_options = {{"Skill", "3"}, {"memory", "64"}, {"cores", "2"}};
    auto engine = rig.start(c);
    REQUIRE(engine);
    CHECK((*engine)->warnings().empty());
    CHECK(rig.got("option Skill=3"));
    CHECK(rig.got("memory 64"));
    CHECK(rig.got("cores 2"));
}

TEST_CASE("xboard: a fixed time per move is st in seconds, or a sudden-death clock below a second", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", kProtocol2, "--replies", "move e7e5,move e7e5"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    arb::protocol::Go go;
    go.movetime = 2000;
    REQUIRE((*engine)->go(startpos({"e2e4"}), go, milliseconds(3000)));
    CHECK(rig.got("st 2"));
    go.movetime = 100;
    REQUIRE((*engine)->go(startpos({"d2d4"}), go, milliseconds(3000)));
    CHECK(rig.after_last("usermove d2d4") == std::vector<std::string>{"level 0 0:01 0", "time 10", "otim 10", "go"});
}

TEST_CASE("xboard: a UCI handshake to an xboard engine names xboard and the option, quoting first and last lines",
          "[xboard]") {
    Rig talking;
    EngineConfig c = talking.config({"--greet", "Error (unknown command): uci"}, Dialect::Uci);
    arb::engine::EngineTimeouts timeouts;
    timeouts.startup = milliseconds(300);
    auto failed = ProtocolEngine::start(c, timeouts, talking.game);
    REQUIRE_FALSE(failed);
    const std::string text = arb::engine::describe_start_failure(c, failed.error());
    INFO(text);
    CHECK_THAT(text, Catch::Contains("it answers in xboard (CECP), not uci"));
    CHECK_THAT(text, Catch::Contains("set 'protocol: xboard' for this engine, or proto=xboard"));
    CHECK_THAT(text, Catch::Contains("'Error (unknown command): uci'"));
}

TEST_CASE("xboard: protocol auto goes to xboard at the engine's first xboard line, without waiting", "[xboard]") {
    Rig rig;
    auto began = std::chrono::steady_clock::now();
    auto engine = rig.start(rig.config({"--greet", "Illegal move: ugi", "--feature", kProtocol2}, std::nullopt));
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine);
    CHECK((*engine)->dialect() == Dialect::Xboard);
    CHECK(std::chrono::steady_clock::now() - began < milliseconds(2000));  // not the UGI and UCI shares of 10 s
    CHECK_FALSE(rig.got("uci"));
}

TEST_CASE("xboard: 'resign' ends a game as a resignation", "[xboard]") {
    Rig rig;
    auto record = rig.play("move e2e4,move d2d4", "move e7e5,resign");
    INFO(record.reason);
    CHECK(record.termination == arb::match::Termination::Resigned);
    CHECK(record.result == ARB_RESULT_WIN_SIDE_0);
    CHECK(record.loser_side == 1);
    CHECK(record.reason == "fake resigned");
}

TEST_CASE("xboard: a draw offer is passed over without a draw rule, accepted inside its band", "[xboard]") {
    Rig rig;
    // Fool's mate. Thinking lines "ply score time nodes pv": white +5 cp, black -3 cp, then black offers a
    // draw with e7e5.
    const std::string white = "3 5 1 100 f2f3|move f2f3,move g2g4";
    const std::string black = "3 -3 1 100 e7e5|offer draw|move e7e5,move d8h4";
    auto ignored = rig.play(white, black);
    INFO(ignored.reason);
    CHECK(ignored.termination == arb::match::Termination::GameRule);  // played on to the mate
    CHECK(ignored.moves.size() == 4);
    arb::match::AdjudicationRules draw;
    draw.draw = {true, 10, 8, 0};  // within +-10 cp, 8 moves each, from the start
    auto accepted = rig.play(white, black, false, draw);
    INFO(accepted.reason);
    CHECK(accepted.termination == arb::match::Termination::DrawAdjudication);
    CHECK(accepted.result == ARB_RESULT_DRAW);
    CHECK(accepted.moves.size() == 2);  // after black's 1... e5, not 8 moves each
    CHECK_THAT(accepted.reason, Catch::Contains("draw offer"));
}

TEST_CASE("xboard: a search that times out names xboard's 'move', not 'bestmove'", "[xboard]") {
    Rig rig;
    auto engine = rig.start(rig.config({"--feature", kProtocol2}));  // no replies: every 'go' goes unanswered
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    auto reply = (*engine)->go(startpos({"e2e4"}), fischer(1000, 1000, 0), milliseconds(200));
    REQUIRE_FALSE(reply);
    CHECK(reply.error().kind == FailureKind::Timeout);
    // The figure is the time the search took, so 200 ms or a little more on a busy machine.
    CHECK_THAT(reply.error().message, Catch::Matches("no 'move' after 'go' within 2[0-9][0-9] ms"));
}

TEST_CASE("xboard: Chess960 castling goes to the engine as O-O, and comes back as O-O or the king's two squares",
          "[xboard]") {
    Rig rig;
    rig.game = arb::match::engine_game_options(*rig.chess, {{"variant", "chess960"}});
    auto engine = rig.start(rig.config({"--feature", kProtocol2 + " variants=\"normal,fischerandom\"", "--replies",
                                        "move e8c8,move O-O,move e8e7"}));
    REQUIRE(engine);
    REQUIRE((*engine)->new_game());
    // The plugin writes Chess960 castling as the king taking its rook (e1h1, e8a8); CECP's FRC convention
    // is O-O/O-O-O, and engines also write the king's move to g or c.
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    auto two_squares = (*engine)->go({false, fen, {"e1h1"}}, fischer(1000, 1000, 0), milliseconds(2000));
    INFO((two_squares ? std::string() : two_squares.error().message));
    REQUIRE(two_squares);
    CHECK(rig.got("variant fischerandom"));
    CHECK(rig.got("usermove O-O"));
    CHECK(two_squares->move == "e8a8");
    auto san = (*engine)->go({false, fen, {"e1a1"}}, fischer(1000, 1000, 0), milliseconds(2000));
    REQUIRE(san);
    CHECK(rig.got("usermove O-O-O"));
    CHECK(san->move == "e8h8");  // not O-O-O: white's rook on d1 now guards d8
    auto plain = (*engine)->go({false, fen, {"e1e2"}}, fischer(1000, 1000, 0), milliseconds(2000));
    REQUIRE(plain);
    CHECK(plain->move == "e8e7");  // a king's ordinary move is no castling
}

TEST_CASE("xboard: the handshake nudges a silent engine again until its held features come", "[xboard]") {
    Rig rig;
    // Twenty lines after 'protover 2' before it prints, as GNU Chess on a busy
    // machine needed (up to 19 nudges at 100 ms when measured): the first 19 free nothing.
    EngineConfig c = rig.config({"--hold", "20", "--feature", kProtocol2});
    arb::engine::EngineTimeouts timeouts;
    // A silence of 3000 ms, a nudge each 60 ms (a fiftieth): the features come
    // after 1200 ms, 1800 ms before the silence would end (room for a busy machine).
    timeouts.startup = milliseconds(6000);
    auto engine = ProtocolEngine::start(c, timeouts, rig.game);
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine);
    CHECK(rig.got("accepted setboard"));  // the features were read, not protocol 1's defaults taken
    CHECK((*engine)->id_name() == "Fake 1");
}
