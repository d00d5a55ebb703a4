// GameState's two backends (game/game_backend.hpp): one scripted sequence
// of operations answered alike in this process and in a plugin-host child;
// the isolated one's round trips per ply; and a state whose child was
// replaced refused, without touching the new child's states.
#include "game/board_diagram.hpp"
#include "game/game_state.hpp"
#include "game/move_judge.hpp"
#include "game/plugin_host.hpp"

#include "support/plugins.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace arb;

namespace {

using arb::test::kArbiter;

std::string outcome_text(const arb_outcome &o) {
    return std::to_string(o.result) + " " + std::to_string(o.has_score) + " " + std::to_string(o.score[0]) + ":" +
           std::to_string(o.score[1]) + " '" + o.reason + "'";
}

// Everything a caller can ask of `state` about its position, one line each.
void describe(const game::GameState &state, game::DiagramReader &diagrams, std::vector<std::string> &out) {
    out.push_back("position " + state.position());
    out.push_back("outcome " + outcome_text(state.outcome()));
    out.push_back("side " + std::to_string(state.side_to_move()));
    std::vector<arb_move> moves;
    auto listed = state.checked_legal_moves(moves);
    out.push_back(listed ? "listed" : "not listed: " + listed.error().message);
    std::string line = "moves";
    for (arb_move m : moves)
        line += " " + std::to_string(m) + "=" + state.format_move(m) + "/" + std::to_string(state.move_flags(m));
    out.push_back(line);
    out.push_back("unchecked moves " + std::to_string(state.legal_moves().size()));
    auto hash = state.hash();
    out.push_back("hash " + (hash ? std::to_string(*hash) : std::string("none")));
    const auto margin = state.margin();
    out.push_back("margin " + (margin ? std::to_string(*margin) : std::string("none")));
    auto drawing = diagrams.drawing(state);
    REQUIRE(drawing.has_value());
    auto cells = diagrams.cells(state, *drawing);
    out.push_back("cells " + (cells ? *cells : cells.error().message));
}

// The script: a game of Othello whose n-th ply plays the (7n mod count)-th
// listed move, with a clone, an assignment, refused texts, a reset and a
// position set on the way. Every answer is written down.
std::vector<std::string> run_script(const game::PluginPtr &othello, const std::shared_ptr<game::PluginHost> &host) {
    std::vector<std::string> out;
    auto diagrams = game::DiagramReader::of(*othello);
    REQUIRE(diagrams.has_value());
    auto drawing = diagrams->drawing(*game::GameState::create(othello, {}, 0, host));
    REQUIRE(drawing.has_value());
    out.push_back("drawing " + std::to_string(drawing->columns) + "x" + std::to_string(drawing->rows));

    auto refused = game::GameState::create(othello, {{"no-such-option", "1"}}, 0, host);
    out.push_back(refused ? "option accepted" : "option refused: " + refused.error().message);

    auto created = game::GameState::create(othello, {}, 0, host);
    REQUIRE(created.has_value());
    game::GameState state = std::move(*created);
    std::string midgame;
    for (int ply = 0; ply < 200; ++ply) {
        describe(state, *diagrams, out);
        std::vector<arb_move> moves;
        REQUIRE(state.checked_legal_moves(moves).has_value());
        if (moves.empty()) break;
        for (const char *text : {"", "z9", "pass!", "a1"}) {
            arb_move parsed = ARB_MOVE_NONE;
            std::string error;
            const arb_status status = state.parse_move(text, parsed, error);
            out.push_back(std::string("parse '") + text + "' " + std::to_string(status) + " " +
                          (status == ARB_OK ? std::to_string(parsed) : error));
        }
        const arb_move move = moves[static_cast<size_t>(7 * ply) % moves.size()];
        if (ply == 10) {
            // A clone goes its own way; an assignment brings it back.
            game::GameState copy = state;
            REQUIRE(copy.checked_play(move).has_value());
            out.push_back("clone played: " + copy.position());
            out.push_back("original kept: " + state.position());
            copy = state;
            out.push_back("assigned back: " + copy.position());
            midgame = state.position();
        }
        const std::string text = state.format_move(move);
        arb_move parsed = ARB_MOVE_NONE;
        std::string error;
        REQUIRE(state.parse_move(text.c_str(), parsed, error) == ARB_OK);
        REQUIRE(parsed == move);
        out.push_back("play " + text + " " + std::to_string(state.play(move)));
    }
    out.push_back("reset " + std::to_string(state.reset()) + ": " + state.position());
    auto set = state.set_position(midgame);
    out.push_back(std::string("set ") + (set ? "ok: " + state.position() : set.error().message));
    set = state.set_position("not a position");
    out.push_back(std::string("set junk ") + (set ? "accepted" : "refused: " + set.error().message));
    return out;
}

std::string part_of(const std::vector<std::string> &lines, const std::string &prefix, size_t nth = 0) {
    for (const auto &line : lines)
        if (line.rfind(prefix, 0) == 0 && nth-- == 0) return line.substr(prefix.size());
    return "(none)";
}

}  // namespace

