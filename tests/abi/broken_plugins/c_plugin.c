/* A plugin written in plain C99 against <arbiter/game.h>: proves the header
 * is C-clean (built with -std=c99 -pedantic -Werror) and gives the loader
 * tests a table they can bend. ARB_TEST_VARIANT selects the defect:
 *   0 = none: a one-move "game" that is over after one move
 *   1 = reports ABI major 99
 *   2 = refuses every host (entry returns NULL)
 *   3 = a null function pointer in the table */
#include <arbiter/game.h>

#include <stdlib.h>
#include <string.h>

#ifndef ARB_TEST_VARIANT
#define ARB_TEST_VARIANT 0
#endif

struct arb_state {
    int moves_played;
};

static arb_state *ARB_CALL c_create(const arb_option_value *options, int32_t count, char *err, size_t cap)
{
    (void)options;
    if (count > 0) {
        if (err != NULL && cap > 0) {
            strncpy(err, "unknown option (this game has no options)", cap - 1);
            err[cap - 1] = '\0';
        }
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
    if (strcmp(text, "start") == 0) { s->moves_played = 0; return ARB_OK; }
    if (strcmp(text, "end") == 0) { s->moves_played = 1; return ARB_OK; }
    if (err != NULL && cap > 0) { strncpy(err, "expected 'start' or 'end'", cap - 1); err[cap - 1] = '\0'; }
    return ARB_ERR_SYNTAX;
}
static arb_status ARB_CALL c_write_position(const arb_state *s, char *buf, size_t cap)
{
    const char *text = s->moves_played ? "end" : "start";
    if (cap < strlen(text) + 1) { if (cap) buf[0] = '\0'; return ARB_ERR_BUFFER; }
    strcpy(buf, text);
    return ARB_OK;
}
static int32_t ARB_CALL c_legal_moves(const arb_state *s, arb_move *moves, int32_t cap)
{
    if (s->moves_played || cap < 1) return 0;
    moves[0] = 0;
    return 1;
}
static arb_status ARB_CALL c_parse_move(const arb_state *s, const char *text, arb_move *move, char *err, size_t cap)
{
    if (strcmp(text, "go") != 0) {
        if (err != NULL && cap > 0) { strncpy(err, "the only move is 'go'", cap - 1); err[cap - 1] = '\0'; }
        return ARB_ERR_SYNTAX;
    }
    if (s->moves_played) {
        if (err != NULL && cap > 0) { strncpy(err, "the game is over", cap - 1); err[cap - 1] = '\0'; }
        return ARB_ERR_ILLEGAL;
    }
    *move = 0;
    return ARB_OK;
}
static arb_status ARB_CALL c_format_move(const arb_state *s, arb_move move, char *buf, size_t cap)
{
    (void)s; (void)move;
    if (cap < 3) return ARB_ERR_BUFFER;
    strcpy(buf, "go");
    return ARB_OK;
}
static arb_status ARB_CALL c_play(arb_state *s, arb_move move) { (void)move; s->moves_played = 1; return ARB_OK; }
static int32_t ARB_CALL c_side_to_move(const arb_state *s) { return s->moves_played ? ARB_SIDE_NONE : ARB_SIDE_0; }
static void ARB_CALL c_outcome(const arb_state *s, arb_outcome *out)
{
    out->result = s->moves_played ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_ONGOING;
    out->has_score = 0;
    out->score[0] = out->score[1] = 0;
    strcpy(out->reason, s->moves_played ? "the first player moved" : "");
}
static const void *ARB_CALL c_get_extension(const char *id) { (void)id; return NULL; }

static const arb_game_api table = {
    ARB_TEST_VARIANT == 1 ? 99u : ARB_ABI_MAJOR, ARB_ABI_MINOR, (uint32_t)sizeof(arb_game_api),
    "cgame", "C game", "0.0.1", "one move and the first player wins (ABI test)",
    {"first", "second"}, NULL, 0, 1, 8,
    c_create, c_destroy, c_clone, c_assign, c_reset, c_set_position, c_write_position,
    c_legal_moves, c_parse_move, c_format_move, c_play,
    ARB_TEST_VARIANT == 3 ? NULL : c_side_to_move,
    c_outcome, c_get_extension};

ARB_EXPORT const arb_game_api *ARB_CALL arb_game_entry(uint32_t host_abi_major)
{
    if (ARB_TEST_VARIANT == 2 || host_abi_major != ARB_ABI_MAJOR) return NULL;
    return &table;
}
