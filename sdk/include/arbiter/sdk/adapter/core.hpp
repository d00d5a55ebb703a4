// The core functions of arb_game_api for one game class (ABI 1.0 and their
// 1.1 forms), each a thunk that runs the class's member through guarded().
// The table itself is filled in game_adapter.hpp, beside get_extension.
#pragma once

#include <arbiter/game.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/options.hpp>

#include <algorithm>
#include <cstring>
#include <span>
#include <stdexcept>
#include <type_traits>

namespace arb::sdk {

// Static description of a game; lives as long as the library. Best written
// with designated initializers ({.id = "tictactoe", .name = ...}): the sizes
// below are easy to swap by position.
struct GameInfo {
    const char *id;
    const char *name;
    const char *version;
    const char *description;
    const char *side_names[2];
    std::span<const arb_option_desc> options;
    int32_t max_legal_moves;
    int32_t max_position_size;  // with the NUL
    int32_t max_move_text_size = ARB_MOVE_TEXT_SIZE;  // with the NUL; raise it for long notations
};

// The state of play as a value; the adapter turns it into arb_outcome.
struct Outcome {
    arb_result result = ARB_RESULT_ONGOING;
    bool has_score = false;
    int32_t score[2] = {0, 0};
    ReasonText reason;

    static Outcome ongoing() { return {}; }
    static Outcome finished(arb_result result, std::string_view reason) {
        Outcome o;
        o.result = result;
        o.reason = ReasonText(reason);
        return o;
    }
    static Outcome win(int side, std::string_view reason) {
        return finished(side == 0 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1, reason);
    }
    static Outcome draw(std::string_view reason) { return finished(ARB_RESULT_DRAW, reason); }
    Outcome &with_score(int32_t side0, int32_t side1) {
        has_score = true;
        score[0] = side0;
        score[1] = side1;
        return *this;
    }
};

namespace detail {

template <class Game>
struct Core {
    static arb_state *ARB_CALL create(const arb_option_value *values, int32_t count, char *err, size_t err_cap) noexcept {
        return create_with(Host(), values, count, err, err_cap);
    }

    static arb_state *ARB_CALL create_ex(const arb_host *host, uint64_t seed, const arb_option_value *values,
                                         int32_t count, char *err, size_t err_cap) noexcept {
        return create_with(Host(host, seed), values, count, err, err_cap);
    }

    static arb_state *create_with(const Host &host, const arb_option_value *values, int32_t count, char *err,
                                  size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        return guarded(host, "create", static_cast<arb_state *>(nullptr), [&]() -> arb_state * {
            Options options;
            if (Options::parse(Game::info().options, values, count, options, out) != ARB_OK) return nullptr;
            try {
                if constexpr (std::is_constructible_v<Game, const Options &, const Host &>)
                    return reinterpret_cast<arb_state *>(new Instance<Game>{host, Game(options, host)});
                else
                    return reinterpret_cast<arb_state *>(new Instance<Game>{host, Game(options)});
            } catch (const std::invalid_argument &e) {  // the contract: options the game refuses
                out.fail(ARB_ERR_OPTION, "%s", e.what());
                return nullptr;
            }
        }, &out);
    }

    static void ARB_CALL destroy(arb_state *state) noexcept { delete reinterpret_cast<Instance<Game> *>(state); }

    static arb_state *ARB_CALL clone(const arb_state *src) noexcept {
        return guarded_on<Game>(src, "clone", static_cast<arb_state *>(nullptr), [&] {
            return reinterpret_cast<arb_state *>(new Instance<Game>(as_instance<Game>(src)));
        });
    }

    static void ARB_CALL assign(arb_state *dst, const arb_state *src) noexcept { (void)assign_ex(dst, src); }

    // Only a game with a growing state (history) can fail here; dst is then
    // whatever the class's copy assignment left, still destroyable.
    static arb_status ARB_CALL assign_ex(arb_state *dst, const arb_state *src) noexcept {
        return guarded_on<Game>(dst, "assign", arb_status{ARB_ERR_INTERNAL}, [&] {
            as_game<Game>(dst) = as_game<Game>(src);
            return arb_status{ARB_OK};
        });
    }

    static void ARB_CALL reset(arb_state *state) noexcept { (void)reset_ex(state); }

    static arb_status ARB_CALL reset_ex(arb_state *state) noexcept {
        return guarded_on<Game>(state, "reset", arb_status{ARB_ERR_INTERNAL}, [&] {
            as_game<Game>(state).reset();
            return arb_status{ARB_OK};
        });
    }