TEST_CASE("the in-process and the isolated backend give the same answers to one scripted sequence of operations",
          "[abi][isolation][backend]") {
    const game::PluginPtr othello = test::load_plugin("othello");
    const auto host = std::make_shared<game::PluginHost>(othello, kArbiter);
    const std::vector<std::string> here = run_script(othello, nullptr);
    const std::vector<std::string> there = run_script(othello, host);

    // The script ran a real game: the rules of Othello, not the plugin's
    // answers, say how it starts.
    CHECK(part_of(here, "drawing ") == "8x8");
    const std::string cells = part_of(here, "cells ");
    CHECK(cells.size() == 64);
    CHECK(std::count(cells.begin(), cells.end(), cells[0]) == 60);  // a1 is empty, as are all but the centre four
    const std::string first_moves = part_of(here, "moves");
    CHECK(std::count(first_moves.begin(), first_moves.end(), '=') == 4);  // Othello opens with four moves
    CHECK(std::count(here.begin(), here.end(), std::string("listed")) > 55);  // a game is about 60 plies
    CHECK(part_of(here, "option refused: ").find("no-such-option") != std::string::npos);
    CHECK(part_of(here, "clone played: ") != part_of(here, "original kept: "));
    CHECK(part_of(here, "assigned back: ") == part_of(here, "original kept: "));
    CHECK(part_of(here, "set junk refused: ") != "(none)");
    // Only the finished game has a margin ("arbiter.margin/1"), and Othello's is the
    // outcome's score: Black's discs minus White's, the empties to the winner.
    int margins = 0;
    for (size_t i = 0; i < here.size(); ++i) {
        if (here[i].rfind("margin ", 0) != 0 || here[i] == "margin none") continue;
        ++margins;
        int result = 0, has_score = 0, score0 = 0, score1 = 0;
        REQUIRE(std::sscanf(here[i - 6].c_str(), "outcome %d %d %d:%d", &result, &has_score, &score0, &score1) == 4);
        CHECK(result != ARB_RESULT_ONGOING);
        CHECK(here[i].substr(7) == std::to_string(score0 - score1));
    }
    CHECK(margins >= 1);

    REQUIRE(here.size() == there.size());
    for (size_t i = 0; i < here.size(); ++i) {
        INFO("line " << i);
        CHECK(here[i] == there[i]);
    }
    CHECK(host->children_started() == 1);
}

