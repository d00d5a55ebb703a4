/* A plugin written in plain C99 against <arbiter/game.h>: proves the header
 * is C-clean (built with -std=c99 -pedantic -Werror) and gives the loader
 * tests a table they can bend.
 *
 * The game: side 0 plays "go", side 1 then can only pass (written "skip",
 * so that a host which recognised passes by the text "pass" would miss it),
 * and after that side 0 has won. Positions are "start", "moved" and "end".
 *
 * Built against the current header it is a 1.2 plugin (create_ex with the
 * host's log, path and get_extension, the status forms, move properties
 * marking the pass, a position hash, and "arbiter.status-line/2" under the
 * text rule). Built against the frozen 1.1 headers in tests/abi/abi_1_1
 * (ARB_ABI_MINOR 1) it is what a 1.1 plugin was: the same, but its status
 * line is "arbiter.status-line/1" (*size without the NUL) and it never looks
 * for the host's get_extension. Built against the frozen 1.0 header in
 * tests/abi/abi_1_0 (ARB_ABI_MINOR 0) it is exactly what a 1.0 plugin was: no
 * 1.1 fields at all, so the host must live without them.
 *
 * ARB_TEST_VARIANT selects a defect:
 *   0 = none
 *   1 = reports ABI major 99
 *   2 = refuses every host (entry returns NULL)
 *   3 = a null function pointer in the table
 *   4 = (1.1 only) a null function in the 1.1 part of the table
 *   5 = fills every text buffer it is given without a terminating NUL:
 *       the outcome's reason (all ARB_REASON_SIZE bytes) and each `err`
 *       (all `cap` bytes), so that a host reading to a NUL reads past them */
#include <arbiter/game.h>
#if ARB_ABI_MINOR >= 1
#include <arbiter/ext/move_properties.h>
#include <arbiter/ext/diagram.h>  /* compiled as C99: the header must be C-clean */
#include <arbiter/ext/protocol_notation.h>
#include <arbiter/ext/position_hash.h>
#include <arbiter/ext/record_format.h> /* unused: compiled as C99 -pedantic here */
#include <arbiter/ext/status_line.h>   /* likewise */
#include <arbiter/ext/pgn_notation.h>  /* likewise */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ARB_TEST_VARIANT
#define ARB_TEST_VARIANT 0
#endif
#ifndef ARB_TEST_ID
#define ARB_TEST_ID "cgame"
#endif
/* The text of the first move, and max_move_text_size; the long variant
 * (c_plugin_long) spells it in more than 31 characters, which a 1.0 host's
 * fixed 32-byte buffer could not hold. */
#ifndef ARB_TEST_GO_TEXT
#define ARB_TEST_GO_TEXT "go"
#endif
#ifndef ARB_TEST_MOVE_TEXT_SIZE
#define ARB_TEST_MOVE_TEXT_SIZE 8
#endif

enum { MOVE_GO = 0, MOVE_PASS = 1 };

struct arb_state {
    int moves_played; /* 0: side 0 to play go; 1: side 1 to pass; 2: over */
};

static const char *const position_names[3] = {"start", "moved", "end"};

static void put_text(char *buf, size_t cap, const char *text)
{
    if (buf == NULL || cap == 0) return;
#if ARB_TEST_VARIANT == 5
    (void)text;
    memset(buf, 'Z', cap); /* the defect: no NUL anywhere in the buffer */
#else
    strncpy(buf, text, cap - 1);
    buf[cap - 1] = '\0';
#endif
}

