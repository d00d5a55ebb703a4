// Released layouts never change: these assertions freeze the ABI 1.0, 1.1 and
// 1.2 layouts (and each extension revision's) on LP64 platforms, so an accidental reordering or retyping of a
// field in game.h fails the build instead of breaking every existing plugin.
#include <arbiter/ext/move_properties.h>
#include <arbiter/ext/diagram.h>
#include <arbiter/ext/engine_options.h>
#include <arbiter/ext/protocol_notation.h>
#include <arbiter/ext/position_hash.h>
#include <arbiter/ext/record_format.h>
#include <arbiter/ext/status_line.h>
#include <arbiter/ext/pgn_notation.h>
#include <arbiter/game.h>

#include <catch2/catch.hpp>

#include <cstddef>

#if defined(__LP64__)
static_assert(sizeof(arb_move) == 4 && sizeof(arb_status) == 4 && sizeof(arb_result) == 4);
static_assert(offsetof(arb_game_api, abi_major) == 0);
static_assert(offsetof(arb_game_api, abi_minor) == 4);
static_assert(offsetof(arb_game_api, struct_size) == 8);
static_assert(offsetof(arb_game_api, id) == 16);
static_assert(offsetof(arb_game_api, side_names) == 48);
static_assert(offsetof(arb_game_api, options) == 64);
static_assert(offsetof(arb_game_api, option_count) == 72);
static_assert(offsetof(arb_game_api, max_legal_moves) == 76);
static_assert(offsetof(arb_game_api, max_position_size) == 80);
static_assert(offsetof(arb_game_api, create) == 88);
static_assert(offsetof(arb_game_api, get_extension) == 88 + 13 * 8);
// ABI 1.1: appended after the 200 bytes of 1.0, nothing before them moved.
static_assert(offsetof(arb_game_api, max_move_text_size) == 200);
static_assert(offsetof(arb_game_api, create_ex) == 208);
static_assert(offsetof(arb_game_api, assign_ex) == 216);
static_assert(offsetof(arb_game_api, reset_ex) == 224);
static_assert(offsetof(arb_game_api, legal_moves_ex) == 232);
static_assert(sizeof(arb_game_api) == 240);
static_assert(offsetof(arb_host, struct_size) == 0);
static_assert(offsetof(arb_host, host_data) == 8);
static_assert(offsetof(arb_host, plugin_path) == 16);
static_assert(offsetof(arb_host, log) == 24);
// ABI 1.2: the host's get_extension appended after the 32 bytes of 1.1.
static_assert(offsetof(arb_host, get_extension) == 32);
static_assert(sizeof(arb_host) == 40);
static_assert(sizeof(arb_game_move_properties) == 8 && sizeof(arb_game_position_hash) == 8);
static_assert(sizeof(arb_game_status_line) == 8 && ARB_STATUS_LINE_MAX == 160);  // "arbiter.status-line/1"
// "arbiter.record-format/1": released layouts never change.
static_assert(sizeof(arb_record_move) == 24 && offsetof(arb_record_move, elapsed_ms) == 16);
static_assert(offsetof(arb_record_game, moves) == 8 && offsetof(arb_record_game, move_count) == 16);
static_assert(offsetof(arb_record_game, ending) == 24 && offsetof(arb_record_game, player_names) == 32);
static_assert(offsetof(arb_record_game, date) == 64 && offsetof(arb_record_game, clock_base_ms) == 72);
static_assert(offsetof(arb_record_game, time_control) == 88);
// Its second layout appends the per-side clocks past the first's 96 bytes.
static_assert(offsetof(arb_record_game, side_clock_base_ms) == 96 && offsetof(arb_record_game, side_clock_increment_ms) == 112);
static_assert(offsetof(arb_record_game, side_time_control) == 128 && sizeof(arb_record_game) == 144);
static_assert(sizeof(arb_game_record_format) == 24 && offsetof(arb_game_record_format, write_record) == 16);
static_assert(sizeof(arb_game_protocol_notation) == 40 && offsetof(arb_game_protocol_notation, position_out) == 8 &&
              offsetof(arb_game_protocol_notation, move_in) == 32);
static_assert(sizeof(arb_game_diagram) == 16 && offsetof(arb_game_diagram, write_cells) == 8);
// "arbiter.pgn-notation/1"
static_assert(sizeof(arb_game_pgn_notation) == 32 && offsetof(arb_game_pgn_notation, read_move) == 8);
// "arbiter.engine-options/1"
static_assert(sizeof(arb_game_engine_options) == 8 && offsetof(arb_game_engine_options, engine_options) == 0);
static_assert(offsetof(arb_game_pgn_notation, write_start_tags) == 16 && offsetof(arb_game_pgn_notation, move_number) == 24);
static_assert(sizeof(arb_option_desc) == 56);
static_assert(offsetof(arb_option_desc, help) == 48);
static_assert(sizeof(arb_option_value) == 16);
// The /2 revisions, under the text rule: (buf, uint32_t cap, uint32_t *needed).
static_assert(sizeof(arb_game_status_line_2) == 8);
static_assert(sizeof(arb_game_diagram_2) == 16 && offsetof(arb_game_diagram_2, write_cells) == 8);
static_assert(sizeof(arb_game_pgn_notation_2) == 32 && offsetof(arb_game_pgn_notation_2, read_move) == 8 &&
              offsetof(arb_game_pgn_notation_2, write_start_tags) == 16 &&
              offsetof(arb_game_pgn_notation_2, move_number) == 24);
