// The host's dialect modules (arbiter/engine/dialect/): for one fixed
// position and one fixed set of limits, the lines each dialect writes,
// written out by hand from docs/protocol.md's table (handshake, new game,
// position word, clock words side 0 first, USI's byoyomi).
#include "engine/dialect/dialect_codec.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <string>

namespace {

using arb::engine::DialectCodec;
using arb::engine::make_dialect_codec;
using arb::engine::Reply;
using arb::protocol::Dialect;

arb::protocol::Position fixed_position() {
    arb::protocol::Position p;
    p.startpos = false;
    p.fen = "X...O.... X";
    p.moves = {"a1", "b2"};
    return p;
}

arb::protocol::Go fixed_clock() {
    arb::protocol::Go go;
    go.p1time = 60000;
    go.p2time = 59000;
    go.p1inc = 600;
    go.p2inc = 500;
    go.movestogo = 12;
    return go;
}

arb::protocol::Go fixed_movetime() {
    arb::protocol::Go go;
    go.movetime = 500;
    go.depth = 6;
    return go;
}

struct Lines {
    std::string handshake, answer, new_game, position, startpos, clock, movetime;
};

Lines lines_of(DialectCodec &codec) {
    Lines out;
    out.handshake = codec.handshake();
    out.answer = codec.handshake_answer();
    codec.append_new_game(out.new_game);
    REQUIRE_FALSE(codec.append_position(out.position, fixed_position()).has_value());
    REQUIRE_FALSE(codec.append_position(out.startpos, arb::protocol::Position{}).has_value());
    codec.append_go(out.clock, fixed_clock());
    codec.append_go(out.movetime, fixed_movetime());
    return out;
}

}  // namespace

TEST_CASE("UGI module: ugi/ugiok, uginewgame, fen, p1time first", "[protocol][dialect]") {
    auto codec = make_dialect_codec(Dialect::Ugi, nullptr);
    CHECK(codec->id() == Dialect::Ugi);
    Lines l = lines_of(*codec);
    CHECK(l.handshake == "ugi");
    CHECK(l.answer == "ugiok");
    CHECK(l.new_game == "uginewgame");
    CHECK(l.position == "position fen X...O.... X moves a1 b2");
    CHECK(l.startpos == "position startpos moves");
    CHECK(l.clock == "go p1time 60000 p2time 59000 p1inc 600 p2inc 500 movestogo 12");
    CHECK(l.movetime == "go movetime 500 depth 6");
}

TEST_CASE("UCI module: uci/uciok, ucinewgame, fen, wtime first", "[protocol][dialect]") {
    auto codec = make_dialect_codec(Dialect::Uci, nullptr);
    CHECK(codec->id() == Dialect::Uci);
    Lines l = lines_of(*codec);
    CHECK(l.handshake == "uci");
    CHECK(l.answer == "uciok");
    CHECK(l.new_game == "ucinewgame");
    CHECK(l.position == "position fen X...O.... X moves a1 b2");
    CHECK(l.startpos == "position startpos moves");
    CHECK(l.clock == "go wtime 60000 btime 59000 winc 600 binc 500 movestogo 12");
    CHECK(l.movetime == "go movetime 500 depth 6");
}

TEST_CASE("UAI module: uai/uaiok, uainewgame, fen, btime first (side 0 is black)", "[protocol][dialect]") {
    auto codec = make_dialect_codec(Dialect::Uai, nullptr);
    CHECK(codec->id() == Dialect::Uai);
    Lines l = lines_of(*codec);
    CHECK(l.handshake == "uai");
    CHECK(l.answer == "uaiok");
    CHECK(l.new_game == "uainewgame");
    CHECK(l.position == "position fen X...O.... X moves a1 b2");
    CHECK(l.startpos == "position startpos moves");
    CHECK(l.clock == "go btime 60000 wtime 59000 binc 600 winc 500 movestogo 12");
    CHECK(l.movetime == "go movetime 500 depth 6");
}

TEST_CASE("USI module: usi/usiok, usinewgame, sfen, btime first, movetime as byoyomi", "[protocol][dialect]") {
    auto codec = make_dialect_codec(Dialect::Usi, nullptr);
    CHECK(codec->id() == Dialect::Usi);
    Lines l = lines_of(*codec);
    CHECK(l.handshake == "usi");
    CHECK(l.answer == "usiok");
    CHECK(l.new_game == "usinewgame");
    CHECK(l.position == "position sfen X...O.... X moves a1 b2");
    CHECK(l.startpos == "position startpos moves");
    CHECK(l.clock == "go btime 60000 wtime 59000 binc 600 winc 500 movestogo 12");
    CHECK(l.movetime == "go btime 0 wtime 0 byoyomi 500 depth 6");
}

