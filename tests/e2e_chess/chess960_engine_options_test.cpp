// "arbiter.engine-options/1" as chess uses it: a UCI engine is told
// `setoption name UCI_Chess960 value true` when the rule option
// variant=chess960 and `value false` in standard chess (an engine whose
// default is true, as Sjaak II's, castles e1h1 otherwise), only when it
// declares that option, before the options configured for it; never in UGI.
// The engine here is a shell script that records every line it reads.
#include "e2e_chess/chess_e2e_support.hpp"
#include "engine/protocol_engine.hpp"
#include "match/engine_setup.hpp"
#include "support/plugins.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using arb::protocol::Dialect;

// Writes a UCI/UGI engine that declares the options `declared` (lines such
// as "option name UCI_Chess960 type check default false"), answers the
// handshake and isready, and appends every line it reads to its second
// argument.
fs::path write_engine(const fs::path &dir, const std::string &declared) {
    const fs::path script = dir / "engine.sh";
    std::ofstream out(script);
    out << "log=\"$1\"\n"
        << "while IFS= read -r line; do\n"
        << "  printf '%s\\n' \"$line\" >> \"$log\"\n"
        << "  case \"$line\" in\n"
        << "    uci|ugi) echo 'id name scripted'; printf '%s' '" << declared << "'; echo \"${line}ok\" ;;\n"
        << "    isready) echo readyok ;;\n"
        << "    quit) exit 0 ;;\n"
        << "  esac\n"
        << "done\n";
    return script;
}

struct Started {
    std::string received;  // every line the engine read
    std::vector<std::string> warnings;
    std::vector<std::pair<std::string, std::string>> told;
};

// Starts the script under `dialect` for chess with `rules`, quits it and
// returns what it read.
Started start(const std::string &declared, Dialect dialect, const arb::game::OptionList &rules,
              std::vector<std::pair<std::string, std::string>> configured = {}) {
    const fs::path dir = arb::test::chess::fresh_dir("engine-options");
    arb::engine::EngineConfig config;
    config.name = "scripted";
    config.command = "/bin/sh";
    config.args = {write_engine(dir, declared).string(), (dir / "received.txt").string()};
    config.protocol = dialect;
    config.ugi_options = std::move(configured);
    auto plugin = arb::test::load_plugin("chess");
    auto engine = arb::engine::ProtocolEngine::start(config, arb::engine::EngineTimeouts{},
                                                arb::match::engine_game_options(*plugin, rules));
    INFO((engine ? std::string() : engine.error().message));
    REQUIRE(engine.has_value());
    Started s;
    s.warnings = (*engine)->warnings();
    s.told = (*engine)->game_engine_options();
    (*engine)->quit();
    s.received = arb::test::chess::read(dir / "received.txt");
    fs::remove_all(dir);
    return s;
}

const std::string kDeclares960 = "option name UCI_Chess960 type check default false\n";

}  // namespace

TEST_CASE("a UCI engine is told UCI_Chess960 for variant=chess960", "[e2e][chess][engine-options]") {
    Started s = start(kDeclares960, Dialect::Uci, {{"variant", "chess960"}});
    INFO(s.received);
    CHECK(s.received.find("setoption name UCI_Chess960 value true\n") != std::string::npos);
    // Told before 'isready', the end of the handshake.
    CHECK(s.received.find("setoption name UCI_Chess960") < s.received.find("isready"));
    CHECK(s.warnings.empty());
    CHECK(s.told == std::vector<std::pair<std::string, std::string>>{{"UCI_Chess960", "true"}});
}

TEST_CASE("a UCI engine whose UCI_Chess960 defaults to true is told false in standard chess",
          "[e2e][chess][engine-options]") {
    // Sjaak II declares it so, and castled e1h1 in a game of standard chess.
    Started standard = start("option name UCI_Chess960 type check default true\n", Dialect::Uci, {{"variant", "standard"}});
    INFO(standard.received);
    CHECK(standard.received.find("setoption name UCI_Chess960 value false\n") != std::string::npos);
    CHECK(standard.received.find("setoption name UCI_Chess960") < standard.received.find("isready"));
    CHECK(standard.received.find("value true") == std::string::npos);
    CHECK(standard.told == std::vector<std::pair<std::string, std::string>>{{"UCI_Chess960", "false"}});
    CHECK(standard.warnings.empty());
}

TEST_CASE("UGI engines are not told UCI_Chess960", "[e2e][chess][engine-options]") {
    // UGI engines read the rule option itself (here: not declared, so a warning).
    Started ugi = start(kDeclares960, Dialect::Ugi, {{"variant", "chess960"}});
    CHECK(ugi.received.find("UCI_Chess960") == std::string::npos);
    REQUIRE(ugi.warnings.size() == 1);
    CHECK_THAT(ugi.warnings[0], Catch::Contains("does not declare the rule option 'variant' (set to"));
}

TEST_CASE("an engine that declares no UCI_Chess960 is warned about, not sent it", "[e2e][chess][engine-options]") {
    Started s = start("option name Hash type spin default 16 min 1 max 64\n", Dialect::Uci, {{"variant", "chess960"}});
    CHECK(s.received.find("UCI_Chess960") == std::string::npos);
    REQUIRE(s.warnings.size() == 1);
    CHECK_THAT(s.warnings[0], Catch::Contains("engine 'scripted' does not declare the rule option 'variant' nor "
                                              "'UCI_Chess960' (set to 'chess960')"));
}

TEST_CASE("an option configured for the engine comes after the game's and wins", "[e2e][chess][engine-options]") {
    Started s = start(kDeclares960, Dialect::Uci, {{"variant", "chess960"}}, {{"UCI_Chess960", "false"}});
    const size_t game = s.received.find("setoption name UCI_Chess960 value true\n");
    const size_t own = s.received.find("setoption name UCI_Chess960 value false\n");
    INFO(s.received);
    REQUIRE(game != std::string::npos);
    REQUIRE(own != std::string::npos);
    CHECK(game < own);
}
