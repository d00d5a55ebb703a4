#include "output/report_games.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace arb::output {

namespace {

void put_number(std::string &stream, uint64_t value) {
    while (value >= 0x80) {
        stream.push_back(static_cast<char>(0x80 | (value & 0x7f)));
        value >>= 7;
    }
    stream.push_back(static_cast<char>(value));
}

// An optional engine figure against the same side's previous one (see the header).
uint64_t figure(const std::optional<int> &value, const std::optional<int> &reference) {
    if (!value) return 0;
    const int64_t delta = int64_t{*value} - reference.value_or(0);
    return (delta >= 0 ? 2 * static_cast<uint64_t>(delta) : 2 * static_cast<uint64_t>(-delta) - 1) + 1;
}

// The score the page shows: centipawns, or a mate in N moves as
// +-(kMateScore + N) (report.js reads it back as "#N" / "#-N").
std::optional<int> shown_score(const protocol::InfoFields &info) {
    if (!info.score_cp || !info.mate || *info.mate == 0) return info.score_cp;
    const int distance = std::min(std::abs(*info.mate), 10000);
    return *info.score_cp > 0 ? protocol::kMateScore + distance : -(protocol::kMateScore + distance);
}

// A column of numbers as byte planes (see the header); returns the width.
size_t put_column(std::string &out, const std::vector<uint64_t> &values) {
    uint64_t largest = 0;
    for (uint64_t v : values) largest = std::max(largest, v);
    size_t width = 1;
    while (width < 8 && (largest >> (8 * width)) != 0) ++width;
    for (size_t plane = 0; plane < width; ++plane)
        for (uint64_t v : values) out.push_back(static_cast<char>(v >> (8 * plane) & 0xff));
    return width;
}

// `labels`: with each piece's label (and whether it is turned), where it has one.
nlohmann::json drawing_json(const game::BoardDrawing &d, bool labels) {
    using nlohmann::json;
    json pieces = json::object();
    for (const auto &p : d.pieces) {
        json &piece = pieces[std::string(1, p.token)] = {{"shape", p.shape}, {"fill", p.fill}, {"name", p.name}};
        if (!labels || p.label.empty()) continue;
        piece["label"] = p.label;
        if (p.turned) piece["turned"] = true;
    }
    auto segments = [](const std::vector<game::BoardDrawing::Segment> &list) {
        json out = json::array();
        for (const auto &s : list) out.push_back({s.c1, s.r1, s.c2, s.r2});
        return out;
    };
    return {{"columns", d.columns}, {"rows", d.rows},   {"points", d.points},
            {"files", d.files},     {"ranks", d.ranks}, {"colour", d.board_colour},
            {"lines", segments(d.lines)}, {"frames", segments(d.frames)}, {"empty", std::string(1, d.empty)},
            {"pieces", pieces}};
}

// Ids ordered by how often they were used, most first (ties: first seen
// first), and the rank of each id in that order.
std::vector<uint32_t> ranks_by_use(const std::vector<int64_t> &uses) {
    std::vector<uint32_t> order(uses.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return uses[a] > uses[b]; });
    std::vector<uint32_t> rank(uses.size());
    for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = static_cast<uint32_t>(i);
    return rank;
}

}  // namespace

