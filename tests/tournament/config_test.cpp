#include "config/config_loader.hpp"
#include "core/quote.hpp"

#include "support/skip.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <sys/stat.h>

using arb::config::load_config_file;
using arb::config::load_config_text;
using arb::config::LoadOptions;

namespace {

LoadOptions options_for(const std::filesystem::path &dir) {
    LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir;
    o.out_base_dir = dir;
    o.default_out_dir = "out";
    return o;
}

std::string errors_of(const std::string &yaml, const std::filesystem::path &dir) {
    auto loaded = load_config_text(yaml, "t.yaml", options_for(dir));
    REQUIRE_FALSE(loaded.has_value());
    return loaded.error().message;
}

const char *kGood = R"(event: unit
game: {id: tictactoe}
engines:
  - name: a
    command: sh
    args: [-c, "exit 0"]
  - name: b
    command: sh
    time_control: movetime=0.05
tournament: {type: gauntlet, rounds: 3, games_per_pairing: 4, seed: 99}
concurrency: 3
time_control: 5+0.05
adjudication: {max_plies: 50, resign: {score_cp: 900}}
output: {dir: results}
progress: {interval: 7}
on_interrupt: abandon
)";

}  // namespace

TEST_CASE("a good config loads into the value with every field", "[config]") {
    arb::test::TempDir dir;
    auto loaded = load_config_text(kGood, "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    const auto &c = loaded->config;
    CHECK(c.event == "unit");
    CHECK(c.game.id == "tictactoe");
    REQUIRE(c.engines.size() == 2);
    CHECK(c.engines[0].args == std::vector<std::string>{"-c", "exit 0"});
    CHECK(std::filesystem::path(c.engines[0].command).is_absolute());
    CHECK(c.engines[1].time_control.has_value());
    CHECK(c.schedule.type == arb::config::TournamentType::Gauntlet);
    CHECK(c.schedule.rounds == 3);
    CHECK(c.schedule.games_per_pairing == 4);
    CHECK(c.schedule.seed == 99);
    CHECK(c.concurrency == 3);
    CHECK(c.adjudication.max_plies == 50);
    CHECK(c.adjudication.resign.enabled);
    CHECK(c.adjudication.resign.score_cp == 900);
    CHECK_FALSE(c.adjudication.draw.enabled);
    CHECK(c.out_dir == (dir.path() / "results").string());
    CHECK(c.progress_interval == 7);
    CHECK(c.on_interrupt == arb::config::OnInterrupt::Abandon);
}

TEST_CASE("command-line overrides replace the file's values and are checked", "[config]") {
    arb::test::TempDir dir;
    auto o = options_for(dir.path());
    o.overrides.concurrency = 1;
    o.overrides.rounds = 10;
    o.overrides.seed = 5;
    o.overrides.out_dir = "elsewhere";
    auto loaded = load_config_text(kGood, "t.yaml", o);
    REQUIRE(loaded.has_value());
    CHECK(loaded->config.concurrency == 1);
    CHECK(loaded->config.schedule.rounds == 10);
    CHECK(loaded->config.schedule.seed == 5);
    CHECK(loaded->config.out_dir == (dir.path() / "elsewhere").string());
    o.overrides.concurrency = 0;
    auto bad = load_config_text(kGood, "t.yaml", o);
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().message == "--concurrency must be in 1..1024, got 0");
    // A missing openings file named on the command line is blamed on it, not on a line of the file.
    o.overrides.concurrency.reset();
    o.overrides.openings_file = (dir.path() / "missing.txt").string();
    auto missing = load_config_text(kGood, "t.yaml", o);
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().message == "--openings: openings file " + arb::quote((dir.path() / "missing.txt").string()) +
                                         " not found");
}

TEST_CASE("the effective config written as YAML loads back to the same config", "[config]") {
    arb::test::TempDir dir;
    auto first = load_config_text(kGood, "t.yaml", options_for(dir.path()));
    REQUIRE(first.has_value());
    std::string yaml = arb::config::to_yaml(first->config);
    auto second = load_config_text(yaml, "effective.yaml", options_for(dir.path()));
    INFO(yaml);
    INFO((second ? "" : second.error().message));
    REQUIRE(second.has_value());
    CHECK(arb::config::to_yaml(second->config) == yaml);
}

