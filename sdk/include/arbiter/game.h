/*
 * arbiter/game.h -- the game plugin ABI of arbiter.
 *
 * This header is the whole contract between the arbiter host and a game
 * plugin. It is C99 (and compiles as C++), carries no C++ types and lets no
 * exception cross it.
 *
 * A plugin is a shared library that exports ONE symbol, ARB_GAME_ENTRY_SYMBOL
 * ("arb_game_entry"), a function returning a pointer to a constant table of
 * metadata and functions (arb_game_api). Everything else hangs off that
 * table; the library should hide every other symbol.
 *
 * Versioning
 *   - ARB_ABI_MAJOR changes only when a released layout or meaning changes.
 *     Host and plugin must agree on it; a host refuses a plugin whose major
 *     differs and names the file.
 *   - ARB_ABI_MINOR grows when fields are appended at the END of a table.
 *     Released fields never move, change type or change meaning; a changed
 *     behaviour gets a new name (assign -> assign_ex).
 *   - The struct_size rule: every struct that crosses the boundary and may
 *     grow starts with `uint32_t struct_size`, set by the side that fills it
 *     in (arb_game_api: the plugin; arb_host: the host; arb_outcome: the
 *     caller, who owns the memory). The other side reads a field added after
 *     1.0 only when struct_size covers it -- ARB_API_HAS(api, field) for the
 *     table, ARB_STRUCT_HAS(type, ptr, field) for the others -- and writes
 *     nothing past struct_size. arb_option_desc and arb_option_value travel
 *     in arrays and are frozen: they will never grow.
 *   - WARNING: a host must not call a 1.1 function without ARB_API_HAS; a
 *     1.0 plugin's table simply ends before it (struct_size 200 on LP64).
 *     Likewise a plugin calls arb_host.get_extension (1.2) only when
 *     ARB_STRUCT_HAS(arb_host, host, get_extension): a 1.1 host's is shorter.
 *
 * Extensions
 *   Optional features are tables returned by get_extension(id), ids being
 *   "arbiter.NAME/REV". Each lives in its own header under arbiter/ext/; a
 *   change to an extension table is a new REV, never a change of the core.
 *     arbiter.move-properties/1  <arbiter/ext/move_properties.h>  pass, irreversible
 *     arbiter.position-hash/1    <arbiter/ext/position_hash.h>    64-bit position key
 *     arbiter.diagram/2          <arbiter/ext/diagram.h>          drawable board, for viewers
 *     arbiter.status-line/2      <arbiter/ext/status_line.h>      one line under the board
 *     arbiter.record-format/2    <arbiter/ext/record_format.h>    the game's own record files
 *     arbiter.record-formats/1   <arbiter/ext/record_format.h>    several of them (shogi: KIF and CSA)
 *     arbiter.pgn-notation/2     <arbiter/ext/pgn_notation.h>     SAN-like record moves, PGN tags
 *     arbiter.protocol-notation/2 <arbiter/ext/protocol_notation.h> UCI/UAI/USI engines, conversions
 *     arbiter.engine-options/1   <arbiter/ext/engine_options.h>   engine options for rule options (UCI_Chess960)
 *     arbiter.rule-edges/1       <arbiter/ext/rule_edges.h>       positions where engines get rules wrong
 *     arbiter.margin/1           <arbiter/ext/margin.h>           a finished game's margin (Othello: discs)
 *   The /2 revisions differ from their /1 only in following the text rule
 *   (and a protocol conversion's reason goes to an err buffer, not buf);
 *   a host asks for /2 first and falls back to /1. The /1 names keep their
 *   meaning (ARB_EXT_DIAGRAM, arb_game_diagram), so a plugin's source from
 *   before 1.2 still builds; the /2 ones end in _2 (ARB_EXT_DIAGRAM_2,
 *   arb_game_diagram_2).
 *   Reserved for later game classes (no plugin may answer them until their
 *   header exists): "arbiter.players/N" (more than two players),
 *   "arbiter.chance/N" (chance moves, dice) and "arbiter.observation/N"
 *   (hidden information, per-side views).
 *
 * Threads and lifetime (the words used in the tags below)
 *   [any-thread]  may be called from any thread at any time, concurrently.
 *   [per-state]   may be called from any thread, but never concurrently on
 *                 the SAME arb_state; calls on distinct states may run in
 *                 parallel. Plugins therefore keep no mutable globals.
 *   All pointers in arb_game_api and in its descriptors stay valid and
 *   unchanged until the host unloads the library.
 *
 * Strings are UTF-8 (in practice ASCII) and NUL-terminated. A plugin never
 * hands the host memory to free.
 *
 * Text out: the one rule (ABI 1.2; every extension revision from then on)
 *   A function that returns a text of no fixed bound takes
 *       char *buf, uint32_t cap, uint32_t *needed
 *   and
 *     - always sets *needed (never NULL) to the size of the whole text
 *       INCLUDING its NUL, on ARB_OK and on ARB_ERR_BUFFER alike;
 *     - when cap >= *needed, writes the text and its NUL into buf and
 *       returns ARB_OK (a buffer of exactly *needed bytes fits);
 *     - when cap < *needed, returns ARB_ERR_BUFFER and writes "" into buf
 *       when cap > 0 (never a truncated text), so the caller calls again
 *       with a buffer of *needed bytes;
 *     - buf NULL with cap 0 asks for the size: ARB_ERR_BUFFER and *needed;
 *     - on any other status *needed is 0 and buf holds "" when cap > 0.
 *   A host keeps its buffer between calls, sized from the last *needed, so
 *   the common call is one call.
 *   Before 1.2 the extensions' /1 revisions each had their own form; a host
 *   still accepts them (see each header), a plugin should answer the /2 id.
 *   The core's write_position and format_move keep their declared bounds
 *   (max_position_size, max_move_text_size): a buffer of that size always
 *   suffices, a smaller one gets ARB_ERR_BUFFER.
 *
 * Lists out: the one rule
 *   A function that returns a list of computed items calls a sink the
 *   caller passes, `void sink(void *context, ITEM...)`, once per item, in
 *   order, during the call, and returns an arb_status.
 *   Rationale: items are often texts (engine option names and values): with
 *   a sink neither side stores them for the other, there is no size to ask
 *   and no second call, and a caller keeps just what it copies. A list the
 *   plugin declares once (options, rule edges) is static data: an array, a
 *   count and, when its element may grow, the element's size; move lists
 *   (legal_moves_ex) stay arrays bounded by max_legal_moves, for speed.
 *
 * Errors are values: functions return an arb_status; where a message helps,
 * the caller passes a buffer (`err`, `err_cap`), which the plugin fills with
 * one line of text naming what is wrong (e.g. "row '9' is outside 1..8 in
 * 'c9'"). `err` may be NULL when the caller does not want the text.
 */