static arb_state *ARB_CALL c_create(const arb_option_value *options, int32_t count, char *err, size_t cap)
{
    (void)options;
    if (count > 0) {
        put_text(err, cap, "unknown option (this game has no options)");
        return NULL;
    }
    return (arb_state *)calloc(1, sizeof(arb_state));
}
static void ARB_CALL c_destroy(arb_state *s) { free(s); }
static arb_state *ARB_CALL c_clone(const arb_state *s)
{
    arb_state *copy = (arb_state *)malloc(sizeof(arb_state));
    if (copy != NULL) *copy = *s;
    return copy;
}
static void ARB_CALL c_assign(arb_state *dst, const arb_state *src) { *dst = *src; }
static void ARB_CALL c_reset(arb_state *s) { s->moves_played = 0; }
static arb_status ARB_CALL c_set_position(arb_state *s, const char *text, char *err, size_t cap)
{
    int i;
    for (i = 0; i < 3; ++i)
        if (strcmp(text, position_names[i]) == 0) {
            s->moves_played = i;
            return ARB_OK;
        }
    put_text(err, cap, "expected 'start', 'moved' or 'end'");
    return ARB_ERR_SYNTAX;
}
static arb_status ARB_CALL c_write_position(const arb_state *s, char *buf, size_t cap)
{
    const char *text = position_names[s->moves_played];
    if (cap < strlen(text) + 1) { if (cap) buf[0] = '\0'; return ARB_ERR_BUFFER; }
    strcpy(buf, text);
    return ARB_OK;
}
static int32_t ARB_CALL c_legal_moves(const arb_state *s, arb_move *moves, int32_t cap)
{
    if (s->moves_played == 2 || cap < 1) return 0;
    moves[0] = s->moves_played == 0 ? MOVE_GO : MOVE_PASS;
    return 1;
}
static arb_status ARB_CALL c_parse_move(const arb_state *s, const char *text, arb_move *move, char *err, size_t cap)
{
    arb_move wanted;
    if (strcmp(text, ARB_TEST_GO_TEXT) == 0) wanted = MOVE_GO;
    else if (strcmp(text, "skip") == 0) wanted = MOVE_PASS;
    else {
        put_text(err, cap, "the moves are '" ARB_TEST_GO_TEXT "' and 'skip'");
        return ARB_ERR_SYNTAX;
    }
    if (s->moves_played == 2) {
        put_text(err, cap, "the game is over");
        return ARB_ERR_ILLEGAL;
    }
    if (wanted != (s->moves_played == 0 ? MOVE_GO : MOVE_PASS)) {
        put_text(err, cap, s->moves_played == 0 ? "the first player must go" : "the second player must skip");
        return ARB_ERR_ILLEGAL;
    }
    *move = wanted;
    return ARB_OK;
}
static arb_status ARB_CALL c_format_move(const arb_state *s, arb_move move, char *buf, size_t cap)
{
    const char *text = move == MOVE_GO ? ARB_TEST_GO_TEXT : "skip";
    (void)s;
    if (cap < strlen(text) + 1) return ARB_ERR_BUFFER;
    strcpy(buf, text);
    return ARB_OK;
}
static arb_status ARB_CALL c_play(arb_state *s, arb_move move)
{
    if (s->moves_played == 2 || move != (s->moves_played == 0 ? MOVE_GO : MOVE_PASS)) return ARB_ERR_ILLEGAL;
    ++s->moves_played;
    return ARB_OK;
}
static int32_t ARB_CALL c_side_to_move(const arb_state *s)
{
    return s->moves_played == 2 ? ARB_SIDE_NONE : s->moves_played;
}
/* Writes only the fields the caller's struct_size covers (an older host's
 * arb_outcome may be shorter than ours). */
static void ARB_CALL c_outcome(const arb_state *s, arb_outcome *out)
{
    const char *reason = s->moves_played == 2 ? "the first player moved" : "";
    const size_t reason_at = offsetof(arb_outcome, reason);
    if (out->struct_size >= offsetof(arb_outcome, result) + sizeof out->result)
        out->result = s->moves_played == 2 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_ONGOING;
    if (out->struct_size >= offsetof(arb_outcome, has_score) + sizeof out->has_score) out->has_score = 0;
    if (out->struct_size >= offsetof(arb_outcome, score) + sizeof out->score) out->score[0] = out->score[1] = 0;
    if (out->struct_size > reason_at) {
        size_t room = out->struct_size - reason_at;
        if (room > sizeof out->reason) room = sizeof out->reason;
        put_text(out->reason, room, reason);
    }
}

