#include "output/training_sample.hpp"

#include <arbiter/ext/move_properties.h>
#include <arbiter/protocol/reply.hpp>

#include <cstdlib>

namespace arb::output {

namespace {

// A CSV field: as it is, or quoted with its quotes doubled (RFC 4180).
std::string csv_field(const std::string &text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char ch : text) {
        if (ch == '"') quoted += '"';
        quoted += ch;
    }
    return quoted + '"';
}

// 0 loss, 1 draw, 2 win for `side`.
int result_for(arb_result result, int32_t side) {
    if (result == ARB_RESULT_DRAW) return 1;
    const bool side0_won = result == ARB_RESULT_WIN_SIDE_0;
    return (side == 0) == side0_won ? 2 : 0;
}

}  // namespace

double sample_draw(uint64_t seed, int index, size_t move) noexcept {
    const uint64_t counter = (static_cast<uint64_t>(index) << 20) + static_cast<uint64_t>(move) + 1;
    uint64_t z = seed + counter * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

Expected<TrainingSampler> TrainingSampler::create(const game::PluginPtr &plugin, const game::OptionList &options,
                                                  double freq, bool quiet, uint64_t seed) {
    if (quiet && !plugin->move_capture_check())
        return fail("quiet sampling is not available for the game '" + std::string(plugin->api().id) +
                    "': its plugin does not say which moves capture or give check (it lacks the extension "
                    "arbiter.move-properties/2); sample without quiet=y");
    auto start = game::GameState::create(plugin, options);
    if (!start) return Unexpected<Error>{start.error()};
    return TrainingSampler(std::move(*start), freq, quiet, seed);
}

Expected<std::string> TrainingSampler::lines(const match::GameRecord &record, int index) const {
    if (record.result == ARB_RESULT_ONGOING) return std::string();
    game::GameState state = start_;
    if (!record.opening_position.empty())
        if (auto set = state.set_position(record.opening_position); !set)
            return fail("start position '" + record.opening_position + "': " + set.error().message);
    // Whether the side to move is in check, as far as the moves played tell:
    // unknown at the start (no move says it), so quiet keeps no start position.
    bool check_known = false, in_check = false;
    auto play = [&](const std::string &text, arb_move_flags &flags) -> Expected<void> {
        arb_move code = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(text.c_str(), code, error) != ARB_OK) return fail("move '" + text + "': " + error);
        flags = state.move_flags(code);
        if (auto played = state.checked_play(code); !played) return played;
        check_known = true;
        in_check = (flags & ARB_MOVE_CHECK) != 0;
        return {};
    };
    arb_move_flags flags = 0;
    for (const auto &text : record.opening_moves)
        if (auto ok = play(text, flags); !ok) return Unexpected<Error>{ok.error()};
    std::string out;
    for (size_t k = 0; k < record.moves.size(); ++k) {
        const match::MoveRecord &move = record.moves[k];
        const std::string position = state.position();
        const int32_t side = state.side_to_move();
        const bool not_in_check = check_known && !in_check;
        if (auto ok = play(move.text, flags); !ok) return Unexpected<Error>{ok.error()};
        if (move.forced || !move.info.score_cp || sample_draw(seed_, index, k) >= freq_) continue;
        const int score = *move.info.score_cp;
        if (quiet_ && (!not_in_check || (flags & ARB_MOVE_CAPTURE) != 0 ||
                       std::abs(score) >= protocol::kMateScore))
            continue;
        out += csv_field(position) + ',' + std::to_string(score) + ',' +
               std::to_string(result_for(record.result, side)) + '\n';
    }
    return out;
}

}  // namespace arb::output
