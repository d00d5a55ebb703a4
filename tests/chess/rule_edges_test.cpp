// The chess rule edges ("arbiter.rule-edges/1", plugins/chess/rule_edges.cpp)
// checked through the ABI, apart from the host's reader: each loads and
// holds under its options and under every value of the options it does not
// name, together they name every option value, and the edges of the rule
// options stop holding under the options' other values.
#include "support/rule_edges.hpp"

using namespace arb;
using namespace arb::test;

namespace {

const std::string kGame = "chess";

struct Relaxed {
    const char *rule;
    const char *move;
    const char *options;  // to tell apart edges of one rule and move
    const char *option;
    const char *value;
    EdgeVerdict::Kind becomes;
};

const Relaxed kRelaxed[] = {
    // Standard chess writes castling e1g1: the same history, same move, legal.
    {"chess960-castling", "e1g1", "variant=chess960 start=518", "variant", "standard", EdgeVerdict::move_legal},
    // Chess960 writes castling king takes rook: the same position, e1h1 legal.
    {"castling-notation", "e1h1", "variant=standard", "variant", "chess960", EdgeVerdict::move_legal},
    // Start 0 is BBQNNRKR: g1 holds the king, so g1f3 (ply 3) is no move.
    {"chess960-castling", "e1g1", "variant=chess960 start=518", "start", "0", EdgeVerdict::history_stops},
    // Under draws=claimed the third occurrence ends the game; the history
    // brings it at its last ply, so the game is over after it.
    {"repetition", "", "draws=automatic", "draws", "claimed", EdgeVerdict::over},
    // Under draws=claimed 100 plies or more end the game: over at once.
    {"fifty-moves", "", "draws=automatic", "draws", "claimed", EdgeVerdict::over},
};

// The legal moves of an edge's position after its history, under its options.
std::vector<std::string> legal_after(const arb_rule_edge &edge) {
    auto state = new_game(kGame, edge_options(edge.options));
    if (*edge.position) REQUIRE(state.set_position(edge.position).has_value());
    for (const std::string &m : split_words(edge.moves)) play_text(state, m);
    return legal_move_texts(state);
}

}  // namespace

TEST_CASE("chess rule edges hold under their options", "[chess][rule-edges]") { check_edges_hold(kGame); }

TEST_CASE("chess rule edges hold under every value of the options they leave out", "[chess][rule-edges]") {
    check_edges_hold_under_unnamed_options(kGame);
}

TEST_CASE("chess rule edges name every value of every rule option", "[chess][rule-edges]") {
    check_edges_cover_options(kGame);
}

TEST_CASE("chess rule edges of the rule options stop holding under the other values", "[chess][rule-edges]") {
    std::set<std::string> options_relaxed;
    for (const Relaxed &r : kRelaxed) {
        const arb_rule_edge edge = find_edge(kGame, r.rule, r.move, r.options);
        const game::OptionList options = with_option(edge_options(edge.options), r.option, r.value);
        INFO(describe(edge) << " under " << describe(options));
        const EdgeVerdict verdict = judge_edge(kGame, edge, options);
        INFO(verdict.detail);
        CHECK(verdict.kind == r.becomes);
        options_relaxed.insert(r.option);
    }
    const arb_game_api &api = load_plugin(kGame)->api();
    for (int32_t i = 0; i < api.option_count; ++i) CHECK(options_relaxed.count(api.options[i].name) == 1);
}

TEST_CASE("chess rule edges: the legal moves there, counted by hand", "[chess][rule-edges]") {
    // Castling through check: king e1d1 e1d2 e1f2 (e2 and f1 are on the
    // bishop's diagonal), rook h1 f1 g1 and h2-h8: 3 + 9 = 12, no e1g1.
    CHECK(legal_after(find_edge(kGame, "castling-through-check", "e1g1")).size() == 12);
    // Castling into check: the king's 5 squares, the rook's 9: 14.
    CHECK(legal_after(find_edge(kGame, "castling-into-check", "e1g1")).size() == 14);
    // Out of check: the king to d1, f1, e2, f2 (d2 is on the bishop's
    // diagonal); the rook cannot block (no square of b4-e1 on the first
    // rank) nor take: 4.
    CHECK(legal_after(find_edge(kGame, "castling-out-of-check", "e1c1")) ==
          std::vector<std::string>{"e1d1", "e1e2", "e1f1", "e1f2"});
    // The rank pin: king a4, a6, b6 (b4 is attacked by c5), pawn b6: 4.
    CHECK(legal_after(find_edge(kGame, "en-passant-pin", "b5c6")) ==
          std::vector<std::string>{"a5a4", "a5a6", "a5b6", "b5b6"});
    // The diagonal pin: the pawn e5 may not leave the diagonal (e5e6 and
    // e5d6 both do), so only the king moves: its 8 squares but c4, which the
    // pawn d5 attacks (with e4): 7.
    CHECK(legal_after(find_edge(kGame, "en-passant-pin", "e5d6")) ==
          std::vector<std::string>{"c3b2", "c3b3", "c3b4", "c3c2", "c3d2", "c3d3", "c3d4"});
    // Promotion: the king a1's 3 squares and the 4 promotions: 7.
    CHECK(legal_after(find_edge(kGame, "promotion", "e7e8")) ==
          std::vector<std::string>{"a1a2", "a1b1", "a1b2", "e7e8b", "e7e8n", "e7e8q", "e7e8r"});
    // Castling notation: the king to d1, f1 and castling e1g1 (d2, e2, f2
    // are on the rook a2's rank), the rook h1 to f1, g1 (h2 is its own
    // pawn), the pawns g2, h2 one or two squares: 3 + 2 + 4 = 9, no e1h1.
    CHECK(legal_after(find_edge(kGame, "castling-notation", "e1h1")) ==
          std::vector<std::string>{"e1d1", "e1f1", "e1g1", "g2g3", "g2g4", "h1f1", "h1g1", "h2h3", "h2h4"});
    // Chess960 castling from the standard array after e4 e5 Nf3 Nf6 Bc4 Bc5:
    // castling is e1h1, and e1 has also f1 and e2: e1 moves e1e2 e1f1 e1h1.
    std::vector<std::string> king;
    const arb_rule_edge castling = find_edge(kGame, "chess960-castling", "e1g1", "variant=chess960 start=518");
    for (const std::string &m : legal_after(castling))
        if (m.rfind("e1", 0) == 0) king.push_back(m);
    CHECK(king == std::vector<std::string>{"e1e2", "e1f1", "e1h1"});
}
