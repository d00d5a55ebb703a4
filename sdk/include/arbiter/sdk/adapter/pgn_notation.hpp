// "arbiter.pgn-notation/2" for a game class with all four of
//     arb::sdk::MoveText pgn_move(arb_move move) const;  // the record notation (SAN)
//     arb_status parse_pgn_move(std::string_view text, arb_move &move, arb::sdk::ErrorOut err) const;
//     std::string pgn_start_tags() const;                // the tags of a start here
//     int32_t pgn_move_number() const;                   // the next move's number
#pragma once

#include <arbiter/ext/pgn_notation.h>
#include <arbiter/sdk/adapter/guarded.hpp>

#include <concepts>
#include <string>
#include <string_view>

namespace arb::sdk::detail {

template <class Game>
struct PgnNotationExtension {
    static constexpr const char *kId = ARB_EXT_PGN_NOTATION_2;
    static constexpr bool kPresent = requires(const Game &g, arb_move m, std::string_view t, arb_move &out,
                                              ErrorOut err) {
        { text_view(g.pgn_move(m)) } -> std::convertible_to<std::string_view>;
        { g.parse_pgn_move(t, out, err) } -> std::convertible_to<arb_status>;
        { g.pgn_start_tags() } -> std::convertible_to<std::string>;
        { g.pgn_move_number() } -> std::convertible_to<int32_t>;
    };

    static arb_status ARB_CALL write_move(const arb_state *state, arb_move move, char *buf, uint32_t cap,
                                          uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "pgn write_move", arb_status{ARB_ERR_INTERNAL}, [&] {
            const auto text = as_game<Game>(state).pgn_move(move);
            return text_out(text_view(text), buf, cap, needed);
        });
    }

    static arb_status ARB_CALL read_move(const arb_state *state, const char *text, arb_move *move, char *err,
                                         size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        if (text == nullptr || move == nullptr) return out.fail(ARB_ERR_SYNTAX, "no move text");
        return guarded_on<Game>(state, "pgn read_move", arb_status{ARB_ERR_INTERNAL}, [&] {
            arb_move parsed = ARB_MOVE_NONE;
            const arb_status status = as_game<Game>(state).parse_pgn_move(std::string_view(text), parsed, out);
            if (status == ARB_OK) *move = parsed;
            return status;
        }, &out);
    }

    static arb_status ARB_CALL write_start_tags(const arb_state *state, char *buf, uint32_t cap,
                                                uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        return guarded_on<Game>(state, "pgn write_start_tags", arb_status{ARB_ERR_INTERNAL},
                                [&] { return text_out(as_game<Game>(state).pgn_start_tags(), buf, cap, needed); });
    }

    static int32_t ARB_CALL move_number(const arb_state *state) noexcept {
        return guarded_on<Game>(state, "pgn move_number", int32_t{1},
                                [&] { return static_cast<int32_t>(as_game<Game>(state).pgn_move_number()); });
    }

    static const void *table() noexcept {
        static constexpr arb_game_pgn_notation_2 kTable{&write_move, &read_move, &write_start_tags, &move_number};
        return &kTable;
    }
};

}  // namespace arb::sdk::detail
