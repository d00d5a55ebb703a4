// Turns one C++ game class into the C ABI of <arbiter/game.h> (ABI 1.2).
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
//         ARB_MOVE_PASS, ARB_MOVE_IRREVERSIBLE (without it the extension is absent);
//     static constexpr bool kMovePropertiesCaptureCheck = true;  // also "/2": its
//         answers carry ARB_MOVE_CAPTURE and ARB_MOVE_CHECK exactly
//     uint64_t hash() const;                           // "arbiter.position-hash/1"
//         (without it the adapter hashes position(), which allocates)
//     const arb::sdk::BoardDrawing &drawing() const;   // "arbiter.diagram/2", with
//     std::string diagram_cells() const;               // both (see board_drawing.hpp)
//     std::string status_line() const;                 // "arbiter.status-line/2": one short
//         line the board does not show (eg "Black 23 - White 41"), at most
//         ARB_STATUS_LINE_MAX bytes, no control characters
//     static const arb::sdk::RecordFormat &record_format();  // "arbiter.record-format/2",
//     std::string write_record(const arb::sdk::RecordGame &game) const;  // both or neither:
//         called on the start position, returns the record (ending with a newline);
//         throws std::invalid_argument for a move that is not legal where played
//     static std::span<const arb::sdk::RecordFormat> record_formats();  // "arbiter.record-formats/1",
//     std::string write_record(const arb::sdk::RecordGame &game, size_t format) const;
//         both or neither: several formats (shogi's KIF and CSA), one file each
//     arb::sdk::MoveText pgn_move(arb_move move) const;     // "arbiter.pgn-notation/2",
//     arb_status parse_pgn_move(std::string_view text, arb_move &move,  // all four:
//                               arb::sdk::ErrorOut err) const;  // the record notation (SAN),
//     std::string pgn_start_tags() const;              // the tags of a start here,
//     int32_t pgn_move_number() const;                 // the next move's number
//     static arb::sdk::ProtocolNotation protocol_notation();  // "arbiter.protocol-notation/2":
//         the engine protocols that may play the game, and conversions for
//         those whose notation differs (see protocol_notation.hpp)
//     static std::span<const arb_rule_edge> rule_edges();  // "arbiter.rule-edges/1":
//         positions where engines get the rules wrong (see <arbiter/ext/rule_edges.h>),
//         in static storage, e.g. a static constexpr array of designated initializers
//     static std::vector<arb::sdk::EngineOption> engine_options(arb_protocol protocol,
//                                                               const arb::sdk::Options &rules);
//         "arbiter.engine-options/1": the engine options an engine of `protocol`
//         gets for these rule options, e.g. UCI_Chess960 (see engine_options.hpp)
//     std::string margin_unit() const;                 // "arbiter.margin/1", both: a finished
//     int32_t margin() const;                          // game's margin for side 0 in the
//         game's unit ("discs"); margin() is called only when the game is over
//     static const void *extension(std::string_view id);  // any other extension
//
// The adapter fills both the 1.0 functions and their 1.1 forms (create_ex,
// assign_ex, reset_ex, legal_moves_ex), answers each extension's newest
// revision (texts under the one text rule of game.h), and stops every
// exception at the boundary one way (adapter/guarded.hpp): a throwing
// function returns ARB_ERR_INTERNAL (or NULL, or a safe answer), never
// unwinds into the host, and writes the exception's text to the host's log
// ("reset failed: ..."), so no failure is silent. The 1.0 forms (assign,
// reset) cannot return a status: under a 1.0 host the log line is all there is.
//
// This header is the umbrella: each extension is one small header under
// adapter/ (its trait, kPresent, and its thunks); a new extension is one
// header there and one name in the list of get_extension below.
//
// reset() must return to the start position OF THE OPTIONS the state was
// created with: keep what you need of the options in the class (assigning
// a default-constructed game would silently drop them).
#pragma once

#include <arbiter/game.h>
#include <arbiter/sdk/adapter/core.hpp>
#include <arbiter/sdk/adapter/diagram.hpp>
#include <arbiter/sdk/adapter/engine_options.hpp>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/adapter/margin.hpp>
#include <arbiter/sdk/adapter/move_properties.hpp>
#include <arbiter/sdk/adapter/pgn_notation.hpp>
#include <arbiter/sdk/adapter/position_hash.hpp>
#include <arbiter/sdk/adapter/protocol_notation.hpp>
#include <arbiter/sdk/adapter/record_format.hpp>
#include <arbiter/sdk/adapter/record_formats.hpp>
#include <arbiter/sdk/adapter/rule_edges.hpp>
#include <arbiter/sdk/adapter/status_line.hpp>
#include <arbiter/sdk/board_drawing.hpp>
#include <arbiter/sdk/engine_options.hpp>
#include <arbiter/sdk/hash.hpp>
#include <arbiter/sdk/host.hpp>
#include <arbiter/sdk/options.hpp>
#include <arbiter/sdk/protocol_notation.hpp>
#include <arbiter/sdk/record.hpp>
#include <arbiter/sdk/text.hpp>

#include <string_view>

namespace arb::sdk {

namespace detail {

// The table of an extension the game provides, when `name` is its id.
template <class Extension>
const void *answer(std::string_view name) noexcept {
    if constexpr (Extension::kPresent) {
        if (name == Extension::kId) return Extension::table();
    }
    return nullptr;
}

template <class Game, template <class> class... Extensions>
const void *first_answer(std::string_view name) noexcept {
    const void *table = nullptr;
    ((table = table != nullptr ? table : answer<Extensions<Game>>(name)), ...);
    return table;
}

template <class Game>
struct Adapter : Core<Game> {
    static const void *ARB_CALL get_extension(const char *id) noexcept {
        if (id == nullptr) return nullptr;
        const std::string_view name(id);
        if (const void *table = first_answer<Game, MovePropertiesExtension, MovePropertiesExtension2,
                                             PositionHashExtension, DiagramExtension, DiagramExtension2, StatusLineExtension,
                                             StatusLineExtension2,
                                             RecordFormatExtension, RecordFormatsExtension, PgnNotationExtension,
                                             ProtocolNotationExtension, RuleEdgesExtension, EngineOptionsExtension,
                                             MarginExtension>(name))
            return table;
        if constexpr (requires(std::string_view s) { Game::extension(s); })
            return guarded(Host(), "extension", static_cast<const void *>(nullptr),
                           [&] { return static_cast<const void *>(Game::extension(name)); });
        else
            return nullptr;
    }

    static const arb_game_api &table() noexcept {
        using C = Core<Game>;
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
            t.create = &C::create;
            t.destroy = &C::destroy;
            t.clone = &C::clone;
            t.assign = &C::assign;
            t.reset = &C::reset;
            t.set_position = &C::set_position;
            t.write_position = &C::write_position;
            t.legal_moves = &C::legal_moves;
            t.parse_move = &C::parse_move;
            t.format_move = &C::format_move;
            t.play = &C::play;
            t.side_to_move = &C::side_to_move;
            t.outcome = &C::outcome;
            t.get_extension = &get_extension;
            t.max_move_text_size = info.max_move_text_size;
            t.create_ex = &C::create_ex;
            t.assign_ex = &C::assign_ex;
            t.reset_ex = &C::reset_ex;
            t.legal_moves_ex = &C::legal_moves_ex;
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
