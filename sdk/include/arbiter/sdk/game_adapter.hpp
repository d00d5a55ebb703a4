// Turns one C++ game class into the C ABI of <arbiter/game.h> (ABI 1.1).
//
// A plugin is a class plus one line:
//
//     class TicTacToe { ... see below ... };
//     ARB_GAME_PLUGIN(TicTacToe)
//
// The class must provide (Options, ErrorOut, MoveText, ReasonText come from
// the other SDK headers):
//
//     static const arb::sdk::GameInfo &info();
//     explicit TicTacToe(const arb::sdk::Options &options);  // may throw
//         std::invalid_argument for a combination of options it refuses;
//         or TicTacToe(const Options &, const arb::sdk::Host &) to get the
//         host's log, the plugin's path and the game's seed
//     copy constructor and copy assignment             (clone, assign)
//     void reset();
//     arb_status set_position(std::string_view text, arb::sdk::ErrorOut err);
//     std::string position() const;
//     int32_t legal_moves(arb_move *out) const;        // out has max_legal_moves
//     arb_status parse_move(std::string_view text, arb_move &move, arb::sdk::ErrorOut err) const;
//     arb::sdk::MoveText format_move(arb_move move) const;  // or any text with
//         view() or a std::string, under info().max_move_text_size bytes
//     void play(arb_move move);                        // or arb_status play(arb_move),
//         returning ARB_ERR_ILLEGAL (state unchanged) for a move it detects as not legal
//     int32_t side_to_move() const;                    // ARB_SIDE_NONE when over
//     arb::sdk::Outcome outcome() const;
//
// and may provide
//
//     arb_move_flags move_properties(arb_move move) const;  // "arbiter.move-properties/1":
//         ARB_MOVE_PASS, ARB_MOVE_IRREVERSIBLE (without it the extension is absent)
//     uint64_t hash() const;                           // "arbiter.position-hash/1"
//         (without it the adapter hashes position(), which allocates)
//     const arb::sdk::BoardDrawing &drawing() const;   // "arbiter.diagram/1", with
//     std::string diagram_cells() const;               // both (see board_drawing.hpp)
//     std::string status_line() const;                 // "arbiter.status-line/1": one short
//         line the board does not show (eg "Black 23 - White 41"), at most
//         ARB_STATUS_LINE_MAX bytes, no control characters
//     static const arb::sdk::RecordFormat &record_format();  // "arbiter.record-format/1",
//     std::string write_record(const arb::sdk::RecordGame &game) const;  // both or neither:
//         called on the start position, returns the record (ending with a newline);
//         throws std::invalid_argument for a move that is not legal where played
//     arb::sdk::MoveText pgn_move(arb_move move) const;     // "arbiter.pgn-notation/1",
//     arb_status parse_pgn_move(std::string_view text, arb_move &move,  // all four:
//                               arb::sdk::ErrorOut err) const;  // the record notation (SAN),
//     std::string pgn_start_tags() const;              // the tags of a start here,
//     int32_t pgn_move_number() const;                 // the next move's number
//     static arb::sdk::ProtocolNotation protocol_notation();  // "arbiter.protocol-notation/1":
//         the engine protocols that may play the game, and conversions for
//         those whose notation differs (see protocol_notation.hpp)
//     static std::span<const arb_rule_edge> rule_edges();  // "arbiter.rule-edges/1":
//         positions where engines get the rules wrong (see <arbiter/ext/rule_edges.h>),
//         in static storage, e.g. a static constexpr array of designated initializers
//     static std::vector<arb::sdk::EngineOption> engine_options(arb_protocol protocol,
//                                                               const arb::sdk::Options &rules);
//         "arbiter.engine-options/1": the engine options an engine of `protocol`
//         gets for these rule options, e.g. UCI_Chess960 (see engine_options.hpp)
//     static const void *extension(std::string_view id);  // any other extension
//
// The adapter fills both the 1.0 functions and their 1.1 forms (create_ex,
// assign_ex, reset_ex, legal_moves_ex), and stops every exception at the
// boundary: a throwing function returns ARB_ERR_INTERNAL (or NULL), never
// unwinds into the host, and writes the exception's text to the host's log
// ("reset failed: ..."), so no failure is silent. The 1.0 forms (assign,
// reset) cannot return a status: under a 1.0 host the log line is all there is.
//
// reset() must return to the start position OF THE OPTIONS the state was
// created with: keep what you need of the options in the class (assigning
// a default-constructed game would silently drop them).
#pragma once