#ifndef ARBITER_GAME_H
#define ARBITER_GAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_ABI_MAJOR 1
#define ARB_ABI_MINOR 2

/* The one exported symbol, and its C type. */
#define ARB_GAME_ENTRY_SYMBOL "arb_game_entry"

#if defined(_WIN32)
#define ARB_EXPORT __declspec(dllexport)
#define ARB_CALL __cdecl
#else
#define ARB_EXPORT __attribute__((visibility("default")))
#define ARB_CALL
#endif

/* Sizes of fixed text buffers. A caller's buffer of this size is always
 * large enough for the text in question. */
enum {
    ARB_MOVE_TEXT_SIZE = 32,   /* a move of a 1.0 plugin, with its NUL; 1.1
                                  plugins state max_move_text_size instead */
    ARB_REASON_SIZE = 96,      /* arb_outcome.reason, with its NUL         */
    ARB_ERROR_SIZE = 256       /* recommended size of an `err` buffer      */
};

/* Status codes returned by plugin functions. */
typedef int32_t arb_status;
enum {
    ARB_OK = 0,
    ARB_ERR_SYNTAX = 1,   /* the text is malformed (cannot be read at all)    */
    ARB_ERR_ILLEGAL = 2,  /* well-formed, but not legal in this state         */
    ARB_ERR_OPTION = 3,   /* unknown option, or a value it does not allow     */
    ARB_ERR_BUFFER = 4,   /* the caller's buffer is too small                 */
    ARB_ERR_INTERNAL = 5, /* a bug or resource failure inside the plugin      */
    ARB_STATUS_MAX_ = 0x7fffffff
};

/*
 * A move is a small non-negative integer chosen by the plugin, so that move
 * generation, perft and playouts cross the boundary without allocating.
 * A code is meaningful only for the state it was produced for (by
 * legal_moves or parse_move) and must not be stored across states.
 */
typedef int32_t arb_move;
#define ARB_MOVE_NONE ((arb_move)-1)

