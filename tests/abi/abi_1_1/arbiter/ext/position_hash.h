/*
 * arbiter/ext/position_hash.h -- extension "arbiter.position-hash/1".
 *
 * A 64-bit key of the position, so that the host and generic engines detect
 * repetitions and transpositions without knowing the game. C99, like
 * <arbiter/game.h>.
 */
#ifndef ARBITER_EXT_POSITION_HASH_H
#define ARBITER_EXT_POSITION_HASH_H

#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_POSITION_HASH "arbiter.position-hash/1"

typedef struct arb_game_position_hash {
    /* The key of the position of `state`:
     *  - must: states whose write_position texts are equal have equal keys,
     *    whatever their history (clones, set_position, reset, any move order);
     *  - should: different positions have different keys (a well-mixed
     *    64-bit value; an exact encoding where the position fits in 64 bits);
     *  - may: leave out a counter of the position text that cannot matter
     *    for a repetition (a move number).
     * Cheap enough to call after every move; should not allocate. [per-state] */
    uint64_t (ARB_CALL *hash)(const arb_state *state);
} arb_game_position_hash;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_POSITION_HASH_H */