#include <arbiter/ext/diagram.h>
#include <arbiter/ext/engine_options.h>
#include <arbiter/ext/move_properties.h>
#include <arbiter/ext/pgn_notation.h>
#include <arbiter/ext/position_hash.h>
#include <arbiter/ext/record_format.h>
#include <arbiter/ext/rule_edges.h>
#include <arbiter/ext/status_line.h>
#include <arbiter/game.h>
#include <arbiter/sdk/board_drawing.hpp>
#include <arbiter/sdk/engine_options.hpp>
#include <arbiter/sdk/hash.hpp>
#include <arbiter/sdk/host.hpp>
#include <arbiter/sdk/options.hpp>
#include <arbiter/sdk/record.hpp>
#include <arbiter/sdk/text.hpp>
#include <arbiter/sdk/protocol_notation.hpp>

#include <algorithm>
#include <concepts>
#include <cstring>
#include <exception>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace arb::sdk {

// Static description of a game; lives as long as the library.
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

// What an arb_state is: the game and the host it was created under, so that
// a failure deep inside (an exception in reset or assign) reaches the host's
// log with its text, not only as a status code.
template <class Game>
struct Instance {
    Host host;
    Game game;
};

template <class Game>
Instance<Game> &as_instance(arb_state *state) noexcept {
    return *reinterpret_cast<Instance<Game> *>(state);
}
template <class Game>
const Instance<Game> &as_instance(const arb_state *state) noexcept {
    return *reinterpret_cast<const Instance<Game> *>(state);
}
template <class Game>
Game &as_game(arb_state *state) noexcept {
    return as_instance<Game>(state).game;
}
template <class Game>
const Game &as_game(const arb_state *state) noexcept {
    return as_instance<Game>(state).game;
}

// Tells the host why `function` failed, from inside a catch block: the
// exception's text for a std::exception. Returns ARB_ERR_INTERNAL.
inline arb_status report_exception(const Host &host, const char *function) noexcept {
    try {
        throw;
    } catch (const std::bad_alloc &) {
        host.log(ARB_LOG_ERROR, "%s failed: out of memory", function);
    } catch (const std::exception &e) {
        host.log(ARB_LOG_ERROR, "%s failed: %s", function, e.what());
    } catch (...) {
        host.log(ARB_LOG_ERROR, "%s failed: an exception that is not a std::exception", function);
    }
    return ARB_ERR_INTERNAL;
}

// The text of a move as a view, whatever format_move returns.
inline std::string_view text_view(const std::string &text) noexcept { return text; }
template <class Text>
std::string_view text_view(const Text &text) noexcept {
    return text.view();
}

template <class Game>
struct Adapter {
    static arb_state *ARB_CALL create(const arb_option_value *values, int32_t count, char *err,
                                      size_t err_cap) noexcept {
        return create_with(Host(), values, count, err, err_cap);
    }

    static arb_state *ARB_CALL create_ex(const arb_host *host, uint64_t seed, const arb_option_value *values,
                                         int32_t count, char *err, size_t err_cap) noexcept {
        return create_with(Host(host, seed), values, count, err, err_cap);
    }

    static arb_state *create_with(const Host &host, const arb_option_value *values, int32_t count, char *err,
                                  size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        try {
            Options options;
            if (Options::parse(Game::info().options, values, count, options, out) != ARB_OK) return nullptr;
            if constexpr (std::is_constructible_v<Game, const Options &, const Host &>)
                return reinterpret_cast<arb_state *>(new Instance<Game>{host, Game(options, host)});
            else
                return reinterpret_cast<arb_state *>(new Instance<Game>{host, Game(options)});
        } catch (const std::invalid_argument &e) {
            out.fail(ARB_ERR_OPTION, "%s", e.what());
        } catch (const std::bad_alloc &) {
            out.fail(ARB_ERR_INTERNAL, "out of memory");
        } catch (const std::exception &e) {
            out.fail(ARB_ERR_INTERNAL, "internal error: %s", e.what());
        } catch (...) {
            out.fail(ARB_ERR_INTERNAL, "internal error");
        }
        return nullptr;
    }

