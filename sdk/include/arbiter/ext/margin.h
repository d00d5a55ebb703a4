/*
 * arbiter/ext/margin.h -- extension "arbiter.margin/1".
 *
 * How much a finished game was won by, in the game's own unit: discs in
 * Othello (Black's discs minus White's), stones in Ataxx, goats captured in
 * Bagh Chal. Players of such games compare engines by the mean margin (an
 * Othello engine beating another by 10 discs a game on average), not by
 * the score alone, so a host can give each engine's mean margin with its
 * standard error beside its score. C99, like
 * <arbiter/game.h>, whose text rule write_unit follows.
 *
 * The margin is side 0's: positive when side 0 came out ahead, negative
 * when side 1 did, 0 for even. A host turns it into each engine's by the
 * side it played. Only a game over by its rules has one (side_to_move() is
 * ARB_SIDE_NONE): a game lost on time, by a crash or adjudicated has none.
 * It describes the final position; the result still comes from outcome().
 */
#ifndef ARBITER_EXT_MARGIN_H
#define ARBITER_EXT_MARGIN_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_MARGIN_1 "arbiter.margin/1"

typedef struct arb_game_margin_1 {
    /* Writes the unit's name, plural, lower case, for a reader ("discs",
     * "goats captured"), under the text rule of <arbiter/game.h>; at most
     * 40 bytes, no control characters. The same for every state of one
     * set of options. [per-state] */
    arb_status (ARB_CALL *write_unit)(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed);
    /* Sets *margin to side 0's margin in the game that `state` ended:
     * ARB_OK only when the game is over (side_to_move() is ARB_SIDE_NONE);
     * ARB_ERR_ILLEGAL (and *margin 0) for a game still running. The same
     * position gives the same margin, whatever its history. [per-state] */
    arb_status (ARB_CALL *margin)(const arb_state *state, int32_t *margin);
} arb_game_margin_1;

/* The longest unit name a plugin may write, in bytes without the NUL. */
#define ARB_MARGIN_UNIT_MAX 40

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_MARGIN_H */
