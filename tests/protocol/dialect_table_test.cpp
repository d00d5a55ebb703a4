// One table of every command form of every dialect, fed to every user of the
// protocol module: the module itself (parse, then write back the same line),
// the SDK's engine loop (what an engine's callbacks receive), the host's
// engine layer (the line it writes for the same values) and the adapters'
// readers (UGI rows). The expected values are written by hand from
// docs/protocol.md: side 0 moves first, and is UCI's white but UAI's and
// USI's black.
#include "engine/dialect/dialect_codec.hpp"
#include "engine/ugi_parse.hpp"
#include "ugi_commands.hpp"

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/reply.hpp>
#include <arbiter/ugi/engine_loop.hpp>

#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using arb::protocol::Dialect;
namespace protocol = arb::protocol;

struct GoRow {
    Dialect dialect;
    std::string line;
    std::optional<int64_t> p1time, p2time, p1inc, p2inc, movestogo, movetime, depth, nodes;
    bool infinite = false;
};

constexpr auto kNone = std::nullopt;

const std::vector<GoRow> kGoRows = {
    {Dialect::Ugi, "go p1time 60000 p2time 59000 p1inc 600 p2inc 500 movestogo 40", 60000, 59000, 600, 500, 40, kNone, kNone, kNone},
    {Dialect::Uci, "go wtime 60000 btime 59000 winc 600 binc 500 movestogo 40", 60000, 59000, 600, 500, 40, kNone, kNone, kNone},
    {Dialect::Uai, "go btime 60000 wtime 59000 binc 600 winc 500 movestogo 40", 60000, 59000, 600, 500, 40, kNone, kNone, kNone},
    {Dialect::Usi, "go btime 60000 wtime 59000 binc 600 winc 500 movestogo 40", 60000, 59000, 600, 500, 40, kNone, kNone, kNone},
    {Dialect::Ugi, "go p1time -20 p2time 100", -20, 100, kNone, kNone, kNone, kNone, kNone, kNone},
    {Dialect::Uci, "go wtime -20 btime 100", -20, 100, kNone, kNone, kNone, kNone, kNone, kNone},
    {Dialect::Uai, "go btime -20 wtime 100", -20, 100, kNone, kNone, kNone, kNone, kNone, kNone},
    // USI's clock without increment carries "byoyomi 0", as shogi GUIs send it.
    {Dialect::Usi, "go btime -20 wtime 100 byoyomi 0", -20, 100, kNone, kNone, kNone, kNone, kNone, kNone},
    {Dialect::Ugi, "go movetime 500", kNone, kNone, kNone, kNone, kNone, 500, kNone, kNone},
    {Dialect::Uci, "go movetime 500", kNone, kNone, kNone, kNone, kNone, 500, kNone, kNone},
    {Dialect::Uai, "go movetime 500", kNone, kNone, kNone, kNone, kNone, 500, kNone, kNone},
    {Dialect::Usi, "go btime 0 wtime 0 byoyomi 500", kNone, kNone, kNone, kNone, kNone, 500, kNone, kNone},
    {Dialect::Ugi, "go depth 3", kNone, kNone, kNone, kNone, kNone, kNone, 3, kNone},
    {Dialect::Uci, "go depth 3", kNone, kNone, kNone, kNone, kNone, kNone, 3, kNone},
    {Dialect::Uai, "go depth 3", kNone, kNone, kNone, kNone, kNone, kNone, 3, kNone},
    {Dialect::Usi, "go depth 3", kNone, kNone, kNone, kNone, kNone, kNone, 3, kNone},
    {Dialect::Ugi, "go nodes 1000", kNone, kNone, kNone, kNone, kNone, kNone, kNone, 1000},
    {Dialect::Uci, "go nodes 1000", kNone, kNone, kNone, kNone, kNone, kNone, kNone, 1000},
    {Dialect::Uai, "go nodes 1000", kNone, kNone, kNone, kNone, kNone, kNone, kNone, 1000},
    {Dialect::Usi, "go nodes 1000", kNone, kNone, kNone, kNone, kNone, kNone, kNone, 1000},
    {Dialect::Ugi, "go infinite", kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone, true},
    {Dialect::Uci, "go infinite", kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone, true},
    {Dialect::Uai, "go infinite", kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone, true},
    {Dialect::Usi, "go infinite", kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone, true},
};

struct PositionRow {
    Dialect dialect;
    std::string line;
    bool startpos;
    std::string fen;
    std::vector<std::string> moves;
};