    static void ARB_CALL destroy(arb_state *state) noexcept {
        delete reinterpret_cast<Instance<Game> *>(state);
    }

    static arb_state *ARB_CALL clone(const arb_state *src) noexcept {
        try {
            return reinterpret_cast<arb_state *>(new Instance<Game>(as_instance<Game>(src)));
        } catch (...) {
            (void)report_exception(as_instance<Game>(src).host, "clone");
            return nullptr;
        }
    }

    static void ARB_CALL assign(arb_state *dst, const arb_state *src) noexcept { (void)assign_ex(dst, src); }

    // Only a game with a growing state (history) can fail here; dst is then
    // whatever the class's copy assignment left, still destroyable.
    static arb_status ARB_CALL assign_ex(arb_state *dst, const arb_state *src) noexcept {
        try {
            as_game<Game>(dst) = as_game<Game>(src);
            return ARB_OK;
        } catch (...) {
            return report_exception(as_instance<Game>(dst).host, "assign");
        }
    }

    static void ARB_CALL reset(arb_state *state) noexcept { (void)reset_ex(state); }

    static arb_status ARB_CALL reset_ex(arb_state *state) noexcept {
        try {
            as_game<Game>(state).reset();
            return ARB_OK;
        } catch (...) {
            return report_exception(as_instance<Game>(state).host, "reset");
        }
    }

    static arb_status ARB_CALL set_position(arb_state *state, const char *text, char *err, size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        if (text == nullptr) return out.fail(ARB_ERR_SYNTAX, "no position text");
        try {
            return as_game<Game>(state).set_position(std::string_view(text), out);
        } catch (const std::exception &e) {
            return out.fail(ARB_ERR_INTERNAL, "internal error: %s", e.what());
        } catch (...) {
            return out.fail(ARB_ERR_INTERNAL, "internal error");
        }
    }

    static arb_status ARB_CALL write_position(const arb_state *state, char *buf, size_t cap) noexcept {
        try {
            return copy_out(as_game<Game>(state).position(), buf, cap);
        } catch (...) {
            if (buf != nullptr && cap > 0) buf[0] = '\0';
            return report_exception(as_instance<Game>(state).host, "write_position");
        }
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
        try {
            int32_t n = as_game<Game>(state).legal_moves(moves);
            if (n < 0 || n > cap) {
                as_instance<Game>(state).host.log(ARB_LOG_ERROR, "legal_moves wrote %d moves, max_legal_moves says %d",
                                                  static_cast<int>(n), static_cast<int>(Game::info().max_legal_moves));
                return ARB_ERR_INTERNAL;
            }
            *count = n;
            return ARB_OK;
        } catch (...) {
            return report_exception(as_instance<Game>(state).host, "legal_moves");
        }
    }

    static arb_status ARB_CALL parse_move(const arb_state *state, const char *text, arb_move *move, char *err,
                                          size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        if (text == nullptr || move == nullptr) return out.fail(ARB_ERR_SYNTAX, "no move text");
        try {
            arb_move parsed = ARB_MOVE_NONE;
            arb_status status = as_game<Game>(state).parse_move(std::string_view(text), parsed, out);
            if (status == ARB_OK) *move = parsed;
            return status;
        } catch (const std::exception &e) {
            return out.fail(ARB_ERR_INTERNAL, "internal error: %s", e.what());
        } catch (...) {
            return out.fail(ARB_ERR_INTERNAL, "internal error");
        }
    }

    static arb_status ARB_CALL format_move(const arb_state *state, arb_move move, char *buf, size_t cap) noexcept {
        try {
            const auto text = as_game<Game>(state).format_move(move);
            return copy_out(text_view(text), buf, cap);
        } catch (...) {
            if (buf != nullptr && cap > 0) buf[0] = '\0';
            return report_exception(as_instance<Game>(state).host, "format_move");
        }
    }

    static arb_status ARB_CALL play(arb_state *state, arb_move move) noexcept {
        try {
            if constexpr (std::is_same_v<decltype(as_game<Game>(state).play(move)), arb_status>) {
                return as_game<Game>(state).play(move);
            } else {
                as_game<Game>(state).play(move);
                return ARB_OK;
            }
        } catch (...) {
            return report_exception(as_instance<Game>(state).host, "play");
        }
    }

