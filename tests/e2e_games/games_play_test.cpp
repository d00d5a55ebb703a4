// Every shipped game through `arbiter play` between real engine processes:
// generic engines finish with a legal result, and Bagh Chal's repetition rule
// acts in a real game under each of its options.
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/plugins.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <unistd.h>

namespace {

using arb::test::field;

using arb::test::kBin;
using arb::test::kPlugins;

// A UGI engine that plays a fixed list of moves, one per 'go', whatever the
// position: the test decides every move, the arbiter judges them.
std::string scripted_engine(const std::filesystem::path &dir, const std::string &name,
                            const std::vector<std::string> &moves) {
    auto path = dir / name;
    std::ofstream out(path);
    out << "#!/bin/sh\nset --";
    for (const auto &m : moves) out << " " << m;
    out << "\nwhile read -r line; do\n"
           "  case \"$line\" in\n"
           "    ugi) echo 'id name " << name << "'; echo ugiok ;;\n"
           "    isready) echo readyok ;;\n"
           "    go*) echo \"bestmove $1\"; shift ;;\n"
           "    quit) exit 0 ;;\n"
           "  esac\n"
           "done\n";
    out.close();
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
}

struct Shuffle {
    std::string position;  // goats to move, all goats placed
    std::string goat_out, tiger_out, goat_back, tiger_back;
};

// Finds, along seeded random games, a position after the placement phase
// where a goat and a tiger can each step away and back (no captures).
Shuffle find_shuffle() {
    std::mt19937 rng(11);
    for (int attempt = 0; attempt < 500; ++attempt) {
        auto state = arb::test::new_game("baghchal", {{"repetition", "none"}});
        for (int ply = 0; ply < 60 && !state.over(); ++ply) {
            auto moves = state.legal_moves();
            state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
            std::string pos = state.position();
            if (state.over() || pos.find(" G 0 ") == std::string::npos) continue;
            for (const auto &goat : arb::test::legal_move_texts(state)) {
                auto after_goat = state;
                arb::test::play_text(after_goat, goat);
                std::string goat_back = goat.substr(3, 2) + "-" + goat.substr(0, 2);
                for (const auto &tiger : arb::test::legal_move_texts(after_goat)) {
                    if (tiger.find('x') != std::string::npos || after_goat.over()) continue;
                    auto after_tiger = after_goat;
                    arb::test::play_text(after_tiger, tiger);
                    std::string tiger_back = tiger.substr(3, 2) + "-" + tiger.substr(0, 2);
                    auto texts = arb::test::legal_move_texts(after_tiger);
                    if (std::find(texts.begin(), texts.end(), goat_back) == texts.end()) continue;
                    auto after_back = after_tiger;
                    arb::test::play_text(after_back, goat_back);
                    auto tiger_texts = arb::test::legal_move_texts(after_back);
                    if (std::find(tiger_texts.begin(), tiger_texts.end(), tiger_back) == tiger_texts.end()) continue;
                    return {pos, goat, tiger, goat_back, tiger_back};
                }
            }
        }
    }
    FAIL("no shuffle position found");
    return {};
}

arb::test::Run play(const std::string &args) {
    return arb::test::run_command(kBin + "/arbiter play --quiet --plugin-dir " + kPlugins + " " + args);
}

}  // namespace

TEST_CASE("arbiter play finishes every shipped game between generic engines", "[e2e][games]") {
    for (const char *game : {"othello", "baghchal", "gess", "ataxx"}) {
        std::string engine = kBin + "/arbiter-engine --game " + game + " --plugin-dir " + kPlugins;
        auto run = play(std::string("--game ") + game + " --tc 20+0.2 --max-plies 400 --engine '" + engine +
                        " --mode mcts --playouts 20 --seed 1' --engine '" + engine + " --mode random --seed 2'");
        INFO(game << "\n" << run.output);
        REQUIRE(run.exit_code == 0);
        std::string termination = field(run.output, "termination");
        CHECK((termination == "game-rule" || termination == "max-plies"));
        // The printed moves replay legally to the printed final position.
        auto state = arb::test::new_game(game);
        std::istringstream moves(field(run.output, "moves"));
        for (std::string move; moves >> move;) arb::test::play_text(state, move);
        CHECK(state.position() == field(run.output, "final position"));
        if (termination == "game-rule") CHECK(field(run.output, "reason") == state.outcome().reason);
    }
}

TEST_CASE("Bagh Chal's repetition rule acts in a real game, per option", "[e2e][games][baghchal]") {
    Shuffle s = find_shuffle();
    auto dir = std::filesystem::temp_directory_path() / ("arbiter-repetition-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    // Goats and tigers each step away and back, twice over, then once more.
    std::string goats = scripted_engine(dir, "goats", {s.goat_out, s.goat_back, s.goat_out, s.goat_back, s.goat_out});
    std::string tigers = scripted_engine(dir, "tigers", {s.tiger_out, s.tiger_back, s.tiger_out, s.tiger_back, s.tiger_out});
    std::string common = "--game baghchal --position '" + s.position + "' --engine " + goats + " --engine " + tigers;
    INFO("position " << s.position << ": " << s.goat_out << " " << s.tiger_out << " " << s.goat_back << " " << s.tiger_back);

    SECTION("forbid: the move that recreates the start is refused and loses") {
        auto run = play(common + " --option repetition=forbid");
        INFO(run.output);
        CHECK(field(run.output, "termination") == "illegal-move");
        CHECK(field(run.output, "result") == "1-0 (goats wins as p1)");
        CHECK(field(run.output, "reason").find("repeat") != std::string::npos);
        CHECK(field(run.output, "offending text") == s.tiger_back);
    }
    SECTION("draw3: the third occurrence is a draw declared by the plugin") {
        auto run = play(common + " --option repetition=draw3");
        INFO(run.output);
        CHECK(field(run.output, "termination") == "game-rule");
        CHECK(field(run.output, "result") == "1/2-1/2 (draw)");
        CHECK(field(run.output, "reason").find("third time") != std::string::npos);
        std::istringstream moves(field(run.output, "moves"));
        CHECK(std::distance(std::istream_iterator<std::string>(moves), std::istream_iterator<std::string>()) == 8);
    }
    SECTION("none: shuffling goes on until the arbiter's ply limit") {
        auto run = play(common + " --option repetition=none --max-plies 9");
        INFO(run.output);
        CHECK(field(run.output, "termination") == "max-plies");
        CHECK(field(run.output, "result") == "1/2-1/2 (draw)");
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("a boolean game option on the command line takes yes/no and on/off as YAML does", "[e2e][games][gess]") {
    // Gess's stop_on_pushoff is boolean; the plugin itself takes only "true"
    // and "false" (game.h), so the host must turn the words into that text.
    const std::string perft = kBin + "/arbiter perft --game gess --depth 1 --plugin-dir " + kPlugins;
    for (const char *word : {"yes", "no", "on", "off", "true", "false"}) {
        INFO(word);
        auto run = arb::test::run_command(perft + " --option stop_on_pushoff=" + word + " 2>&1");
        INFO(run.output);
        CHECK(run.exit_code == 0);
        CHECK_THAT(run.output, Catch::StartsWith("perft 1 "));
    }
    auto bad = arb::test::run_command(perft + " --option stop_on_pushoff=maybe 2>&1");
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Catch::Contains("game option 'stop_on_pushoff' must be true or false (also yes/no, on/off), "
                                           "got 'maybe'"));
}
