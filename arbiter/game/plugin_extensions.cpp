#include "game/plugin_extensions.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace arb::game {

namespace {

template <class Table>
const Table *table(const arb_game_api &api, const char *id) {
    return static_cast<const Table *>(api.get_extension(id));
}

uint32_t clamped(size_t size) { return static_cast<uint32_t>(std::min<size_t>(size, UINT32_MAX)); }

// The one /1 adapter. Each /1 revision said the size its own way: the
// length without the NUL (diagram, status line, start tags), the length on
// success but the capacity with the NUL when short (record format), or no
// size at all (protocol conversions, PGN moves: "retry larger"). This gives
// any of them the rule's *needed; for "no size" `guess` is what to try next.
// Callers call the /1 function first, in its own statement: `size` is read
// after it wrote there.
enum class V1Size { WithoutNul, RecordFormat, None };

arb_status as_rule(arb_status status, V1Size kind, size_t size, char *buf, uint32_t cap, uint32_t *needed,
                   uint32_t guess) {
    *needed = 0;
    if (status == ARB_OK) {
        *needed = kind == V1Size::None ? clamped(strnlen(buf, cap) + 1) : clamped(size + 1);
    } else if (status == ARB_ERR_BUFFER) {
        *needed = kind == V1Size::WithoutNul ? clamped(size + 1) : kind == V1Size::RecordFormat ? clamped(size) : guess;
    }
    if (status != ARB_OK && buf != nullptr && cap > 0) buf[0] = '\0';
    return status;
}

// "Retry larger" for a /1 function that names no size: sixteen times the
// buffer, at least 64 KiB, which every position and move of the shipped
// games fits at once.
uint32_t larger_than(uint32_t cap) { return std::max<uint32_t>(65536u, cap > UINT32_MAX / 16 ? UINT32_MAX : cap * 16); }

}  // namespace

std::optional<DiagramCalls> DiagramCalls::of(const arb_game_api &api) {
    DiagramCalls c;
    auto usable = [](const arb_game_diagram_2 *t) {
        return t != nullptr && t->write_drawing != nullptr && t->write_cells != nullptr ? t : nullptr;
    };
    c.v2_ = usable(table<arb_game_diagram_3>(api, ARB_EXT_DIAGRAM_3));
    c.labels_ = c.v2_ != nullptr;
    if (c.v2_ == nullptr) c.v2_ = usable(table<arb_game_diagram_2>(api, ARB_EXT_DIAGRAM_2));
    if (c.v2_ == nullptr) c.v1_ = table<arb_game_diagram>(api, ARB_EXT_DIAGRAM);
    if (c.v1_ != nullptr && (c.v1_->write_drawing == nullptr || c.v1_->write_cells == nullptr)) c.v1_ = nullptr;
    if (c.v2_ == nullptr && c.v1_ == nullptr) return std::nullopt;
    return c;
}

