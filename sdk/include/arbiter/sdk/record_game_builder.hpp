// Builds the arb_record_game a host hands to a plugin's record writer
// ("arbiter.record-format/2"), so that no caller fills the C struct by hand:
// the builder owns every text and move, sets the sizes, and keeps the first
// layout's common clock fields in step with the per-side ones.
//
//     arb::sdk::RecordGameBuilder b;
//     b.players("edax", "ntest").event("gauntlet").result(ARB_RESULT_DRAW, ARB_ENDING_AGREED);
//     b.side_clock(0, 300000, 2000, "300+2").side_clock(1, 300000, 2000, "300+2");
//     b.add_move(code, 1230);
//     format.write_record(start, &b.game(), buf, cap, &needed);
#pragma once

#include <arbiter/ext/record_format.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arb::sdk {

class RecordGameBuilder {
public:
    RecordGameBuilder &players(std::string side0, std::string side1) {
        players_ = {std::move(side0), std::move(side1)};
        return *this;
    }
    RecordGameBuilder &event(std::string text) { return set(event_, std::move(text)); }
    RecordGameBuilder &site(std::string text) { return set(site_, std::move(text)); }
    // UTC start, "YYYY-MM-DDTHH:MM:SSZ"; "" when unknown.
    RecordGameBuilder &date(std::string text) { return set(date_, std::move(text)); }
    RecordGameBuilder &result(arb_result result, arb_record_ending ending) {
        result_ = result;
        ending_ = ending;
        return *this;
    }
    // What `side` played under: base 0 when it had no clock (move time, depth),
    // `text` the host's words for it, eg: "300+2", "movetime=5".
    RecordGameBuilder &side_clock(int side, int64_t base_ms, int64_t increment_ms, std::string text) {
        sides_[side & 1] = Clock{base_ms, increment_ms, std::move(text)};
        return *this;
    }
    // The first layout's common fields, when they are not simply "both sides
    // alike" (the default: set from the sides when their clocks are equal,
    // else 0 and ""). A host may call this when the sides' clocks match but
    // their texts differ (a depth cap beside the same clock).
    RecordGameBuilder &common_clock(int64_t base_ms, int64_t increment_ms, std::string text) {
        common_ = Clock{base_ms, increment_ms, std::move(text)};
        return *this;
    }
    // elapsed_ms -1 for a move no engine thought about (an opening line).
    RecordGameBuilder &add_move(arb_move move, int64_t elapsed_ms = -1, std::optional<int32_t> score_cp = std::nullopt) {
        arb_record_move m{};
        m.move = move;
        m.elapsed_ms = elapsed_ms;
        if (score_cp) {
            m.has_score = 1;
            m.score_cp = *score_cp;
        }
        moves_.push_back(m);
        return *this;
    }
    RecordGameBuilder &reserve_moves(size_t count) {
        moves_.reserve(count);
        return *this;
    }

    // The game, pointing into this builder: valid while it lives unchanged.
    [[nodiscard]] const arb_record_game &game() {
        game_ = arb_record_game{};
        game_.struct_size = sizeof(arb_record_game);
        game_.move_struct_size = sizeof(arb_record_move);
        game_.moves = moves_.empty() ? nullptr : moves_.data();
        game_.move_count = static_cast<int32_t>(moves_.size());
        game_.result = result_;
        game_.ending = ending_;
        game_.player_names[0] = players_[0].c_str();
        game_.player_names[1] = players_[1].c_str();
        game_.event = event_.c_str();
        game_.site = site_.c_str();
        game_.date = date_.c_str();
        for (int side = 0; side < 2; ++side) {
            game_.side_clock_base_ms[side] = sides_[side].base_ms;
            game_.side_clock_increment_ms[side] = sides_[side].increment_ms;
            game_.side_time_control[side] = sides_[side].text.c_str();
        }
        const Clock &common = common_ ? *common_ : sides_[0] == sides_[1] ? sides_[0] : no_clock();
        game_.clock_base_ms = common.base_ms;
        game_.clock_increment_ms = common.increment_ms;
        game_.time_control = common_ || sides_[0] == sides_[1] ? common.text.c_str() : "";
        return game_;
    }

private:
    struct Clock {
        int64_t base_ms = 0;
        int64_t increment_ms = 0;
        std::string text;
        bool operator==(const Clock &) const = default;
    };
    static const Clock &no_clock() {
        static const Clock none;
        return none;
    }

    RecordGameBuilder &set(std::string &field, std::string text) {
        field = std::move(text);
        return *this;
    }

    std::array<std::string, 2> players_;
    std::string event_, site_, date_;
    arb_result result_ = ARB_RESULT_ONGOING;
    arb_record_ending ending_ = ARB_ENDING_UNFINISHED;
    std::array<Clock, 2> sides_;
    std::optional<Clock> common_;
    std::vector<arb_record_move> moves_;
    arb_record_game game_{};
};

}  // namespace arb::sdk
