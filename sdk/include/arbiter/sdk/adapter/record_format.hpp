// "arbiter.record-format/2" for a game class with both
//     static const arb::sdk::RecordFormat &record_format();
//     std::string write_record(const arb::sdk::RecordGame &game) const;
// called on the start position, returning the record (ending with a
// newline); it throws std::invalid_argument for a move not legal where played.
#pragma once

#include <arbiter/ext/record_format.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/record.hpp>

#include <concepts>
#include <stdexcept>
#include <string>

namespace arb::sdk::detail {

template <class Game>
struct RecordFormatExtension {
    static constexpr const char *kId = ARB_EXT_RECORD_FORMAT_2;
    static constexpr bool kPresent = requires(const Game &g, const RecordGame &r) {
        { Game::record_format() } -> std::convertible_to<const RecordFormat &>;
        { g.write_record(r) } -> std::convertible_to<std::string>;
    };

    static arb_status ARB_CALL write_record(const arb_state *start, const arb_record_game *game, char *buf,
                                            uint32_t cap, uint32_t *needed) noexcept {
        if (needed != nullptr) *needed = 0;
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        if (start == nullptr || game == nullptr) return ARB_ERR_INTERNAL;
        return guarded_on<Game>(start, "write_record", arb_status{ARB_ERR_INTERNAL}, [&] {
            try {
                return text_out(as_game<Game>(start).write_record(RecordGame(*game)), buf, cap, needed);
            } catch (const std::invalid_argument &) {  // the contract: a move not legal where played
                return arb_status{ARB_ERR_ILLEGAL};
            }
        });
    }

    static const void *table() noexcept {
        static const arb_game_record_format_2 kTable{Game::record_format().name, Game::record_format().file_extension,
                                                     &write_record};
        return &kTable;
    }
};

}  // namespace arb::sdk::detail
