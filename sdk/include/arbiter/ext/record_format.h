/*
 * arbiter/ext/record_format.h -- extension "arbiter.record-format/2" (and /1).
 *
 * A game record in the game's own native format, so that the game's own
 * tools open the games of a tournament: Othello writes GGF (NBoard, NTest,
 * GGS), one game per line. The host writes one file per tournament,
 * games.<file_extension>, beside games.pgn; a plugin without the extension
 * gets no such file; one with "arbiter.record-formats/1" (below) gets one
 * file per format. C99, like <arbiter/game.h>.
 */
#ifndef ARBITER_EXT_RECORD_FORMAT_H
#define ARBITER_EXT_RECORD_FORMAT_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_RECORD_FORMAT_2 "arbiter.record-format/2"
#define ARB_EXT_RECORD_FORMAT "arbiter.record-format/1" /* before ABI 1.2 */

/* How a game ended, as far as a record format can say it; the host maps its
 * own, finer terminations onto these. */
typedef int32_t arb_record_ending;
enum {
    ARB_ENDING_RULE = 0,        /* the game's rules ended it (the plugin's outcome) */
    ARB_ENDING_TIME = 1,        /* the loser ran out of time */
    ARB_ENDING_RESIGN = 2,      /* adjudicated as lost by score (a resignation) */
    ARB_ENDING_FORFEIT = 3,     /* the loser broke the protocol: illegal move, crash, stall */
    ARB_ENDING_AGREED = 4,      /* adjudicated (draw by score, move limit): a mutual score */
    ARB_ENDING_UNFINISHED = 5,  /* stopped before the end, or ended by no player's doing:
                                   no result to record */
    ARB_RECORD_ENDING_MAX_ = 0x7fffffff
};

/* One move of the game with what the host measured. */
typedef struct arb_record_move {
    arb_move move;       /* a legal code of the position it was played in */
    int32_t has_score;   /* 1 when the engine reported a score for this move */
    int32_t score_cp;    /* centi-units from the mover's view (UGI 'info score cp') */
    int32_t reserved;    /* 0 */
    int64_t elapsed_ms;  /* thinking time; -1 when not an engine's move (an opening line) */
} arb_record_move;

/* The game to write. Every pointer is owned by the host and valid only
 * during the write_record call. Text is UTF-8, NUL-terminated, never NULL
 * (an unknown text is ""). */
typedef struct arb_record_game {
    uint32_t struct_size;        /* sizeof(arb_record_game) of the host's header; a plugin
                                    reads no field beyond it (later revisions append fields) */
    uint32_t move_struct_size;   /* sizeof(arb_record_move) of the host: the stride of `moves` */
    const arb_record_move *moves;  /* from the start position, in order; NULL when count is 0 */
    int32_t move_count;
    arb_result result;           /* the host's result (it may differ from the rules' one:
                                    a time forfeit, an adjudication) */
    arb_record_ending ending;
    int32_t reserved;            /* 0 */
    const char *player_names[2]; /* side 0, side 1, eg: "edax", "ntest" */
    const char *event;           /* eg: "Othello gauntlet" */
    const char *site;            /* host name */
    const char *date;            /* UTC start, "YYYY-MM-DDTHH:MM:SSZ"; "" unknown */
    int64_t clock_base_ms;       /* thinking time per side; 0 when the game had no clock, or when
                                    the two sides played under different ones (see side_*) */
    int64_t clock_increment_ms;  /* added per move */
    const char *time_control;    /* the host's text of the time control, eg: "300+2"; "" when the
                                    sides played under different ones */
    /* Appended in the second layout (struct_size 144; the first was 96, a
     * plugin given that one has only the fields above): what each
     * side played under, index 0 for side 0. Equal to the fields above when
     * both sides had the same time control. */
    int64_t side_clock_base_ms[2];       /* 0 when that side had no clock (move time, depth, nodes) */
    int64_t side_clock_increment_ms[2];
    const char *side_time_control[2];    /* the host's text, eg: "300+2", "movetime=5"; never NULL
                                            from a host of this layout */
} arb_record_game;

typedef struct arb_game_record_format_2 {
    /* The format's name, eg: "GGF"; and the file name extension without the
     * dot, eg: "ggf" (lower case, letters and digits). Static, owned by the
     * plugin, valid while it is loaded. */
    const char *name;
    const char *file_extension;
    /* Writes the record of `game`, played from the position of `start`,
     * under the text rule of <arbiter/game.h>: one text that ends with a
     * newline (a file of the format is the concatenation of the records).
     * `start` is not changed. ARB_ERR_ILLEGAL when a move is not legal where
     * it is played; ARB_ERR_INTERNAL for anything else. [per-state] */
    arb_status (ARB_CALL *write_record)(const arb_state *start, const arb_record_game *game, char *buf,
                                        uint32_t cap, uint32_t *needed);
} arb_game_record_format_2;

/* "arbiter.record-formats/1": several formats of the game's own, for a game
 * whose users read more than one (shogi: KIF and CSA). The host writes one
 * file games.<file_extension> per format, in this order, each as the single
 * format above would be written; a plugin that answers this id has its
 * "arbiter.record-format/2" table (if any) ignored. The extensions must
 * differ from each other. Static, owned by the plugin, valid while it is
 * loaded. */
#define ARB_EXT_RECORD_FORMATS "arbiter.record-formats/1"
#define ARB_RECORD_FORMATS_MAX 8

typedef struct arb_game_record_formats {
    uint32_t count; /* 1 to ARB_RECORD_FORMATS_MAX */
    const arb_game_record_format_2 *const *formats;
} arb_game_record_formats;

/* Revision 1, before the text rule: *size without the NUL on ARB_OK, with
 * it on ARB_ERR_BUFFER. */
typedef struct arb_game_record_format {
    /* The format's name, eg: "GGF"; and the file name extension without the
     * dot, eg: "ggf" (lower case, letters and digits). Static, owned by the
     * plugin, valid while it is loaded. */
    const char *name;
    const char *file_extension;
    /* Writes the record of `game`, played from the position of `start`, into
     * `buf` as one NUL-terminated text that ends with a newline (a file of
     * the format is the concatenation of the records). `start` is not
     * changed. On success *size is the length written without the NUL; on
     * ARB_ERR_BUFFER (cap too small; buf holds "" when cap > 0) *size is the
     * capacity needed with the NUL, so the host retries once with that.
     * ARB_ERR_ILLEGAL when a move is not legal where it is played;
     * ARB_ERR_INTERNAL for anything else (buf holds ""). size must not be
     * NULL. [per-state] */
    arb_status (ARB_CALL *write_record)(const arb_state *start, const arb_record_game *game, char *buf, size_t cap,
                                        size_t *size);
} arb_game_record_format;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_RECORD_FORMAT_H */
