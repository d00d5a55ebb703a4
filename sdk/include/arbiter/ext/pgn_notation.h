/*
 * arbiter/ext/pgn_notation.h -- extension "arbiter.pgn-notation/2" (and /1).
 *
 * The notation a game's PGN records use when it is not the engines' one:
 * chess engines speak UCI (e2e4, e1g1) but PGN readers (pgn-extract, chess
 * GUIs, Ordo's PGN reader) expect SAN (e4, O-O) and the [FEN]/[SetUp]/
 * [Variant] tags of the start position. With this extension the host writes
 * games.pgn in that notation and reads PGN opening books through it; without
 * it, games.pgn holds the canonical move texts (format_move) as before.
 * C99, like <arbiter/game.h>.
 */
#ifndef ARBITER_EXT_PGN_NOTATION_H
#define ARBITER_EXT_PGN_NOTATION_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_PGN_NOTATION_2 "arbiter.pgn-notation/2"
#define ARB_EXT_PGN_NOTATION "arbiter.pgn-notation/1" /* before ABI 1.2 */

typedef struct arb_game_pgn_notation_2 {
    /* Writes the record text of `move`, a legal move of `state`, eg: "Nf3",
     * "exd8=Q+", "O-O", under the text rule of <arbiter/game.h>. [per-state] */
    arb_status (ARB_CALL *write_move)(const arb_state *state, arb_move move, char *buf, uint32_t cap,
                                      uint32_t *needed);

    /* Reads a move as a PGN file writes it (eg: "Nf3", "e8=Q+", "0-0") and
     * checks it against `state`: ARB_OK with *move set to a legal code;
     * ARB_ERR_SYNTAX or ARB_ERR_ILLEGAL with a one-line message in err (err
     * may be NULL). [per-state] */
    arb_status (ARB_CALL *read_move)(const arb_state *state, const char *text, arb_move *move, char *err,
                                     size_t err_cap);

    /* Writes the PGN tags a game that starts at `state` needs besides the
     * Seven Tag Roster, under the text rule: zero or more lines, each
     * `[Name "Value"]` and a newline, eg: `[Variant "Chess960"]\n[SetUp
     * "1"]\n[FEN "..."]\n`; "" for the game's usual start. The host writes
     * them in place of its own Variant, SetUp and FEN tags. [per-state] */
    arb_status (ARB_CALL *write_start_tags)(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed);

    /* The number PGN gives the move about to be played in `state`: 1 at
     * the start, FEN's sixth field in chess. [per-state] */
    int32_t (ARB_CALL *move_number)(const arb_state *state);
} arb_game_pgn_notation_2;

/* Revision 1, before the text rule. */
typedef struct arb_game_pgn_notation {
    /* Writes the record text of `move`, a legal move of `state`, eg: "Nf3",
     * "exd8=Q+", "O-O". max_move_text_size bytes always suffice; a smaller
     * cap gets ARB_ERR_BUFFER and "" (when cap > 0). [per-state] */
    arb_status (ARB_CALL *write_move)(const arb_state *state, arb_move move, char *buf, size_t cap);

    /* Reads a move as a PGN file writes it (eg: "Nf3", "e8=Q+", "0-0") and
     * checks it against `state`: ARB_OK with *move set to a legal code;
     * ARB_ERR_SYNTAX or ARB_ERR_ILLEGAL with a one-line message in err (err
     * may be NULL). [per-state] */
    arb_status (ARB_CALL *read_move)(const arb_state *state, const char *text, arb_move *move, char *err,
                                     size_t err_cap);

    /* Writes the PGN tags a game that starts at `state` needs besides the
     * Seven Tag Roster: zero or more lines, each `[Name "Value"]` and a
     * newline, eg: `[Variant "Chess960"]\n[SetUp "1"]\n[FEN "..."]\n`; ""
     * for the game's usual start. The host writes them in place of its own
     * Variant, SetUp and FEN tags. *size is the text's length without the
     * NUL, also when cap is too small (then ARB_ERR_BUFFER and "" when
     * cap > 0), so the host can retry with *size + 1. [per-state] */
    arb_status (ARB_CALL *write_start_tags)(const arb_state *state, char *buf, size_t cap, size_t *size);

    /* The number PGN gives the move about to be played in `state`: 1 at
     * the start, FEN's sixth field in chess. [per-state] */
    int32_t (ARB_CALL *move_number)(const arb_state *state);
} arb_game_pgn_notation;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_PGN_NOTATION_H */
