#include "output/report_games.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace arb::output {

namespace {

// The viewer's digits (report.js has the same alphabet).
constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+_";

nlohmann::json drawing_json(const game::BoardDrawing &d) {
    using nlohmann::json;
    json pieces = json::object();
    for (const auto &p : d.pieces)
        pieces[std::string(1, p.token)] = {{"shape", p.shape}, {"fill", p.fill}, {"name", p.name}};
    auto segments = [](const std::vector<game::BoardDrawing::Segment> &list) {
        json out = json::array();
        for (const auto &s : list) out.push_back({s.c1, s.r1, s.c2, s.r2});
        return out;
    };
    return {{"columns", d.columns}, {"rows", d.rows},           {"points", d.points},
            {"files", d.files},     {"ranks", d.ranks},         {"colour", d.board_colour},
            {"lines", segments(d.lines)}, {"frames", segments(d.frames)}, {"empty", std::string(1, d.empty)},
            {"pieces", pieces},     {"width", index_width(static_cast<size_t>(d.columns * d.rows))}};
}

}  // namespace

int index_width(size_t cells) {
    int width = 1;
    for (size_t reach = kDigits.size(); reach < cells; reach *= kDigits.size()) ++width;
    return width;
}

std::string encode_cell_changes(const std::string &before, const std::string &after, int width) {
    std::string out;
    for (size_t i = 0; i < after.size(); ++i) {
        if (i < before.size() && before[i] == after[i]) continue;
        char digits[8];
        size_t rest = i;
        for (int d = width - 1; d >= 0; --d) {
            digits[d] = kDigits[rest % kDigits.size()];
            rest /= kDigits.size();
        }
        out.append(digits, static_cast<size_t>(width));
        out.push_back(after[i]);
    }
    return out;
}

ReportGames::ReportGames(game::PluginPtr plugin, game::OptionList options)
    : plugin_(std::move(plugin)), options_(std::move(options)), reader_(game::DiagramReader::of(*plugin_)) {
    if (!reader_) return;
    auto start = game::GameState::create(plugin_, options_);
    if (!start) {
        drawing_error_ = start.error().message;
        reader_.reset();
        return;
    }
    auto drawing = reader_->drawing(*start);
    if (!drawing) {
        drawing_error_ = drawing.error().message;
        reader_.reset();
        return;
    }
    drawing_ = std::move(*drawing);
}

std::optional<std::string> ReportGames::snapshot(const game::GameState &state, std::string &error) {
    if (!drawing_) return state.position();
    auto cells = reader_->cells(state, *drawing_);
    if (!cells) {
        error = cells.error().message;
        return std::nullopt;
    }
    return std::move(*cells);
}

int ReportGames::start_index(const std::string &snapshot) {
    for (size_t i = 0; i < starts_.size(); ++i)
        if (starts_[i] == snapshot) return static_cast<int>(i);
    starts_.push_back(snapshot);
    return static_cast<int>(starts_.size() - 1);
}

void ReportGames::add(const FinishedGame &game) { games_.push_back(encode(game)); }

std::string ReportGames::encode(const FinishedGame &g) {
    using nlohmann::json;
    const auto &r = g.record;
    json j;
    j["n"] = g.slot.index + 1;
    j["e"] = {g.slot.engine[0], g.slot.engine[1]};
    j["r"] = match::result_text(r.result);
    j["t"] = match::termination_name(r.termination);
    if (!r.reason.empty()) j["why"] = r.reason;
    if (r.loser_side >= 0) j["fault"] = r.loser_side;

    // Moves: the opening line's first (marked by "o"), then the engines'.
    std::string moves;
    for (const auto &m : r.opening_moves) (moves.empty() ? moves : moves += ' ') += m;
    for (const auto &m : r.moves) (moves.empty() ? moves : moves += ' ') += m.text;
    j["m"] = moves;
    if (!r.opening_moves.empty()) j["o"] = r.opening_moves.size();
    std::string times, scores, depths;
    bool any_score = false, any_depth = false;
    for (size_t i = 0; i < r.moves.size(); ++i) {
        const auto &m = r.moves[i];
        if (i > 0) times += ',', scores += ',', depths += ',';
        times += m.forced ? "f" : std::to_string(m.elapsed.count());
        if (m.score_cp) scores += std::to_string(*m.score_cp), any_score = true;
        if (m.depth) depths += std::to_string(*m.depth), any_depth = true;
    }
    j["ms"] = times;
    if (any_score) j["sc"] = scores;
    if (any_depth) j["d"] = depths;

    // The boards, by replaying the game through the plugin.
    std::string error;
    auto state = game::GameState::create(plugin_, options_);
    if (!state) {
        j["err"] = state.error().message;
        return j.dump();
    }
    if (!r.opening_position.empty())
        if (auto set = state->set_position(r.opening_position); !set) {
            j["err"] = "opening position: " + set.error().message;
            return j.dump();
        }
    auto board = snapshot(*state, error);
    if (!board) {
        j["err"] = error;
        return j.dump();
    }
    j["s"] = start_index(*board);
    const int width = drawing_ ? index_width(board->size()) : 0;
    std::string changes;
    json positions = json::array();
    std::vector<std::string> texts(r.opening_moves);
    for (const auto &m : r.moves) texts.push_back(m.text);
    std::string move_error;
    for (size_t i = 0; i < texts.size(); ++i) {
        arb_move move = ARB_MOVE_NONE;
        if (state->parse_move(texts[i].c_str(), move, move_error) != ARB_OK) {
            error = fmt::format("ply {} '{}' cannot be replayed: {}", i + 1, texts[i], move_error);
            break;
        }
        state->play(move);
        auto next = snapshot(*state, error);
        if (!next) break;
        if (drawing_) {
            if (i > 0) changes += ' ';
            changes += encode_cell_changes(*board, *next, width);
        } else {
            positions.push_back(*next);
        }
        board = std::move(next);
    }
    if (drawing_) j["x"] = changes;
    else j["p"] = positions;
    if (!error.empty()) j["err"] = error;
    return j.dump();
}

std::string ReportGames::json() const {
    std::string out = "{\"board\":";
    out += drawing_ ? drawing_json(*drawing_).dump() : "null";
    out += ",\"starts\":" + nlohmann::json(starts_).dump() + ",\"games\":[";
    for (size_t i = 0; i < games_.size(); ++i) {
        if (i > 0) out += ",\n";
        out += games_[i];
    }
    return out + "]}";
}

}  // namespace arb::output
