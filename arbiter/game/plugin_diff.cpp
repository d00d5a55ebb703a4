#include "game/plugin_diff.hpp"

#include <algorithm>
#include <random>

namespace arb::game {

namespace {

// A legal move of one plugin: its text and its code in that plugin.
struct TextMove {
    std::string text;
    arb_move code = ARB_MOVE_NONE;
    bool operator<(const TextMove &other) const { return text < other.text; }
};

std::vector<TextMove> sorted_moves(const GameState &state) {
    std::vector<TextMove> out;
    for (arb_move m : state.legal_moves()) out.push_back({state.format_move(m), m});
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> texts_of(const std::vector<TextMove> &moves) {
    std::vector<std::string> out;
    for (const auto &m : moves) out.push_back(m.text);
    return out;
}

// The outcome as one line the two plugins must agree on: the result, and
// the reason only as a remark (two plugins may word it differently).
std::string outcome_line(const GameState &state) {
    const arb_outcome o = state.outcome();
    const arb_game_api &api = state.api();
    switch (o.result) {
    case ARB_RESULT_ONGOING: return "ongoing";
    case ARB_RESULT_DRAW: return std::string("draw (") + o.reason + ")";
    case ARB_RESULT_WIN_SIDE_0: return std::string("win for ") + api.side_names[0] + " (" + o.reason + ")";
    case ARB_RESULT_WIN_SIDE_1: return std::string("win for ") + api.side_names[1] + " (" + o.reason + ")";
    default: return "result " + std::to_string(o.result) + " (" + o.reason + ")";
    }
}

// The first thing the two states disagree on at this position, if any.
std::optional<Difference> compare_here(const GameState &a, const GameState &b) {
    Difference d;
    d.position_a = a.position();
    d.position_b = b.position();
    const arb_outcome oa = a.outcome();
    const arb_outcome ob = b.outcome();
    if (oa.result != ob.result) {
        d.kind = DiffKind::Outcome;
        d.a = {outcome_line(a)};
        d.b = {outcome_line(b)};
        return d;
    }
    std::vector<std::string> ma = texts_of(sorted_moves(a));
    std::vector<std::string> mb = texts_of(sorted_moves(b));
    if (ma != mb) {
        d.kind = DiffKind::Moves;
        d.a = std::move(ma);
        d.b = std::move(mb);
        return d;
    }
    if (d.position_a != d.position_b) {
        d.kind = DiffKind::Position;
        d.a = {d.position_a};
        d.b = {d.position_b};
        return d;
    }
    return std::nullopt;
}

int64_t perft(const GameState &state, int depth) {
    if (depth == 0) return 1;
    const std::vector<arb_move> moves = state.legal_moves();
    if (depth == 1) return static_cast<int64_t>(moves.size());
    int64_t total = 0;
    for (arb_move m : moves) {
        GameState child = state;
        if (child.play(m) != ARB_OK) continue;
        total += perft(child, depth - 1);
    }
    return total;
}

// Plays the move of this text in both states; a Play difference when one fails.
std::optional<Difference> play_both(GameState &a, GameState &b, const TextMove &move) {
    arb_move code_b = ARB_MOVE_NONE;
    std::string error;
    Difference d;
    d.kind = DiffKind::Play;
    d.position_a = a.position();
    d.position_b = b.position();
    if (b.parse_move(move.text.c_str(), code_b, error) != ARB_OK) {
        d.a = {"'" + move.text + "' is a legal move"};
        d.b = {"'" + move.text + "' is refused by parse_move: " + error};
        return d;
    }
    const arb_status sa = a.play(move.code);
    const arb_status sb = b.play(code_b);
    if (sa == ARB_OK && sb == ARB_OK) return std::nullopt;
    d.a = {"play '" + move.text + "' gives status " + std::to_string(sa)};
    d.b = {"play '" + move.text + "' gives status " + std::to_string(sb)};
    return d;
}

// Below a position whose moves agree: the first position, `depth` plies deep
// at most, where the two differ, looking only under the moves whose perft
// counts differ. Appends the moves that lead there to `path`.
std::optional<Difference> locate(const GameState &a, const GameState &b, int depth, std::vector<std::string> &path) {
    if (auto here = compare_here(a, b)) return here;
    if (depth <= 1) return std::nullopt;
    for (const TextMove &m : sorted_moves(a)) {
        GameState ca = a, cb = b;
        path.push_back(m.text);
        if (auto failed = play_both(ca, cb, m)) return failed;
        if (perft(ca, depth - 1) != perft(cb, depth - 1))
            if (auto below = locate(ca, cb, depth - 1, path)) return below;
        path.pop_back();
    }
    return std::nullopt;
}

// The divide lines (moves agree here) whose counts differ.
std::vector<DivideLine> divide_differences(const GameState &a, const GameState &b, int depth) {
    std::vector<DivideLine> lines;
    for (const TextMove &m : sorted_moves(a)) {
        GameState ca = a, cb = b;
        if (play_both(ca, cb, m)) continue;  // the walk itself reports it
        const int64_t na = perft(ca, depth - 1);
        const int64_t nb = perft(cb, depth - 1);
        if (na != nb) lines.push_back({m.text, na, nb});
    }
    return lines;
}

// One random game through both plugins; its first difference, if any.
std::optional<Difference> walk(const PluginPtr &pa, const PluginPtr &pb, const DiffSettings &settings, int game,
                               DiffReport &report) {
    const uint64_t setup_seed = settings.seed + static_cast<uint64_t>(game);
    auto a = GameState::create(pa, settings.options, setup_seed);
    auto b = GameState::create(pb, settings.options, setup_seed);
    if (!a && !b) return std::nullopt;  // neither has this game: nothing to compare
    if (!a || !b) {
        Difference d;
        d.kind = DiffKind::Create;
        d.game = game;
        d.a = {a ? "created" : "refused: " + a.error().message};
        d.b = {b ? "created" : "refused: " + b.error().message};
        return d;
    }
    std::seed_seq seq{settings.seed, static_cast<uint32_t>(game)};
    std::mt19937 rng(seq);
    std::vector<std::string> played;
    for (int ply = 0;; ++ply) {
        ++report.positions;
        if (auto d = compare_here(*a, *b)) {
            d->game = game;
            d->moves = played;
            return d;
        }
        if (settings.perft_depth > 0 && settings.perft_every > 0 && ply % settings.perft_every == 0) {
            ++report.perft_positions;
            std::vector<DivideLine> lines = divide_differences(*a, *b, settings.perft_depth);
            if (!lines.empty()) {
                std::vector<std::string> path = played;
                auto d = locate(*a, *b, settings.perft_depth, path);
                if (!d) {  // cannot happen while the counts differ; report the divide itself
                    d = Difference{};
                    d->kind = DiffKind::Moves;
                    d->position_a = a->position();
                    d->position_b = b->position();
                    path = played;
                }
                d->game = game;
                d->moves = std::move(path);
                d->perft_ply = ply;
                d->perft_depth = settings.perft_depth;
                d->divide = std::move(lines);
                return d;
            }
        }
        const std::vector<TextMove> moves = sorted_moves(*a);
        if (moves.empty() || ply >= settings.max_plies) return std::nullopt;
        const TextMove &move = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
        if (auto d = play_both(*a, *b, move)) {
            d->game = game;
            d->moves = played;
            return d;
        }
        played.push_back(move.text);
    }
}

}  // namespace

std::string_view to_string(DiffKind kind) noexcept {
    switch (kind) {
    case DiffKind::Create: return "create";
    case DiffKind::Outcome: return "outcome";
    case DiffKind::Moves: return "moves";
    case DiffKind::Position: return "position";
    case DiffKind::Play: return "play";
    }
    return "?";
}

Expected<DiffReport> diff_plugins(const PluginPtr &a, const PluginPtr &b, const DiffSettings &settings) {
    // Options neither plugin takes are the user's mistake, not a difference.
    auto try_a = GameState::create(a, settings.options);
    auto try_b = GameState::create(b, settings.options);
    if (!try_a && !try_b) return fail(try_a.error().message);
    DiffReport report;
    for (int game = 0; game < settings.games; ++game) {
        ++report.games;
        auto d = walk(a, b, settings, game, report);
        if (!d) continue;
        ++report.games_disagreeing;
        if (!report.difference || d->moves.size() < report.difference->moves.size()) report.difference = std::move(d);
    }
    return report;
}

}  // namespace arb::game