/* Side indices. Side 0 moves first in the start position. */
enum { ARB_SIDE_0 = 0, ARB_SIDE_1 = 1, ARB_SIDE_NONE = -1 };

/* ---------------------------------------------------------------- options */

typedef int32_t arb_option_type;
enum {
    ARB_OPTION_BOOL = 0,   /* value text "true" or "false"                 */
    ARB_OPTION_INT = 1,    /* decimal integer in [min_value, max_value]    */
    ARB_OPTION_CHOICE = 2, /* one of choices[0 .. choice_count-1]          */
    ARB_OPTION_TYPE_MAX_ = 0x7fffffff
};

/* Describes one rule variant a game accepts, e.g.
 *   { "capture", ARB_OPTION_CHOICE, "optional", {"optional","mandatory"}, 2,
 *     0, 0, "whether a tiger must capture when it can" } */
typedef struct arb_option_desc {
    const char *name;           /* mandatory; [a-z0-9_]+, e.g. "goats_to_win" */
    arb_option_type type;
    const char *default_value;  /* mandatory; text as the host would pass it  */
    const char *const *choices; /* ARB_OPTION_CHOICE only, else NULL          */
    int32_t choice_count;
    int32_t min_value;          /* ARB_OPTION_INT only                        */
    int32_t max_value;          /* ARB_OPTION_INT only                        */
    const char *help;           /* mandatory; one line                        */
} arb_option_desc;

/* One option setting passed to create(). Options not given take their
 * default; the same name given twice is an error. */
typedef struct arb_option_value {
    const char *name;
    const char *value;
} arb_option_value;

/* ---------------------------------------------------------------- outcome */

typedef int32_t arb_result;
enum {
    ARB_RESULT_ONGOING = 0,
    ARB_RESULT_WIN_SIDE_0 = 1,
    ARB_RESULT_WIN_SIDE_1 = 2,
    ARB_RESULT_DRAW = 3,
    ARB_RESULT_MAX_ = 0x7fffffff
};

/* The state of play. The caller sets struct_size before the call; the plugin
 * writes only the fields that fit in it. */
typedef struct arb_outcome {
    uint32_t struct_size;        /* in: sizeof(arb_outcome)                  */
    arb_result result;
    int32_t has_score;           /* 1 if the game keeps a score, else 0      */
    int32_t score[2];            /* side 0, side 1 (Othello: 35, 29)         */
    char reason[ARB_REASON_SIZE];/* short text, empty while ongoing, e.g.
                                    "no legal moves for either side"         */
} arb_outcome;

/* ---------------------------------------------------------------- the host (1.1, 1.2) */

/* Levels of arb_host.log. */
typedef int32_t arb_log_level;
enum {
    ARB_LOG_DEBUG = 0,    /* for plugin authors; hosts may drop it          */
    ARB_LOG_INFO = 1,
    ARB_LOG_WARNING = 2,
    ARB_LOG_ERROR = 3,    /* the plugin failed; a status code follows       */
    ARB_LOG_LEVEL_MAX_ = 0x7fffffff
};

/* What the host offers a plugin, passed to create_ex(). The host keeps one
 * per loaded library: the pointer and everything it points to stay valid
 * until the library is unloaded, so a plugin may keep it in its states.
 * struct_size is set by the host; read fields added later with
 * ARB_STRUCT_HAS(arb_host, host, field). */
typedef struct arb_host {
    uint32_t struct_size;        /* sizeof(arb_host) in the host              */
    void *host_data;             /* the host's; plugins pass it back untouched */
    const char *plugin_path;     /* absolute path of this plugin's library file,
                                    e.g. "/usr/lib/arbiter/plugins/gess.so", so
                                    a plugin finds data files beside it       */
    /* Writes one line (no newline needed) to the host's log, e.g. the
     * tournament's stderr. May be NULL. [any-thread] */
    void (ARB_CALL *log)(const struct arb_host *host, arb_log_level level, const char *message);

    /* --- ABI 1.2: read only with ARB_STRUCT_HAS(arb_host, host, field) --- */

    /* A table the host offers for a feature named by id ("arbiter.host.NAME/REV"),
     * or NULL when it does not offer it: a plugin must handle NULL, and a
     * host returns NULL for every id it does not know. No host extension is
     * defined yet; this is where new ones go without a minor bump. Never NULL
     * itself from a 1.2 host. [any-thread] */
    const void *(ARB_CALL *get_extension)(const struct arb_host *host, const char *id);
} arb_host;

