// `arbiter match`'s reading of the fastchess / cutechess-cli command line:
// command lines copied from the peers' own documentation, the model each must
// give written out by hand, and every YAML key against its option.
#include "config/config_loader.hpp"
#include "config/peer_command_line.hpp"
#include "tournament/schedule.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <set>

using namespace arb;
using arb::config::parse_peer_command_line;

namespace {

// Words as a shell would split them (double quotes group, and are removed).
std::vector<std::string> words(const std::string &line) {
    std::vector<std::string> out;
    std::string word;
    bool in_word = false, quoted = false;
    for (char ch : line) {
        if (ch == '"') {
            quoted = !quoted;
            in_word = true;
        } else if (ch == ' ' && !quoted) {
            if (in_word) out.push_back(word);
            word.clear();
            in_word = false;
        } else {
            word += ch;
            in_word = true;
        }
    }
    if (in_word) out.push_back(word);
    return out;
}

config::GameSection game(const std::string &id) {
    config::GameSection g;
    g.id = id;
    return g;
}

config::PeerCommandLine parse(const std::string &line, const std::string &game_id = "chess") {
    auto parsed = parse_peer_command_line(words(line), game(game_id));
    INFO(line << "\n" << (parsed ? std::string() : parsed.error().message));
    REQUIRE(parsed.has_value());
    return std::move(*parsed);
}

std::string error_of(const std::string &line) {
    auto parsed = parse_peer_command_line(words(line), game("chess"));
    INFO(line);
    REQUIRE_FALSE(parsed.has_value());
    return parsed.error().message;
}

core::TimeControl tc(const std::string &text) { return *core::TimeControl::parse(text); }

using Options = std::vector<std::pair<std::string, std::string>>;

struct DocRow {
    const char *source;  // where the command line is printed
    const char *line;    // as printed, without the program name (arbiter match adds --game)
    std::function<void(const config::PeerCommandLine &)> expect;  // null: `error` is expected
    std::vector<const char *> error;                               // each must be in the message
};

}  // namespace