TEST_CASE("USI module: gameover win|lose|draw, USI_Hash and USI_Ponder its own, in no other module", "[protocol][dialect]") {
    using Result = arb::protocol::GameOver::Result;
    auto usi = make_dialect_codec(Dialect::Usi, nullptr);
    std::string line;
    REQUIRE(usi->append_game_over(line, Result::Win));
    CHECK(line == "gameover win");
    line.clear();
    REQUIRE(usi->append_game_over(line, Result::Lose));
    CHECK(line == "gameover lose");
    line.clear();
    REQUIRE(usi->append_game_over(line, Result::Draw));
    CHECK(line == "gameover draw");
    CHECK(usi->is_standard_option("USI_Hash"));
    CHECK(usi->is_standard_option("usi_ponder"));  // option names are compared as engines do, without case
    CHECK_FALSE(usi->is_standard_option("Hash"));
    // arbiter never sends 'go ponder': USI_Ponder false, unless the user sets it.
    using Options = std::vector<std::pair<std::string, std::string>>;
    CHECK(usi->standard_options({}) == Options{{"USI_Ponder", "false"}});
    CHECK(usi->standard_options({{"USI_Hash", "64"}}) == Options{{"USI_Ponder", "false"}});
    CHECK(usi->standard_options({{"USI_Ponder", "true"}}).empty());
    for (Dialect d : {Dialect::Ugi, Dialect::Uci, Dialect::Uai}) {
        auto codec = make_dialect_codec(d, nullptr);
        INFO(std::string(arb::protocol::name(d)));
        std::string none;
        CHECK_FALSE(codec->append_game_over(none, Result::Win));
        CHECK(none.empty());
        CHECK_FALSE(codec->is_standard_option("USI_Hash"));
        CHECK(codec->standard_options({}).empty());
    }
    // 'bestmove resign' gives the game up in USI; elsewhere it is a move text like any other.
    arb::protocol::InfoFields info;
    CHECK(usi->read_reply("bestmove resign", info).kind == Reply::Kind::Resign);
    CHECK(usi->read_reply("bestmove win", info).kind == Reply::Kind::BestMove);  // the plugin's to judge
    auto uci = make_dialect_codec(Dialect::Uci, nullptr);
    const Reply uci_reply = uci->read_reply("bestmove resign", info);
    CHECK(uci_reply.kind == Reply::Kind::BestMove);
    CHECK(uci_reply.move == "resign");
    // The SDK reads the line back in USI only.
    auto read = arb::protocol::parse_command("gameover lose", Dialect::Usi);
    REQUIRE(std::holds_alternative<arb::protocol::GameOver>(read));
    CHECK(std::get<arb::protocol::GameOver>(read).result == Result::Lose);
    CHECK(std::holds_alternative<arb::protocol::Invalid>(arb::protocol::parse_command("gameover maybe", Dialect::Usi)));
    CHECK(std::holds_alternative<arb::protocol::Invalid>(arb::protocol::parse_command("gameover win", Dialect::Uci)));
    CHECK(arb::protocol::format_command(arb::protocol::GameOver{Result::Draw}, Dialect::Usi) == "gameover draw");
}

TEST_CASE("every module of the UCI family: isready/readyok, setoption, info and bestmove", "[protocol][dialect]") {
    for (Dialect d : arb::protocol::kUciFamily) {
        auto codec = make_dialect_codec(d, nullptr);
        INFO(std::string(arb::protocol::name(d)));
        CHECK(codec->sync() == "isready");
        CHECK(codec->sync_answer() == "readyok");
        std::string option;
        codec->append_option(option, "Hash Size", "64");
        CHECK(option == "setoption name Hash Size value 64");
        option.clear();
        codec->append_option(option, "Clear Hash", "");
        CHECK(option == "setoption name Clear Hash");
        arb::protocol::InfoFields info;
        CHECK(codec->read_reply("info depth 9 score cp -12 nodes 4000", info).kind == Reply::Kind::Info);
        CHECK(info.depth == 9);
        CHECK(info.score_cp == -12);
        CHECK(info.nodes == 4000);
        Reply best = codec->read_reply("bestmove b3 ponder c4", info);
        CHECK(best.kind == Reply::Kind::BestMove);
        CHECK(best.move == "b3");
        CHECK(codec->read_reply("bestmove", info).move.empty());
        CHECK(codec->read_reply("readyok", info).kind == Reply::Kind::Other);
        CHECK(codec->move_in("b3") == std::string("b3"));  // no notation: as sent
    }
}