arb_status DiagramCalls::write_drawing(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const {
    if (v2_ != nullptr) return v2_->write_drawing(state, buf, cap, needed);
    size_t size = 0;
    char none = '\0';  // a /1 function was never asked the size with no buffer
    if (buf == nullptr) buf = &none, cap = 0;
    const arb_status status = v1_->write_drawing(state, buf, cap, &size);
    return as_rule(status, V1Size::WithoutNul, size, buf, cap, needed, 0);
}

arb_status DiagramCalls::write_cells(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const {
    if (v2_ != nullptr) return v2_->write_cells(state, buf, cap, needed);
    size_t size = 0;
    char none = '\0';  // a /1 function was never asked the size with no buffer
    if (buf == nullptr) buf = &none, cap = 0;
    const arb_status status = v1_->write_cells(state, buf, cap, &size);
    return as_rule(status, V1Size::WithoutNul, size, buf, cap, needed, 0);
}

std::optional<StatusLineCalls> StatusLineCalls::of(const arb_game_api &api) {
    StatusLineCalls c;
    auto usable = [](const arb_game_status_line_2 *t) { return t != nullptr && t->write_status != nullptr ? t : nullptr; };
    c.v2_ = usable(table<arb_game_status_line_3>(api, ARB_EXT_STATUS_LINE_3));
    c.history_ = c.v2_ != nullptr;
    if (c.v2_ == nullptr) c.v2_ = usable(table<arb_game_status_line_2>(api, ARB_EXT_STATUS_LINE_2));
    if (c.v2_ == nullptr) c.v1_ = table<arb_game_status_line>(api, ARB_EXT_STATUS_LINE);
    if (c.v1_ != nullptr && c.v1_->write_status == nullptr) c.v1_ = nullptr;
    if (c.v2_ == nullptr && c.v1_ == nullptr) return std::nullopt;
    return c;
}

arb_status StatusLineCalls::write_status(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const {
    if (v2_ != nullptr) return v2_->write_status(state, buf, cap, needed);
    size_t size = 0;
    char none = '\0';  // a /1 function was never asked the size with no buffer
    if (buf == nullptr) buf = &none, cap = 0;
    const arb_status status = v1_->write_status(state, buf, cap, &size);
    return as_rule(status, V1Size::WithoutNul, size, buf, cap, needed, 0);
}

std::optional<PgnNotationCalls> PgnNotationCalls::of(const arb_game_api &api) {
    PgnNotationCalls c;
    c.v2_ = table<arb_game_pgn_notation_2>(api, ARB_EXT_PGN_NOTATION_2);
    if (c.v2_ != nullptr && (!c.v2_->write_move || !c.v2_->read_move || !c.v2_->write_start_tags || !c.v2_->move_number))
        c.v2_ = nullptr;
    if (c.v2_ == nullptr) c.v1_ = table<arb_game_pgn_notation>(api, ARB_EXT_PGN_NOTATION);
    if (c.v1_ != nullptr && (!c.v1_->write_move || !c.v1_->read_move || !c.v1_->write_start_tags || !c.v1_->move_number))
        c.v1_ = nullptr;
    if (c.v2_ == nullptr && c.v1_ == nullptr) return std::nullopt;
    if (ARB_API_HAS(&api, max_move_text_size)) c.max_move_text_size_ = static_cast<uint32_t>(api.max_move_text_size);
    return c;
}

arb_status PgnNotationCalls::write_move(const arb_state *state, arb_move move, char *buf, uint32_t cap,
                                        uint32_t *needed) const {
    if (v2_ != nullptr) return v2_->write_move(state, move, buf, cap, needed);
    // /1 said max_move_text_size bytes always suffice.
    char none = '\0';
    if (buf == nullptr) buf = &none, cap = 0;
    const uint32_t next = cap < max_move_text_size_ ? max_move_text_size_ : larger_than(cap);
    const arb_status status = v1_->write_move(state, move, buf, cap);
    return as_rule(status, V1Size::None, 0, buf, cap, needed, next);
}

arb_status PgnNotationCalls::read_move(const arb_state *state, const char *text, arb_move *move, char *err,
                                       size_t err_cap) const {
    return v2_ != nullptr ? v2_->read_move(state, text, move, err, err_cap) : v1_->read_move(state, text, move, err, err_cap);
}

arb_status PgnNotationCalls::write_start_tags(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) const {
    if (v2_ != nullptr) return v2_->write_start_tags(state, buf, cap, needed);
    size_t size = 0;
    char none = '\0';  // a /1 function was never asked the size with no buffer
    if (buf == nullptr) buf = &none, cap = 0;
    const arb_status status = v1_->write_start_tags(state, buf, cap, &size);
    return as_rule(status, V1Size::WithoutNul, size, buf, cap, needed, 0);
}

int32_t PgnNotationCalls::move_number(const arb_state *state) const {
    return v2_ != nullptr ? v2_->move_number(state) : v1_->move_number(state);
}

namespace {

// The host writes games.<extension>: a short name of lower-case letters and
// digits (no path, no dot), and not one of the host's own records.
bool usable_file_extension(const char *extension) {
    if (extension == nullptr) return false;
    const std::string_view text(extension);
    if (text.empty() || text.size() > 16 || text == "pgn" || text == "jsonl") return false;
    return std::all_of(text.begin(), text.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

template <class Format>
bool usable_format(const Format *f) {
    return f != nullptr && f->write_record != nullptr && f->name != nullptr && usable_file_extension(f->file_extension);
}

}  // namespace

std::optional<RecordFormatCalls> RecordFormatCalls::of(const arb_game_api &api) {
    RecordFormatCalls c;
    c.v2_ = table<arb_game_record_format_2>(api, ARB_EXT_RECORD_FORMAT_2);
    if (!usable_format(c.v2_)) c.v2_ = nullptr;
    if (c.v2_ == nullptr) c.v1_ = table<arb_game_record_format>(api, ARB_EXT_RECORD_FORMAT);
    if (!usable_format(c.v1_)) c.v1_ = nullptr;
    if (c.v2_ == nullptr && c.v1_ == nullptr) return std::nullopt;
    return c;
}

std::vector<RecordFormatCalls> RecordFormatCalls::all_of(const arb_game_api &api) {
    std::vector<RecordFormatCalls> out;
    const auto *list = table<arb_game_record_formats>(api, ARB_EXT_RECORD_FORMATS);
    if (list == nullptr || list->formats == nullptr || list->count == 0) {
        if (auto single = of(api)) out.push_back(*single);
        return out;
    }
    const uint32_t count = std::min<uint32_t>(list->count, ARB_RECORD_FORMATS_MAX);
    for (uint32_t i = 0; i < count; ++i) {
        const arb_game_record_format_2 *format = list->formats[i];
        if (!usable_format(format)) continue;
        const bool repeated = std::any_of(out.begin(), out.end(), [&](const RecordFormatCalls &c) {
            return std::string_view(c.file_extension()) == format->file_extension;
        });
        if (repeated) continue;
        RecordFormatCalls c;
        c.v2_ = format;
        out.push_back(c);
    }
    return out;
}

arb_status RecordFormatCalls::write_record(const arb_state *start, const arb_record_game *game, char *buf, uint32_t cap,
                                           uint32_t *needed) const {
    if (v2_ != nullptr) return v2_->write_record(start, game, buf, cap, needed);
    size_t size = 0;
    char none = '\0';  // a /1 function was never asked the size with no buffer
    if (buf == nullptr) buf = &none, cap = 0;
    const arb_status status = v1_->write_record(start, game, buf, cap, &size);
    return as_rule(status, V1Size::RecordFormat, size, buf, cap, needed, 0);
}

namespace {

template <class Notation>
bool consistent(const Notation *n) {
    if (n == nullptr || (n->converted & ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI)) != 0) return false;
    return n->converted == 0 || (n->position_out && n->position_in && n->move_out && n->move_in);
}

template <class Notation>
auto pick(const Notation &n, ProtocolNotationCalls::Way way) {
    using Way = ProtocolNotationCalls::Way;
    return way == Way::PositionOut ? n.position_out : way == Way::PositionIn ? n.position_in
                                                 : way == Way::MoveOut    ? n.move_out
                                                                          : n.move_in;
}

}  // namespace

std::optional<ProtocolNotationCalls> ProtocolNotationCalls::of(const arb_game_api &api) {
    ProtocolNotationCalls c;
    c.v2_ = table<arb_game_protocol_notation_2>(api, ARB_EXT_PROTOCOL_NOTATION_2);
    if (!consistent(c.v2_)) c.v2_ = nullptr;
    if (c.v2_ == nullptr) c.v1_ = table<arb_game_protocol_notation>(api, ARB_EXT_PROTOCOL_NOTATION);
    if (!consistent(c.v1_)) c.v1_ = nullptr;
    if (c.v2_ == nullptr && c.v1_ == nullptr) return std::nullopt;
    return c;
}

arb_status ProtocolNotationCalls::convert(Way way, arb_protocol protocol, const char *text, char *buf, uint32_t cap,
                                          uint32_t *needed, char *err, size_t err_cap) const {
    if (v2_ != nullptr) return pick(*v2_, way)(protocol, text, buf, cap, needed, err, err_cap);
    char none = '\0';
    if (buf == nullptr) buf = &none, cap = 0;
    const arb_status status = pick(*v1_, way)(protocol, text, buf, cap);
    // A /1 conversion put its reason for ARB_ERR_SYNTAX into buf.
    if (status == ARB_ERR_SYNTAX && err != nullptr && err_cap > 0) {
        const size_t length = cap > 0 ? std::min(strnlen(buf, cap), err_cap - 1) : 0;
        std::memcpy(err, buf, length);
        err[length] = '\0';
    }
    return as_rule(status, V1Size::None, 0, buf, cap, needed, larger_than(cap));
}

}  // namespace arb::game
