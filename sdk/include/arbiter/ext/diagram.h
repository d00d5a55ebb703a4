/*
 * arbiter/ext/diagram.h -- extension "arbiter.diagram/3" (and /2, /1).
 *
 * A drawable picture of a position, so that a host (the HTML report's game
 * viewer) draws the board of any game without knowing it. Two texts:
 *
 *  - the DRAWING: what does not change while a game is played (the grid,
 *    labels, lines, frames and what each piece looks like), written once per
 *    game;
 *  - the CELLS: one character per cell saying what stands there, written
 *    after every ply.
 *
 * C99, like <arbiter/game.h>. The SDK writes both texts for a game class
 * (arbiter/sdk/board_drawing.hpp): a plugin author describes the board once
 * and returns the cells, usually with the same code that writes its position.
 *
 * The drawing is lines of "KEYWORD ARG ARG...", ASCII (but for the TEXT of
 * `label`, UTF-8), separated by '\n', words by single spaces. Coordinates
 * count columns from the left and rows from the top, both from 0. Unknown
 * keywords are an error (a new keyword is a new REV of this extension).
 * Example (tic-tac-toe):
 *
 *     grid 3 3
 *     files a b c
 *     ranks 1 2 3
 *     piece X cross #1f4e9c x
 *     piece O ring #b8321f o
 *
 *   grid C R        mandatory, first: C columns and R rows of cells, 1..64 each.
 *   style S         "squares" (default): pieces stand in the cells of a grid of
 *                   squares; "points": pieces stand on the points where lines
 *                   cross (Go, Alquerque), the grid lines join neighbouring
 *                   points and `line` adds others (diagonals).
 *   files L...      C labels of the columns, left to right (e.g. a b c); optional.
 *   ranks L...      R labels of the rows, top to bottom (e.g. 8 7 6); optional.
 *                   A label is 1..3 characters without spaces.
 *   board #RRGGBB   the colour of the board (default: a light wood colour).
 *   line C1 R1 C2 R2   a straight line from the centre of cell (C1, R1) to that
 *                   of (C2, R2), e.g. an Alquerque diagonal.
 *   frame C1 R1 C2 R2  a thick rectangle around the cells C1..C2 x R1..R2
 *                   (inclusive), e.g. the playing area inside a larger grid.
 *   empty T         the cell character of an empty cell (default '.').
 *   piece T SHAPE #RRGGBB NAME   what cell character T looks like: SHAPE is
 *                   disc, ring, square, cross or letter (T itself written in
 *                   the colour); NAME is one word for the legend (e.g. black).
 *                   arbiter's report shows NAME in the viewer's legend ('_'
 *                   as a space) and draws a piece named white_king ...
 *                   white_pawn or black_king ... black_pawn as that chess
 *                   figurine, on a checkered board when every piece is one
 *                   (the drawing's board colour for the dark squares).
 *   label T TEXT [turned]   revision 3 only: how a reader of the game writes
 *                   the piece of cell character T, after that piece's
 *                   `piece` line: e.g. "label p TEXT turned", TEXT being
 *                   U+6B69 (the kanji of a pawn, gote's). TEXT is UTF-8,
 *                   1..16 bytes, no space or control character;
 *                   `turned` draws it upside down (the pieces of the side
 *                   that faces the reader from the top, as shogi boards
 *                   show gote's). A host may show the labels or T itself
 *                   (arbiter's report: the operator's choice); the cells
 *                   stay ASCII either way.
 *
 * The cells text is R rows of C characters, top row first, rows separated by
 * '/': e.g. "X.O/.X./..O". Every character is the empty one or a piece's T.
 *
 * Revisions: /3 is /2's table with `label` allowed in the drawing; a plugin
 * with labels answers both ids, writing its drawing without `label` lines
 * under /2 (a /2 host refuses unknown keywords). /1 is before the text rule.
 */
#ifndef ARBITER_EXT_DIAGRAM_H
#define ARBITER_EXT_DIAGRAM_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_DIAGRAM_3 "arbiter.diagram/3"
#define ARB_EXT_DIAGRAM_2 "arbiter.diagram/2"
#define ARB_EXT_DIAGRAM "arbiter.diagram/1" /* before ABI 1.2 */

typedef struct arb_game_diagram_2 {
    /* Writes the drawing of the board of `state` (see above) under the text
     * rule of <arbiter/game.h>. States of the same options must give the
     * same text. [per-state] */
    arb_status (ARB_CALL *write_drawing)(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed);

    /* Writes the cells of the position of `state` (see above) under the text
     * rule. Cheap enough to call after every ply of every game of a
     * tournament. [per-state] */
    arb_status (ARB_CALL *write_cells)(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed);
} arb_game_diagram_2;

/* Revision 3: the same functions; write_drawing may write `label` lines. */
typedef arb_game_diagram_2 arb_game_diagram_3;

/* Revision 1, before the text rule: *size without the NUL. */
typedef struct arb_game_diagram {
    /* Writes the drawing of the board of `state` (see above) into buf.
     * States of the same options must give the same text. *size is set to
     * the length of the text without its NUL, also when the plugin returns
     * ARB_ERR_BUFFER because cap does not hold it (buf then holds ""), so
     * the caller can retry with a buffer of *size + 1. [per-state] */
    arb_status (ARB_CALL *write_drawing)(const arb_state *state, char *buf, size_t cap, size_t *size);

    /* Writes the cells of the position of `state` (see above) into buf; the
     * same buffer rule as write_drawing. Cheap enough to call after every
     * ply of every game of a tournament. [per-state] */
    arb_status (ARB_CALL *write_cells)(const arb_state *state, char *buf, size_t cap, size_t *size);
} arb_game_diagram;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_DIAGRAM_H */
