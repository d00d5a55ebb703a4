/*
 * arbiter/ext/move_properties.h -- extension "arbiter.move-properties/1".
 *
 * What a move means beyond its text, so that a host never recognises a move
 * by the way it is written: whether it is a pass (which the host plays by
 * itself when it is the only legal move) and whether it is irreversible
 * (which draw rules and repetition searches use, as cutechess does with the
 * board). C99, like <arbiter/game.h>.
 *
 * Revision "arbiter.move-properties/2" is the same table whose answers also
 * carry ARB_MOVE_CAPTURE and ARB_MOVE_CHECK, exactly: a plugin that answers
 * /2 is sure of both for every legal move (the training-data sampler's
 * quiet filter relies on them). It answers /1 with the same table, for hosts
 * that know only /1. A /1-only plugin leaves both bits 0, which means
 * "unknown", not "no"; the host tells the two apart by the name it found.
 */
#ifndef ARBITER_EXT_MOVE_PROPERTIES_H
#define ARBITER_EXT_MOVE_PROPERTIES_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_MOVE_PROPERTIES "arbiter.move-properties/1"
#define ARB_EXT_MOVE_PROPERTIES_2 "arbiter.move-properties/2"

/* Bits of a move's properties; bits not defined here are 0. */
typedef uint32_t arb_move_flags;
enum {
    /* The move passes the turn and changes nothing else, e.g. Othello's
     * forced pass. When a pass is the only legal move, the host plays it
     * without asking the engine and records it as forced. */
    ARB_MOVE_PASS = 1,
    /* No position before this move can occur again after it: a capture, a
     * drop from the hand, an Othello disc. A plugin that is not sure leaves
     * the bit clear (reversible is always a safe answer). */
    ARB_MOVE_IRREVERSIBLE = 2,
    /* /2 only: the move takes an opponent's piece (in chess: a capture,
     * en passant included). */
    ARB_MOVE_CAPTURE = 4,
    /* /2 only: after the move the opponent, to move, is in check (its
     * king attacked), or the game's equivalent. */
    ARB_MOVE_CHECK = 8
};

typedef struct arb_game_move_properties {
    /* The properties of `move`, a legal move of `state` (from legal_moves_ex,
     * legal_moves or parse_move). Any other code must not crash the plugin,
     * but its answer means nothing. [per-state] */
    arb_move_flags (ARB_CALL *properties)(const arb_state *state, arb_move move);
} arb_game_move_properties;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_MOVE_PROPERTIES_H */
