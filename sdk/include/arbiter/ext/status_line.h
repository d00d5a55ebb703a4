/*
 * arbiter/ext/status_line.h -- extension "arbiter.status-line/3" (and /2, /1).
 *
 * One short line about a position that its board does not show at a glance,
 * for a human reader: the report's game viewer prints it under the board of
 * every ply. Eg: "Black 23 - White 41" (Othello: the disc count), "goats in
 * hand 5, captured 3" (Bagh Chal). C99, like <arbiter/game.h>.
 *
 * The line is UTF-8, at most ARB_STATUS_LINE_MAX bytes without its NUL, with
 * no control characters (no newline); it describes, it does not judge: the
 * outcome of a game still comes from outcome(). A host shows it as text
 * (escaped), never as markup.
 *
 * Revisions: /2's line is a function of the position alone. /3 (the same
 * table) lets it depend on the moves played since the state's position was
 * set, which the plugin keeps: e.g. shogi's "checks in a row" of each side,
 * the count its perpetual-check rule judges. A clone still gives the same
 * line; a state set from the position's text may give another. A plugin
 * whose line depends on the history answers /3 only; one whose line does
 * not may answer both. /1 is before the text rule.
 */
#ifndef ARBITER_EXT_STATUS_LINE_H
#define ARBITER_EXT_STATUS_LINE_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_STATUS_LINE_3 "arbiter.status-line/3"
#define ARB_EXT_STATUS_LINE_2 "arbiter.status-line/2"
#define ARB_EXT_STATUS_LINE "arbiter.status-line/1" /* before ABI 1.2 */

/* The longest line a plugin may write, in bytes without the NUL. */
#define ARB_STATUS_LINE_MAX 160

typedef struct arb_game_status_line_2 {
    /* Writes the line of the position of `state` under the text rule of
     * <arbiter/game.h> (*needed with the NUL, so at most
     * ARB_STATUS_LINE_MAX + 1). The same position must give the same line,
     * whatever its history. Cheap enough to call after every ply of every
     * game of a tournament. [per-state] */
    arb_status (ARB_CALL *write_status)(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed);
} arb_game_status_line_2;

/* Revision 3: the same function; the line may depend on the game so far
 * (see above), not on the position alone. [per-state] */
typedef arb_game_status_line_2 arb_game_status_line_3;

/* Revision 1, before the text rule: *size without the NUL. */
typedef struct arb_game_status_line {
    /* Writes the line of the position of `state` into buf. *size is set to
     * its length without the NUL, also when the plugin returns
     * ARB_ERR_BUFFER because cap does not hold it (buf then holds "" when
     * cap > 0), so the caller can retry with *size + 1 bytes. The same
     * position must give the same line, whatever its history. Cheap enough
     * to call after every ply of every game of a tournament. [per-state] */
    arb_status (ARB_CALL *write_status)(const arb_state *state, char *buf, size_t cap, size_t *size);
} arb_game_status_line;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_STATUS_LINE_H */
