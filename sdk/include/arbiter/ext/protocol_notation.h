/*
 * arbiter/ext/protocol_notation.h -- extension "arbiter.protocol-notation/2" (and /1).
 *
 * Which engine protocols of the UCI family may play this game, and how the
 * game's texts are written in a protocol whose notation differs from the
 * plugin's own (another FEN field order, USI's move letters). The plugin
 * stays the judge: the host converts what it sends to an engine with
 * position_out and move_out, and what the engine answers with move_in, then
 * checks the result with parse_move as always. A game without this extension
 * is played by UGI engines only. C99, like <arbiter/game.h>.
 */
#ifndef ARBITER_EXT_PROTOCOL_NOTATION_H
#define ARBITER_EXT_PROTOCOL_NOTATION_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_PROTOCOL_NOTATION_2 "arbiter.protocol-notation/2"
#define ARB_EXT_PROTOCOL_NOTATION "arbiter.protocol-notation/1" /* before ABI 1.2 */

/* A protocol, by number; a set of them is a bit mask of ARB_PROTOCOL_BIT(p).
 * Numbers are never reused; a later revision may add protocols. */
typedef int32_t arb_protocol;
enum {
    ARB_PROTOCOL_UGI = 0, /* cutegames' UGI: the plugin's own texts, always */
    ARB_PROTOCOL_UCI = 1, /* chess engines: "uci", "position fen", wtime = side 0 */
    ARB_PROTOCOL_UAI = 2, /* Ataxx engines: "uai", "position fen", btime = side 0 */
    ARB_PROTOCOL_USI = 3, /* shogi engines: "usi", "position sfen", btime = side 0 */
    ARB_PROTOCOL_XBOARD = 4 /* xboard (CECP) engines: "setboard FEN" or "edit", moves one by one, "time" = the
                             * mover's; the extension "arbiter.engine-options/1" may name the game's xboard
                             * variant as the engine option "xboard-variant" (chess960: "fischerandom") */
};
#define ARB_PROTOCOL_BIT(p) ((uint32_t)1u << (uint32_t)(p))

/* One conversion of revision 2: writes `text` in the other notation under
 * the text rule of <arbiter/game.h>; ARB_ERR_SYNTAX when `text` is not a text
 * of this game in the notation read, with a one-line reason in err (err may
 * be NULL). `protocol` is one of the `converted` protocols. A pure function
 * of its arguments: a conversion that needs the position does not fit this
 * revision. [any-thread] */
typedef arb_status (ARB_CALL *arb_notation_conversion)(arb_protocol protocol, const char *text, char *buf,
                                                       uint32_t cap, uint32_t *needed, char *err,
                                                       size_t err_cap);

typedef struct arb_game_protocol_notation_2 {
    /* The protocols whose engines may play this game, e.g.
     * ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI) | ARB_PROTOCOL_BIT(ARB_PROTOCOL_UAI).
     * The UGI bit should be set: UGI engines get the plugin's own texts. */
    uint32_t protocols;
    /* The subset of `protocols` whose notation differs from the plugin's own:
     * for these the host calls the functions below on every text it sends or
     * reads; for the others it sends the plugin's texts unchanged (and the
     * functions may be NULL when this mask is 0). Must not hold the UGI bit. */
    uint32_t converted;
    arb_notation_conversion position_out; /* write_position's text to the protocol's */
    arb_notation_conversion position_in;  /* the protocol's position to set_position's */
    arb_notation_conversion move_out;     /* format_move's text to the protocol's */
    arb_notation_conversion move_in;      /* the protocol's move (a bestmove) to the plugin's */
} arb_game_protocol_notation_2;

/* Revision 1, before the text rule: no size reported. */
typedef struct arb_game_protocol_notation {
    /* The protocols whose engines may play this game, e.g.
     * ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI) | ARB_PROTOCOL_BIT(ARB_PROTOCOL_UAI).
     * The UGI bit should be set: UGI engines get the plugin's own texts. */
    uint32_t protocols;
    /* The subset of `protocols` whose notation differs from the plugin's own:
     * for these the host calls the functions below on every text it sends or
     * reads; for the others it sends the plugin's texts unchanged (and the
     * functions may be NULL when this mask is 0). Must not hold the UGI bit. */
    uint32_t converted;

    /* Each function writes the text of `text` in the other notation into buf
     * (capacity cap bytes, NUL-terminated) and returns ARB_OK;
     * ARB_ERR_SYNTAX when `text` is not a text of this game in the notation
     * read (with buf holding a one-line reason when cap allows);
     * ARB_ERR_BUFFER when cap is too small (the host retries with a larger
     * buffer). `protocol` is one of the `converted` protocols.
     * Pure functions of their arguments: a conversion that needs the
     * position (a move that reads differently in another position) does not
     * fit revision 1. [any-thread] */

    /* A position string of the plugin (write_position) to the protocol's. */
    arb_status (ARB_CALL *position_out)(arb_protocol protocol, const char *text, char *buf, size_t cap);
    /* A position string of the protocol to the plugin's (set_position). */
    arb_status (ARB_CALL *position_in)(arb_protocol protocol, const char *text, char *buf, size_t cap);
    /* A move text of the plugin (format_move) to the protocol's. */
    arb_status (ARB_CALL *move_out)(arb_protocol protocol, const char *text, char *buf, size_t cap);
    /* A move text of the protocol (an engine's bestmove) to the plugin's. */
    arb_status (ARB_CALL *move_in)(arb_protocol protocol, const char *text, char *buf, size_t cap);
} arb_game_protocol_notation;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_PROTOCOL_NOTATION_H */