TEST_CASE("unknown keys are reported with line, column and a did-you-mean", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of(R"(game: {id: tictactoe}
engines:
  - name: a
    comand: sh
  - name: b
    command: sh
tournament:
  rouns: 2
concurency: 2
)", dir.path());
    CHECK(errors == "t.yaml:3:5: engine 'a' needs a 'command'\n"
                    "t.yaml:4:5: unknown key 'comand' in an engine; did you mean 'command'?\n"
                    "t.yaml:8:3: unknown key 'rouns' in tournament; did you mean 'rounds'?\n"
                    "t.yaml:9:1: unknown key 'concurency' in the config; did you mean 'concurrency'?");
}

TEST_CASE("wrong types and values name the place and what was expected", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of(R"(game: tictactoe
engines:
  - {name: a, command: sh, args: --fast}
  - {name: b, command: sh}
tournament: {type: swiss, rounds: many}
concurrency: 0
)", dir.path());
    CHECK(errors == "t.yaml:3:34: engine args must be a list, e.g. [--mode, mcts], got '--fast'\n"
                    "t.yaml:5:20: tournament.type must be one of round-robin, gauntlet, got 'swiss'\n"
                    "t.yaml:5:35: tournament.rounds must be a whole number, got 'many'\n"
                    "t.yaml:6:14: concurrency must be in 1..1024, got 0");
}

