// The game handed to a plugin's record writer ("arbiter.record-format/2" (or /1)),
// read safely: a host built against an older header passes a shorter struct
// (missing fields read as empty) and its own stride for the moves.
#pragma once

#include <arbiter/ext/record_format.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

namespace arb::sdk {

// A record format's name and file extension, eg: {"GGF", "ggf"}.
struct RecordFormat {
    const char *name;
    const char *file_extension;
};

class RecordGame {
public:
    explicit RecordGame(const arb_record_game &game) noexcept : size_(game.struct_size) {
        std::memcpy(&game_, &game, std::min<size_t>(game.struct_size, sizeof game_));
        if (game.struct_size < sizeof game_) std::memset(reinterpret_cast<char *>(&game_) + game.struct_size, 0,
                                                         sizeof game_ - game.struct_size);
    }

    [[nodiscard]] int32_t move_count() const noexcept { return game_.moves == nullptr ? 0 : game_.move_count; }
    // The i-th move; fields the host's struct lacks read as 0 (elapsed: -1).
    [[nodiscard]] arb_record_move move(int32_t i) const noexcept {
        arb_record_move m{};
        m.elapsed_ms = -1;
        const auto *at = reinterpret_cast<const char *>(game_.moves) + static_cast<size_t>(i) * game_.move_struct_size;
        std::memcpy(&m, at, std::min<size_t>(game_.move_struct_size, sizeof m));
        return m;
    }
    [[nodiscard]] arb_result result() const noexcept { return game_.result; }
    [[nodiscard]] arb_record_ending ending() const noexcept { return game_.ending; }
    [[nodiscard]] std::string_view player(int side) const noexcept { return text(game_.player_names[side & 1]); }
    [[nodiscard]] std::string_view event() const noexcept { return text(game_.event); }
    [[nodiscard]] std::string_view site() const noexcept { return text(game_.site); }
    [[nodiscard]] std::string_view date() const noexcept { return text(game_.date); }
    [[nodiscard]] std::string_view time_control() const noexcept { return text(game_.time_control); }
    [[nodiscard]] int64_t clock_base_ms() const noexcept { return game_.clock_base_ms; }
    [[nodiscard]] int64_t clock_increment_ms() const noexcept { return game_.clock_increment_ms; }
    // What `side` played under (an engine may have its own time control). A
    // host of the first layout sends only the common fields above: those.
    [[nodiscard]] int64_t side_clock_base_ms(int side) const noexcept {
        return has_sides() ? game_.side_clock_base_ms[side & 1] : game_.clock_base_ms;
    }
    [[nodiscard]] int64_t side_clock_increment_ms(int side) const noexcept {
        return has_sides() ? game_.side_clock_increment_ms[side & 1] : game_.clock_increment_ms;
    }
    [[nodiscard]] std::string_view side_time_control(int side) const noexcept {
        return has_sides() ? text(game_.side_time_control[side & 1]) : time_control();
    }

private:
    static std::string_view text(const char *s) noexcept { return s == nullptr ? std::string_view() : s; }
    // A host of the second layout always names both sides' time controls.
    [[nodiscard]] bool has_sides() const noexcept {
        return size_ >= offsetof(arb_record_game, side_time_control) + sizeof game_.side_time_control &&
               game_.side_time_control[0] != nullptr && game_.side_time_control[1] != nullptr;
    }
    uint32_t size_;
    arb_record_game game_{};
};

}  // namespace arb::sdk
