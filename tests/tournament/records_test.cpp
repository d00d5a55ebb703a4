#include "output/jsonl_record.hpp"
#include "output/pgn_writer.hpp"
#include "output/standings.hpp"
#include "rating/pgn_results.hpp"

#include "sample_games.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>

#include <sstream>

using namespace arb;

TEST_CASE("a JSON line round-trips every fact of a game", "[records]") {
    auto g = test::sample_game(3, ARB_RESULT_DRAW);
    g.record.has_score = true;
    g.record.score[0] = 35;
    g.record.score[1] = 29;
    g.record.termination = match::Termination::IllegalMove;
    g.record.loser_side = 1;
    g.record.offending_text = "bestmove z9 \"x\"";
    std::string line = output::to_json_line(g, {"tictactoe", "tictactoe", ""});
    CHECK(line.find('\n') == std::string::npos);
    auto back = output::parse_json_line(line);
    INFO(line);
    REQUIRE(back.has_value());
    CHECK(output::to_json_line(*back, {"tictactoe", "tictactoe", ""}) == line);
    CHECK(back->slot.index == 3);
    CHECK(back->slot.pair_id == 1);
    CHECK(back->record.termination == match::Termination::IllegalMove);
    CHECK(back->record.offending_text == g.record.offending_text);
    CHECK(back->record.moves.size() == 5);
    CHECK(back->record.moves[1].info.score_cp == -35);
    CHECK(back->record.moves[2].info.nodes == 12345);
    CHECK(back->record.moves[3].forced);
    CHECK(back->record.score[0] == 35);
    CHECK(back->record.started == g.record.started);
}

TEST_CASE("a damaged JSON line is refused with a reason", "[records]") {
    std::string line = output::to_json_line(test::sample_game(0), {"tictactoe", "tictactoe", ""});
    CHECK_FALSE(output::parse_json_line(line.substr(0, line.size() / 2)).has_value());
    auto bad_result = line;
    bad_result.replace(bad_result.find("\"1-0\""), 5, "\"2-0\"");
    auto parsed = output::parse_json_line(bad_result);
    REQUIRE_FALSE(parsed.has_value());
    CHECK(parsed.error().message == "unknown result '2-0'");
}

TEST_CASE("PGN records have the tags Ordo and BayesElo read and numbered movetext", "[records]") {
    auto g = test::sample_game(0);
    output::PgnContext context{"Unit event", "host", "tictactoe", ".........  X", 0, {"x", "o"},
                                *core::TimeControl::parse("10+0.1"), nullptr, {}};
    // The Seven Tag Roster first and in PGN's order, then ours.
    CHECK(output::to_pgn(g, context) == R"([Event "Unit event"]
[Site "host"]
[Date "2025.11.22"]
[Round "1"]
[White "alpha"]
[Black "beta"]
[Result "1-0"]
[WhiteSide "x"]
[BlackSide "o"]
[Game "1"]
[Termination "normal"]
[ArbiterTermination "game-rule"]
[TimeControl "10+0.1"]
[Variant "tictactoe"]
[PlyCount "6"]

1. b2 {opening} a1 2. c3 {-0.35 0.011s} a3 3. a2 c1 {three in a row )diagonal)}
1-0

)");
    g.record.opening_position = "X........ O";
    g.record.opening_moves.clear();
    g.record.has_score = true;
    g.record.score[0] = 3;
    g.record.score[1] = 1;
    context.first_side = 1;
    std::string pgn = output::to_pgn(g, context);
    CHECK_THAT(pgn, Catch::Contains("[SetUp \"1\"]\n[FEN \"X........ O\"]\n[Score \"3-1\"]\n[PlyCount \"5\"]\n\n1... a1 2. c3 {-0.35 0.011s} a3 3. a2 c1"));
}