#if ARB_ABI_MINOR >= 1
static arb_state *ARB_CALL c_create_ex(const arb_host *host, uint64_t seed, const arb_option_value *options,
                                       int32_t count, char *err, size_t cap)
{
    arb_state *s = c_create(options, count, err, cap);
    if (s != NULL && ARB_STRUCT_HAS(arb_host, host, log) && host->log != NULL) {
        char line[ARB_ERROR_SIZE];
        const char *path = ARB_STRUCT_HAS(arb_host, host, plugin_path) && host->plugin_path ? host->plugin_path : "";
        snprintf(line, sizeof line, "created with seed %lu from %s", (unsigned long)seed, path);
        host->log(host, ARB_LOG_INFO, line);
#if ARB_ABI_MINOR >= 2
        /* No host extension is defined yet: a host answers NULL. */
        if (ARB_STRUCT_HAS(arb_host, host, get_extension) && host->get_extension != NULL)
            host->log(host, ARB_LOG_INFO,
                      host->get_extension(host, "arbiter.host.unknown/1") == NULL ? "host extension: none"
                                                                                  : "host extension: answered");
#endif
    }
    return s;
}
static arb_status ARB_CALL c_assign_ex(arb_state *dst, const arb_state *src) { *dst = *src; return ARB_OK; }
static arb_status ARB_CALL c_reset_ex(arb_state *s) { s->moves_played = 0; return ARB_OK; }
static arb_status ARB_CALL c_legal_moves_ex(const arb_state *s, arb_move *moves, int32_t cap, int32_t *count)
{
    *count = 0;
    if (cap < 1) return ARB_ERR_BUFFER;
    *count = c_legal_moves(s, moves, cap);
    return ARB_OK;
}
static arb_move_flags ARB_CALL c_move_properties(const arb_state *s, arb_move move)
{
    (void)s;
    return move == MOVE_PASS ? ARB_MOVE_PASS : ARB_MOVE_IRREVERSIBLE;
}
static uint64_t ARB_CALL c_hash(const arb_state *s) { return 0x9e3779b97f4a7c15ULL * (uint64_t)(s->moves_played + 1); }
static const arb_game_move_properties move_properties = {c_move_properties};
static const arb_game_position_hash position_hash = {c_hash};

/* The status line, eg: "moves played 1". */
static size_t status_text(const arb_state *s, char *line, size_t cap)
{
    snprintf(line, cap, "moves played %d", s->moves_played);
    return strlen(line);
}
#if ARB_ABI_MINOR >= 2
/* "arbiter.status-line/2": the text rule of game.h, *needed with the NUL. */
static arb_status ARB_CALL c_write_status(const arb_state *s, char *buf, uint32_t cap, uint32_t *needed)
{
    char line[32];
    const size_t length = status_text(s, line, sizeof line);
    *needed = (uint32_t)(length + 1);
    if (buf == NULL || cap < *needed) {
        if (buf != NULL && cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    memcpy(buf, line, length + 1);
    return ARB_OK;
}
static const arb_game_status_line_2 status_line = {c_write_status};
#define C_STATUS_LINE_ID ARB_EXT_STATUS_LINE_2
#else
/* "arbiter.status-line/1", as a 1.1 plugin wrote it: *size without the NUL. */
static arb_status ARB_CALL c_write_status(const arb_state *s, char *buf, size_t cap, size_t *size)
{
    char line[32];
    *size = status_text(s, line, sizeof line);
    if (cap < *size + 1) {
        if (cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    memcpy(buf, line, *size + 1);
    return ARB_OK;
}
static const arb_game_status_line status_line = {c_write_status};
#define C_STATUS_LINE_ID ARB_EXT_STATUS_LINE
#endif
#endif

static const void *ARB_CALL c_get_extension(const char *id)
{
#if ARB_ABI_MINOR >= 1
    if (strcmp(id, ARB_EXT_MOVE_PROPERTIES) == 0) return &move_properties;
    if (strcmp(id, ARB_EXT_POSITION_HASH) == 0) return &position_hash;
    if (strcmp(id, C_STATUS_LINE_ID) == 0) return &status_line;
#else
    (void)id;
#endif
    return NULL;
}

static const arb_game_api table = {
    ARB_TEST_VARIANT == 1 ? 99u : ARB_ABI_MAJOR, ARB_ABI_MINOR, (uint32_t)sizeof(arb_game_api),
    ARB_TEST_ID, "C game", "0.0.2", "go, then a forced pass, and the first player wins (ABI test)",
    {"first", "second"}, NULL, 0, 1, 8,
    c_create, c_destroy, c_clone, c_assign, c_reset, c_set_position, c_write_position,
    c_legal_moves, c_parse_move, c_format_move, c_play,
    ARB_TEST_VARIANT == 3 ? NULL : c_side_to_move,
    c_outcome, c_get_extension
#if ARB_ABI_MINOR >= 1
    , ARB_TEST_MOVE_TEXT_SIZE, c_create_ex, c_assign_ex, c_reset_ex, ARB_TEST_VARIANT == 4 ? NULL : c_legal_moves_ex
#endif
};

ARB_EXPORT const arb_game_api *ARB_CALL arb_game_entry(uint32_t host_abi_major)
{
    if (ARB_TEST_VARIANT == 2 || host_abi_major != ARB_ABI_MAJOR) return NULL;
    return &table;
}
