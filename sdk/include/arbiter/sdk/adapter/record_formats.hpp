// "arbiter.record-formats/1" for a game class with both
//     static std::span<const arb::sdk::RecordFormat> record_formats();
//     std::string write_record(const arb::sdk::RecordGame &game, size_t format) const;
// (shogi: KIF and CSA), the second called on the start position with the
// index of the format in the first, returning the record (ending with a
// newline); it throws std::invalid_argument for a move not legal where
// played. The host writes one file per format; at most
// ARB_RECORD_FORMATS_MAX formats are offered.
#pragma once

#include <arbiter/ext/record_format.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/record.hpp>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

namespace arb::sdk::detail {

template <class Game>
struct RecordFormatsExtension {
    static constexpr const char *kId = ARB_EXT_RECORD_FORMATS;
    static constexpr bool kPresent = requires(const Game &g, const RecordGame &r) {
        { Game::record_formats() } -> std::convertible_to<std::span<const RecordFormat>>;
        { g.write_record(r, size_t{0}) } -> std::convertible_to<std::string>;
    };

    // One C function per format: the table has no room for an index.
    template <size_t I>
    static arb_status ARB_CALL write_record(const arb_state *start, const arb_record_game *game, char *buf,
                                            uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        if (start == nullptr || game == nullptr) return ARB_ERR_INTERNAL;
        return guarded_on<Game>(start, "write_record", arb_status{ARB_ERR_INTERNAL}, [&] {
            try {
                return text_out(as_game<Game>(start).write_record(RecordGame(*game), I), buf, cap, needed);
            } catch (const std::invalid_argument &) {  // the contract: a move not legal where played
                return arb_status{ARB_ERR_ILLEGAL};
            }
        });
    }

    template <size_t... I>
    static std::array<arb_game_record_format_2, ARB_RECORD_FORMATS_MAX> tables(std::index_sequence<I...>) {
        const std::span<const RecordFormat> formats = Game::record_formats();
        auto one = [&](size_t i, auto write) {
            return i < formats.size() ? arb_game_record_format_2{formats[i].name, formats[i].file_extension, write}
                                      : arb_game_record_format_2{nullptr, nullptr, nullptr};
        };
        return {one(I, &write_record<I>)...};
    }

    static const void *table() noexcept {
        static const std::array<arb_game_record_format_2, ARB_RECORD_FORMATS_MAX> kFormats =
            tables(std::make_index_sequence<ARB_RECORD_FORMATS_MAX>{});
        static const auto kPointers = [] {
            std::array<const arb_game_record_format_2 *, ARB_RECORD_FORMATS_MAX> p{};
            for (size_t i = 0; i < p.size(); ++i) p[i] = &kFormats[i];
            return p;
        }();
        static const arb_game_record_formats kList{
            static_cast<uint32_t>(std::min<size_t>(Game::record_formats().size(), ARB_RECORD_FORMATS_MAX)), kPointers.data()};
        return &kList;
    }
};

}  // namespace arb::sdk::detail
