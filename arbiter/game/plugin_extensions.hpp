// The text extensions as the host calls them: always under the text rule of
// <arbiter/game.h> (*needed with the NUL), whichever revision the plugin
// answered. A /2 table is called as it is; a /1 table (a plugin built before
// ABI 1.2) goes through the one adapter in plugin_extensions.cpp, which gives
// its answers the rule's meaning, so nothing above this file knows /1.
#pragma once

#include <arbiter/ext/diagram.h>
#include <arbiter/ext/pgn_notation.h>
#include <arbiter/ext/protocol_notation.h>
#include <arbiter/ext/record_format.h>
#include <arbiter/ext/status_line.h>
#include <arbiter/game.h>

#include <optional>
#include <vector>

namespace arb::game {

// "arbiter.diagram/3" (/2's table, drawings with labels), /2, or /1.
class DiagramCalls {
public:
    static std::optional<DiagramCalls> of(const arb_game_api &api);
    [[nodiscard]] int revision() const noexcept { return v2_ == nullptr ? 1 : labels_ ? 3 : 2; }
    arb_status write_drawing(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const;
    arb_status write_cells(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const;

private:
    const arb_game_diagram_2 *v2_ = nullptr;  // the /3 table when labels_
    bool labels_ = false;
    const arb_game_diagram *v1_ = nullptr;
};

// "arbiter.status-line/3" (/2's table, a line that may depend on the game's
// history), /2, or /1.
class StatusLineCalls {
public:
    static std::optional<StatusLineCalls> of(const arb_game_api &api);
    [[nodiscard]] int revision() const noexcept { return v2_ == nullptr ? 1 : history_ ? 3 : 2; }
    arb_status write_status(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const;

private:
    const arb_game_status_line_2 *v2_ = nullptr;  // the /3 table when history_
    bool history_ = false;
    const arb_game_status_line *v1_ = nullptr;
};

// "arbiter.pgn-notation/2", or /1; empty also when a function is missing.
class PgnNotationCalls {
public:
    static std::optional<PgnNotationCalls> of(const arb_game_api &api);
    [[nodiscard]] int revision() const noexcept { return v2_ != nullptr ? 2 : 1; }
    arb_status write_move(const arb_state *state, arb_move move, char *buf, uint32_t cap, uint32_t *needed) const;
    arb_status read_move(const arb_state *state, const char *text, arb_move *move, char *err, size_t err_cap) const;
    arb_status write_start_tags(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const;
    int32_t move_number(const arb_state *state) const;

private:
    const arb_game_pgn_notation_2 *v2_ = nullptr;
    const arb_game_pgn_notation *v1_ = nullptr;
    uint32_t max_move_text_size_ = ARB_MOVE_TEXT_SIZE;  // what a /1 write_move is bounded by
};

// "arbiter.record-format/2", or /1; empty also when the name, the file
// extension or the function is missing.
class RecordFormatCalls {
public:
    static std::optional<RecordFormatCalls> of(const arb_game_api &api);
    // Every format of the plugin: those of "arbiter.record-formats/1" when it
    // answers (the usable ones, each file extension once), else of().
    static std::vector<RecordFormatCalls> all_of(const arb_game_api &api);
    [[nodiscard]] int revision() const noexcept { return v2_ != nullptr ? 2 : 1; }
    [[nodiscard]] const char *name() const noexcept { return v2_ != nullptr ? v2_->name : v1_->name; }
    [[nodiscard]] const char *file_extension() const noexcept {
        return v2_ != nullptr ? v2_->file_extension : v1_->file_extension;
    }
    arb_status write_record(const arb_state *start, const arb_record_game *game, char *buf, uint32_t cap,
                            uint32_t *needed) const;

private:
    const arb_game_record_format_2 *v2_ = nullptr;
    const arb_game_record_format *v1_ = nullptr;
};

// "arbiter.protocol-notation/2", or /1; empty also when a protocol it
// converts lacks a function, or it would convert UGI.
class ProtocolNotationCalls {
public:
    enum class Way { PositionOut, PositionIn, MoveOut, MoveIn };
    static std::optional<ProtocolNotationCalls> of(const arb_game_api &api);
    [[nodiscard]] int revision() const noexcept { return v2_ != nullptr ? 2 : 1; }
    [[nodiscard]] uint32_t protocols() const noexcept { return v2_ != nullptr ? v2_->protocols : v1_->protocols; }
    [[nodiscard]] uint32_t converted() const noexcept { return v2_ != nullptr ? v2_->converted : v1_->converted; }
    arb_status convert(Way way, arb_protocol protocol, const char *text, char *buf, uint32_t cap, uint32_t *needed,
                       char *err, size_t err_cap) const;

private:
    const arb_game_protocol_notation_2 *v2_ = nullptr;
    const arb_game_protocol_notation *v1_ = nullptr;
};

}  // namespace arb::game
