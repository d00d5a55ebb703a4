// The text rule of game.h (ABI 1.2) from both sides: a /2 extension of a
// shipped plugin answers the size query, the exact fit and one byte short as
// the rule says; the host's one /1 adapter gives every /1 form the rule's
// meaning; the host's reader makes one call when its buffer already fits;
// arb_host.get_extension answers NULL; and the frozen 1.1 plugin loads with
// its /1 status line and passes the checker.
#include "plugin_tools/plugin_checker.hpp"
#include "game/plugin_extensions.hpp"
#include "game/plugin_text.hpp"
#include "game/status_line.hpp"
#include "support/plugins.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

using namespace arb;

namespace {

game::PluginPtr load_file(const std::string &file) {
    auto plugin = game::Plugin::load(file);
    INFO((plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

// Othello's line at the start, counted by hand: two discs each.
const std::string kOthelloStart = "Black 2 - White 2";

const arb_game_status_line_2 &othello_status(const game::GameState &state) {
    const void *ext = state.api().get_extension(ARB_EXT_STATUS_LINE_2);
    REQUIRE(ext != nullptr);
    return *static_cast<const arb_game_status_line_2 *>(ext);
}

// ---- hand-made /1 tables, for the host's adapter -------------------------

const char *const kLine = "seven c";  // 7 characters
const char *const kConverted = "converted text";  // 14 characters

// /1 status line: *size without the NUL.
arb_status ARB_CALL v1_status(const arb_state *, char *buf, size_t cap, size_t *size) {
    *size = std::strlen(kLine);
    if (cap < *size + 1) {
        if (cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    std::memcpy(buf, kLine, *size + 1);
    return ARB_OK;
}
const arb_game_status_line kV1Status{&v1_status};

// /1 record format: the length on success, the capacity with the NUL when short.
arb_status ARB_CALL v1_record(const arb_state *, const arb_record_game *, char *buf, size_t cap, size_t *size) {
    const size_t length = std::strlen(kLine);
    if (cap < length + 1) {
        if (cap > 0) buf[0] = '\0';
        *size = length + 1;
        return ARB_ERR_BUFFER;
    }
    std::memcpy(buf, kLine, length + 1);
    *size = length;
    return ARB_OK;
}
const arb_game_record_format kV1Record{"Seven", "sev", &v1_record};

// /1 protocol conversion: no size at all.
arb_status ARB_CALL v1_convert(arb_protocol, const char *, char *buf, size_t cap) {
    if (cap < std::strlen(kConverted) + 1) {
        if (cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    std::strcpy(buf, kConverted);
    return ARB_OK;
}
const arb_game_protocol_notation kV1Notation{ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI) | ARB_PROTOCOL_BIT(ARB_PROTOCOL_UCI),
                                             ARB_PROTOCOL_BIT(ARB_PROTOCOL_UCI), &v1_convert, &v1_convert,
                                             &v1_convert, &v1_convert};

// /1 PGN notation: write_move with no size (max_move_text_size suffices),
// write_start_tags with *size without the NUL.
arb_status ARB_CALL v1_pgn_move(const arb_state *, arb_move, char *buf, size_t cap) {
    if (cap < 4) {
        if (cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    std::strcpy(buf, "Nf3");
    return ARB_OK;
}
arb_status ARB_CALL v1_pgn_read(const arb_state *, const char *, arb_move *move, char *, size_t) {
    *move = 0;
    return ARB_OK;
}
int32_t ARB_CALL v1_pgn_number(const arb_state *) { return 1; }
const arb_game_pgn_notation kV1Pgn{&v1_pgn_move, &v1_pgn_read, &v1_status, &v1_pgn_number};

const void *ARB_CALL v1_extensions(const char *id) {
    if (std::strcmp(id, ARB_EXT_STATUS_LINE) == 0) return &kV1Status;
    if (std::strcmp(id, ARB_EXT_RECORD_FORMAT) == 0) return &kV1Record;
    if (std::strcmp(id, ARB_EXT_PROTOCOL_NOTATION) == 0) return &kV1Notation;
    if (std::strcmp(id, ARB_EXT_PGN_NOTATION) == 0) return &kV1Pgn;
    return nullptr;
}

arb_game_api v1_api() {
    arb_game_api api{};
    api.struct_size = sizeof api;
    api.get_extension = &v1_extensions;
    api.max_move_text_size = 16;
    return api;
}

}  // namespace

TEST_CASE("a /2 text extension follows the text rule: size query, exact fit, one byte short", "[abi][text-rule]") {
    auto state = test::new_game("othello");
    const arb_game_status_line_2 &status = othello_status(state);
    const uint32_t size = static_cast<uint32_t>(kOthelloStart.size() + 1);  // 18, with the NUL

    uint32_t needed = 0;
    CHECK(status.write_status(state.raw(), nullptr, 0, &needed) == ARB_ERR_BUFFER);  // the size query
    CHECK(needed == size);

    std::vector<char> exact(size, 'Z');
    needed = 0;
    CHECK(status.write_status(state.raw(), exact.data(), size, &needed) == ARB_OK);
    CHECK(needed == size);
    CHECK(std::string(exact.data()) == kOthelloStart);

    std::vector<char> short_buffer(size - 1, 'Z');
    needed = 0;
    CHECK(status.write_status(state.raw(), short_buffer.data(), size - 1, &needed) == ARB_ERR_BUFFER);
    CHECK(needed == size);
    CHECK(short_buffer[0] == '\0');  // "", never a truncated text
}

TEST_CASE("the host's one /1 adapter gives each /1 form the text rule's needed size", "[abi][text-rule][compat]") {
    const arb_game_api api = v1_api();
    char buf[64];
    uint32_t needed = 0;

    SECTION("status line /1: *size without the NUL becomes needed with it") {
        auto calls = game::StatusLineCalls::of(api);
        REQUIRE(calls.has_value());
        CHECK(calls->revision() == 1);
        CHECK(calls->write_status(nullptr, buf, 3, &needed) == ARB_ERR_BUFFER);
        CHECK(needed == 8);  // "seven c" and its NUL
        CHECK(buf[0] == '\0');
        CHECK(calls->write_status(nullptr, nullptr, 0, &needed) == ARB_ERR_BUFFER);  // the size query, safely
        CHECK(needed == 8);
        CHECK(calls->write_status(nullptr, buf, 8, &needed) == ARB_OK);
        CHECK(needed == 8);
        CHECK(std::string(buf) == kLine);
    }
    SECTION("record format /1: the capacity on ARB_ERR_BUFFER, the length on ARB_OK") {
        auto calls = game::RecordFormatCalls::of(api);
        REQUIRE(calls.has_value());
        CHECK(std::string(calls->name()) == "Seven");
        CHECK(calls->write_record(nullptr, nullptr, buf, 2, &needed) == ARB_ERR_BUFFER);
        CHECK(needed == 8);
        CHECK(calls->write_record(nullptr, nullptr, buf, 8, &needed) == ARB_OK);
        CHECK(needed == 8);
    }
    SECTION("pgn notation /1: write_move's bound is max_move_text_size; the start tags' *size gains the NUL") {
        auto calls = game::PgnNotationCalls::of(api);
        REQUIRE(calls.has_value());
        CHECK(calls->write_move(nullptr, 0, buf, 2, &needed) == ARB_ERR_BUFFER);
        CHECK(needed == 16);  // what the table says always suffices
        CHECK(calls->write_move(nullptr, 0, buf, 16, &needed) == ARB_OK);
        CHECK(needed == 4);  // "Nf3" and its NUL, counted from what it wrote
        CHECK(calls->write_start_tags(nullptr, buf, sizeof buf, &needed) == ARB_OK);
        CHECK(needed == 8);
    }
    SECTION("protocol notation /1: no size, so a larger buffer to try; the real size once it fits") {
        auto calls = game::ProtocolNotationCalls::of(api);
        REQUIRE(calls.has_value());
        CHECK(calls->converted() == ARB_PROTOCOL_BIT(ARB_PROTOCOL_UCI));
        CHECK(calls->convert(game::ProtocolNotationCalls::Way::MoveOut, ARB_PROTOCOL_UCI, "x", buf, 4, &needed,
                             nullptr, 0) == ARB_ERR_BUFFER);
        CHECK(needed > 4);
        CHECK(calls->convert(game::ProtocolNotationCalls::Way::MoveOut, ARB_PROTOCOL_UCI, "x", buf, sizeof buf, &needed,
                             nullptr, 0) == ARB_OK);
        CHECK(needed == 15);  // "converted text" and its NUL
    }
}

TEST_CASE("the host's text reader makes one call when its buffer fits, two when the text outgrows it",
          "[abi][text-rule][performance]") {
    std::string text(40, 'a');
    int calls = 0;
    auto write = [&](char *buf, uint32_t cap, uint32_t *needed) {
        ++calls;
        *needed = static_cast<uint32_t>(text.size() + 1);
        if (buf == nullptr || cap < *needed) return arb_status{ARB_ERR_BUFFER};
        std::memcpy(buf, text.c_str(), text.size() + 1);
        return arb_status{ARB_OK};
    };
    game::TextReader reader(16);
    CHECK(reader.read(write).text == text);
    CHECK(calls == 2);  // 16 bytes were short: asked again at 41
    calls = 0;
    for (int ply = 0; ply < 10; ++ply) CHECK(reader.read(write).status == ARB_OK);
    CHECK(calls == 10);  // the buffer kept its 41 bytes: one call per text
    text.assign(100, 'b');
    calls = 0;
    CHECK(reader.read(write).text == text);
    CHECK(calls == 2);
    CHECK(reader.capacity() == 101);
}

TEST_CASE("the host's get_extension answers NULL for an id it does not know", "[abi][text-rule][host]") {
    std::mutex mutex;
    std::vector<std::string> lines;
    auto plugin = game::Plugin::load(std::string(ARBITER_BROKEN_PLUGIN_DIR) + "/c_plugin_v0.so",
                                     [&](const std::string &, arb_log_level, std::string_view line) {
                                         std::lock_guard lock(mutex);
                                         lines.emplace_back(line);
                                     });
    REQUIRE(plugin.has_value());
    const arb_host &host = (*plugin)->host();
    REQUIRE(ARB_STRUCT_HAS(arb_host, &host, get_extension));
    REQUIRE(host.get_extension != nullptr);
    CHECK(host.get_extension(&host, "arbiter.host.unknown/1") == nullptr);
    CHECK(host.get_extension(&host, "") == nullptr);
    // The 1.2 C plugin asks the host at create_ex and logs what it found.
    auto state = game::GameState::create(*plugin);
    REQUIRE(state.has_value());
    CHECK(std::count(lines.begin(), lines.end(), "host extension: none") == 1);
}

TEST_CASE("a 1.1 plugin from the frozen headers loads, its /1 status line read under the rule, and passes the checker",
          "[abi][text-rule][compat]") {
    auto plugin = load_file(std::string(ARBITER_ABI_1_1_PLUGIN_DIR) + "/c_plugin_abi_1_1.so");
    CHECK(plugin->api().abi_minor == 1);
    CHECK(plugin->api().struct_size == sizeof(arb_game_api));  // no new core field in 1.2
    REQUIRE(plugin->status_line() != nullptr);
    CHECK(plugin->status_line()->revision() == 1);
    CHECK(plugin->api().get_extension(ARB_EXT_STATUS_LINE_2) == nullptr);
    auto state = game::GameState::create(plugin);
    REQUIRE(state.has_value());
    auto reader = game::StatusLineReader::of(*plugin);
    REQUIRE(reader.has_value());
    auto line = reader->line(*state);
    REQUIRE(line.has_value());
    CHECK(*line == "moves played 0");
    game::CheckReport report = game::check_plugin(plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.ok());
    CHECK(report.status_lines_checked > 0);
}

TEST_CASE("the 1.2 build of the same plugin answers arbiter.status-line/2 and passes the checker", "[abi][text-rule]") {
    auto plugin = load_file(std::string(ARBITER_BROKEN_PLUGIN_DIR) + "/c_plugin_v0.so");
    CHECK(plugin->api().abi_minor == 2);
    REQUIRE(plugin->status_line() != nullptr);
    CHECK(plugin->status_line()->revision() == 2);
    game::CheckReport report = game::check_plugin(plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.status_lines_checked > 0);
}

TEST_CASE("a 1.0 plugin from the frozen header passes the checker", "[abi][text-rule][compat]") {
    auto plugin = load_file(std::string(ARBITER_ABI_1_0_PLUGIN_DIR) + "/c_plugin_abi_1_0.so");
    CHECK(plugin->api().abi_minor == 0);
    CHECK(plugin->status_line() == nullptr);
    game::CheckReport report = game::check_plugin(plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.ok());
}