/* ---------------------------------------------------------------- the table */

/* Opaque game state, created and owned by the plugin. */
typedef struct arb_state arb_state;

typedef struct arb_game_api {
    /* --- header: never moves ------------------------------------------- */
    uint32_t abi_major;          /* ARB_ABI_MAJOR the plugin was built with  */
    uint32_t abi_minor;          /* ARB_ABI_MINOR the plugin was built with  */
    uint32_t struct_size;        /* sizeof(arb_game_api) in the plugin       */

    /* --- metadata [any-thread] ------------------------------------------ */
    const char *id;              /* e.g. "othello"; [a-z0-9_]+, unique        */
    const char *name;            /* e.g. "Othello"                           */
    const char *version;         /* plugin version, e.g. "1.0.0"             */
    const char *description;     /* one line                                 */
    const char *side_names[2];   /* e.g. {"black", "white"}, {"goats","tigers"} */
    const arb_option_desc *options;  /* array of option_count, may be NULL if 0 */
    int32_t option_count;
    int32_t max_legal_moves;     /* upper bound of legal_moves() in any state */
    int32_t max_position_size;   /* buffer size that always fits a position
                                    string written by write_position, with NUL */

    /* --- lifecycle --------------------------------------------------- */

    /* Creates a state in the start position with the given options.
     * Returns NULL on failure (unknown option, bad value), with a message in
     * err. The caller owns the state and frees it with destroy(). [any-thread] */
    arb_state *(ARB_CALL *create)(const arb_option_value *options, int32_t option_count,
                                  char *err, size_t err_cap);

    /* Frees a state from create() or clone(). NULL is ignored. [per-state] */
    void (ARB_CALL *destroy)(arb_state *state);

    /* Returns a new, independent copy of src (same options, same history),
     * or NULL when out of memory. Caller owns it. [per-state on src] */
    arb_state *(ARB_CALL *clone)(const arb_state *src);

    /* Makes dst an exact copy of src, which must come from the same plugin
     * and the same options. Does not allocate for games whose state has a
     * fixed size, so search and perft may copy-make freely.
     * [per-state on both] */
    void (ARB_CALL *assign)(arb_state *dst, const arb_state *src);

    /* Back to the start position (options kept, history cleared). [per-state] */
    void (ARB_CALL *reset)(arb_state *state);

    /* --- positions [per-state] ------------------------------------------ */

    /* Sets the position from text. Strict: any text the plugin would not
     * write (apart from aliases its documentation lists) is ARB_ERR_SYNTAX,
     * and an impossible position is ARB_ERR_ILLEGAL, both with a message.
     * On error the state is unchanged. History starts afresh here. */
    arb_status (ARB_CALL *set_position)(arb_state *state, const char *text,
                                        char *err, size_t err_cap);

    /* Writes the canonical position string. Returns ARB_ERR_BUFFER (and
     * writes "") when cap < max_position_size would truncate it. */
    arb_status (ARB_CALL *write_position)(const arb_state *state, char *buf, size_t cap);

    /* --- moves [per-state] ----------------------------------------------- */

    /* Writes the legal moves into moves[0 .. n-1] and returns n (0 when the
     * game is over). A forced pass, where the game has one, is a move.
     * cap must be >= max_legal_moves. Order is the plugin's, but stable.
     * A 1.1 host calls legal_moves_ex, which can report an error. */
    int32_t (ARB_CALL *legal_moves)(const arb_state *state, arb_move *moves, int32_t cap);

    /* Reads a move written in the game's notation and checks it against the
     * current state. ARB_OK: *move is set and legal. ARB_ERR_SYNTAX: the text
     * is not a move of this game. ARB_ERR_ILLEGAL: a well-formed move that is
     * not legal here (including any move once the game is over). */
    arb_status (ARB_CALL *parse_move)(const arb_state *state, const char *text,
                                      arb_move *move, char *err, size_t err_cap);

    /* Writes the canonical text of a legal move of this state into buf
     * (max_move_text_size bytes always suffice; ARB_MOVE_TEXT_SIZE for 1.0). */
    arb_status (ARB_CALL *format_move)(const arb_state *state, arb_move move,
                                       char *buf, size_t cap);

    /* Plays a move. It must be legal in this state (from legal_moves or
     * parse_move); a plugin may return ARB_ERR_ILLEGAL for one it detects as
     * not legal, leaving the state unchanged, but need not check. */
    arb_status (ARB_CALL *play)(arb_state *state, arb_move move);

    /* --- status [per-state] ---------------------------------------------- */

    /* The side to move: ARB_SIDE_0 or ARB_SIDE_1 (ARB_SIDE_NONE once the
     * game is over). */
    int32_t (ARB_CALL *side_to_move)(const arb_state *state);

    /* Fills *out: out->struct_size is set by the caller, and the plugin
     * writes nothing past it (an older host's arb_outcome may be smaller). */
    void (ARB_CALL *outcome)(const arb_state *state, arb_outcome *out);

    /* --- extensions [any-thread] ----------------------------------------- */

    /* Returns a table for an optional feature named by id ("arbiter.NAME/REV"),
     * or NULL when the plugin does not provide it. Hosts must handle NULL. */
    const void *(ARB_CALL *get_extension)(const char *id);

    /* --- ABI 1.1: read only with ARB_API_HAS(api, field) ---------------
     * A table long enough to hold a field of this block fills the whole
     * block (a host refuses NULL functions here), and still fills every 1.0
     * field: a 1.0 host calls create, assign, reset and legal_moves. */

    /* Buffer size that always fits a move text of format_move, with its NUL,
     * e.g. 32; at least 2. Lets notations longer than 31 characters
     * (draughts captures, Arimaa turns) through. [any-thread] */
    int32_t max_move_text_size;

    /* create() with the host's context: `host` (never NULL; see arb_host)
     * and `seed`, chosen by the host for this game. A game with a random
     * setup draws it from a generator seeded with `seed`, so the same seed
     * and options give the same start position; other games ignore it.
     * Returns NULL on failure with a message in err. [any-thread] */
    arb_state *(ARB_CALL *create_ex)(const arb_host *host, uint64_t seed, const arb_option_value *options,
                                     int32_t option_count, char *err, size_t err_cap);

    /* assign() that reports failure: ARB_OK when dst is an exact copy of
     * src; otherwise (ARB_ERR_INTERNAL, e.g. out of memory) dst is still a
     * state the caller may destroy or reset, of unspecified position.
     * Allocation-free for fixed-size states, like assign. [per-state on both] */
    arb_status (ARB_CALL *assign_ex)(arb_state *dst, const arb_state *src);

    /* reset() that reports failure: ARB_OK, or ARB_ERR_INTERNAL with the
     * state unusable except by destroy. [per-state] */
    arb_status (ARB_CALL *reset_ex)(arb_state *state);

    /* legal_moves() that tells "game over" from "error": ARB_OK with *count
     * set (0 exactly when the game is over); ARB_ERR_BUFFER when cap <
     * max_legal_moves; ARB_ERR_INTERNAL when the plugin failed. *count is 0
     * on every error. [per-state] */
    arb_status (ARB_CALL *legal_moves_ex)(const arb_state *state, arb_move *moves, int32_t cap, int32_t *count);

    /* New fields go here, at the end, with ARB_ABI_MINOR bumped. */
} arb_game_api;

/* Whether a struct that starts with `uint32_t struct_size` holds `field`:
 * the one rule for reading a field added after 1.0. */
#define ARB_STRUCT_HAS(type, ptr, field) \
    ((ptr)->struct_size >= (uint32_t)(offsetof(type, field) + sizeof(((const type *)0)->field)))

/* Whether a plugin's table holds `field`, e.g. ARB_API_HAS(api, create_ex). */
#define ARB_API_HAS(api, field) ARB_STRUCT_HAS(arb_game_api, api, field)

/*
 * The entry point: a plugin exports
 *     ARB_EXPORT const arb_game_api *arb_game_entry(uint32_t host_abi_major);
 * It returns NULL if it cannot serve a host of that major version, otherwise
 * its table (static storage, never freed). [any-thread]
 */
typedef const arb_game_api *(ARB_CALL *arb_game_entry_fn)(uint32_t host_abi_major);

/* The host's compatibility rule, so that every host applies the same one. */
static inline int arb_abi_is_compatible(const arb_game_api *api)
{
    return api != NULL && api->abi_major == ARB_ABI_MAJOR &&
           api->struct_size >= (uint32_t)offsetof(arb_game_api, get_extension) + sizeof(void *);
}

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_GAME_H */
