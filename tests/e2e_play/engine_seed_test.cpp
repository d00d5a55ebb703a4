// What the engine layer tells an engine about the game's seed and how it
// names an engine: against a shell script that declares 'Seed' and writes
// every line it receives to a file.
#include "engine/protocol_engine.hpp"

#include "support/temp_dir.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

namespace {

using arb::engine::EngineConfig;

// Declares 'Seed' (a capital, as engines spell options) and answers isready.
EngineConfig seed_script(const arb::test::TempDir &dir) {
    const auto log = dir.path() / "received.txt";
    auto script = dir.write("engine.sh", "while read -r line; do\n"
                                         "  printf '%s\\n' \"$line\" >> '" + log.string() + "'\n"
                                         "  case \"$line\" in\n"
                                         "    ugi) printf 'id name Seeded One 1.0\\nid author test\\n"
                                         "option name Seed type spin default 0 min 0 max 2147483647\\nugiok\\n' ;;\n"
                                         "    isready) echo readyok ;;\n"
                                         "    quit) exit 0 ;;\n"
                                         "  esac\n"
                                         "done\n");
    EngineConfig config;
    config.command = "/bin/sh";
    config.args = {script.string()};
    return config;
}

}  // namespace

TEST_CASE("a seeded new game sends the seed to an engine that declares it, before the new-game command",
          "[e2e][engine]") {
    arb::test::TempDir dir;
    EngineConfig config = seed_script(dir);
    config.name = "s";
    auto engine = arb::engine::ProtocolEngine::start(config, {});
    REQUIRE(engine.has_value());
    REQUIRE((*engine)->new_game_seeded(123));
    REQUIRE((*engine)->new_game());  // no seed: none sent
    (*engine)->quit();
    CHECK(arb::test::read_file((dir.path() / "received.txt").string()) ==
          "ugi\nisready\nsetoption name Seed value 123\nuginewgame\nisready\nuginewgame\nisready\nquit\n");
}

TEST_CASE("a seed set in the engine's config stands: the game's seed is not sent", "[e2e][engine]") {
    arb::test::TempDir dir;
    EngineConfig config = seed_script(dir);
    config.name = "s";
    config.ugi_options = {{"seed", "5"}};
    auto engine = arb::engine::ProtocolEngine::start(config, {});
    REQUIRE(engine.has_value());
    REQUIRE((*engine)->new_game_seeded(123));
    (*engine)->quit();
    CHECK(arb::test::read_file((dir.path() / "received.txt").string()) ==
          "ugi\nsetoption name seed value 5\nisready\nuginewgame\nisready\nquit\n");
}

TEST_CASE("an engine without a configured name is named by its id name, else by its program", "[e2e][engine]") {
    arb::test::TempDir dir;
    auto engine = arb::engine::ProtocolEngine::start(seed_script(dir), {});
    REQUIRE(engine.has_value());
    CHECK((*engine)->id_name() == "Seeded One 1.0");
    CHECK((*engine)->name() == "Seeded One 1.0");
    // A configured name wins.
    EngineConfig named = seed_script(dir);
    named.name = "mine";
    auto other = arb::engine::ProtocolEngine::start(named, {});
    REQUIRE(other.has_value());
    CHECK((*other)->name() == "mine");
    // A program that cannot start is named by its file name.
    EngineConfig missing;
    missing.command = arb::test::kBin + "/no-such-engine";
    auto failed = arb::engine::ProtocolEngine::start(missing, {});
    REQUIRE_FALSE(failed.has_value());
    CHECK_THAT(failed.error().message, Catch::Contains("engine 'no-such-engine'"));
}