static_assert(sizeof(arb_game_record_format_2) == 24 && offsetof(arb_game_record_format_2, write_record) == 16);
static_assert(sizeof(arb_game_protocol_notation_2) == 40 && offsetof(arb_game_protocol_notation_2, position_out) == 8 &&
              offsetof(arb_game_protocol_notation_2, move_in) == 32);
static_assert(offsetof(arb_outcome, reason) == 20);
static_assert(sizeof(arb_outcome) == 20 + ARB_REASON_SIZE);
#endif

TEST_CASE("the ABI's constants keep their released values", "[abi][layout]") {
    CHECK(ARB_ABI_MAJOR == 1);
    CHECK(ARB_ABI_MINOR == 2);
    CHECK(std::string(ARB_GAME_ENTRY_SYMBOL) == "arb_game_entry");
    CHECK(ARB_MOVE_TEXT_SIZE == 32);
    CHECK(ARB_REASON_SIZE == 96);
    CHECK(ARB_OK == 0);
    CHECK(ARB_ERR_SYNTAX == 1);
    CHECK(ARB_ERR_ILLEGAL == 2);
    CHECK(ARB_ERR_OPTION == 3);
    CHECK(ARB_ERR_BUFFER == 4);
    CHECK(ARB_ERR_INTERNAL == 5);
    CHECK(ARB_RESULT_ONGOING == 0);
    CHECK(ARB_RESULT_WIN_SIDE_0 == 1);
    CHECK(ARB_RESULT_WIN_SIDE_1 == 2);
    CHECK(ARB_RESULT_DRAW == 3);
    CHECK(ARB_OPTION_BOOL == 0);
    CHECK(ARB_OPTION_INT == 1);
    CHECK(ARB_OPTION_CHOICE == 2);
    CHECK(ARB_MOVE_NONE == -1);
    CHECK(ARB_LOG_DEBUG == 0);
    CHECK(ARB_LOG_INFO == 1);
    CHECK(ARB_LOG_WARNING == 2);
    CHECK(ARB_LOG_ERROR == 3);
    CHECK(ARB_MOVE_PASS == 1);
    CHECK(ARB_MOVE_IRREVERSIBLE == 2);
    CHECK(std::string(ARB_EXT_MOVE_PROPERTIES) == "arbiter.move-properties/1");
    CHECK(std::string(ARB_EXT_POSITION_HASH) == "arbiter.position-hash/1");
    // The /1 names keep their meaning (old sources still build); /2 follows the text rule.
    CHECK(std::string(ARB_EXT_DIAGRAM) == "arbiter.diagram/1");
    CHECK(std::string(ARB_EXT_DIAGRAM_2) == "arbiter.diagram/2");
    CHECK(std::string(ARB_EXT_STATUS_LINE) == "arbiter.status-line/1");
    CHECK(std::string(ARB_EXT_STATUS_LINE_2) == "arbiter.status-line/2");
    // /3 of each keeps /2's table: labels in the drawing, a line that may read the history.
    CHECK(std::string(ARB_EXT_DIAGRAM_3) == "arbiter.diagram/3");
    CHECK(std::string(ARB_EXT_STATUS_LINE_3) == "arbiter.status-line/3");
    static_assert(sizeof(arb_game_diagram_3) == sizeof(arb_game_diagram_2));
    static_assert(sizeof(arb_game_status_line_3) == sizeof(arb_game_status_line_2));
    CHECK(std::string(ARB_EXT_RECORD_FORMAT) == "arbiter.record-format/1");
    CHECK(std::string(ARB_EXT_RECORD_FORMAT_2) == "arbiter.record-format/2");
    CHECK(std::string(ARB_EXT_PGN_NOTATION) == "arbiter.pgn-notation/1");
    CHECK(std::string(ARB_EXT_PGN_NOTATION_2) == "arbiter.pgn-notation/2");
    CHECK(std::string(ARB_EXT_PROTOCOL_NOTATION) == "arbiter.protocol-notation/1");
    CHECK(std::string(ARB_EXT_PROTOCOL_NOTATION_2) == "arbiter.protocol-notation/2");
}

TEST_CASE("ARB_API_HAS reads a field only when the table's size covers it", "[abi][layout]") {
    arb_game_api table{};
    table.struct_size = static_cast<uint32_t>(offsetof(arb_game_api, get_extension) + sizeof(void *));  // a 1.0 table
    CHECK(ARB_API_HAS(&table, get_extension));
    CHECK_FALSE(ARB_API_HAS(&table, max_move_text_size));
    CHECK_FALSE(ARB_API_HAS(&table, create_ex));
    table.struct_size = static_cast<uint32_t>(offsetof(arb_game_api, create_ex) + sizeof(void *));
    CHECK(ARB_API_HAS(&table, create_ex));
    CHECK_FALSE(ARB_API_HAS(&table, assign_ex));
    table.struct_size = sizeof(arb_game_api);
    CHECK(ARB_API_HAS(&table, legal_moves_ex));
    arb_host host{};
    host.struct_size = static_cast<uint32_t>(offsetof(arb_host, plugin_path));  // a host older than plugin_path
    CHECK(ARB_STRUCT_HAS(arb_host, &host, host_data));
    CHECK_FALSE(ARB_STRUCT_HAS(arb_host, &host, plugin_path));
    host.struct_size = 32;  // a 1.1 host: no get_extension
    CHECK(ARB_STRUCT_HAS(arb_host, &host, log));
    CHECK_FALSE(ARB_STRUCT_HAS(arb_host, &host, get_extension));
}