TEST_CASE("command lines from the peers' documentation give the model written out by hand", "[peer-cli]") {
    const std::vector<DocRow> rows = {
        {"fastchess README.md, 'Example usage'",
         "-engine cmd=Engine1.exe name=Engine1 -engine cmd=Engine2.exe name=Engine2 -each tc=10+0.1 -rounds 200 "
         "-repeat -concurrency 4",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             REQUIRE(c.engines.size() == 2);
             CHECK(c.engines[0].name == "Engine1");
             CHECK(c.engines[0].command == "Engine1.exe");
             CHECK(c.engines[1].name == "Engine2");
             CHECK(c.engines[1].command == "Engine2.exe");
             CHECK(c.engines[0].args.empty());
             CHECK(c.engines[0].ugi_options.empty());
             // Both engines play 10+0.1: the tournament's time control, none of their own.
             CHECK(c.time_control == tc("10+0.1"));
             CHECK_FALSE(c.engines[0].time_control.has_value());
             CHECK_FALSE(c.engines[1].time_control.has_value());
             CHECK(c.schedule.rounds == 200);
             CHECK(c.schedule.games_per_pairing == 2);  // -repeat
             CHECK(c.schedule.type == config::TournamentType::RoundRobin);
             CHECK(c.concurrency == 4);
             CHECK_FALSE(p.force_concurrency);
             CHECK(c.openings.file.empty());
             CHECK_FALSE(c.sprt.has_value());
             CHECK_FALSE(c.adjudication.resign.enabled);
             CHECK_FALSE(c.adjudication.draw.enabled);
             CHECK(c.game.id == "chess");
         },
         {}},
        {"fastchess man.md, EXAMPLES, first (random openings from book.epd)",
         "-engine cmd=Engine1.exe name=Engine1 -engine cmd=Engine2.exe name=Engine2 -openings file=book.epd "
         "format=epd order=random -each tc=60+0.6 option.Hash=64 -rounds 200 -repeat -concurrency 4",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             REQUIRE(c.engines.size() == 2);
             CHECK(c.openings.file == "book.epd");
             CHECK(c.openings.format == config::OpeningFormat::Epd);
             CHECK(c.openings.order == config::OpeningOrder::Random);
             CHECK(c.openings.plies == 0);
             CHECK(c.openings.start == 1);
             CHECK(c.time_control == tc("60+0.6"));
             CHECK(c.engines[0].ugi_options == Options{{"Hash", "64"}});
             CHECK(c.engines[1].ugi_options == Options{{"Hash", "64"}});
             CHECK(c.schedule.rounds == 200);
             CHECK(c.schedule.games_per_pairing == 2);
             CHECK(c.concurrency == 4);
         },
         {}},
        // man.md lines 274-281, whole: each engine's node cap with the clock of -each, both in one go
        // command, and the move comments' node counts. Refused before on both counts.
        {"fastchess man.md, EXAMPLES, second (SPRT with nodes per move)",
         "-engine cmd=Engine1.exe name=Engine1 option.Threads=1 nodes=2000000 -engine cmd=Engine2.exe name=Engine2 "
         "option.Threads=2 nodes=1000000 -openings file=UHO_Lichess_4852_v1.epd format=epd order=random -each "
         "tc=300+5 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -sprt elo0=0 elo1=2 "
         "alpha=0.05 beta=0.05 -rounds 100000 -concurrency 3 -pgnout notation=san nodes=true file=./games/sprt.pgn",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             REQUIRE(c.engines.size() == 2);
             // The engines' caps differ, so each keeps its own control: 300 s + 5 s and its node count.
             REQUIRE(c.engines[0].time_control.has_value());
             REQUIRE(c.engines[1].time_control.has_value());
             const auto &tc0 = *c.engines[0].time_control;
             CHECK(tc0.kind == core::TimeControl::Kind::Clock);
             CHECK(tc0.base == std::chrono::milliseconds(300000));
             CHECK(tc0.increment == std::chrono::milliseconds(5000));
             CHECK(tc0.nodes == 2000000);
             CHECK_FALSE(tc0.depth);
             CHECK(*c.engines[1].time_control == tc("300+5,nodes=1000000"));
             CHECK(c.engines[0].ugi_options == Options{{"Threads", "1"}});
             CHECK(c.engines[1].ugi_options == Options{{"Threads", "2"}});
             REQUIRE(c.sprt.has_value());
             CHECK(c.sprt->elo1 == 2);
             CHECK(c.schedule.rounds == 100000);
             CHECK(c.concurrency == 3);
             CHECK(p.pgn_file == "./games/sprt.pgn");
             CHECK(c.pgn_comments.nodes);  // "saving the games ... with SAN notation and nodes count"
         },
         {}},
        {"fastchess man.md, EXAMPLES, second, without the engines' nodes= (one clock for both)",
         "-engine cmd=Engine1.exe name=Engine1 option.Threads=1 -engine cmd=Engine2.exe name=Engine2 "
         "option.Threads=2 -openings file=UHO_Lichess_4852_v1.epd format=epd order=random -each "
         "tc=300+5 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -sprt elo0=0 elo1=2 "
         "alpha=0.05 beta=0.05 -rounds 100000 -concurrency 3 -pgnout notation=san nodes=true file=./games/sprt.pgn",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             REQUIRE(c.engines.size() == 2);
             CHECK(c.engines[0].ugi_options == Options{{"Threads", "1"}});
             CHECK(c.engines[1].ugi_options == Options{{"Threads", "2"}});
             CHECK(c.time_control == tc("300+5"));
             CHECK(c.openings.file == "UHO_Lichess_4852_v1.epd");
             CHECK(c.adjudication.resign.enabled);
             CHECK(c.adjudication.resign.move_count == 3);
             CHECK(c.adjudication.resign.score_cp == 600);
             CHECK_FALSE(c.adjudication.resign.two_sided);  // the peers' default: the loser's scores suffice
             CHECK(c.adjudication.draw.enabled);
             CHECK(c.adjudication.draw.min_ply == 68);  // from full move 34
             CHECK(c.adjudication.draw.move_count == 8);
             CHECK(c.adjudication.draw.score_cp == 20);
             REQUIRE(c.sprt.has_value());
             CHECK(c.sprt->elo0 == 0);
             CHECK(c.sprt->elo1 == 2);
             CHECK(c.sprt->alpha == 0.05);
             CHECK(c.sprt->beta == 0.05);
             CHECK(c.sprt->model == rating::SprtConfig::Model::Normalized);
             CHECK(c.schedule.rounds == 100000);
             CHECK(c.schedule.games_per_pairing == 2);  // the model's default; fastchess's -games default is 2 too
             CHECK(c.concurrency == 3);
             CHECK(p.pgn_file == "./games/sprt.pgn");
             CHECK(c.pgn_comments.nodes);  // "saving the games ... with SAN notation and nodes count"
             CHECK_FALSE(c.pgn_comments.seldepth);
             CHECK_FALSE(c.pgn_comments.nps);
         },
         {}},
        {"fastchess man.md, OPTIONS, -pgnout [file=NAME] ... [nodes=(false|true)] [seldepth=(false|true)] "
         "[nps=(false|true)], all three on",
         "-engine cmd=Engine1.exe name=Engine1 -engine cmd=Engine2.exe name=Engine2 -each tc=10+0.1 "
         "-pgnout file=games.pgn nodes=true seldepth=true nps=true",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             CHECK(p.pgn_file == "games.pgn");
             CHECK(c.pgn_comments.nodes);
             CHECK(c.pgn_comments.seldepth);
             CHECK(c.pgn_comments.nps);
         },
         {}},
        {"fastchess man.md, OPTIONS, -pgnout: each field named off stays off (the default)",
         "-engine cmd=Engine1.exe -engine cmd=Engine2.exe -pgnout file=games.pgn nodes=false seldepth=true nps=false",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             CHECK_FALSE(c.pgn_comments.nodes);
             CHECK(c.pgn_comments.seldepth);
             CHECK_FALSE(c.pgn_comments.nps);
         },
         {}},
        // A user's script, not the peers' docs: JRMurr/ZigFish runFast.sh (fast-chess, 2024), $1 as old.
        {"JRMurr/ZigFish runFast.sh",
         "-maxmoves 100 -concurrency 4 -openings file=./test.pgn format=pgn order=random "
         "-log file=./out level=info realtime=true -engine cmd=./zig-out/bin/zigfish-uci name=new st=0.1 "
         "timemargin=100 -engine cmd=old-zigfish name=old st=0.1 timemargin=100",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             CHECK(c.adjudication.max_plies == 200);  // 100 full moves
             CHECK(c.concurrency == 4);
             CHECK(c.openings.file == "./test.pgn");
             CHECK(c.openings.format == config::OpeningFormat::Pgn);
             CHECK(c.openings.order == config::OpeningOrder::Random);
             CHECK(c.engine_log == "./out");
             CHECK(c.time_control == tc("movetime=0.1"));  // st= shared by both: the tournament's
             CHECK(c.time_margin == std::chrono::milliseconds(100));
             REQUIRE(c.engines.size() == 2);
             CHECK(c.engines[0].name == "new");
             CHECK(c.engines[1].command == "old-zigfish");
             CHECK(c.schedule.rounds == 2);  // no -rounds: fastchess's default
             CHECK(p.notes.empty());
         },
         {}},
        // cutechess-cli's examples drive xboard engines, which the arbiter speaks (docs/protocol.md, "xboard").
        {"cutechess-cli(6) man page (docs/cutechess-cli.6), EXAMPLES, first",
         "-engine cmd=sloppy -engine cmd=sloppy -each proto=xboard tc=40/60 -rounds 10",
         [](const config::PeerCommandLine &p) {
             REQUIRE(p.config.engines.size() == 2);
             for (const auto &e : p.config.engines) CHECK(e.protocol == protocol::Dialect::Xboard);
         },
         {}},
        {"cutechess-cli(6) man page, EXAMPLES, second",
         "-engine name=Atak cmd=Atak32.exe dir=C:\\eatak proto=xboard -engine cmd=glaurung proto=uci "
         "option.Threads=1 -both tc=40/1:30+1",
         [](const config::PeerCommandLine &p) {
             REQUIRE(p.config.engines.size() == 2);
             CHECK(p.config.engines[0].protocol == protocol::Dialect::Xboard);
             CHECK(p.config.engines[1].protocol == protocol::Dialect::Uci);
         },
         {}},
        {"cutechess-cli(6) man page, EXAMPLES, second, with Atak as a UCI engine",
         "-engine name=Atak cmd=Atak32.exe dir=C:\\eatak proto=uci -engine cmd=glaurung proto=uci "
         "option.Threads=1 -both tc=40/1:30+1",
         [](const config::PeerCommandLine &p) {
             const auto &c = p.config;
             REQUIRE(c.engines.size() == 2);
             CHECK(c.engines[0].name == "Atak");
             CHECK(c.engines[0].working_dir == "C:\\eatak");
             CHECK(c.engines[0].protocol == protocol::Dialect::Uci);
             CHECK(c.engines[1].name == "glaurung");  // the program's name, as cutechess-cli names it
             CHECK(c.engines[1].command == "glaurung");
             CHECK(c.engines[1].ugi_options == Options{{"Threads", "1"}});
             CHECK(c.time_control == tc("40/90+1"));  // 40 moves in 1:30, +1 s
             // No -rounds and no -output format=cutechess: fastchess's defaults (next test case).
             CHECK(c.schedule.rounds == 2);
         },
         {}},
    };
    for (const auto &row : rows) {
        INFO(row.source);
        if (row.expect) {
            row.expect(parse(row.line));
        } else {
            const std::string message = error_of(row.line);
            INFO(message);
            for (const char *part : row.error) CHECK_THAT(message, Catch::Contains(part));
            // Nothing else is blamed: one line per refused part.
            CHECK(static_cast<size_t>(std::count(message.begin(), message.end(), '\n')) + 1 == row.error.size());
        }
    }
}