const std::vector<PositionRow> kPositionRows = {
    {Dialect::Ugi, "position startpos", true, "", {}},
    {Dialect::Uci, "position startpos", true, "", {}},
    {Dialect::Uai, "position startpos", true, "", {}},
    {Dialect::Usi, "position startpos", true, "", {}},
    {Dialect::Ugi, "position startpos moves b2 a1", true, "", {"b2", "a1"}},
    {Dialect::Uci, "position startpos moves e2e4 e7e5", true, "", {"e2e4", "e7e5"}},
    {Dialect::Uai, "position startpos moves f1 0000", true, "", {"f1", "0000"}},
    {Dialect::Usi, "position startpos moves 7g7f 3c3d", true, "", {"7g7f", "3c3d"}},
    {Dialect::Ugi, "position fen X...O.... X moves c3", false, "X...O.... X", {"c3"}},
    {Dialect::Uci, "position fen 8/8/8/8/8/8/8/K6k w - - 0 1", false, "8/8/8/8/8/8/8/K6k w - - 0 1", {}},
    {Dialect::Uai, "position fen x5o/7/7/7/7/7/o5x x 0 1 moves g2", false, "x5o/7/7/7/7/7/o5x x 0 1", {"g2"}},
    {Dialect::Usi, "position sfen X2/1O1/3 b - 1 moves 1c", false, "X2/1O1/3 b - 1", {"1c"}},
};

// Lines every dialect reads the same way, but for the handshake and new-game words.
struct SimpleRow {
    Dialect dialect;
    std::string line;
};

const std::vector<SimpleRow> kHandshakes = {
    {Dialect::Ugi, "ugi"}, {Dialect::Uci, "uci"}, {Dialect::Uai, "uai"}, {Dialect::Usi, "usi"}};
const std::vector<SimpleRow> kNewGames = {
    {Dialect::Ugi, "uginewgame"}, {Dialect::Uci, "ucinewgame"}, {Dialect::Uai, "uainewgame"}, {Dialect::Usi, "usinewgame"}};

// An SDK engine that records what the loop hands it.
class Recorder final : public arb::ugi::Engine {
public:
    std::string name() const override { return "recorder"; }
    std::string author() const override { return "tests"; }
    std::vector<arb::ugi::OptionSpec> options() const override { return {arb::ugi::OptionSpec::spin("Hash", 16, 1, 1024)}; }
    std::string set_option(const std::string &n, const std::string &v) override {
        options_set.push_back(n + "=" + v);
        return {};
    }
    std::string new_game() override {
        ++new_games;
        return {};
    }
    void set_dialect(Dialect d) override { dialect = d; }
    std::string set_position(const arb::ugi::Position &p) override {
        position = p;
        return {};
    }
    arb::ugi::SearchResult search(const arb::ugi::Go &go, arb::ugi::SearchContext &) override {
        last_go = go;
        return {"a1", std::nullopt};
    }
    std::optional<Dialect> dialect;
    std::optional<arb::ugi::Position> position;
    std::optional<arb::ugi::Go> last_go;
    std::vector<std::string> options_set;
    int new_games = 0;
};

// The SDK loop after the handshake of `d`: its output so far and the engine.
struct LoopRig {
    Recorder engine;
    std::ostringstream out, log;
    arb::ugi::EngineLoop loop{engine, out, log};
    explicit LoopRig(Dialect d) { loop.handle(std::string(protocol::name(d))); }
};

std::string name_of(Dialect d) { return std::string(protocol::name(d)); }

}  // namespace

TEST_CASE("every go form of every dialect: module, SDK loop, host and adapters agree", "[protocol][table]") {
    for (const auto &row : kGoRows) {
        INFO(name_of(row.dialect) << ": " << row.line);
        // The module: parse, check the values, write the same line back.
        auto command = protocol::parse_command(row.line, row.dialect);
        REQUIRE(std::holds_alternative<protocol::Go>(command));
        const auto &go = std::get<protocol::Go>(command);
        CHECK(go.p1time == row.p1time);
        CHECK(go.p2time == row.p2time);
        CHECK(go.p1inc == row.p1inc);
        CHECK(go.p2inc == row.p2inc);
        CHECK(go.movestogo == row.movestogo);
        CHECK(go.movetime == row.movetime);
        CHECK(go.depth == row.depth);
        CHECK(go.nodes == row.nodes);
        CHECK(go.infinite == row.infinite);
        CHECK(go.ignored.empty());
        CHECK(protocol::format_command(command, row.dialect) == row.line);

        // The SDK loop: the engine's search gets the same values, and answers.
        LoopRig rig(row.dialect);
        rig.loop.handle(row.line);
        REQUIRE(rig.engine.last_go.has_value());
        CHECK(rig.engine.last_go->p1time == row.p1time);
        CHECK(rig.engine.last_go->p2time == row.p2time);
        CHECK(rig.engine.last_go->movetime == row.movetime);
        CHECK(rig.engine.last_go->depth == row.depth);
        CHECK(rig.out.str().find("bestmove a1") != std::string::npos);

        // The host: the dialect's module writes the same values as the same line.
        {
            std::string line;
            arb::engine::make_dialect_codec(row.dialect, nullptr)->append_go(line, go);
            CHECK(line == row.line);
        }

        // The adapters speak UGI to arbiter.
        if (row.dialect == Dialect::Ugi) {
            auto limits = arb::adapter::parse_go(row.line.substr(3));
            REQUIRE(limits.has_value());
            CHECK(limits->time_ms[0] == row.p1time);
            CHECK(limits->time_ms[1] == row.p2time);
            CHECK(limits->movetime_ms == row.movetime);
            CHECK(limits->depth == row.depth);
            CHECK(limits->infinite == row.infinite);
        }
    }
}