TEST_CASE("PGN move comments as cutechess writes them, and PGN's Termination values", "[records]") {
    auto g = test::sample_game(0);
    g.record.moves[0].info.score_cp = 50;  // pawns from the mover's view: +0.50
    g.record.moves[0].info.depth = 12;
    g.record.moves[0].elapsed = std::chrono::milliseconds(510);
    g.record.moves[1].info.score_cp = -123;
    g.record.moves[1].elapsed = std::chrono::milliseconds(2000);
    output::PgnContext context{"e", "h", "tictactoe", ".........  X", 0, {}, std::nullopt, nullptr, {}};
    std::string pgn = output::to_pgn(g, context);
    CHECK_THAT(pgn, Catch::Contains("a1 {+0.50/12 0.51s} 2. c3 {-1.23 2s} a3"));
    CHECK_THAT(pgn, !Catch::Contains("WhiteSide"));  // no side names given
    using match::Termination;
    CHECK(std::string(output::pgn_termination(Termination::TimeForfeit)) == "time forfeit");
    CHECK(std::string(output::pgn_termination(Termination::IllegalMove)) == "rules infraction");
    CHECK(std::string(output::pgn_termination(Termination::UnparsableMove)) == "rules infraction");
    CHECK(std::string(output::pgn_termination(Termination::Crash)) == "abandoned");
    CHECK(std::string(output::pgn_termination(Termination::MaxPlies)) == "adjudication");
    CHECK(std::string(output::pgn_termination(Termination::ResignAdjudication)) == "adjudication");
    CHECK(std::string(output::pgn_termination(Termination::Abandoned)) == "unterminated");
    g.record.termination = Termination::IllegalMove;
    pgn = output::to_pgn(g, context);
    CHECK_THAT(pgn, Catch::Contains("[Termination \"rules infraction\"]\n[ArbiterTermination \"illegal-move\"]"));
}

// fastchess's format, as its PGN builder writes it (Disservin/fastchess,
// app/src/game/pgn/pgn_builder.cpp, PgnBuilder::createComment, read at commit
// 74deac23): after "score/depth time" each asked-for field follows ", " in the
// order n=<nodes>, sd=<seldepth>, nps=<nps> (man.md: -pgnout nodes= seldepth=
// nps=). Two differences, on purpose: the time keeps cutechess's "0.51s" as
// before, and a field the engine never sent is left out (fastchess writes 0).
TEST_CASE("PGN move comments carry fastchess's n=, sd= and nps= when asked, none the engine did not send",
          "[records]") {
    auto g = test::sample_game(0);
    auto &first = g.record.moves[0];  // side 0's "a1"
    first.info.score_cp = 50;
    first.info.depth = 12;
    first.elapsed = std::chrono::milliseconds(510);
    first.info.nodes = 123456;
    first.info.seldepth = 18;
    first.info.nps = 1000000;
    auto &second = g.record.moves[1];  // side 1's "c3": nodes only
    second.info.score_cp = -123;
    second.elapsed = std::chrono::milliseconds(2000);
    second.info.nodes = 5000;
    output::PgnContext context{"e", "h", "tictactoe", ".........  X", 0, {}, std::nullopt, nullptr, {}};

    // Off (the default): the comments as before, byte for byte.
    CHECK_THAT(output::to_pgn(g, context), Catch::Contains("a1 {+0.50/12 0.51s} 2. c3 {-1.23 2s} a3"));

    context.comment_fields = {true, true, true};
    // The first line is 73 characters; the next comment would take it past 79, so it starts the
    // next line (a comment is one word to the line breaker). sample_game's third move, "a3",
    // has nodes and depth but no score: no comment, as before.
    CHECK_THAT(output::to_pgn(g, context),
               Catch::EndsWith("\n\n1. b2 {opening} a1 {+0.50/12 0.51s, n=123456, sd=18, nps=1000000} 2. c3\n"
                               "{-1.23 2s, n=5000} a3 3. a2 c1 {three in a row )diagonal)} 1-0\n\n"));

    context.comment_fields = {false, false, true};
    CHECK_THAT(output::to_pgn(g, context), Catch::Contains("a1 {+0.50/12 0.51s, nps=1000000} 2. c3 {-1.23 2s} a3"));
    context.comment_fields = {false, true, false};
    CHECK_THAT(output::to_pgn(g, context), Catch::Contains("a1 {+0.50/12 0.51s, sd=18} 2. c3 {-1.23 2s} a3"));
}