// The defaults each peer plays with when a command line names no -rounds,
// -games or -ratinginterval, read from fastchess's source
// (app/src/types/tournament.hpp: games = 2, rounds = 2, ratinginterval = 10;
// built as cutechess-cli, USE_CUTE: games = 1, rounds = 1, ratinginterval = 0)
// and cutechess-cli(6) (-games N "default 1", -rounds N "default 1").
TEST_CASE("with no -rounds or -games a match plays as many games as the peer whose layout it prints", "[peer-cli]") {
    const std::string two = "-engine cmd=a -engine cmd=b ";
    // No layout named, two engines: fastchess's counts and, as fastchess users expect, its layout
    // with its interval (issue 34: the arbiter's tables on request or for more engines).
    auto as_fastchess = parse(two).config;
    CHECK(as_fastchess.schedule.rounds == 2);
    CHECK(as_fastchess.schedule.games_per_pairing == 2);
    CHECK(as_fastchess.progress_interval == 10);
    auto fastchess = parse(two + "-output format=fastchess").config;
    CHECK(fastchess.schedule.rounds == 2);
    CHECK(fastchess.schedule.games_per_pairing == 2);
    CHECK(fastchess.progress_interval == 10);
    auto cutechess = parse(two + "-output format=cutechess").config;
    CHECK(cutechess.schedule.rounds == 1);
    CHECK(cutechess.schedule.games_per_pairing == 1);
    CHECK(cutechess.progress_interval == 0);
    // Given values win over either peer's defaults, in any order.
    auto given = parse(two + "-rounds 5 -games 1 -ratinginterval 3 -output format=fastchess").config;
    CHECK(given.schedule.rounds == 5);
    CHECK(given.schedule.games_per_pairing == 1);
    CHECK(given.progress_interval == 3);
    CHECK(parse(two + "-repeat -output format=cutechess").config.schedule.games_per_pairing == 2);
}

// fastchess man.md: "-variant VALUE ... standard, fischerandom"; fishtest's
// command lines also carry -report penta=true, -autosaveinterval 0 and
// -scoreinterval 1, and OpenBench's -testEnv: options that change only how
// the peer saves or prints its work. They run here, each with a note; what
// would change a result is refused. -use-affinity [CPUS] is fastchess's
// (man.md: "-use-affinity [CPUS] ... pin each game to a CPU"): affinity on.
TEST_CASE("the peers' chess variants and their output-only options", "[peer-cli]") {
    const std::string two = "-engine cmd=a -engine cmd=b ";
    using Pair = std::pair<std::string, std::string>;
    CHECK(parse(two + "-variant fischerandom").config.game.options == std::vector<Pair>{{"variant", "chess960"}});
    CHECK(parse(two + "-variant standard").config.game.options == std::vector<Pair>{{"variant", "standard"}});
    CHECK_THAT(error_of(two + "-variant atomic"), Catch::StartsWith("-variant atomic: expected standard or fischerandom"));
    auto parsed = parse(two + "-report penta=true -autosaveinterval 0 -scoreinterval 1 -use-affinity 0-3 -testEnv");
    const auto &notes = parsed.notes;
    REQUIRE(notes.size() == 2);  // penta=true is what the standings show anyway: no note
    CHECK_THAT(notes[0], Catch::StartsWith("-autosaveinterval 0: no effect here"));
    CHECK_THAT(notes[1], Catch::StartsWith("-scoreinterval 1: no effect here"));
    CHECK(parsed.config.affinity.mode == arb::config::AffinitySection::Mode::On);
    CHECK(parsed.config.affinity.cpus == std::vector<int>{0, 1, 2, 3});
    CHECK(parse(two + "-use-affinity").config.affinity.cpus.empty());  // every CPU the run may use
    CHECK(parse(two + "-use-affinity 1,3-4 -testEnv").config.affinity.cpus == std::vector<int>{1, 3, 4});
    CHECK(parse(two).config.affinity.mode == arb::config::AffinitySection::Mode::Auto);
    CHECK_THAT(error_of(two + "-use-affinity 3-1"), Catch::Contains("-use-affinity 3-1: expected a CPU list such as 0-3,8"));
    CHECK(parsed.test_env);  // fastchess's one-line PV warnings (docs/config.md, "PV checks")
    CHECK_THAT(error_of(two + "-report penta=false"), Catch::Contains("always show the pentanomial counts"));
    CHECK_THAT(error_of(two + "-autosaveinterval x"), Catch::Contains("-autosaveinterval x: expected a whole number"));
}