    static int32_t ARB_CALL side_to_move(const arb_state *state) noexcept {
        try {
            return as_game<Game>(state).side_to_move();
        } catch (...) {
            (void)report_exception(as_instance<Game>(state).host, "side_to_move");
            return ARB_SIDE_NONE;
        }
    }

    static void ARB_CALL outcome(const arb_state *state, arb_outcome *out) noexcept {
        if (out == nullptr) return;
        arb_outcome full{};
        full.struct_size = sizeof(arb_outcome);
        try {
            Outcome o = as_game<Game>(state).outcome();
            full.result = o.result;
            full.has_score = o.has_score ? 1 : 0;
            full.score[0] = o.score[0];
            full.score[1] = o.score[1];
            copy_out(o.reason.view(), full.reason, sizeof full.reason);
        } catch (...) {
            (void)report_exception(as_instance<Game>(state).host, "outcome");
            full.result = ARB_RESULT_ONGOING;
        }
        // Write only as much as the caller's (possibly older, smaller) struct holds.
        uint32_t size = std::min<uint32_t>(out->struct_size, sizeof(arb_outcome));
        std::memcpy(reinterpret_cast<char *>(out) + sizeof(uint32_t), reinterpret_cast<const char *>(&full) + sizeof(uint32_t),
                    size > sizeof(uint32_t) ? size - sizeof(uint32_t) : 0);
    }

    static constexpr bool kHasMoveProperties = requires(const Game &g, arb_move m) {
        { g.move_properties(m) } -> std::convertible_to<arb_move_flags>;
    };

    static arb_move_flags ARB_CALL move_properties(const arb_state *state, arb_move move) noexcept {
        if constexpr (kHasMoveProperties) {
            try {
                return as_game<Game>(state).move_properties(move);
            } catch (...) {
                (void)report_exception(as_instance<Game>(state).host, "move_properties");
                return 0;  // "reversible, not a pass": the safe answer
            }
        } else {
            (void)state;
            (void)move;
            return 0;
        }
    }

    // A game's own hash(), or the key of its position text.
    static uint64_t ARB_CALL hash(const arb_state *state) noexcept {
        try {
            if constexpr (requires(const Game &g) { { g.hash() } -> std::convertible_to<uint64_t>; })
                return as_game<Game>(state).hash();
            else
                return text_key(as_game<Game>(state).position());
        } catch (...) {
            (void)report_exception(as_instance<Game>(state).host, "hash");
            return 0;
        }
    }

    static constexpr bool kHasDiagram = requires(const Game &g) {
        { g.drawing().text() } -> std::convertible_to<std::string_view>;
        { g.diagram_cells() } -> std::convertible_to<std::string>;
    };

    // Both texts of "arbiter.diagram/1": *size is the length even when the
    // buffer is too small, so the host can retry with the right size.
    static arb_status sized_copy_out(std::string_view text, char *buf, size_t cap, size_t *size) noexcept {
        if (size != nullptr) *size = text.size();
        return copy_out(text, buf, cap);
    }

    static arb_status ARB_CALL write_drawing(const arb_state *state, char *buf, size_t cap, size_t *size) noexcept {
        if constexpr (kHasDiagram) {
            try {
                return sized_copy_out(as_game<Game>(state).drawing().text(), buf, cap, size);
            } catch (...) {
                return ARB_ERR_INTERNAL;
            }
        } else {
            (void)state, (void)buf, (void)cap, (void)size;
            return ARB_ERR_INTERNAL;
        }
    }

    static arb_status ARB_CALL write_cells(const arb_state *state, char *buf, size_t cap, size_t *size) noexcept {
        if constexpr (kHasDiagram) {
            try {
                return sized_copy_out(as_game<Game>(state).diagram_cells(), buf, cap, size);
            } catch (...) {
                return ARB_ERR_INTERNAL;
            }
        } else {
            (void)state, (void)buf, (void)cap, (void)size;
            return ARB_ERR_INTERNAL;
        }
    }

    static constexpr bool kHasStatusLine = requires(const Game &g) {
        { g.status_line() } -> std::convertible_to<std::string>;
    };