namespace {

// A notation that writes every text in capitals and counts the plugin calls.
class UpperNotation final : public arb::engine::Notation {
public:
    mutable int positions = 0, moves = 0;
    bool converts(Dialect d) const override { return d == Dialect::Usi || d == Dialect::Ugi; }
    std::optional<std::string> position_out(Dialect, std::string_view text) const override {
        ++positions;
        return upper(text);
    }
    std::optional<std::string> move_out(Dialect, std::string_view text) const override {
        ++moves;
        if (text == "zz") return std::nullopt;  // a text the plugin refuses
        return upper(text);
    }
    std::optional<std::string> move_in(Dialect, std::string_view text) const override {
        std::string out(text);
        for (char &c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return out;
    }

private:
    static std::string upper(std::string_view text) {
        std::string out(text);
        for (char &c : out) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        return out;
    }
};

}  // namespace

TEST_CASE("a converting dialect asks the plugin once per new move, and names a refused text", "[protocol][dialect]") {
    auto notation = std::make_shared<UpperNotation>();
    auto codec = make_dialect_codec(Dialect::Usi, notation);
    arb::protocol::Position p;
    p.startpos = false;
    p.fen = "x...o.... x";
    std::string line;
    REQUIRE_FALSE(codec->append_position(line, p).has_value());
    CHECK(line == "position sfen X...O.... X moves");
    // A game: each position is the last one and one move more.
    for (const char *move : {"a1", "b2", "c3"}) {
        p.moves.emplace_back(move);
        line.clear();
        REQUIRE_FALSE(codec->append_position(line, p).has_value());
    }
    CHECK(line == "position sfen X...O.... X moves A1 B2 C3");
    CHECK(notation->positions == 1);
    CHECK(notation->moves == 3);
    // Another line from the same start: the common moves stand, the rest is asked.
    p.moves = {"a1", "c2"};
    line.clear();
    REQUIRE_FALSE(codec->append_position(line, p).has_value());
    CHECK(line == "position sfen X...O.... X moves A1 C2");
    CHECK(notation->moves == 4);
    // Another start: converted anew.
    p.fen = "o........ o";
    line.clear();
    REQUIRE_FALSE(codec->append_position(line, p).has_value());
    CHECK(line == "position sfen O........ O moves A1 C2");
    CHECK(notation->positions == 2);
    CHECK(notation->moves == 6);
    CHECK(codec->move_in("B3") == std::string("b3"));

    p.moves.emplace_back("zz");
    line.clear();
    auto refused = codec->append_position(line, p);
    REQUIRE(refused.has_value());
    CHECK(refused->kind == arb::engine::FailureKind::Protocol);
    CHECK(refused->message == "the game cannot write the move in usi");
    CHECK(refused->offending_text == "zz");

    // UGI is the plugin's own notation: never converted, whatever the plugin says.
    auto ugi = make_dialect_codec(Dialect::Ugi, notation);
    line.clear();
    p.moves = {"a1"};
    REQUIRE_FALSE(ugi->append_position(line, p).has_value());
    CHECK(line == "position fen o........ o moves a1");
}

TEST_CASE("a rule option maps onto the engine options of its own dialect only", "[protocol][dialect]") {
    arb::engine::GameSetupOptions game;
    game.engine_options = {{Dialect::Uci, "variant", "UCI_Chess960", "true"},
                           {Dialect::Uai, "variant", "UAI_Other", "1"},
                           {Dialect::Uci, "other", "UCI_Other", "x"}};
    auto uci = make_dialect_codec(Dialect::Uci, nullptr)->options_for_rule(game, "variant");
    REQUIRE(uci.size() == 1);
    CHECK(uci[0].name == "UCI_Chess960");
    CHECK(uci[0].value == "true");
    CHECK(make_dialect_codec(Dialect::Ugi, nullptr)->options_for_rule(game, "variant").empty());
    CHECK(make_dialect_codec(Dialect::Uai, nullptr)->options_for_rule(game, "variant").size() == 1);
}

TEST_CASE("a game's next ply, its known moves trusted, converts each move once and writes them all", "[protocol][dialect]") {
    auto notation = std::make_shared<UpperNotation>();
    auto codec = make_dialect_codec(Dialect::Usi, notation);
    arb::protocol::Position p;
    size_t given = 0;
    const char *expected[] = {"position startpos moves", "position startpos moves A1", "position startpos moves A1 B2",
                              "position startpos moves A1 B2 C3"};
    int ply = 0;
    for (const char *move : {"a1", "b2", "c3", "a2"}) {
        std::string line;
        REQUIRE_FALSE(codec->append_position(line, p, given).has_value());
        CHECK(line == expected[ply++]);
        given = p.moves.size();
        p.moves.emplace_back(move);
    }
    CHECK(notation->moves == 3);  // a1, b2, c3; a2 not sent yet
    std::string line;
    REQUIRE_FALSE(codec->append_position(line, p, given).has_value());
    CHECK(line == "position startpos moves A1 B2 C3 A2");
    CHECK(notation->moves == 4);
    // Without the caller's word (known 0) another line from the same start
    // is checked move by move: the common moves stand, the rest is new.
    arb::protocol::Position other;
    other.moves = {"a1", "c1"};
    line.clear();
    REQUIRE_FALSE(codec->append_position(line, other).has_value());
    CHECK(line == "position startpos moves A1 C1");
    CHECK(notation->moves == 5);
}