TEST_CASE("output.pgn: the move comments' fields load, are off by default, and bad ones are named", "[config]") {
    arb::test::TempDir dir;
    auto plain = load_config_text(kGood, "t.yaml", options_for(dir.path()));
    REQUIRE(plain.has_value());
    CHECK_FALSE(plain->config.pgn_comments.nodes);
    CHECK_FALSE(plain->config.pgn_comments.seldepth);
    CHECK_FALSE(plain->config.pgn_comments.nps);
    CHECK(arb::config::to_yaml(plain->config).find("pgn") == std::string::npos);  // printed only when on

    std::string yaml = kGood;
    yaml.replace(yaml.find("output: {dir: results}"), 22, "output: {dir: results, pgn: {nodes: true, nps: on}}");
    auto loaded = load_config_text(yaml, "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    CHECK(loaded->config.pgn_comments.nodes);
    CHECK_FALSE(loaded->config.pgn_comments.seldepth);
    CHECK(loaded->config.pgn_comments.nps);

    std::string errors = errors_of(R"(game: tictactoe
engines:
  - {name: a, command: sh}
  - {name: b, command: sh}
output:
  pgn: {seldpeth: true, nodes: 1}
)", dir.path());
    CHECK(errors == "t.yaml:6:9: unknown key 'seldpeth' in output.pgn; did you mean 'seldepth'?\n"
                    "t.yaml:6:32: output.pgn.nodes must be true or false (also yes/no, on/off), got '1'");
}

TEST_CASE("output.report_pieces: letters by default, labels when asked, kept in the printed config", "[config]") {
    arb::test::TempDir dir;
    auto plain = load_config_text(kGood, "t.yaml", options_for(dir.path()));
    REQUIRE(plain.has_value());
    CHECK_FALSE(plain->config.report_labels);
    CHECK(arb::config::to_yaml(plain->config).find("report_pieces") == std::string::npos);

    std::string yaml = kGood;
    yaml.replace(yaml.find("output: {dir: results}"), 22, "output: {dir: results, report_pieces: labels}");
    auto loaded = load_config_text(yaml, "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    CHECK(loaded->config.report_labels);
    // config.yaml of the output folder keeps it, so 'arbiter report' draws the same pieces.
    auto again = load_config_text(arb::config::to_yaml(loaded->config), "config.yaml", options_for(dir.path()));
    REQUIRE(again.has_value());
    CHECK(again->config.report_labels);

    const std::string errors = errors_of("game: tictactoe\nengines:\n  - {name: a, command: sh}\n  - {name: b, command: sh}\n"
                                         "output: {report_pieces: kanji}\n", dir.path());
    CHECK_THAT(errors, Catch::Contains("output.report_pieces must be one of letters, labels, got 'kanji'"));
}

TEST_CASE("unknown games and game options are caught through the plugin", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of("game: {id: tictactoo}\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n",
                                   dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:1:12: unknown game 'tictactoo'; did you mean 'tictactoe'?"));
    CHECK_THAT(errors, Catch::EndsWith("; a plugin elsewhere is found with --plugin-dir DIR, with ARBITER_PLUGIN_PATH=DIR, "
                                       "or by its file's path (e.g. ./build/tictactoo.so), or plugin_dirs: in the config"));
    errors = errors_of("game: {id: tictactoe, options: {size: 4}}\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n",
                       dir.path());
    CHECK(errors == "t.yaml:1:33: game 'tictactoe' has no option 'size' (it has no options)");
}

// `arbiter match -engine cmd=` builds its config in code: an empty command is
// refused there as in a YAML file, naming the engine, before anything starts.
TEST_CASE("an empty engine command is an error naming the engine, in YAML and in a config built in code", "[config]") {
    arb::test::TempDir dir;
    CHECK_THAT(errors_of("game: tictactoe\nengines:\n  - {name: a, command: \"\"}\n  - {name: b, command: sh}\n",
                         dir.path()),
               Catch::Contains("t.yaml:3:24: engine 'a': the command is empty"));
    arb::config::TournamentConfig c;
    c.game.id = "tictactoe";
    c.engines.resize(2);
    c.engines[0].name = "a";
    c.engines[0].command = "sh";
    c.engines[1].name = "empty";
    c.out_dir = (dir.path() / "out").string();
    auto checked = arb::config::check_config(c, "arbiter match", options_for(dir.path()));
    REQUIRE_FALSE(checked.has_value());
    CHECK(checked.error().message == "arbiter match: engine 'empty': the command is empty");
}

TEST_CASE("engine programs are resolved like execvp, duplicates and missing ones reported", "[config]") {
    arb::test::TempDir dir;
    auto program = dir.write("bin/engine.sh", "#!/bin/sh\n");
    ::chmod(program.c_str(), 0755);
    std::string errors = errors_of(R"(game: tictactoe
engines:
  - {name: a, command: bin/engine.sh}
  - {name: a, command: ./engine.sh, working_dir: bin}
  - {name: c, command: bin/missing}
  - {name: d, command: no-such-program-anywhere}
)", dir.path());
    CHECK(errors == "t.yaml:4:12: duplicate engine name 'a' (engine names must be unique)\n"
                    "t.yaml:5:24: engine 'c': program 'bin/missing' not found or not executable (looked at " +
                        (dir.path() / "bin/missing").string() + ")\n"
                    "t.yaml:6:24: engine 'd': program 'no-such-program-anywhere' not found or not executable (searched $PATH)");
    // {arbiter_bin} is the folder of the running arbiter.
    auto with_bin = options_for(dir.path());
    with_bin.program_dir = dir.path() / "bin";
    auto placeholder = load_config_text(
        "game: tictactoe\nengines: [{name: a, command: '{arbiter_bin}/engine.sh'}, {name: b, command: sh}]\n", "t.yaml",
        with_bin);
    INFO((placeholder ? "" : placeholder.error().message));
    REQUIRE(placeholder.has_value());
    CHECK(placeholder->config.engines[0].command == program.string());
    // A relative command starts at the working dir, as after chdir + execvp.
    auto loaded = load_config_text(R"(game: tictactoe
engines:
  - {name: a, command: bin/engine.sh}
  - {name: b, command: ./engine.sh, working_dir: bin}
)", "t.yaml", options_for(dir.path()));
    REQUIRE(loaded.has_value());
    CHECK(loaded->config.engines[1].command == program.string());
    CHECK(loaded->config.engines[1].working_dir == (dir.path() / "bin").string());
}

TEST_CASE("engine args are passed as written: not relative to the config, no {arbiter_bin}", "[config]") {
    // docs/config.md: only command and working_dir are resolved; the arbiter
    // cannot know which argument is a path.
    arb::test::TempDir dir;
    auto with_bin = options_for(dir.path());
    with_bin.program_dir = dir.path() / "bin";
    auto loaded = load_config_text(R"(game: tictactoe
engines:
  - {name: a, command: sh, args: [books/main.bin, ./x, '{arbiter_bin}/y', --depth, "3"]}
  - {name: b, command: sh, working_dir: ., args: [../z]}
)", "t.yaml", with_bin);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    CHECK(loaded->config.engines[0].args ==
          std::vector<std::string>{"books/main.bin", "./x", "{arbiter_bin}/y", "--depth", "3"});
    CHECK(loaded->config.engines[1].args == std::vector<std::string>{"../z"});
}

TEST_CASE("openings are checked by the plugin and a bad one names its file line", "[config]") {
    arb::test::TempDir dir;
    dir.write("openings.txt", "# tictactoe openings\nb2 a1\n\nX........ O\nz9\nX...O.... X\n");
    auto loaded = load_config_text(
        "game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\nopenings: {file: openings.txt}\n",
        "t.yaml", options_for(dir.path()));
    REQUIRE_FALSE(loaded.has_value());
    CHECK_THAT(loaded.error().message,
               Catch::StartsWith((dir.path() / "openings.txt").string() + ":5:1: opening rejected by tictactoe: "));
    dir.write("openings.txt", "# tictactoe openings\nb2 a1\n\nX........ O\n");
    loaded = load_config_text(
        "game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\nopenings: {file: openings.txt, order: random}\n",
        "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    REQUIRE(loaded->openings.size() == 2);
    CHECK(loaded->openings[0].moves == std::vector<std::string>{"b2", "a1"});
    CHECK(loaded->openings[0].line == 2);
    CHECK(loaded->openings[1].position == "X........ O");
    CHECK(loaded->openings[1].line == 4);
}

TEST_CASE("YAML syntax errors carry their position", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of("game: {id: tictactoe\nengines: [\n", dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:"));
    CHECK_THAT(errors, Catch::Contains("YAML syntax"));
}

TEST_CASE("sprt needs two engines", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of(R"(game: tictactoe
engines: [{name: a, command: sh}, {name: b, command: sh}, {name: c, command: sh}]
sprt: {elo0: 0, elo1: 10}
)", dir.path());
    CHECK(errors == "t.yaml:3:7: sprt needs exactly two engines, found 3");
}

TEST_CASE("did_you_mean only suggests near words", "[config]") {
    using arb::config::did_you_mean;
    CHECK(did_you_mean("concurency", {"concurrency", "rounds"}) == std::optional<std::string>("concurrency"));
    CHECK_FALSE(did_you_mean("banana", {"concurrency", "rounds"}).has_value());
}

TEST_CASE("game option values are checked through the plugin's descriptors", "[config]") {
    if (!arb::game::find_plugin("baghchal", {ARBITER_PLUGIN_DIR})) ARB_SKIP("built without the Bagh Chal plugin");
    arb::test::TempDir dir;
    std::string errors = errors_of(R"(game:
  id: baghchal
  options: {goats_to_win: 99, capture: sometimes, repetiton: forbid}
engines: [{name: a, command: sh}, {name: b, command: sh}]
)", dir.path());
    CHECK(errors == "t.yaml:3:27: game option 'goats_to_win' must be a whole number in 1..20, got '99'\n"
                    "t.yaml:3:40: game option 'capture' must be one of optional, mandatory, got 'sometimes'\n"
                    "t.yaml:3:51: game 'baghchal' has no option 'repetiton'; did you mean 'repetition'?");
}

TEST_CASE("a boolean game option takes the words every yes/no key takes and the plugin gets true or false",
          "[config]") {
    // Gess declares stop_on_pushoff as a boolean; isolate_plugins is a YAML
    // key read by the same parser. Before one parser served both, 'yes' was
    // accepted for the key and refused for the option.
    arb::test::TempDir dir;
    const auto load = [&](const std::string &value) {
        return load_config_text("game:\n  id: gess\n  options: {stop_on_pushoff: " + value +
                                    "}\nisolate_plugins: " + value +
                                    "\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n",
                                "t.yaml", options_for(dir.path()));
    };
    for (const auto &[word, expected] : std::vector<std::pair<std::string, std::string>>{
             {"yes", "true"}, {"on", "true"}, {"true", "true"}, {"no", "false"}, {"off", "false"}, {"false", "false"}}) {
        INFO(word);
        auto loaded = load(word);
        REQUIRE(loaded.has_value());
        REQUIRE(loaded->config.game.options.size() == 1);
        CHECK(loaded->config.game.options[0].second == expected);
        CHECK(loaded->config.isolate_plugins == (expected == "true"));
    }
    auto bad = load("maybe");
    REQUIRE_FALSE(bad.has_value());
    CHECK_THAT(bad.error().message,
               Catch::Contains("t.yaml:3:30: game option 'stop_on_pushoff' must be true or false (also yes/no, on/off), "
                               "got 'maybe'"));
}

TEST_CASE("SPRT bounds are checked by one rule in YAML and on the command line", "[config]") {
    // The rule of rating::sprt_config_error: 0 < alpha, beta < 1, alpha + beta < 1, elo0 < elo1.
    arb::test::TempDir dir;
    const auto errors = [&](const std::string &sprt) {
        auto loaded = load_config_text("game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\nsprt: " +
                                           sprt + "\n",
                                       "t.yaml", options_for(dir.path()));
        return loaded ? std::string() : loaded.error().message;
    };
    CHECK(errors("{elo0: 0, elo1: 5, alpha: 0.6, beta: 0.5}") ==
          "t.yaml:3:7: sprt: SPRT alpha 0.6 and beta 0.5 must lie in (0, 1) with alpha + beta < 1");
    CHECK(errors("{elo0: 5, elo1: 0}") == "t.yaml:3:7: sprt: SPRT elo0 5 must be below elo1 0");
    // alpha 0.6 alone is a valid test (beta 0.05, sum below 1): the YAML used to refuse it, match to accept it.
    CHECK(errors("{elo0: 0, elo1: 5, alpha: 0.6, beta: 0.05}").empty());
}

TEST_CASE("entries that would silently vanish or break an engine's start are config errors", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of(R"(game: tictactoe
engines:
  - name: a
    command: ""
  - name: ""
    command: sh
  -
  - name: d
    command: sh
    env: {"A=B": x, "": y, OK: z}
)", dir.path());
    CHECK(errors == "t.yaml:4:14: engine 'a': the command is empty\n"
                    "t.yaml:5:11: engine 2: the name is empty\n"
                    // yaml-cpp places an empty entry where the next token starts
                    "t.yaml:8:3: engine 3 is empty (a '-' with nothing after it)\n"
                    "t.yaml:10:11: engine 'd': environment variable name 'A=B' must not be empty or contain '='\n"
                    "t.yaml:10:21: engine 'd': environment variable name '' must not be empty or contain '='");
}

TEST_CASE("duplicate keys and a second YAML document are reported where they are", "[config]") {
    arb::test::TempDir dir;
    std::string errors = errors_of(R"(game: tictactoe
concurrency: 2
engines:
  - {name: a, command: sh, name: b}
  - {name: c, command: sh, env: {X: 1, X: 2}}
concurrency: 4
)", dir.path());
    CHECK(errors == "t.yaml:4:28: key 'name' is written twice in the same map\n"
                    "t.yaml:5:40: key 'X' is written twice in the same map\n"
                    "t.yaml:6:1: key 'concurrency' is written twice in the same map");
    errors = errors_of("game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n---\nconcurrency: 4\n",
                       dir.path());
    CHECK(errors == "t.yaml:3:1: a second YAML document ('---'): a config file holds one document");
    // A leading '---' starts the first document, not a second one.
    auto loaded = load_config_text("---\ngame: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n",
                                   "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    CHECK(loaded.has_value());
}

TEST_CASE("plugin folders are taken relative to the config file and a game file becomes its id", "[config]") {
    arb::test::TempDir dir;
    namespace fs = std::filesystem;
    fs::create_directories(dir.path() / "games");
    fs::create_directories(dir.path() / "more");
    fs::create_directories(dir.path() / "conf");
    fs::copy_file(fs::path(ARBITER_PLUGIN_DIR) / "tictactoe.so", dir.path() / "games/ttt.so");
    auto config = dir.write("conf/t.yaml", "game: ../games/ttt.so\nplugin_dirs: [../more]\n"
                                           "engines: [{name: a, command: sh}, {name: b, command: sh}]\n");
    LoadOptions o;  // no --plugin-dir: only the file says where the game is
    o.out_base_dir = dir.path();
    o.default_out_dir = "out";
    auto loaded = load_config_file(config, o);
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    const auto &c = loaded->config;
    CHECK(c.game.id == "tictactoe");  // records and engines know the game by its id
    CHECK(loaded->plugin->file() == dir.path() / "games/ttt.so");
    CHECK(c.plugin_dirs == std::vector<std::string>{(dir.path() / "games").string(), (dir.path() / "more").string()});
    std::string yaml = arb::config::to_yaml(c);
    CHECK_THAT(yaml, Catch::Contains("id: tictactoe"));
    CHECK_THAT(yaml, Catch::Contains("file: \"" + (dir.path() / "games/ttt.so").string() + "\""));
    // The effective config, read back from elsewhere (as --resume does), finds the same game.
    auto moved = dir.write("elsewhere/config.yaml", yaml);
    auto again = load_config_file(moved, o);
    INFO((again ? "" : again.error().message));
    REQUIRE(again.has_value());
    CHECK(again->plugin->file() == dir.path() / "games/ttt.so");
    CHECK(again->config.plugin_dirs == c.plugin_dirs);
    // --plugin-dir comes first; a folder in the file that does not exist is an error.
    o.plugin_dirs = {dir.path() / "more"};
    auto bad = dir.write("conf/bad.yaml", "game: tictactoe\nplugin_dirs: [../games, nowhere]\n"
                                          "engines: [{name: a, command: sh}, {name: b, command: sh}]\n");
    auto refused = load_config_file(bad, o);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message == bad.string() + ":2:25: plugin_dirs: 'nowhere' is not a folder (looked at " +
                                         (dir.path() / "conf/nowhere").string() + ")");
}

TEST_CASE("offending text in messages is cut to 120 bytes with binary bytes escaped", "[config]") {
    using arb::excerpt;
    CHECK(excerpt("plain") == "plain");
    CHECK(excerpt(std::string("a\nb\tc\x01\x7f", 7)) == "a\\nb\\tc\\x01\\x7f");
    CHECK(excerpt("caf\xc3\xa9 \xff") == "caf\xc3\xa9 \\xff");  // valid UTF-8 kept, a stray byte escaped
    CHECK(excerpt(std::string(300, 'x')) == std::string(120, 'x') + "... (300 bytes)");
    CHECK(excerpt(std::string(119, 'x') + "\xc3\xa9") == std::string(119, 'x') + "... (121 bytes)");  // no half character
    CHECK(arb::quote("it") == "'it'");

    arb::test::TempDir dir;
    std::string huge(1 << 20, 'q');
    std::string errors = errors_of("game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n"
                                   "concurrency: \"" + huge + "\"\ntournament: {type: \"\x01\x02\"}\n", dir.path());
    CHECK(errors.size() < 400);
    CHECK_THAT(errors, Catch::Contains("got '" + std::string(120, 'q') + "... (1048576 bytes)'"));
    CHECK_THAT(errors, Catch::Contains("'\\x01\\x02' holds a control character '\\x01' at byte 1"));  // refused, shown escaped
    dir.write("openings.txt", huge + "\n");
    auto loaded = load_config_text(
        "game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\nopenings: openings.txt\n", "t.yaml",
        options_for(dir.path()));
    REQUIRE_FALSE(loaded.has_value());
    INFO(loaded.error().message.substr(0, 1000));
    CHECK(loaded.error().message.size() < 1000);
    CHECK_THAT(loaded.error().message, Catch::Contains("... (1048576 bytes)"));
}

TEST_CASE("aliases used as meant load, and a duplicate key inside an anchor is reported once, at the anchor", "[config][yaml]") {
    arb::test::TempDir dir;
    auto loaded = load_config_text("game: tictactoe\nengines:\n"
                                   "  - {name: a, command: sh, options: &opts {Hash: 16, Threads: 1}}\n"
                                   "  - {name: b, command: sh, options: *opts}\n",
                                   "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    REQUIRE(loaded->config.engines.size() == 2);
    CHECK(loaded->config.engines[1].ugi_options ==
          std::vector<std::pair<std::string, std::string>>{{"Hash", "16"}, {"Threads", "1"}});
    // The map of the anchor holds the duplicate; the two aliases to it do not
    // repeat the message (the old walk followed every alias and said it three times).
    CHECK(errors_of("game: tictactoe\nengines:\n"
                    "  - {name: a, command: sh, options: &opts {Hash: 16, Hash: 32}}\n"
                    "  - {name: b, command: sh, options: *opts}\n"
                    "  - {name: c, command: sh, options: *opts}\n",
                    dir.path()) == "t.yaml:3:54: key 'Hash' is written twice in the same map");
    // An alias used as a key is the anchor's text.
    CHECK(errors_of("game: tictactoe\nengines:\n  - {name: a, command: sh, env: {HOME: &h HOME, *h : x}}\n"
                    "  - {name: b, command: sh}\n",
                    dir.path()) == "t.yaml:3:49: key 'HOME' is written twice in the same map");
}

TEST_CASE("a recursive alias is an error at the alias, not an endless walk", "[config][yaml]") {
    arb::test::TempDir dir;
    // Through a list: the alias at column 9 names the list that holds it (column 4).
    CHECK(errors_of("x: &x [ *x ]\n", dir.path()) ==
          "t.yaml:1:9: alias '*x' is inside the node it names ('&x' at line 1, column 4): a recursive alias has no end");
    // Through two maps, and in a place the loader reads (an engine's options).
    CHECK(errors_of("game: tictactoe\nengines:\n  - &e\n    name: a\n    command: sh\n    options: {self: *e}\n"
                    "  - {name: b, command: sh}\n",
                    dir.path()) == "t.yaml:6:21: alias '*e' is inside the node it names ('&e' at line 3, column 5): "
                                   "a recursive alias has no end");
}

TEST_CASE("aliases may copy 100000 nodes in all, not one more", "[config][yaml]") {
    arb::test::TempDir dir;
    // &a names a list of 999 scalars: 1000 nodes. 100 aliases to it copy
    // 100 x 1000 = 100000 nodes, the limit: accepted; a 101st is refused at its place.
    std::string list = "[";
    for (int i = 0; i < 999; ++i) list += i ? ",x" : "x";
    list += "]";
    auto with_aliases = [&](int aliases) {
        // The aliases sit in a list under an unknown key, which the loader reports without reading it.
        std::string yaml = "game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n"
                           "anchors: &a " + list + "\ncopies: [";
        for (int i = 0; i < aliases; ++i) yaml += i ? ", *a" : "*a";
        return yaml + "]\n";
    };
    std::string at_limit = errors_of(with_aliases(100), dir.path());
    // Only the two unknown keys: the copies themselves are fine.
    CHECK_THAT(at_limit, Catch::StartsWith("t.yaml:3:1: unknown key 'anchors' in the config"));
    CHECK_THAT(at_limit, Catch::Contains("\nt.yaml:4:1: unknown key 'copies' in the config"));
    CHECK_THAT(at_limit, !Catch::Contains("alias"));
    // "copies: [" is 9 characters and each alias with its ", " 4 more: the
    // 101st starts at column 10 + 100 x 4 = 410.
    CHECK(errors_of(with_aliases(101), dir.path()) ==
          "t.yaml:4:410: alias '*a' takes the nodes copied by aliases past 100000, the limit of a config (nested "
          "aliases multiply; see docs/config.md)");
}

TEST_CASE("a schedule of more than 10000000 games is refused, naming the product", "[config][schedule]") {
    arb::test::TempDir dir;
    const std::string engines = "game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n";
    // Two engines: one pairing. 1 x 1000000 x 10 = 10^7 games, the limit: accepted.
    auto loaded = load_config_text(engines + "tournament: {rounds: 1000000, games_per_pairing: 10}\n", "t.yaml",
                                   options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    CHECK(loaded.has_value());
    CHECK(errors_of(engines + "tournament: {rounds: 1000000, games_per_pairing: 11}\n", dir.path()) ==
          "t.yaml:3:13: tournament: the schedule would hold 11000000 games: 1 pairing (2 engines, round-robin) x "
          "1000000 rounds x 11 games per pairing, more than the limit of 10000000 games (docs/config.md)");
    // Five engines in a gauntlet: 4 pairings; 4 x 1000000 x 1000000 = 4 x 10^12.
    CHECK(errors_of("game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}, {name: c, command: sh},"
                    " {name: d, command: sh}, {name: e, command: sh}]\n"
                    "tournament:\n  type: gauntlet\n  rounds: 1000000\n  games_per_pairing: 1000000\n",
                    dir.path()) ==
          "t.yaml:4:3: tournament: the schedule would hold 4000000000000 games: 4 pairings (5 engines, gauntlet) x "
          "1000000 rounds x 1000000 games per pairing, more than the limit of 10000000 games (docs/config.md)");
    // Sizes from the command line are blamed on it. 3 engines: 3 pairings x 1000000 x 20 = 6 x 10^7.
    auto o = options_for(dir.path());
    o.overrides.rounds = 1000000;
    o.overrides.games_per_pairing = 20;
    auto overridden = load_config_text(
        "game: tictactoe\nengines: [{name: a, command: sh}, {name: b, command: sh}, {name: c, command: sh}]\n"
        "tournament: {rounds: 2}\n",
        "t.yaml", o);
    REQUIRE_FALSE(overridden.has_value());
    CHECK(overridden.error().message ==
          "--rounds 1000000 --games-per-pairing 20: the schedule would hold 60000000 games: 3 pairings (3 engines, "
          "round-robin) x 1000000 rounds x 20 games per pairing, more than the limit of 10000000 games "
          "(docs/config.md)");
}

TEST_CASE("lists nested 500 deep are a syntax error that says so", "[config][yaml]") {
    arb::test::TempDir dir;
    const std::string deep = "game: tictactoe\nx: " + std::string(2000, '[') + std::string(2000, ']') + "\n";
    CHECK_THAT(errors_of(deep, dir.path()),
               Catch::Matches("t\\.yaml:2:[0-9]+: YAML syntax: lists and maps nested too deep \\(the YAML reader "
                              "stops at 500 levels\\)"));
}

TEST_CASE("time_control takes a clock or move time with depth and node caps, and a bad one names its place", "[config]") {
    arb::test::TempDir dir;
    auto loaded = load_config_text(R"(game: tictactoe
engines:
  - {name: a, command: sh, time_control: "movetime=0.5,depth=8"}
  - {name: b, command: sh}
time_control: 10+0.1,nodes=5000
)", "t.yaml", options_for(dir.path()));
    INFO((loaded ? "" : loaded.error().message));
    REQUIRE(loaded.has_value());
    const auto &c = loaded->config;
    CHECK(c.time_control.kind == arb::core::TimeControl::Kind::Clock);
    CHECK(c.time_control.base == std::chrono::milliseconds(10000));
    CHECK(c.time_control.increment == std::chrono::milliseconds(100));
    CHECK(c.time_control.nodes == 5000);
    CHECK_FALSE(c.time_control.depth);
    REQUIRE(c.engines[0].time_control.has_value());
    CHECK(c.engines[0].time_control->kind == arb::core::TimeControl::Kind::MoveTime);
    CHECK(c.engines[0].time_control->move_time == std::chrono::milliseconds(500));
    CHECK(c.engines[0].time_control->depth == 8);
    // The printed config carries the combined texts and reads back the same.
    const std::string yaml = arb::config::to_yaml(c);
    CHECK_THAT(yaml, Catch::Contains("time_control: \"10+0.1,nodes=5000\""));
    CHECK_THAT(yaml, Catch::Contains("time_control: \"movetime=0.5,depth=8\""));

    std::string errors = errors_of(R"(game: tictactoe
engines:
  - {name: a, command: sh, time_control: "10+0.1,movetime=1"}
  - {name: b, command: sh}
time_control: 10+0.1,limit=5
)", dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:3:42: engine time_control: time control '10+0.1,movetime=1': two time "
                                         "parts, '10+0.1' and 'movetime=1'; give one"));
    CHECK_THAT(errors, Catch::Contains("\nt.yaml:5:15: time_control: time control '10+0.1,limit=5': 'limit=5' is for "
                                       "depth or nodes alone"));
}

TEST_CASE("a control character in any config text is refused at its file:line:col, valid UTF-8 kept", "[config][text]") {
    arb::test::TempDir dir;
    const std::string head = "game: tictactoe\nengines:\n  - name: a\n    command: sh\n";
    // Line 6, column 11: the double-quoted value of the option Hash.
    std::string errors = errors_of(head + "    options:\n      Hash: \"16\\nuginewgame\\nposition startpos moves f5\\ngo movetime 1\"\n"
                                          "  - {name: b, command: sh}\n",
                                   dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:6:13: engine option 'Hash': '16\\nuginewgame\\nposition startpos moves "
                                         "f5\\ngo movetime 1' holds a line break '\\n' at byte 3"));
    errors = errors_of(head + "    options: {\"Evil\\nquit\": 1}\n  - {name: b, command: sh}\n", dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:5:15: an engine option name: 'Evil\\nquit' holds a line break '\\n' at byte 5"));
    errors = errors_of(head + "    options: {Hash value 1: 2}\n  - {name: b, command: sh}\n", dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:5:15: engine 'a': the option name 'Hash value 1' holds the word 'value'"));
    errors = errors_of("game: tictactoe\nengines:\n  - {name: \"\\e]0;pwned\\a\\e[2J\", command: sh}\n  - {name: b, command: sh}\n",
                       dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:3:12: engine name: '\\x1b]0;pwned\\x07\\x1b[2J' holds a control character "
                                         "'\\x1b' at byte 1"));
    errors = errors_of(std::string("event: \"ev\\0t\"\n") + kGood, dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:1:8: event: 'ev\\x00t' holds a NUL byte '\\x00' at byte 3"));
    errors = errors_of("game: \"tic\\ttactoe\"\nengines: [{name: a, command: sh}, {name: b, command: sh}]\n", dir.path());
    CHECK_THAT(errors, Catch::StartsWith("t.yaml:1:7: game: 'tic\\ttactoe' holds a control character '\\t' at byte 4"));

    auto loaded = load_config_text("game: tictactoe\nengines:\n  - {name: \"Tigre \xc3\xb1\", command: sh, options: {Style: \xc3\xa9l\xc3\xa9gant}}\n"
                                   "  - {name: b, command: sh}\n",
                                   "t.yaml", options_for(dir.path()));
    INFO((loaded ? std::string() : loaded.error().message));
    REQUIRE(loaded.has_value());
    CHECK(loaded->config.engines[0].name == "Tigre \xc3\xb1");
}