    static arb_status ARB_CALL write_status(const arb_state *state, char *buf, size_t cap, size_t *size) noexcept {
        if constexpr (kHasStatusLine) {
            try {
                return sized_copy_out(as_game<Game>(state).status_line(), buf, cap, size);
            } catch (...) {
                return report_exception(as_instance<Game>(state).host, "status_line");
            }
        } else {
            (void)state, (void)buf, (void)cap, (void)size;
            return ARB_ERR_INTERNAL;
        }
    }

    static constexpr bool kHasRecordFormat = requires(const Game &g, const RecordGame &r) {
        { Game::record_format() } -> std::convertible_to<const RecordFormat &>;
        { g.write_record(r) } -> std::convertible_to<std::string>;
    };

    static arb_status ARB_CALL write_record(const arb_state *start, const arb_record_game *game, char *buf,
                                            size_t cap, size_t *size) noexcept {
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        if (size == nullptr || start == nullptr || game == nullptr) return ARB_ERR_INTERNAL;
        *size = 0;
        if constexpr (kHasRecordFormat) {
            try {
                const std::string text = as_game<Game>(start).write_record(RecordGame(*game));
                if (buf == nullptr || text.size() + 1 > cap) {
                    *size = text.size() + 1;
                    return ARB_ERR_BUFFER;
                }
                *size = text.size();
                return copy_out(text, buf, cap);
            } catch (const std::invalid_argument &) {
                return ARB_ERR_ILLEGAL;
            } catch (...) {
                return report_exception(as_instance<Game>(start).host, "write_record");
            }
        } else {
            return ARB_ERR_INTERNAL;
        }
    }

    static const arb_game_record_format *record_format_table() noexcept {
        if constexpr (kHasRecordFormat) {
            static const arb_game_record_format table{Game::record_format().name,
                                                      Game::record_format().file_extension, &write_record};
            return &table;
        } else {
            return nullptr;
        }
    }

    static constexpr bool kHasPgnNotation = requires(const Game &g, arb_move m, std::string_view t, arb_move &out,
                                                     ErrorOut err) {
        { text_view(g.pgn_move(m)) } -> std::convertible_to<std::string_view>;
        { g.parse_pgn_move(t, out, err) } -> std::convertible_to<arb_status>;
        { g.pgn_start_tags() } -> std::convertible_to<std::string>;
        { g.pgn_move_number() } -> std::convertible_to<int32_t>;
    };

    static arb_status ARB_CALL pgn_write_move(const arb_state *state, arb_move move, char *buf, size_t cap) noexcept {
        if constexpr (kHasPgnNotation) {
            try {
                const auto text = as_game<Game>(state).pgn_move(move);
                return copy_out(text_view(text), buf, cap);
            } catch (...) {
                if (buf != nullptr && cap > 0) buf[0] = '\0';
                return report_exception(as_instance<Game>(state).host, "pgn write_move");
            }
        } else {
            (void)state, (void)move, (void)buf, (void)cap;
            return ARB_ERR_INTERNAL;
        }
    }

    static arb_status ARB_CALL pgn_read_move(const arb_state *state, const char *text, arb_move *move, char *err,
                                             size_t err_cap) noexcept {
        ErrorOut out(err, err_cap);
        if constexpr (kHasPgnNotation) {
            if (text == nullptr || move == nullptr) return out.fail(ARB_ERR_SYNTAX, "no move text");
            try {
                arb_move parsed = ARB_MOVE_NONE;
                const arb_status status = as_game<Game>(state).parse_pgn_move(std::string_view(text), parsed, out);
                if (status == ARB_OK) *move = parsed;
                return status;
            } catch (const std::exception &e) {
                return out.fail(ARB_ERR_INTERNAL, "internal error: %s", e.what());
            } catch (...) {
                return out.fail(ARB_ERR_INTERNAL, "internal error");
            }
        } else {
            (void)state, (void)text, (void)move;
            return out.fail(ARB_ERR_INTERNAL, "no PGN notation");
        }
    }

