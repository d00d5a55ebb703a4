/*
 * arbiter/ext/engine_options.h -- extension "arbiter.engine-options/1".
 *
 * The engine options that tell an engine of a given protocol the rules a
 * game is played under, when that protocol has its own word for them: a
 * chess game with the rule option variant=chess960 becomes
 * "setoption name UCI_Chess960 value true" for a UCI engine. The host knows
 * no game: it asks the plugin, and sends each option to an engine that
 * declares it, after the rule options themselves and before the options
 * configured for the engine (which therefore win). C99, like
 * <arbiter/game.h>.
 */
#ifndef ARBITER_EXT_ENGINE_OPTIONS_H
#define ARBITER_EXT_ENGINE_OPTIONS_H

#include <arbiter/ext/protocol_notation.h>
#include <arbiter/game.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_EXT_ENGINE_OPTIONS "arbiter.engine-options/1"

/* Receives one engine option: `rule` is the name of the game's rule option
 * it stands for (an engine that declares `rule` or `name` knows the rule),
 * `name` and `value` the engine option as sent in "setoption name NAME value
 * VALUE". The three strings are valid during the call only. For
 * ARB_PROTOCOL_XBOARD the option named "xboard-variant" is the game's
 * variant in xboard's words ("normal", "fischerandom"): sent as 'variant
 * VALUE' after 'new' when it is not "normal"; an engine whose 'variants'
 * feature lists it declares it. */
typedef void (ARB_CALL *arb_engine_option_sink)(void *context, const char *rule, const char *name,
                                                const char *value);

typedef struct arb_game_engine_options {
    /* Calls `sink` once for each engine option an engine speaking `protocol`
     * (a protocol of "arbiter.protocol-notation/2", UGI included) should be
     * sent for a game under the rule options `values` (`count` of them, as
     * given to create_ex: an option not listed has its default), in the order
     * they are to be sent; none at all is fine. Returns ARB_OK, or
     * ARB_ERR_OPTION when `values` are not valid rule options of the game.
     * A pure function of its arguments. [any-thread] */
    arb_status (ARB_CALL *engine_options)(arb_protocol protocol, const arb_option_value *values, int32_t count,
                                          arb_engine_option_sink sink, void *context);
} arb_game_engine_options;

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_EXT_ENGINE_OPTIONS_H */