TEST_CASE("every position form of every dialect: module, SDK loop, host and adapters agree", "[protocol][table]") {
    for (const auto &row : kPositionRows) {
        INFO(name_of(row.dialect) << ": " << row.line);
        auto command = protocol::parse_command(row.line, row.dialect);
        REQUIRE(std::holds_alternative<protocol::Position>(command));
        const auto &p = std::get<protocol::Position>(command);
        CHECK(p.startpos == row.startpos);
        CHECK(p.fen == row.fen);
        CHECK(p.moves == row.moves);
        CHECK(protocol::format_command(command, row.dialect) == row.line);

        LoopRig rig(row.dialect);
        rig.loop.handle(row.line);
        REQUIRE(rig.engine.position.has_value());
        CHECK(rig.engine.position->fen == row.fen);
        CHECK(rig.engine.position->moves == row.moves);

        // The host's dialect module writes the same position, with "moves"
        // also before an empty list (docs/protocol.md).
        std::string line;
        REQUIRE_FALSE(arb::engine::make_dialect_codec(row.dialect, nullptr)->append_position(line, p).has_value());
        CHECK(line == (row.moves.empty() ? row.line + " moves" : row.line));

        if (row.dialect == Dialect::Ugi) {
            auto parsed = arb::adapter::parse_position(row.line.substr(9));
            REQUIRE(parsed.has_value());
            CHECK(parsed->fen == row.fen);
            CHECK(parsed->moves == row.moves);
        }
    }
}

TEST_CASE("handshake, new game and options in every dialect", "[protocol][table]") {
    for (size_t i = 0; i < kHandshakes.size(); ++i) {
        const Dialect d = kHandshakes[i].dialect;
        INFO(name_of(d));
        auto hello = protocol::parse_command(kHandshakes[i].line, Dialect::Ugi);  // understood in any dialect
        REQUIRE(std::holds_alternative<protocol::Handshake>(hello));
        CHECK(std::get<protocol::Handshake>(hello).dialect == d);
        CHECK(protocol::format_command(hello, d) == kHandshakes[i].line);

        LoopRig rig(d);
        CHECK(rig.engine.dialect == d);
        const std::string ok = kHandshakes[i].line + "ok";
        CHECK(rig.out.str().find("\n" + ok + "\n") != std::string::npos);
        rig.loop.handle(kNewGames[i].line);
        CHECK(rig.engine.new_games == 1);
        rig.loop.handle("setoption name Hash value 64");
        CHECK(rig.engine.options_set == std::vector<std::string>{"Hash=64"});
        CHECK(protocol::format_command(protocol::NewGame{}, d) == kNewGames[i].line);

        // Another dialect's new-game word is not a command of this one.
        const auto &other = kNewGames[(i + 1) % kNewGames.size()].line;
        CHECK(std::holds_alternative<protocol::Invalid>(protocol::parse_command(other, d)));
        // The answer word tells the dialect (handshake errors use it).
        CHECK(protocol::dialect_of_answer(ok) == d);
    }
}

TEST_CASE("an unknown go word is ignored everywhere, and the search still answers", "[protocol][table]") {
    for (Dialect d : protocol::kUciFamily) {
        INFO(name_of(d));
        const std::string line = "go ponder depth 2 searchmoves a1";
        auto go = std::get<protocol::Go>(protocol::parse_command(line, d));
        CHECK(go.depth == 2);
        CHECK(go.ignored == std::vector<std::string>{"ponder", "searchmoves", "a1"});
        LoopRig rig(d);
        rig.loop.handle(line);
        CHECK(rig.out.str().find("bestmove a1") != std::string::npos);
        CHECK(rig.log.str().find("ignored unknown words: ponder searchmoves a1") != std::string::npos);
    }
    auto limits = arb::adapter::parse_go("ponder depth 2");
    REQUIRE(limits.has_value());
    CHECK(limits->depth == 2);
    CHECK(limits->ignored == std::vector<std::string>{"ponder"});
}

TEST_CASE("info lines: the fields the host reads in every dialect", "[protocol][table]") {
    struct Row {
        std::string line;
        std::optional<int> cp, depth;
    };
    const Row rows[] = {
        {"info depth 5 score cp 31 nodes 100 pv e2e4", 31, 5},
        {"info depth 7 score mate 3", protocol::kMateScore, 7},
        {"info depth 7 score mate -2", -protocol::kMateScore, 7},
        {"info depth 4 score mate +", protocol::kMateScore, 4},        // USI
        {"info depth 4 score mate -", -protocol::kMateScore, 4},       // USI
        {"info depth 1 nodes 15 score -135 time 0 pv f1", -135, 1},    // a UAI engine's bare score
        {"info score cs 100 depth 1 seldepth 1", 100, 1},              // UAI centistones
        {"info depth 2 score cp +5", std::nullopt, 2},                 // no '+' in a number
        {"info string score cp 99", std::nullopt, std::nullopt},
    };
    for (const auto &row : rows) {
        INFO(row.line);
        arb::protocol::InfoFields info;
        arb::engine::parse_info_line(row.line, info);
        CHECK(info.score_cp == row.cp);
        CHECK(info.depth == row.depth);
    }
}