// fastchess writes a mate as "+M" or "-M" and the distance in plies
// (app/src/types/score.hpp, Score's string form): mate in N moves is
// 2N-1 plies, mated in N is 2N. By hand: mate 3 -> +M5, mate -2 -> -M4.
TEST_CASE("PGN move comments write a mate as fastchess does, in plies, and JSON lines keep the distance", "[records]") {
    auto g = test::sample_game(0);
    g.record.moves[0].info.score_cp = arb::protocol::kMateScore;
    g.record.moves[0].info.mate = 3;
    g.record.moves[0].info.depth = 9;
    g.record.moves[0].elapsed = std::chrono::milliseconds(510);
    g.record.moves[1].info.score_cp = -arb::protocol::kMateScore;
    g.record.moves[1].info.mate = -2;
    g.record.moves[1].elapsed = std::chrono::milliseconds(2000);
    output::PgnContext context{"e", "h", "tictactoe", ".........  X", 0, {}, std::nullopt, nullptr, {}};
    CHECK_THAT(output::to_pgn(g, context), Catch::Contains("a1 {+M5/9 0.51s} 2. c3 {-M4 2s} a3"));
    g.record.moves[1].info.mate.reset();  // USI's "mate -": no distance
    CHECK_THAT(output::to_pgn(g, context), Catch::Contains("2. c3 {-M 2s} a3"));

    g.record.moves[1].info.mate = -2;
    auto back = output::parse_json_line(output::to_json_line(g, {"tictactoe", "tictactoe", ""}));
    REQUIRE(back.has_value());
    CHECK(back->record.moves[0].info.mate == 3);
    CHECK(back->record.moves[1].info.mate == -2);
    CHECK_FALSE(back->record.moves[2].info.mate);
}

// fastchess's -pgnout match_line=: each kept line as line="..." after the
// other fields, joined by ", " (app/src/game/pgn/pgn_builder.cpp, createComment);
// here quotes and backslashes escaped as in a tag, braces made ')'.
TEST_CASE("PGN move comments carry the matched engine lines as line=\"...\", and JSON lines keep them", "[records]") {
    auto g = test::sample_game(0);
    auto &first = g.record.moves[0];
    first.info.score_cp = 50;
    first.info.depth = 12;
    first.elapsed = std::chrono::milliseconds(510);
    first.info.nodes = 7;
    first.lines = {"info string nnue {on} \"big\" net\\1", "info string hash 5"};
    output::PgnContext context{"e", "h", "tictactoe", ".........  X", 0, {}, std::nullopt, nullptr, {}};
    context.comment_fields = {true, false, false};
    // The line breaker may break the long comment at a space: compared with its breaks as spaces.
    std::string pgn = output::to_pgn(g, context);
    std::replace(pgn.begin(), pgn.end(), '\n', ' ');
    CHECK_THAT(pgn,
               Catch::Contains("a1 {+0.50/12 0.51s, n=7, line=\"info string nnue )on) \\\"big\\\" net\\\\1\", "
                               "line=\"info string hash 5\"}"));
    auto back = output::parse_json_line(output::to_json_line(g, {"tictactoe", "tictactoe", ""}));
    REQUIRE(back.has_value());
    CHECK(back->record.moves[0].lines == first.lines);
    CHECK(back->record.moves[1].lines.empty());
}

TEST_CASE("a JSON line keeps each move's seldepth and nps, and a line without them still reads", "[records]") {
    auto g = test::sample_game(1);
    g.record.moves[1].info.seldepth = 18;
    g.record.moves[1].info.nps = 4000000000LL;  // above 2^32: kept whole
    const std::string line = output::to_json_line(g, {"tictactoe", "tictactoe", ""});
    CHECK_THAT(line, Catch::Contains(R"("nps":4000000000)"));
    CHECK_THAT(line, Catch::Contains(R"("seldepth":18)"));
    auto back = output::parse_json_line(line);
    REQUIRE(back.has_value());
    CHECK(back->record.moves[1].info.seldepth == 18);
    CHECK(back->record.moves[1].info.nps == 4000000000LL);
    CHECK_FALSE(back->record.moves[0].info.seldepth.has_value());
    CHECK_FALSE(back->record.moves[0].info.nps.has_value());
    CHECK(output::to_json_line(*back, {"tictactoe", "tictactoe", ""}) == line);
    // What --resume and merge rebuild games.pgn from gives the same text.
    output::PgnContext context{"e", "h", "tictactoe", "", 0, {}, std::nullopt, nullptr, {}};
    context.comment_fields = {true, true, true};
    CHECK_THAT(output::to_pgn(*back, context), Catch::Contains("c3 {-0.35 0.011s, sd=18, nps=4000000000}"));
    CHECK(output::to_pgn(*back, context) == output::to_pgn(g, context));

    // A line of an arbiter from before these fields (the sample game has none).
    const std::string older = output::to_json_line(test::sample_game(1), {"tictactoe", "tictactoe", ""});
    REQUIRE(older.find("seldepth") == std::string::npos);
    REQUIRE(older.find("nps") == std::string::npos);
    auto parsed = output::parse_json_line(older);
    REQUIRE(parsed.has_value());
    for (const auto &m : parsed->record.moves) {
        CHECK_FALSE(m.info.seldepth.has_value());
        CHECK_FALSE(m.info.nps.has_value());
    }
    CHECK(parsed->record.moves[2].info.nodes == 12345);
}