// fastchess speaks only UCI, so its users never write proto=; a UAI Ataxx
// engine's users (cutegames) expect UAI. Without proto= an engine speaks the
// first of UCI, UAI, USI the game takes (the plugins' "arbiter.protocol-notation/1":
// chess UCI; Ataxx UAI; Othello none of them, so UGI), with it what it says.
TEST_CASE("an engine without proto= speaks the protocol the peers' engines speak for the game", "[peer-cli]") {
    config::LoadOptions load;
    load.plugin_dirs = {ARBITER_PLUGIN_DIR};
    load.default_out_dir = "out";
    load.check_programs = false;
    auto protocols = [&](const std::string &game_id, const std::string &line) {
        auto p = parse(line, game_id);
        load.peer_protocol_engines = p.engines_without_protocol;
        auto checked = config::check_config(p.config, "arbiter match", load);
        INFO(game_id << " " << line << "\n" << (checked ? std::string() : checked.error().message));
        REQUIRE(checked.has_value());
        std::vector<std::string> out;
        for (const auto &e : checked->config.engines) out.push_back(engine::protocol_choice_name(e.protocol));
        return out;
    };
    using Names = std::vector<std::string>;
    CHECK(protocols("chess", "-engine cmd=/bin/sh name=a -engine cmd=/bin/sh name=b") == Names{"uci", "uci"});
    CHECK(protocols("ataxx", "-engine cmd=/bin/sh name=a -engine cmd=/bin/sh name=b") == Names{"uai", "uai"});
    CHECK(protocols("othello", "-engine cmd=/bin/sh name=a -engine cmd=/bin/sh name=b") == Names{"ugi", "ugi"});
    CHECK(protocols("chess", "-engine cmd=/bin/sh name=a proto=ugi -engine cmd=/bin/sh name=b") == Names{"ugi", "uci"});
    CHECK(protocols("chess", "-engine cmd=/bin/sh name=a -engine cmd=/bin/sh name=b -each proto=auto") == Names{"auto", "auto"});
    // The YAML keeps its default (ugi): only the command line's engines without proto= are chosen for.
    load.peer_protocol_engines.clear();
    auto yaml = config::load_config_text("game: chess\nengines:\n  - {name: a, command: /bin/sh}\n  - {name: b, command: /bin/sh}\n",
                                         "t.yaml", load);
    REQUIRE(yaml.has_value());
    CHECK(engine::protocol_choice_name(yaml->config.engines[0].protocol) == "ugi");
}

TEST_CASE("bad peer options name the option and the offending text", "[peer-cli]") {
    const std::string base = "-engine cmd=a -engine cmd=b ";
    CHECK(error_of(base + "-rounds x") == "-rounds x: expected a whole number in 1..1000000, got 'x'");
    CHECK_THAT(error_of(base + "-concurency 2"), Catch::Contains("-concurency: unknown option; did you mean '-concurrency'?"));
    CHECK_THAT(error_of(base + "-tb /syzygy"), Catch::Contains("-tb: not an option of arbiter match: tablebase"));
    CHECK_THAT(error_of(base + "-each tc=10+x"), Catch::StartsWith("-each tc=10+x: time control '10+x'"));
    CHECK_THAT(error_of(base + "-each tcc=10"), Catch::Contains("unknown key 'tcc'; did you mean 'tc'?"));
    CHECK_THAT(error_of(base + "-sprt elo0=5 elo1=0"), Catch::Contains("-sprt: SPRT elo0 5 must be below elo1 0"));
    CHECK_THAT(error_of(base + "-tournament knockout"), Catch::Contains("-tournament knockout: expected roundrobin or gauntlet"));
    CHECK_THAT(error_of("-engine cmd=a"), Catch::Contains("at least two -engine options (found 1)"));
    CHECK_THAT(error_of(base + "-openings format=epd"), Catch::Contains("-openings: needs file=FILE"));
    CHECK_THAT(error_of(base + "-resign movecount=3"), Catch::Contains("-resign: needs score=CP"));
    CHECK_THAT(error_of(base + "-output format=xml"), Catch::Contains("-output format=xml: expected fastchess, cutechess"));
    // -each's value is blamed once, not once per engine.
    const auto each = error_of(base + "-each st=x");
    CHECK(std::count(each.begin(), each.end(), '\n') == 0);
}

TEST_CASE("tc= or st= combine with depth= (plies=) and nodes=, and two time parts are refused naming both", "[peer-cli]") {
    const std::string base = "-engine cmd=a -engine cmd=b ";
    // cutechess-cli's and fastchess's `-each tc=8+0.08 nodes=20000`: one control for both engines.
    CHECK(parse(base + "-each tc=8+0.08 nodes=20000").config.time_control == tc("8+0.08,nodes=20000"));
    CHECK(parse(base + "-each st=1 depth=10").config.time_control == tc("movetime=1,depth=10"));
    CHECK(parse(base + "-each st=1 plies=10").config.time_control == tc("movetime=1,depth=10"));
    CHECK(parse(base + "-each depth=6 nodes=100000").config.time_control == tc("depth=6,nodes=100000"));
    CHECK(parse(base + "-each tc=40/1:00 depth=12 nodes=5000").config.time_control == tc("40/60,depth=12,nodes=5000"));
    // fastchess's tc=inf: no time part, the caps alone (with the arbiter's 60 s per move).
    CHECK(parse(base + "-each tc=inf nodes=5000").config.time_control == tc("nodes=5000"));
    // -each's clock with one engine's own cap: the engines' controls differ, each keeps its own.
    auto own = parse("-engine cmd=a nodes=5000 -engine cmd=b -each tc=10+0.1").config;
    REQUIRE(own.engines.size() == 2);
    CHECK(own.engines[0].time_control == tc("10+0.1,nodes=5000"));
    CHECK(own.engines[1].time_control == tc("10+0.1"));

    CHECK(error_of(base + "-each tc=10+0.1 st=1") ==
          "-engine 'a': tc=10+0.1 with st=1: two time parts; give a clock (tc=) or a time per move (st=), not both\n"
          "-engine 'b': tc=10+0.1 with st=1: two time parts; give a clock (tc=) or a time per move (st=), not both");
    CHECK_THAT(error_of(base + "-each tc=10+0.1 nodes=x"),
               Catch::StartsWith("-each nodes=x: time control 'nodes=x': nodes 'x' is not a positive whole number"));
    CHECK_THAT(error_of(base + "-each st=1 depth=5,nodes=3"), Catch::StartsWith("-each depth=5,nodes=3: expected one value"));
    CHECK_THAT(error_of(base + "-each tc=10+0.1,nodes=5"), Catch::StartsWith("-each tc=10+0.1,nodes=5: time control"));
    CHECK_THAT(error_of(base + "-each tc=inf"), Catch::Contains("no infinite time here"));
}