    static arb_status ARB_CALL pgn_start_tags(const arb_state *state, char *buf, size_t cap, size_t *size) noexcept {
        if constexpr (kHasPgnNotation) {
            try {
                return sized_copy_out(as_game<Game>(state).pgn_start_tags(), buf, cap, size);
            } catch (...) {
                if (buf != nullptr && cap > 0) buf[0] = '\0';
                return report_exception(as_instance<Game>(state).host, "pgn write_start_tags");
            }
        } else {
            (void)state, (void)buf, (void)cap, (void)size;
            return ARB_ERR_INTERNAL;
        }
    }

    static int32_t ARB_CALL pgn_move_number(const arb_state *state) noexcept {
        if constexpr (kHasPgnNotation) {
            try {
                return as_game<Game>(state).pgn_move_number();
            } catch (...) {
                (void)report_exception(as_instance<Game>(state).host, "pgn move_number");
                return 1;
            }
        } else {
            (void)state;
            return 1;
        }
    }

    static constexpr bool kHasProtocolNotation = requires {
        { Game::protocol_notation() } -> std::convertible_to<ProtocolNotation>;
    };

    static const ProtocolNotation &notation() {
        static const ProtocolNotation n = [] {
            if constexpr (kHasProtocolNotation) return ProtocolNotation(Game::protocol_notation());
            else return ProtocolNotation{};
        }();
        return n;
    }

    // One conversion of "arbiter.protocol-notation/1": the text, a reason
    // (ARB_ERR_SYNTAX) for std::invalid_argument, ARB_ERR_BUFFER when short.
    template <Conversion NotationConversions::*Which>
    static arb_status ARB_CALL convert(arb_protocol protocol, const char *text, char *buf, size_t cap) noexcept {
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        try {
            const NotationConversions *c = notation().conversions(protocol);
            if (c == nullptr || c->*Which == nullptr || text == nullptr) return ARB_ERR_INTERNAL;
            const std::string out = (c->*Which)(text);
            return copy_out(out, buf, cap);
        } catch (const std::invalid_argument &e) {
            (void)copy_out(std::string_view(e.what()).substr(0, cap > 0 ? cap - 1 : 0), buf, cap);
            return ARB_ERR_SYNTAX;
        } catch (...) {
            return ARB_ERR_INTERNAL;
        }
    }

    static const arb_game_protocol_notation *protocol_notation_table() noexcept {
        if constexpr (kHasProtocolNotation) {
            try {
                static const arb_game_protocol_notation table{
                    notation().protocols(), notation().converted(), &convert<&NotationConversions::position_out>,
                    &convert<&NotationConversions::position_in>, &convert<&NotationConversions::move_out>,
                    &convert<&NotationConversions::move_in>};
                return &table;
            } catch (...) {
                return nullptr;
            }
        } else {
            return nullptr;
        }
    }

    static constexpr bool kHasRuleEdges = requires {
        { Game::rule_edges() } -> std::convertible_to<std::span<const arb_rule_edge>>;
    };

    static const arb_game_rule_edges *rule_edges_table() noexcept {
        if constexpr (kHasRuleEdges) {
            try {
                static const arb_game_rule_edges table = [] {
                    const std::span<const arb_rule_edge> edges = Game::rule_edges();
                    return arb_game_rule_edges{static_cast<uint32_t>(sizeof(arb_rule_edge)),
                                               static_cast<uint32_t>(edges.size()), edges.data()};
                }();
                return &table;
            } catch (...) {
                return nullptr;
            }
        } else {
            return nullptr;
        }
    }

    static constexpr bool kHasEngineOptions = requires(arb_protocol protocol, const Options &rules) {
        { Game::engine_options(protocol, rules) } -> std::convertible_to<std::vector<EngineOption>>;
    };

    static arb_status ARB_CALL engine_options(arb_protocol protocol, const arb_option_value *values, int32_t count,
                                              arb_engine_option_sink sink, void *context) noexcept {
        if constexpr (kHasEngineOptions) {
            if (sink == nullptr) return ARB_ERR_INTERNAL;
            try {
                Options rules;
                if (Options::parse(Game::info().options, values, count, rules, ErrorOut(nullptr, 0)) != ARB_OK)
                    return ARB_ERR_OPTION;
                const std::vector<EngineOption> options = Game::engine_options(protocol, rules);
                for (const EngineOption &o : options) sink(context, o.rule.c_str(), o.name.c_str(), o.value.c_str());
                return ARB_OK;
            } catch (...) {
                return ARB_ERR_INTERNAL;
            }
        } else {
            (void)protocol, (void)values, (void)count, (void)sink, (void)context;
            return ARB_ERR_INTERNAL;
        }
    }