TEST_CASE("pentanomial counts pair games by pair id from the first engine's view", "[records]") {
    std::vector<match::FinishedGame> games;
    // pair 0: alpha wins both; pair 1: win and loss; pair 2: two draws; pair 3: one game only.
    games.push_back(test::sample_game(0, ARB_RESULT_WIN_SIDE_0));
    games.push_back(test::sample_game(1, ARB_RESULT_WIN_SIDE_1));
    games.push_back(test::sample_game(2, ARB_RESULT_WIN_SIDE_0));
    games.push_back(test::sample_game(3, ARB_RESULT_WIN_SIDE_0));
    games.push_back(test::sample_game(4, ARB_RESULT_DRAW));
    games.push_back(test::sample_game(5, ARB_RESULT_DRAW));
    games.push_back(test::sample_game(6, ARB_RESULT_WIN_SIDE_1));
    auto p = output::count_pentanomial(games, 0, 1);
    CHECK(p.ww == 1);
    CHECK(p.wl == 1);
    CHECK(p.dd == 1);
    CHECK(p.ll + p.ld + p.wd == 0);
    auto t = output::count_trinomial(games, 0, 1);
    CHECK(t.wins == 3);
    CHECK(t.draws == 2);
    CHECK(t.losses == 2);
}

TEST_CASE("the PGN file reads back as the same results through a tag-based reader", "[records]") {
    std::string pgn;
    const arb_result results[] = {ARB_RESULT_WIN_SIDE_0, ARB_RESULT_DRAW, ARB_RESULT_WIN_SIDE_1};
    for (int i = 0; i < 3; ++i)
        pgn += output::to_pgn(test::sample_game(i, results[i]), {"E \"quoted\"", "h", "tictactoe", "", 0, {}, std::nullopt, nullptr, {}});
    std::istringstream in(pgn);
    auto read = rating::read_pgn_results(in);
    INFO((read ? "" : read.error().message));
    REQUIRE(read.has_value());
    REQUIRE(read->games.size() == 3);
    CHECK(read->names == std::vector<std::string>{"alpha", "beta"});
    CHECK(read->games[0].score == 1.0);
    CHECK(read->games[1].score == 0.5);
    CHECK(read->games[2].score == 0.0);
    CHECK(read->games[1].first == 1);  // game 2 has beta as White
}

TEST_CASE("JSONL lines carry their schema and name sides side0/side1, schema 1 lines still read", "[records]") {
    auto g = test::sample_game(0);
    std::string line = output::to_json_line(g, {"tictactoe", "tictactoe", ""});
    CHECK_THAT(line, Catch::Contains("\"schema\":2"));
    CHECK_THAT(line, Catch::Contains("\"side0\":\"alpha\""));
    CHECK_THAT(line, Catch::Contains("\"side1\":\"beta\""));
    CHECK_THAT(line, !Catch::Contains("\"white\""));
    // The form written before the schema field: white/black.
    std::string old = line;
    old.replace(old.find("\"schema\":2,"), 11, "");
    old.replace(old.find("\"side0\""), 7, "\"white\"");
    old.replace(old.find("\"side1\""), 7, "\"black\"");
    auto back = output::parse_json_line(old);
    REQUIRE(back.has_value());
    CHECK(back->record.engine_names[0] == "alpha");
    CHECK(back->record.engine_names[1] == "beta");
    std::string future = line;
    future.replace(future.find("\"schema\":2"), 10, "\"schema\":9");
    CHECK_FALSE(output::parse_json_line(future).has_value());
}