TEST_CASE("byoyomi= beside tc= or alone is shogi's byoyomi, and refused beside st= or an increment", "[peer-cli][byoyomi]") {
    const std::string base = "-engine cmd=a -engine cmd=b ";
    // 10 minutes main time, then 10 s a move: the YAML's "600,byoyomi=10".
    CHECK(parse(base + "-each tc=10:00 byoyomi=10").config.time_control == tc("600,byoyomi=10"));
    CHECK(parse(base + "-each byoyomi=5 nodes=1000").config.time_control == tc("byoyomi=5,nodes=1000"));
    CHECK(parse(base + "-each tc=inf byoyomi=5").config.time_control == tc("byoyomi=5"));
    CHECK_THAT(error_of(base + "-each tc=10+0.1 byoyomi=10"),
               Catch::StartsWith("-each byoyomi=10: time control '10+0.1,byoyomi=10': 'byoyomi=10' with an increment"));
    CHECK_THAT(error_of(base + "-each st=1 byoyomi=10"),
               Catch::StartsWith("-each byoyomi=10: time control 'movetime=1,byoyomi=10'"));
    CHECK_THAT(error_of(base + "-each tc=60 byoyomi=x"), Catch::Contains("byoyomi 'x' is not a positive number of seconds"));
}

TEST_CASE("restart=on and -log map onto the engine's restart and the run's engine log", "[peer-cli]") {
    auto p = parse("-engine cmd=a restart=on -engine cmd=b restart=off -log file=engines.log engine=true");
    REQUIRE(p.config.engines.size() == 2);
    CHECK(p.config.engines[0].restart);
    CHECK_FALSE(p.config.engines[1].restart);
    CHECK(p.config.engine_log == "engines.log");
    CHECK_THAT(error_of("-engine cmd=a restart=maybe -engine cmd=b"),
               Catch::Contains("-engine 'a' restart=maybe: expected true or false"));
}

TEST_CASE("the peers' -pgnout and -log take append=true or append=false", "[peer-cli]") {
    auto p = parse("-engine cmd=a -engine cmd=b -log file=e.log -pgnout file=g.pgn");
    CHECK(p.config.engine_log_append);  // the peers' default: appended to
    CHECK(p.pgn_append);
    // append=false: the file is emptied first (-pgnout and -log alike).
    auto fresh = parse("-engine cmd=a -engine cmd=b -log file=e.log append=false -pgnout file=g.pgn append=false");
    CHECK_FALSE(fresh.config.engine_log_append);
    CHECK(fresh.pgn_file == "g.pgn");
    CHECK_FALSE(fresh.pgn_append);
    CHECK_THAT(error_of("-engine cmd=a -engine cmd=b -pgnout file=g.pgn append=maybe"),
               Catch::Contains("-pgnout append=maybe: expected true or false"));
}

TEST_CASE("peer time controls in minutes:seconds become the arbiter's seconds", "[peer-cli]") {
    CHECK(*config::peer_time_control("40/1:30+1") == "40/90+1");
    CHECK(*config::peer_time_control("0:05+0.05") == "5+0.05");
    CHECK(*config::peer_time_control("10+0.1") == "10+0.1");
    CHECK(*config::peer_time_control("40/60") == "40/60");
    CHECK_FALSE(config::peer_time_control("inf").has_value());
    CHECK_FALSE(config::peer_time_control("1:xx").has_value());
}

TEST_CASE("the schedule options -noswap, -reverse, -seeds and openings start= act on the schedule", "[peer-cli]") {
    auto schedule_of = [](const std::string &line, int openings) {
        auto p = parse(line, "tictactoe");
        return tournament::make_schedule(tournament::schedule_params(p.config, openings));
    };
    const std::string two = "-engine cmd=a -engine cmd=b -games 2 -rounds 1 ";
    // Games 1 and 2 of a pairing: a-b then b-a; -noswap: a-b twice; -reverse: b-a then a-b.
    auto plain = schedule_of(two, 0);
    REQUIRE(plain.size() == 2);
    CHECK((plain[0].engine[0] == 0 && plain[1].engine[0] == 1));
    auto noswap = schedule_of(two + "-noswap", 0);
    CHECK((noswap[0].engine[0] == 0 && noswap[1].engine[0] == 0));
    auto reversed = schedule_of(two + "-reverse", 0);
    CHECK((reversed[0].engine[0] == 1 && reversed[1].engine[0] == 0));
    // Gauntlet with 2 seeds among 4 engines: each seed against engines 3 and 4: 4 pairings.
    auto gauntlet = schedule_of("-engine cmd=a -engine cmd=b -engine cmd=c -engine cmd=d -tournament gauntlet -seeds 2 -games 1", 0);
    std::set<std::pair<int, int>> pairs;
    for (const auto &g : gauntlet) pairs.insert({std::min(g.engine[0], g.engine[1]), std::max(g.engine[0], g.engine[1])});
    CHECK(pairs == std::set<std::pair<int, int>>{{0, 2}, {0, 3}, {1, 2}, {1, 3}});
    // start=3 of 4 sequential openings: the first pair plays opening index 2, the next 3, then 0.
    auto started = schedule_of(two + "-rounds 3 -openings file=o.txt start=3", 4);
    REQUIRE(started.size() == 6);
    CHECK(started[0].opening == 2);
    CHECK(started[2].opening == 3);
    CHECK(started[4].opening == 0);
}

