/*
 * arbiter/ext/rule_edges.h -- extension "arbiter.rule-edges/1".
 *
 * Positions where engines really get a game's rules wrong, listed by the
 * plugin that knows them: a forced pass, the move that would repeat a
 * position a third time, castling through check. `arbiter check` asks an
 * engine at every edge first (all of them, in the plugin's order) before its
 * random positions, and names the edge's rule when the engine fails there;
 * `plugin-check` checks that every edge loads and that its named move is
 * legal or illegal as declared. The plugin stays the judge of every answer:
 * an edge only says where to ask and what a failure means. C99, like
 * <arbiter/game.h>.
 */
#ifndef ARBITER_EXT_RULE_EDGES_H
#define ARBITER_EXT_RULE_EDGES_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_RULE_EDGES "arbiter.rule-edges/1"

/* What a compliant engine does at an edge. */
typedef int32_t arb_edge_expect;
enum {
    /* Any legal move complies; an engine that ignores the rule answers with
     * a move that is not legal here (eg a goat placement once all twenty
     * goats are placed). `move` is "". */
    ARB_EDGE_ANY_LEGAL = 0,
    /* `move` is the only legal move here (a forced pass): plugin-check
     * requires legal_moves to be exactly {move}. */
    ARB_EDGE_MUST_PLAY = 1,
    /* `move` is what an engine that ignores the rule would play, and it is
     * not legal here (parse_move gives ARB_ERR_ILLEGAL): castling through
     * check, the capture that repeats a position. Any legal move complies. */
    ARB_EDGE_MUST_NOT_PLAY = 2
};

typedef struct arb_rule_edge {
    /* The rule exercised, short and stable, lower case with hyphens:
     * "repetition", "castling-through-check", "forced-pass". Several edges
     * may share a rule. */
    const char *rule;
    /* The rule options the edge needs, as "name=value" separated by single
     * spaces; "" when it needs none. A host asks an edge only when its own
     * settings agree with the options named here; the edge must hold
     * whatever the value of every option it does not name (name an option
     * at its default value when the edge depends on it). */
    const char *options;
    /* A position text for set_position (under `options`); "" for the start
     * position of those options. */
    const char *position;
    /* Move texts played from `position` before the engine is asked, separated
     * by single spaces; "" for none. The history a rule needs (repetition)
     * goes here; it is sent to the engine as position + moves. */
    const char *moves;
    arb_edge_expect expect;
    /* The move `expect` names (MUST_PLAY, MUST_NOT_PLAY), in the plugin's own
     * notation; "" for ARB_EDGE_ANY_LEGAL. */
    const char *move;
    /* What a failing engine did, for the report, completing "RULE: ...":
     * "played the move that repeats the position a third time". */
    const char *failure;
} arb_rule_edge;

typedef struct arb_game_rule_edges {
    /* sizeof(arb_rule_edge) as the plugin was built: the host steps through
     * `edges` by it, so a later revision may append fields. */
    uint32_t edge_size;
    uint32_t count;
    /* `count` edges in static storage (valid while the library is loaded),
     * in the order a host asks them. [any-thread] */
    const arb_rule_edge *edges;
} arb_game_rule_edges;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_RULE_EDGES_H */