TEST_CASE("an isolated state costs three round trips per ply as the match loop asks",
          "[abi][isolation][backend]") {
    const game::PluginPtr othello = test::load_plugin("othello");
    const auto host = std::make_shared<game::PluginHost>(othello, kArbiter);
    auto created = game::GameState::create(othello, {}, 0, host);
    REQUIRE(created.has_value());
    game::GameState &state = *created;
    game::GameState engine = test::new_game("othello");  // where the engine's move text comes from
    std::vector<arb_move> legal;
    std::string text, error;
    int plies = 0;
    for (;;) {
        const uint64_t before = host->requests();
        // The questions of match/game_runner.cpp, in its order: one Turn
        // answers outcome, the moves, the side and a lone move's flags.
        const arb_outcome outcome = state.outcome();
        REQUIRE(state.checked_legal_moves(legal).has_value());
        if (outcome.result != ARB_RESULT_ONGOING) break;
        REQUIRE(state.side_to_move() >= 0);
        arb_move move = legal[static_cast<size_t>(plies * 5) % legal.size()];
        if (legal.size() == 1 && (state.move_flags(legal[0]) & ARB_MOVE_PASS) != 0) {
            // A forced pass: FormatMove, then Play.
            move = legal[0];
            REQUIRE_FALSE(state.format_move(move, text).empty());
        } else {
            // ParseMove (which brings the canonical text), then Play.
            const std::string engine_move = engine.format_move(move);
            arb_move judged = ARB_MOVE_NONE;
            REQUIRE(game::judge_move(state, engine_move.c_str(), legal, judged, error) == game::MoveVerdict::Legal);
            REQUIRE(judged == move);
            REQUIRE(state.format_move(judged, text) == engine_move);
        }
        REQUIRE(state.checked_play(move).has_value());
        REQUIRE(engine.checked_play(move).has_value());
        INFO("ply " << plies);
        CHECK(host->requests() - before == 3);
        ++plies;
    }
    CHECK(plies > 50);  // an Othello game has about 60 plies
}

TEST_CASE("a state made before its plugin-host child was replaced is refused, and the new child's states are "
          "untouched",
          "[abi][isolation][backend]") {
    // crash_in_play dies of SIGSEGV at the third ply of a state in a process
    // named arbiter: the plugin-host child.
    auto drop = game::Plugin::load(std::string(ARBITER_DROP_PLUGIN_DIR) + "/crash_in_play/drop.so");
    REQUIRE(drop.has_value());
    const auto host = std::make_shared<game::PluginHost>(*drop, kArbiter);
    auto stale = game::GameState::create(*drop, {}, 0, host);
    REQUIRE(stale.has_value());
    REQUIRE(stale->checked_play(1).has_value());
    std::vector<arb_move> moves;
    REQUIRE(stale->checked_legal_moves(moves).has_value());  // its turn is now kept on this side
    {
        auto crasher = game::GameState::create(*drop, {}, 0, host);
        REQUIRE(crasher.has_value());
        REQUIRE(crasher->checked_play(0).has_value());
        REQUIRE(crasher->checked_play(0).has_value());
        CHECK_THROWS_AS((void)crasher->checked_play(0), game::PluginHostDied);
    }
    // The next create starts a second child, whose first state gets the id
    // the stale one had in the first.
    auto fresh = game::GameState::create(*drop, {}, 0, host);
    REQUIRE(fresh.has_value());
    CHECK(host->children_started() == 2);
    const std::string start = fresh->position();
    REQUIRE_FALSE(start.empty());

    const std::string gone = "the plugin 'drop' failed in its plugin-host child earlier; its game states are gone";
    // First what it could answer from its kept turn (play and reset drop it).
    CHECK_THROWS_WITH(stale->outcome(), gone);
    CHECK_THROWS_WITH(stale->checked_legal_moves(moves), gone);
    CHECK_THROWS_WITH(stale->side_to_move(), gone);
    CHECK_THROWS_WITH(stale->position(), gone);
    CHECK_THROWS_WITH(stale->play(2), gone);
    CHECK_THROWS_WITH(stale->reset(), gone);
    CHECK_THROWS_WITH(game::GameState(*stale), gone);
    // Assigned, it becomes a clone of fresh, and its old id (fresh's, in the
    // new child) is not destroyed there.
    *stale = *fresh;
    CHECK(stale->position() == start);
    REQUIRE(stale->checked_play(3).has_value());
    CHECK(fresh->position() == start);  // nothing the stale state did reached fresh
    {
        auto discarded = std::move(*stale);
    }
    CHECK(fresh->position() == start);
    REQUIRE(fresh->checked_play(2).has_value());
    CHECK(fresh->position() != start);
    CHECK(host->children_started() == 2);
}