TEST_CASE("a JSON line carries what the game was played under, and an older line without it still reads",
          "[records]") {
    auto g = test::sample_game(2);
    auto &under = g.record.played_under;
    under.time_control[0] = *core::TimeControl::parse("10+0.1");
    under.time_control[1] = *core::TimeControl::parse("40/60+0.6");
    under.seed = 18446744073709551615ULL;  // the largest seed survives JSON (as an unsigned 64-bit number)
    under.engine_options[0] = {{"Hash", "16"}, {"Threads", "1"}};
    const std::string line = output::to_json_line(g, {"tictactoe", "tictactoe", "Cup"});
    CHECK_THAT(line, Catch::Contains(R"("time_control":["10+0.1","40/60+0.6"])"));
    CHECK_THAT(line, Catch::Contains(R"("seed":18446744073709551615)"));
    CHECK_THAT(line, Catch::Contains(R"("engine_options":[[["Hash","16"],["Threads","1"]],[]])"));
    CHECK_THAT(line, Catch::Contains(R"("event":"Cup")"));
    auto back = output::parse_json_line(line);
    REQUIRE(back.has_value());
    CHECK(back->record.played_under.time_control[0] == under.time_control[0]);
    CHECK(back->record.played_under.time_control[1] == under.time_control[1]);
    CHECK(back->record.played_under.seed == under.seed);
    CHECK(back->record.played_under.engine_options[0] == under.engine_options[0]);
    CHECK(back->record.played_under.engine_options[1].empty());
    CHECK(output::to_json_line(*back, {"tictactoe", "tictactoe", "Cup"}) == line);

    // A line of an arbiter from before these fields: read, nothing known.
    std::string older = output::to_json_line(test::sample_game(2), {"tictactoe", "tictactoe", ""});
    older.erase(older.find(",\"engine_options\""), std::string(R"(,"engine_options":[[],[]])").size());
    REQUIRE(older.find("engine_options") == std::string::npos);
    auto parsed = output::parse_json_line(older);
    REQUIRE(parsed.has_value());
    CHECK_FALSE(parsed->record.played_under.time_control[0].has_value());
    CHECK_FALSE(parsed->record.played_under.seed.has_value());

    // Combined controls (a clock or move time with caps) read back the same value.
    auto capped = g;
    capped.record.played_under.time_control[0] = *core::TimeControl::parse("300+5,nodes=2000000");
    capped.record.played_under.time_control[1] = *core::TimeControl::parse("movetime=0.5,depth=8");
    const std::string capped_line = output::to_json_line(capped, {"tictactoe", "tictactoe", "Cup"});
    CHECK_THAT(capped_line, Catch::Contains(R"("time_control":["300+5,nodes=2000000","movetime=0.5,depth=8"])"));
    auto capped_back = output::parse_json_line(capped_line);
    REQUIRE(capped_back.has_value());
    CHECK(capped_back->record.played_under.time_control[0] == capped.record.played_under.time_control[0]);
    CHECK(capped_back->record.played_under.time_control[1] == capped.record.played_under.time_control[1]);

    // Lines written before caps could be combined keep their meaning (the text forms then in use).
    for (const char *old_text : {"depth=6", "nodes=10000,limit=2.5", "depth=6,limit=30", "movetime=0.5", "40/60+0.6"}) {
        INFO(old_text);
        auto old_line = line;
        old_line.replace(old_line.find("40/60+0.6"), 9, old_text);
        auto old_back = output::parse_json_line(old_line);
        REQUIRE(old_back.has_value());
        CHECK(old_back->record.played_under.time_control[1]->to_string() == old_text);
    }
    auto old_depth = line;
    old_depth.replace(old_depth.find("40/60+0.6"), 9, "depth=6,limit=30");
    const auto depth_under = output::parse_json_line(old_depth)->record.played_under.time_control[1];
    CHECK(depth_under->kind == core::TimeControl::Kind::Untimed);
    CHECK(depth_under->depth == 6);
    CHECK_FALSE(depth_under->nodes);
    CHECK(depth_under->untimed_limit == std::chrono::milliseconds(30000));

    auto bad = line;
    bad.replace(bad.find("40/60+0.6"), 9, "fast");
    auto refused = output::parse_json_line(bad);
    REQUIRE_FALSE(refused.has_value());
    CHECK_THAT(refused.error().message, Catch::Contains("bad time_control 'fast'"));
}

