// Released layouts never change: these assertions freeze the ABI 1.0 layout
// on LP64 platforms, so an accidental reordering or retyping of a field in
// game.h fails the build instead of breaking every existing plugin.
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
static_assert(sizeof(arb_game_api) == 88 + 14 * 8);
static_assert(sizeof(arb_option_desc) == 56);
static_assert(offsetof(arb_option_desc, help) == 48);
static_assert(sizeof(arb_option_value) == 16);
static_assert(offsetof(arb_outcome, reason) == 20);
static_assert(sizeof(arb_outcome) == 20 + ARB_REASON_SIZE);
#endif

TEST_CASE("the ABI's constants keep their released values", "[abi][layout]") {
    CHECK(ARB_ABI_MAJOR == 1);
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
}