ReportGames::ReportGames(game::PluginPtr plugin, game::OptionList options, size_t engines, bool labels)
    : plugin_(std::move(plugin)),
      options_(std::move(options)),
      reader_(game::DiagramReader::of(*plugin_)),
      labels_(labels),
      status_reader_(game::StatusLineReader::of(*plugin_)),
      figures_(engines) {
    // A game that cannot be created has no boards either (below says why).
    if (auto notation = PgnNotation::create(plugin_, options_)) notation_ = std::move(*notation);
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

void ReportGames::add_status(const game::GameState &state) {
    if (!status_reader_) return;
    auto line = status_reader_->line(state);
    const std::string text = line ? std::move(*line) : std::string();  // a failed line shows none
    auto [it, fresh] = status_ids_.try_emplace(text, static_cast<uint32_t>(statuses_.size()));
    if (fresh) statuses_.push_back(text);
    status_column_.push_back(it->second);
}

uint32_t ReportGames::start_index(const std::string &snapshot) {
    for (size_t i = 0; i < starts_.size(); ++i)
        if (starts_[i] == snapshot) return static_cast<uint32_t>(i);
    starts_.push_back(snapshot);
    return static_cast<uint32_t>(starts_.size() - 1);
}

uint32_t ReportGames::move_id(const std::string &text) {
    auto [it, fresh] = move_ids_.try_emplace(text, static_cast<uint32_t>(moves_.size()));
    if (fresh) moves_.push_back({text, 0, {}, {}, {}});
    ++moves_[it->second].plies;
    return it->second;
}

uint32_t ReportGames::change_id(uint32_t move, const std::string &before, const std::string &after) {
    // Into a reused buffer: this runs for every ply of every game.
    std::string &change = change_buffer_;
    change.clear();
    size_t count = 0, previous = 0;
    for (size_t i = 0; i < after.size(); ++i) {
        if (i < before.size() && before[i] == after[i]) continue;
        put_number(change, count == 0 ? i : i - previous - 1);
        put_number(change, static_cast<unsigned char>(after[i]));
        previous = i;
        ++count;
    }
    std::string counted;
    put_number(counted, count);
    change.insert(0, counted);
    auto &entry = moves_[move];
    auto it = entry.change_ids.find(change);
    if (it == entry.change_ids.end()) {
        it = entry.change_ids.emplace(change, static_cast<uint32_t>(entry.changes.size())).first;
        entry.changes.push_back(change);
        entry.change_plies.push_back(0);
    }
    ++entry.change_plies[it->second];
    return it->second;
}

void ReportGames::add(const match::FinishedGame &g) {
    using nlohmann::json;
    const auto &r = g.record;
    json j;
    j["n"] = g.slot.index + 1;
    j["e"] = {g.slot.engine[0], g.slot.engine[1]};
    j["r"] = match::result_text(r.result);
    j["t"] = match::termination_name(r.termination);
    if (!r.reason.empty()) j["why"] = r.reason;
    if (r.loser_side >= 0) j["fault"] = r.loser_side;
    // What the game was played under, from its record (an engine may have its own).
    if (r.played_under.time_control[0] && r.played_under.time_control[1])
        j["tc"] = {r.played_under.time_control[0]->to_string(), r.played_under.time_control[1]->to_string()};

    // Moves: the opening line's first, then the engines'.
    std::vector<std::string> texts(r.opening_moves);
    for (const auto &m : r.moves) texts.push_back(m.text);
    std::vector<uint32_t> ids;
    for (const auto &t : texts) ids.push_back(move_id(t));
    ply_moves_.insert(ply_moves_.end(), ids.begin(), ids.end());
    j["k"] = texts.size();
    if (notation_) {
        // The record texts (SAN), or the move texts where the plugin cannot write them.
        auto written = notation_->replay(r);
        const std::vector<std::string> &shown = written ? written->moves : texts;
        for (const auto &t : shown) {
            auto [it, fresh] = notation_ids_.try_emplace(t, static_cast<uint32_t>(notations_.size()));
            if (fresh) notations_.push_back(t);
            notation_column_.push_back(it->second);
        }
    }
    if (!r.opening_moves.empty()) j["o"] = r.opening_moves.size();
    for (size_t i = 0; i < r.moves.size(); ++i) {
        const auto &m = r.moves[i];
        times_.push_back(m.forced ? 0 : static_cast<uint64_t>(std::max<int64_t>(0, m.elapsed.count())) + 1);
        const match::MoveRecord *same_side = i >= 2 ? &r.moves[i - 2] : nullptr;
        scores_.push_back(figure(shown_score(m.info), same_side ? shown_score(same_side->info) : std::nullopt));
        depths_.push_back(figure(m.info.depth, same_side ? same_side->info.depth : std::nullopt));
    }

    // The boards, by replaying the game through the plugin; the replay says
    // which side made each engine move (past a failed replay, they alternate).
    const size_t book = r.opening_moves.size();
    int mover = 0;
    size_t attributed = 0;  // engine moves handed to figures_
    auto finish = [&](const std::string &error) {
        for (; attributed < r.moves.size(); ++attributed, mover = 1 - mover)
            figures_.add_move(g, mover, r.moves[attributed]);
        figures_.add_game(g);
        if (!error.empty()) j["err"] = error;
        // Reasons come from engines and plugins: bytes that are not UTF-8 become U+FFFD.
        games_.push_back(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    };
    auto state = game::GameState::create(plugin_, options_);
    if (!state) return finish(state.error().message);
    if (!r.opening_position.empty())
        if (auto set = state->set_position(r.opening_position); !set)
            return finish("opening position: " + set.error().message);
    std::string error;
    auto board = snapshot(*state, error);
    if (!board) return finish(error);
    j["s"] = start_index(*board);
    add_status(*state);
    json positions = json::array();
    size_t replayed = 0;
    std::string move_error;
    for (; replayed < texts.size(); ++replayed) {
        const std::string &text = texts[replayed];
        arb_move move = ARB_MOVE_NONE;
        if (replayed >= book) mover = state->side_to_move();
        if (state->parse_move(text.c_str(), move, move_error) != ARB_OK) {
            error = fmt::format("ply {} '{}' cannot be replayed: {}", replayed + 1, text, move_error);
            break;
        }
        state->play(move);
        if (replayed >= book) {
            figures_.add_move(g, mover, r.moves[attributed++]);
            mover = 1 - mover;
        }
        auto next = snapshot(*state, error);
        if (!next) break;
        add_status(*state);
        if (drawing_) ply_changes_.emplace_back(ids[replayed], change_id(ids[replayed], *board, *next));
        else positions.push_back(*next);
        board = std::move(next);
    }
    if (replayed < texts.size()) j["v"] = replayed;
    if (!drawing_) j["p"] = std::move(positions);
    finish(error);
}

std::string ReportGames::payload() const {
    // Renumber moves, and each move's changes, by use: frequent ones get
    // small numbers (one byte), which deflate then codes in few bits.
    std::vector<int64_t> move_plies;
    for (const auto &m : moves_) move_plies.push_back(m.plies);
    const auto move_rank = ranks_by_use(move_plies);
    std::vector<uint32_t> move_order(moves_.size());
    for (size_t id = 0; id < moves_.size(); ++id) move_order[move_rank[id]] = static_cast<uint32_t>(id);
    std::vector<std::vector<uint32_t>> change_rank(moves_.size());
    std::string changes;
    nlohmann::json texts = nlohmann::json::array();
    for (uint32_t id : move_order) {
        const auto &entry = moves_[id];
        texts.push_back(entry.text);
        change_rank[id] = ranks_by_use(entry.change_plies);
        if (!drawing_) continue;
        std::vector<const std::string *> sorted(entry.changes.size());
        for (size_t c = 0; c < entry.changes.size(); ++c) sorted[change_rank[id][c]] = &entry.changes[c];
        put_number(changes, sorted.size());
        for (const auto *c : sorted) changes += *c;
    }
    std::vector<uint64_t> moves, boards;
    moves.reserve(ply_moves_.size());
    for (uint32_t id : ply_moves_) moves.push_back(move_rank[id]);
    boards.reserve(ply_changes_.size());
    for (const auto &[move, change] : ply_changes_) boards.push_back(change_rank[move][change]);

    std::string streams;
    nlohmann::json layout = nlohmann::json::array({{"changes", changes.size()}});
    streams += changes;
    std::vector<std::pair<const char *, const std::vector<uint64_t> *>> columns = {
        {"moves", &moves}, {"boards", &boards}, {"times", &times_}, {"scores", &scores_}, {"depths", &depths_}};
    if (status_reader_) columns.emplace_back("status", &status_column_);
    if (notation_) columns.emplace_back("notation", &notation_column_);
    for (const auto &[name, values] : columns) {
        const size_t before = streams.size();
        const size_t width = put_column(streams, *values);
        layout.push_back({name, streams.size() - before, width});
    }
    std::string json = "{\"board\":";
    json += drawing_ ? drawing_json(*drawing_, labels_).dump() : "null";
    if (status_reader_)
        json += ",\"statuses\":" + nlohmann::json(statuses_).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (notation_)
        json += ",\"notations\":" + nlohmann::json(notations_).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    json += ",\"starts\":" + nlohmann::json(starts_).dump() + ",\"moves\":" + texts.dump() +
            ",\"streams\":" + layout.dump() + ",\"games\":[";
    for (size_t i = 0; i < games_.size(); ++i) {
        if (i > 0) json += ",\n";
        json += games_[i];
    }
    json += "]}";

    std::string out;
    const auto n = static_cast<uint32_t>(json.size());
    for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<char>(n >> shift & 0xff));
    out += json;
    return out + streams;
}

}  // namespace arb::output