TEST_CASE("PGN's TimeControl comes from the record: per side when they differ, the tournament's for old records",
          "[records]") {
    output::PgnContext context{"e", "h", "tictactoe", ".........  X", 0, {}, *core::TimeControl::parse("10+0.1"), nullptr, {}};
    auto g = test::sample_game(0);
    SECTION("a record that does not say: the tournament's") {
        CHECK_THAT(output::to_pgn(g, context), Catch::Contains("[TimeControl \"10+0.1\"]\n[Variant"));
    }
    SECTION("both sides under an engine's own control: that one, not the tournament's") {
        g.record.played_under.time_control[0] = g.record.played_under.time_control[1] = *core::TimeControl::parse("5+0.05");
        CHECK_THAT(output::to_pgn(g, context), Catch::Contains("[TimeControl \"5+0.05\"]\n[Variant"));
    }
    SECTION("sides under different controls: \"?\" and one tag per side") {
        g.record.played_under.time_control[0] = *core::TimeControl::parse("5+0.05");
        g.record.played_under.time_control[1] = *core::TimeControl::parse("movetime=0.5");
        CHECK_THAT(output::to_pgn(g, context),
                   Catch::Contains("[TimeControl \"?\"]\n[WhiteTimeControl \"5+0.05\"]\n"
                                   "[BlackTimeControl \"movetime=0.5\"]\n[Variant"));
    }
    SECTION("caps beside a clock stay out of the tags (fastchess's tag is the clock alone)") {
        g.record.played_under.time_control[0] = *core::TimeControl::parse("300+5,nodes=2000000");
        g.record.played_under.time_control[1] = *core::TimeControl::parse("300+5,nodes=1000000");
        CHECK_THAT(output::to_pgn(g, context), Catch::Contains("[TimeControl \"300+5\"]\n[Variant"));
        g.record.played_under.time_control[1] = *core::TimeControl::parse("movetime=0.5,depth=8");
        CHECK_THAT(output::to_pgn(g, context),
                   Catch::Contains("[TimeControl \"?\"]\n[WhiteTimeControl \"300+5\"]\n"
                                   "[BlackTimeControl \"movetime=0.5\"]\n[Variant"));
    }
    SECTION("caps alone are the control, written whole as before") {
        g.record.played_under.time_control[0] = g.record.played_under.time_control[1] =
            *core::TimeControl::parse("depth=6,nodes=100000");
        CHECK_THAT(output::to_pgn(g, context), Catch::Contains("[TimeControl \"depth=6,nodes=100000\"]\n[Variant"));
    }
}

TEST_CASE("a record's texts become valid UTF-8 once, and JSON lines and PGN then hold the same bytes", "[records]") {
    auto g = test::sample_game(0);
    g.record.reason = "cut \xC3 and \xFF\xFE bytes, kept \xC3\xA9";
    g.record.engine_names[0] = "al\xF0\x9Fpha";
    match::make_texts_valid(g.record);
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(g.record.reason == "cut " + fffd + " and " + fffd + fffd + " bytes, kept \xC3\xA9");
    CHECK(g.record.engine_names[0] == "al" + fffd + fffd + "pha");
    auto j = nlohmann::json::parse(output::to_json_line(g, {"tictactoe", "tictactoe", ""}));
    const std::string pgn = output::to_pgn(g, {"e", "h", "tictactoe", "", 0, {}, std::nullopt, nullptr, {}});
    CHECK(j["reason"].get<std::string>() == g.record.reason);
    CHECK(j["side0"].get<std::string>() == g.record.engine_names[0]);
    CHECK_THAT(pgn, Catch::Contains("{" + g.record.reason + "}"));
    CHECK_THAT(pgn, Catch::Contains("[White \"" + g.record.engine_names[0] + "\"]"));
}

TEST_CASE("names and reasons read back from records are written to games.pgn escaped", "[records][text]") {
    auto g = test::sample_game(0);
    g.record.engine_names[0] = "\x1b]0;pwned\x07" "Evil";  // OSC: sets the terminal's title
    g.record.engine_names[1] = "Tigre \xc3\xb1\x1b[2J";     // valid UTF-8 kept, the clear-screen escaped
    g.record.reason = "engine said \x1b[31mred\x1b[0m";
    output::PgnContext context{"Unit event", "host", "tictactoe", ".........  X", 0, {"x", "o"},
                                *core::TimeControl::parse("10+0.1"), nullptr, {}};
    const std::string pgn = output::to_pgn(g, context);
    CHECK(pgn.find('\x1b') == std::string::npos);
    CHECK(pgn.find('\x07') == std::string::npos);
    // The escape's backslash is a PGN tag's backslash, itself escaped.
    CHECK_THAT(pgn, Catch::Contains("[White \"\\\\x1b]0;pwned\\\\x07Evil\"]\n"));
    CHECK_THAT(pgn, Catch::Contains("[Black \"Tigre \xc3\xb1\\\\x1b[2J\"]\n"));
    CHECK_THAT(pgn, Catch::Contains("{engine said \\x1b[31mred\\x1b[0m}"));
}