namespace {

// A YAML value found by a dotted key; in a list (engines) the second entry's.
YAML::Node at(const YAML::Node &node, const std::vector<std::string> &parts, size_t i = 0) {
    if (!node.IsDefined() || i == parts.size()) return node;
    const YAML::Node holder = node.IsSequence() ? node[1] : node;
    return at(holder[parts[i]], parts, i + 1);
}
YAML::Node at(const YAML::Node &root, const std::string &dotted) {
    std::vector<std::string> parts;
    for (size_t start = 0;;) {
        const size_t dot = dotted.find('.', start);
        parts.push_back(dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return at(root, parts);
}

std::string dump(const YAML::Node &node) {
    if (!node.IsDefined()) return "(absent)";
    YAML::Emitter out;
    out << node;
    return out.c_str();
}

}  // namespace

TEST_CASE("every YAML key has its option, and the option's value reads back from the YAML", "[peer-cli]") {
    test::TempDir dir;
    dir.write("o.txt", "b2\na1\nc3\n");
    dir.write("p.txt", "X........ O\n");  // a position: read as a line or as an EPD book
    // A config key and the peer words that set it away from the default; empty words: no peer option,
    // with the reason in `why`.
    struct Mapping {
        const char *key, *words, *why;
        const char *base = "";  // what the option is compared against (default: nothing)
    };
    const char *sprt = "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05";
    const char *draw = "-draw movenumber=20 movecount=8 score=10";
    const char *openings = "-openings file=o.txt";
    const std::vector<Mapping> table = {
        {"event", "-event Cup", ""},
        {"site", "-site Home", ""},
        {"game.id", "", "arbiter's own --game"},
        {"game.file", "", "arbiter's own --game with a plugin file"},
        {"game.options", "", "arbiter's own --option NAME=VALUE"},
        {"plugin_dirs", "", "arbiter's own --plugin-dir"},
        {"engines.name", "-engine cmd=/bin/sh name=other", ""},
        {"engines.command", "-engine cmd=/bin/true name=b2", ""},
        {"engines.args", "-engine cmd=/bin/sh name=b2 args=\"--depth 3\"", ""},
        {"engines.working_dir", "-engine cmd=/bin/sh name=b2 dir=/tmp", ""},
        {"engines.env", "", "no peer option sets an engine's environment"},
        {"engines.options", "-engine cmd=/bin/sh name=b2 option.Hash=16", ""},
        {"engines.time_control", "-engine cmd=/bin/sh name=b2 st=0.5 depth=8", ""},
        {"engines.false_claims", "-engine cmd=/bin/sh name=b2 false_claims=ignore", ""},
        {"engines.protocol", "-engine cmd=/bin/sh name=b2 proto=auto", ""},
        {"engines.restart", "-engine cmd=/bin/sh name=b2 restart=on", ""},
        {"each.restart", "", "-each restart=on sets engines.restart of every engine; the printed YAML has no each"},
        {"tournament.type", "-engine cmd=/bin/sh name=b2 -engine cmd=/bin/sh name=c -tournament gauntlet", ""},
        {"tournament.rounds", "-rounds 7", ""},
        {"tournament.games_per_pairing", "-games 1", ""},
        {"tournament.seed", "-srand 99", ""},
        {"tournament.seeds", "-engine cmd=/bin/sh name=b2 -engine cmd=/bin/sh name=c -tournament gauntlet -seeds 2", "", "-engine cmd=/bin/sh name=b2 -engine cmd=/bin/sh name=c -tournament gauntlet"},
        {"tournament.no_swap", "-noswap", ""},
        {"tournament.reverse", "-reverse", ""},
        {"openings.file", "-openings file=o.txt", ""},
        {"openings.order", "-openings file=o.txt order=random", "", openings},
        {"openings.format", "-openings file=p.txt format=epd", "", "-openings file=p.txt"},
        {"openings.plies", "-openings file=o.txt plies=1", "", openings},
        {"openings.start", "-openings file=o.txt start=2", "", openings},
        {"concurrency", "-concurrency 2", ""},
        {"affinity", "-use-affinity 0", ""},
        {"time_control", "-each tc=40/1:00+1 nodes=5000", ""},
        {"time_margin_ms", "-each timemargin=250", ""},
        {"adjudication.max_plies", "-maxmoves 30", ""},
        {"adjudication.resign.enabled", "-resign score=500", ""},
        {"adjudication.resign.score_cp", "-resign score=500", "", "-resign score=1000"},
        {"adjudication.resign.move_count", "-resign score=500 movecount=5", "", "-resign score=500"},
        {"adjudication.resign.two_sided", "-resign score=500", "", "-resign score=500 twosided=true"},
        {"adjudication.draw.enabled", "-draw movenumber=10 movecount=4 score=5", ""},
        {"adjudication.draw.score_cp", "-draw movenumber=20 movecount=8 score=5", "", draw},
        {"adjudication.draw.move_count", "-draw movenumber=20 movecount=4 score=10", "", draw},
        {"adjudication.draw.min_ply", "-draw movenumber=10 movecount=8 score=10", "", draw},
        {"sprt.elo0", "-sprt elo0=-1 elo1=5 alpha=0.05 beta=0.05", "", sprt},
        {"sprt.elo1", "-sprt elo0=0 elo1=3 alpha=0.05 beta=0.05", "", sprt},
        {"sprt.alpha", "-sprt elo0=0 elo1=5 alpha=0.1 beta=0.05", "", sprt},
        {"sprt.beta", "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.1", "", sprt},
        {"sprt.model", "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic", "", sprt},
        {"output.dir", "", "arbiter's own --out"},
        {"output.format", "-output format=cutechess", ""},
        {"output.pgn.nodes", "-pgnout file=x.pgn nodes=true", ""},
        {"output.pgn.seldepth", "-pgnout file=x.pgn seldepth=true", ""},
        {"output.pgn.nps", "-pgnout file=x.pgn nps=true", ""},
        {"output.pgn.match_lines", "-pgnout file=x.pgn match_line=info", ""},
        {"output.sample.file", "-sample file=s.csv", ""},
        {"output.sample.freq", "-sample file=s.csv freq=0.25", "", "-sample file=s.csv"},
        {"output.sample.quiet", "-sample file=s.csv quiet=y", "", "-sample file=s.csv"},
        {"output.sample.append", "-sample file=s.csv append=false", "", "-sample file=s.csv"},
        {"output.report_pieces", "", "how arbiter's report draws pieces (no peer has a report); a YAML setting only"},
        {"output.engine_stderr", "-concurrency 1 -engine-stderr per-game", ""},  // not first: it would read as an -engine
        {"progress.interval", "-ratinginterval 7", ""},
        {"on_interrupt", "", "Ctrl-C finishes running games; a YAML setting only"},
        {"timeouts.startup_ms", "", "a YAML setting only"},
        {"timeouts.ready_ms", "", "a YAML setting only"},
        {"timeouts.quit_grace_ms", "", "a YAML setting only"},
        {"shard", "", "arbiter run --shard"},
        {"shared", "", "arbiter run --shared (an SPRT played in shards)"},
        {"isolate_plugins", "", "arbiter run --isolate-plugins"},
        {"wait_ms", "-wait 200", ""},
        {"pv_checks", "-pv-checks mates", ""},
    };
    // Every key the loader reads is in the table, and nothing else.
    const auto key_list = config::config_keys();
    std::set<std::string> keys(key_list.begin(), key_list.end()), listed;
    for (const auto &m : table) listed.insert(m.key);
    CHECK(listed == keys);

    config::LoadOptions load;
    load.plugin_dirs = {ARBITER_PLUGIN_DIR};
    load.base_dir = dir.path();
    load.out_base_dir = dir.path();
    load.default_out_dir = "out";
    load.check_programs = false;
    // Engines a and b2; words that start with an -engine give the second engine themselves.
    auto yaml_of = [&](const std::string &extra) {
        const std::string second = extra.rfind("-engine", 0) == 0 ? "" : "-engine cmd=/bin/sh name=b2 ";
        auto p = parse("-engine cmd=/bin/sh name=a " + second + extra, "tictactoe");
        p.config.out_dir = "out";
        auto checked = config::check_config(p.config, "arbiter match", load);
        INFO(extra << "\n" << (checked ? std::string() : checked.error().message));
        REQUIRE(checked.has_value());
        return config::to_yaml(checked->config);
    };
    const YAML::Node base = YAML::Load(yaml_of(""));
    std::set<std::string> peer_words_used;
    for (const auto &m : table) {
        INFO(m.key << " <- " << m.words);
        if (std::string(m.words).empty()) {
            CHECK(std::string(m.why) != "");
            continue;
        }
        for (const auto &w : words(m.words))
            if (w.size() > 1 && w[0] == '-' && w[1] != '-') peer_words_used.insert(w);
        const std::string yaml = yaml_of(m.words);
        const YAML::Node node = YAML::Load(yaml);
        const YAML::Node before = std::string(m.base).empty() ? base : YAML::Load(yaml_of(m.base));
        // The option moves its key away from the default (or from the row's base)...
        CHECK(dump(at(node, m.key)) != dump(at(before, m.key)));
        // ...and the YAML reads back to the same config.
        auto reloaded = config::load_config_text(yaml, "printed.yaml", load);
        INFO(yaml << (reloaded ? std::string() : reloaded.error().message));
        REQUIRE(reloaded.has_value());
        CHECK(config::to_yaml(reloaded->config) == yaml);
    }
    // Every peer option sets a key, or says here why it has none.
    const std::map<std::string, std::string> without_key = {
        {"-repeat", "sets tournament.games_per_pairing to 2 (as -games 2)"},
        {"-force-concurrency", "a permission, not a setting"},
        {"-log", "TournamentConfig::engine_log (the run's --log)"},
        {"-recover", "always so: an engine crash loses only its game"},
        {"-engine", "engines.*"},
        {"-each", "engines.* of every engine"},
        {"-variant", "game.options variant= (the chess plugin's; tested in 'the peers' chess variants...')"},
        {"-scoreinterval", "no effect: a note says so"},
        {"-autosaveinterval", "no effect: a note says so"},
        {"-report", "penta=true is always so; penta=false is refused"},
        {"-use-affinity", "affinity: on, or a CPU list (tournament/affinity_plan.hpp)"},
        {"-testEnv", "PeerCommandLine::test_env, the fastchess layout's PV warnings on one line"},
        {"-show-latency", "no effect: a note says so"},
        {"-crc32", "PeerCommandLine::pgn_crc32, a run option of the -pgnout file"},
        {"-epdout", "PeerCommandLine::epd_file, a file besides the output folder's, as -pgnout's"},
        {"-check-mate-pvs", "pv_checks: mates, as -pv-checks mates"},
    };
    for (const auto &option : config::peer_option_names()) {
        INFO(option);
        CHECK((peer_words_used.count(option) == 1 || without_key.count(option) == 1));
    }
}

TEST_CASE("a control character or the word value in a peer option is refused naming the option", "[peer-cli][text]") {
    config::GameSection chess;
    chess.id = "chess";
    auto error_of_words = [&](const std::vector<std::string> &args) {
        auto parsed = parse_peer_command_line(args, chess);
        REQUIRE_FALSE(parsed.has_value());
        return parsed.error().message;
    };
    const std::vector<std::string> two{"-engine", "cmd=a", "-engine", "cmd=b"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = two;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    CHECK_THAT(error_of_words(with({"-each", "option.Hash=16\nuginewgame\nposition startpos moves f5\ngo movetime 1"})),
               Catch::StartsWith("-each option.Hash: the value '16\\nuginewgame\\nposition startpos moves f5\\ngo movetime 1' "
                                 "holds a line break '\\n' at byte 3"));
    CHECK_THAT(error_of_words({"-engine", "cmd=a", "option.Evil\nquit=1", "-engine", "cmd=b"}),
               Catch::StartsWith("-engine 'option.Evil\\nquit=1': the key 'option.Evil\\nquit' holds a line break '\\n' at byte 12"));
    CHECK_THAT(error_of_words({"-engine", "cmd=a", "option.Hash value 1=2", "-engine", "cmd=b"}),
               Catch::StartsWith("-engine 'option.Hash value 1=2': the key 'option.Hash value 1' holds the word 'value'"));
    CHECK_THAT(error_of_words({"-engine", "cmd=a", "name=\x1b]0;pwned\x07", "-engine", "cmd=b"}),
               Catch::StartsWith("-engine name: the value '\\x1b]0;pwned\\x07' holds a control character '\\x1b' at byte 1"));
    CHECK_THAT(error_of_words(with({"-event", "ev\x1b[2J"})),
               Catch::StartsWith("-event: the value 'ev\\x1b[2J' holds a control character '\\x1b' at byte 3"));
    CHECK_THAT(error_of_words(with({"-variant", "standard\nquit"})),
               Catch::StartsWith("-variant: the value 'standard\\nquit' holds a line break"));
    // Valid UTF-8 names and values are kept.
    auto ok = parse_peer_command_line({"-engine", "cmd=a", "name=Tigre \xc3\xb1", "option.Style=\xc3\xa9l\xc3\xa9gant",
                                       "-engine", "cmd=b"},
                                      chess);
    REQUIRE(ok.has_value());
    CHECK(ok->config.engines[0].name == "Tigre \xc3\xb1");
    CHECK(ok->config.engines[0].ugi_options.back() == std::pair<std::string, std::string>{"Style", "\xc3\xa9l\xc3\xa9gant"});
}

// The command lines the two big testing frameworks' workers build, written out from their code
// (fishtest worker/games.py run_games; OpenBench Client/worker.py build_runner_command), each read with
// fastchess's meaning, nothing refused.
TEST_CASE("fishtest's and OpenBench's worker command lines are read with fastchess's meaning", "[peer-cli][fastchess]") {
    const auto fishtest = parse(
        "-testEnv -recover -repeat -games 2 -rounds 6 -ratinginterval 1 -scoreinterval 1 -autosaveinterval 0 "
        "-report penta=true -pgnout file=results-r-1.pgn append=false -crc32 pgn=true "
        "-site https://tests.stockfishchess.org/tests/view/r -event \"Batch 1: a vs b\" -srand 12345 "
        "-resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -variant standard "
        "-concurrency 1 -openings file=book.epd format=epd order=random plies=16 start=5 -check-mate-pvs "
        "-engine name=New-abc tc=10+0.1 cmd=./sf1 dir=. option.Hash=16 "
        "-engine name=Base-abc tc=10+0.1 cmd=./sf2 dir=. option.Hash=16 -each proto=uci timemargin=10000 "
        "option.Threads=1");
    const auto &c = fishtest.config;
    CHECK(c.schedule.rounds == 6);
    CHECK(c.schedule.games_per_pairing == 2);
    CHECK(c.progress_interval == 1);
    CHECK(fishtest.pgn_file == "results-r-1.pgn");
    CHECK_FALSE(fishtest.pgn_append);
    CHECK(fishtest.pgn_crc32);
    CHECK(fishtest.check_mate_pvs);
    CHECK(fishtest.config.pv_checks == game::PvChecks::Mates);
    CHECK(c.event == "Batch 1: a vs b");
    CHECK(c.schedule.seed == 12345);
    CHECK(c.adjudication.resign.move_count == 3);
    CHECK(c.adjudication.resign.score_cp == 600);
    CHECK(c.adjudication.draw.min_ply == 68);
    CHECK(c.adjudication.draw.move_count == 8);
    CHECK(c.adjudication.draw.score_cp == 20);
    CHECK(c.openings.start == 5);
    CHECK(c.openings.plies == 16);
    CHECK(c.time_margin == std::chrono::milliseconds(10000));
    CHECK(c.engines[0].ugi_options == Options{{"Threads", "1"}, {"Hash", "16"}});
    // OpenBench: a per-engine timemargin=, -tb refused with the reason, DATAGEN's -games 1.
    const std::string ob_engines =
        "-engine dir=Engines/ cmd=./dev proto=uci tc=8.00+0.08 timemargin=250 option.Hash=8 name=x-dev "
        "-engine dir=Engines/ cmd=./base proto=uci tc=8.00+0.08 timemargin=250 option.Hash=8 name=x-base ";
    const auto ob = parse("-recover -variant standard -testEnv -concurrency 1 -rounds 4 -games 2 "
                          "-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 " +
                          ob_engines +
                          "-openings file=Books/b.epd format=epd order=random start=3 -srand 7 "
                          "-pgnout file=PGNs/1.2.3.0.pgn seldepth=true nodes=true \"match_line=^info string pgncomment .*\"");
    CHECK(ob.config.time_margin == std::chrono::milliseconds(250));
    CHECK(ob.config.pgn_comments.seldepth);
    CHECK(ob.config.pgn_comments.nodes);
    CHECK(ob.config.pgn_comments.match_lines == std::vector<std::string>{"^info string pgncomment .*"});
    const auto datagen = parse("-recover -concurrency 1 -rounds 4 -games 1 " + ob_engines +
                               "-openings file=Books/openbench.genfens.epd format=epd order=sequential start=1");
    CHECK(datagen.config.schedule.games_per_pairing == 1);
    CHECK_THAT(error_of(ob_engines + "-tb /syzygy -tbpieces 6"),
               Catch::Contains("-tb: not an option of arbiter match: tablebase adjudication (Syzygy) is not implemented"));
    CHECK_THAT(error_of(ob_engines + "-pgnout file=x.pgn match_line=("), Catch::Contains("not a regular expression"));
    // -epdout: the final positions' file, as fastchess's.
    const auto epd = parse(ob_engines + "-epdout file=final.epd append=false");
    CHECK(epd.epd_file == "final.epd");
    CHECK_FALSE(epd.epd_append);
    CHECK_THAT(error_of(ob_engines + "-crc32 pgn=maybe"), Catch::Contains("-crc32 pgn=maybe: expected"));
}

TEST_CASE("a chess-only option on a command line without --game says chess", "[peer-cli][fastchess]") {
    using config::chess_only_word;
    CHECK(chess_only_word(words("-engine cmd=a -engine cmd=b -variant standard")) == "-variant");
    CHECK(chess_only_word(words("-engine cmd=a proto=uci -engine cmd=b")) == "proto=uci");
    CHECK(chess_only_word(words("-engine cmd=a -engine cmd=b -check-mate-pvs")) == "-check-mate-pvs");
    CHECK(chess_only_word(words("-engine cmd=a -engine cmd=b -tb /s")) == "-tb");
    CHECK(chess_only_word(words("-engine cmd=a proto=ugi -engine cmd=b")).empty());
}