    static arb_status ARB_CALL set_position(arb_state *state, const char *text, char *err, size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        if (text == nullptr) return out.fail(ARB_ERR_SYNTAX, "no position text");
        return guarded_on<Game>(state, "set_position", arb_status{ARB_ERR_INTERNAL},
                                [&] { return as_game<Game>(state).set_position(std::string_view(text), out); }, &out);
    }

    static arb_status ARB_CALL write_position(const arb_state *state, char *buf, size_t cap) noexcept {
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        return guarded_on<Game>(state, "write_position", arb_status{ARB_ERR_INTERNAL},
                                [&] { return copy_out(as_game<Game>(state).position(), buf, cap); });
    }

    static int32_t ARB_CALL legal_moves(const arb_state *state, arb_move *moves, int32_t cap) noexcept {
        int32_t count = 0;
        return legal_moves_ex(state, moves, cap, &count) == ARB_OK ? count : 0;
    }

    static arb_status ARB_CALL legal_moves_ex(const arb_state *state, arb_move *moves, int32_t cap,
                                              int32_t *count) noexcept {
        if (count == nullptr) return ARB_ERR_BUFFER;
        *count = 0;
        if (moves == nullptr || cap < Game::info().max_legal_moves) return ARB_ERR_BUFFER;
        return guarded_on<Game>(state, "legal_moves", arb_status{ARB_ERR_INTERNAL}, [&] {
            const int32_t n = as_game<Game>(state).legal_moves(moves);
            if (n < 0 || n > cap) {
                as_instance<Game>(state).host.log(ARB_LOG_ERROR, "legal_moves wrote %d moves, max_legal_moves says %d",
                                                  static_cast<int>(n), static_cast<int>(Game::info().max_legal_moves));
                return arb_status{ARB_ERR_INTERNAL};
            }
            *count = n;
            return arb_status{ARB_OK};
        });
    }

    static arb_status ARB_CALL parse_move(const arb_state *state, const char *text, arb_move *move, char *err,
                                          size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        if (text == nullptr || move == nullptr) return out.fail(ARB_ERR_SYNTAX, "no move text");
        return guarded_on<Game>(state, "parse_move", arb_status{ARB_ERR_INTERNAL}, [&] {
            arb_move parsed = ARB_MOVE_NONE;
            const arb_status status = as_game<Game>(state).parse_move(std::string_view(text), parsed, out);
            if (status == ARB_OK) *move = parsed;
            return status;
        }, &out);
    }

    static arb_status ARB_CALL format_move(const arb_state *state, arb_move move, char *buf, size_t cap) noexcept {
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        return guarded_on<Game>(state, "format_move", arb_status{ARB_ERR_INTERNAL}, [&] {
            const auto text = as_game<Game>(state).format_move(move);
            return copy_out(text_view(text), buf, cap);
        });
    }

    static arb_status ARB_CALL play(arb_state *state, arb_move move) noexcept {
        return guarded_on<Game>(state, "play", arb_status{ARB_ERR_INTERNAL}, [&] {
            if constexpr (std::is_same_v<decltype(as_game<Game>(state).play(move)), arb_status>) {
                return as_game<Game>(state).play(move);
            } else {
                as_game<Game>(state).play(move);
                return arb_status{ARB_OK};
            }
        });
    }

    static int32_t ARB_CALL side_to_move(const arb_state *state) noexcept {
        return guarded_on<Game>(state, "side_to_move", int32_t{ARB_SIDE_NONE},
                                [&] { return static_cast<int32_t>(as_game<Game>(state).side_to_move()); });
    }

    static void ARB_CALL outcome(const arb_state *state, arb_outcome *out) noexcept {
        if (out == nullptr) return;
        arb_outcome full{};
        full.struct_size = sizeof(arb_outcome);
        const bool ok = guarded_on<Game>(state, "outcome", false, [&] {
            const Outcome o = as_game<Game>(state).outcome();
            full.result = o.result;
            full.has_score = o.has_score ? 1 : 0;
            full.score[0] = o.score[0];
            full.score[1] = o.score[1];
            (void)copy_out(o.reason.view(), full.reason, sizeof full.reason);
            return true;
        });
        if (!ok) full = arb_outcome{sizeof(arb_outcome), ARB_RESULT_ONGOING, 0, {0, 0}, {}};
        // Write only as much as the caller's (possibly older, smaller) struct holds.
        const uint32_t size = std::min<uint32_t>(out->struct_size, sizeof(arb_outcome));
        std::memcpy(reinterpret_cast<char *>(out) + sizeof(uint32_t), reinterpret_cast<const char *>(&full) + sizeof(uint32_t),
                    size > sizeof(uint32_t) ? size - sizeof(uint32_t) : 0);
    }
};

}  // namespace detail

}  // namespace arb::sdk