    static const void *ARB_CALL get_extension(const char *id) noexcept {
        static constexpr arb_game_move_properties kMoveProperties{&move_properties};
        static constexpr arb_game_position_hash kPositionHash{&hash};
        static constexpr arb_game_diagram kDiagram{&write_drawing, &write_cells};
        static constexpr arb_game_status_line kStatusLine{&write_status};
        static constexpr arb_game_pgn_notation kPgnNotation{&pgn_write_move, &pgn_read_move, &pgn_start_tags,
                                                            &pgn_move_number};
        static constexpr arb_game_engine_options kEngineOptions{&engine_options};
        if (id == nullptr) return nullptr;
        const std::string_view name(id);
        if (kHasMoveProperties && name == ARB_EXT_MOVE_PROPERTIES) return &kMoveProperties;
        if (name == ARB_EXT_POSITION_HASH) return &kPositionHash;
        if (kHasDiagram && name == ARB_EXT_DIAGRAM) return &kDiagram;
        if (kHasStatusLine && name == ARB_EXT_STATUS_LINE) return &kStatusLine;
        if (kHasRecordFormat && name == ARB_EXT_RECORD_FORMAT) return record_format_table();
        if (kHasPgnNotation && name == ARB_EXT_PGN_NOTATION) return &kPgnNotation;
        if (kHasProtocolNotation && name == ARB_EXT_PROTOCOL_NOTATION) return protocol_notation_table();
        if (kHasRuleEdges && name == ARB_EXT_RULE_EDGES) return rule_edges_table();
        if (kHasEngineOptions && name == ARB_EXT_ENGINE_OPTIONS) return &kEngineOptions;
        if constexpr (requires(std::string_view s) { Game::extension(s); }) {
            try {
                return Game::extension(name);
            } catch (...) {
                return nullptr;
            }
        } else {
            return nullptr;
        }
    }

    static const arb_game_api &table() noexcept {
        static const arb_game_api api = [] {
            const GameInfo &info = Game::info();
            arb_game_api t{};
            t.abi_major = ARB_ABI_MAJOR;
            t.abi_minor = ARB_ABI_MINOR;
            t.struct_size = sizeof(arb_game_api);
            t.id = info.id;
            t.name = info.name;
            t.version = info.version;
            t.description = info.description;
            t.side_names[0] = info.side_names[0];
            t.side_names[1] = info.side_names[1];
            t.options = info.options.empty() ? nullptr : info.options.data();
            t.option_count = static_cast<int32_t>(info.options.size());
            t.max_legal_moves = info.max_legal_moves;
            t.max_position_size = info.max_position_size;
            t.create = &create;
            t.destroy = &destroy;
            t.clone = &clone;
            t.assign = &assign;
            t.reset = &reset;
            t.set_position = &set_position;
            t.write_position = &write_position;
            t.legal_moves = &legal_moves;
            t.parse_move = &parse_move;
            t.format_move = &format_move;
            t.play = &play;
            t.side_to_move = &side_to_move;
            t.outcome = &outcome;
            t.get_extension = &get_extension;
            t.max_move_text_size = info.max_move_text_size;
            t.create_ex = &create_ex;
            t.assign_ex = &assign_ex;
            t.reset_ex = &reset_ex;
            t.legal_moves_ex = &legal_moves_ex;
            return t;
        }();
        return api;
    }
};

}  // namespace detail

template <class Game>
const arb_game_api *game_api(uint32_t host_abi_major) noexcept {
    if (host_abi_major != ARB_ABI_MAJOR) return nullptr;
    return &detail::Adapter<Game>::table();
}

}  // namespace arb::sdk

// Exports the plugin's one entry symbol for GameClass.
#define ARB_GAME_PLUGIN(GameClass)                                                                   \
    extern "C" ARB_EXPORT const arb_game_api *ARB_CALL arb_game_entry(uint32_t host_abi_major) {    \
        return ::arb::sdk::game_api<GameClass>(host_abi_major);                                      \
    }
