#include "plugin_tools/plugin_diff.hpp"

#include "game/rule_edges.hpp"

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

// The walk from a position both states are at, `played` leading there.
std::optional<Difference> walk_from(GameState &a_state, GameState &b_state, std::vector<std::string> played,
                                    const DiffSettings &settings, int game, std::mt19937 &rng, DiffReport &report) {
    GameState *a = &a_state, *b = &b_state;
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
                d->perft_ply = static_cast<int>(played.size());
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
    return walk_from(*a, *b, {}, settings, game, rng, report);
}

// A rule edge of one plugin walked through both: its position, each move of
// its history (compared at every position), then a random game from there.
std::optional<Difference> walk_edge(const PluginPtr &pa, const PluginPtr &pb, const RuleEdge &edge,
                                    const std::string &label, const DiffSettings &settings, int index,
                                    DiffReport &report) {
    auto a = GameState::create(pa, settings.options);
    auto b = GameState::create(pb, settings.options);
    if (!a || !b) return std::nullopt;  // the random games report a game only one plugin creates
    auto tagged = [&](std::optional<Difference> d) {
        if (d) {
            d->game = -1;
            d->edge = label;
            d->start_position = edge.position;
        }
        return d;
    };
    if (!edge.position.empty()) {
        auto set_a = a->set_position(edge.position);
        auto set_b = b->set_position(edge.position);
        if (!set_a && !set_b) return std::nullopt;  // broken in both: plugin-check's business
        if (!set_a || !set_b) {
            Difference d;
            d.kind = DiffKind::EdgeStart;
            d.a = {set_a ? "reads it" : "refuses it: " + set_a.error().message};
            d.b = {set_b ? "reads it" : "refuses it: " + set_b.error().message};
            d.position_a = d.position_b = edge.position;
            return tagged(d);
        }
    }
    std::vector<std::string> played;
    for (const std::string &text : edge.moves) {
        ++report.positions;
        if (auto d = compare_here(*a, *b)) {
            d->moves = played;
            return tagged(d);
        }
        arb_move code = ARB_MOVE_NONE;
        std::string error;
        if (a->parse_move(text.c_str(), code, error) != ARB_OK) {
            arb_move code_b = ARB_MOVE_NONE;
            std::string error_b;
            if (b->parse_move(text.c_str(), code_b, error_b) != ARB_OK) return std::nullopt;  // broken in both
            Difference d;
            d.kind = DiffKind::Play;
            d.position_a = a->position();
            d.position_b = b->position();
            d.a = {"'" + text + "' is refused by parse_move: " + error};
            d.b = {"'" + text + "' is a legal move"};
            d.moves = played;
            return tagged(d);
        }
        if (auto d = play_both(*a, *b, TextMove{text, code})) {
            d->moves = played;
            return tagged(d);
        }
        played.push_back(text);
    }
    std::seed_seq seq{settings.seed, 0x5eedu, static_cast<uint32_t>(index)};
    std::mt19937 rng(seq);
    return tagged(walk_from(*a, *b, played, settings, -1, rng, report));
}

}  // namespace

std::string_view to_string(DiffKind kind) noexcept {
    switch (kind) {
    case DiffKind::Create: return "create";
    case DiffKind::Outcome: return "outcome";
    case DiffKind::Moves: return "moves";
    case DiffKind::Position: return "position";
    case DiffKind::Play: return "play";
    case DiffKind::EdgeStart: return "edge-start";
    }
    return "?";
}

Expected<DiffReport> diff_plugins(const PluginPtr &a, const PluginPtr &b, const DiffSettings &settings) {
    // Options neither plugin takes are the user's mistake, not a difference.
    auto try_a = GameState::create(a, settings.options);
    auto try_b = GameState::create(b, settings.options);
    if (!try_a && !try_b) return fail(try_a.error().message);
    DiffReport report;
    // The shortest sequence; on a tie a random game's (from the start) over an edge's.
    auto keep = [&report](std::optional<Difference> d) {
        const auto &kept = report.difference;
        if (!kept || d->moves.size() < kept->moves.size() ||
            (d->moves.size() == kept->moves.size() && d->edge.empty() && !kept->edge.empty()))
            report.difference = std::move(d);
    };
    // The rule edges of A, then B's that A lacks (the same options, position and moves).
    const RuleEdges edges[2] = {read_rule_edges(*a), read_rule_edges(*b)};
    auto same = [](const RuleEdge &x, const RuleEdge &y) {
        return x.option_list == y.option_list && x.position == y.position && x.moves == y.moves;
    };
    int index = 0;
    for (int side = 0; side < 2; ++side) {
        const Plugin &owner = side == 0 ? *a : *b;
        for (const RuleEdge &edge : edges[side].edges) {
            if (!edge_applies(owner, edge, settings.options).applies) continue;
            if (side == 1 && std::any_of(edges[0].edges.begin(), edges[0].edges.end(),
                                         [&](const RuleEdge &e) { return same(e, edge); }))
                continue;
            ++report.edges;
            auto d = walk_edge(a, b, edge, std::string(side == 0 ? "A's " : "B's ") + "rule " + edge.label(), settings,
                               index++, report);
            if (!d) continue;
            ++report.edges_disagreeing;
            keep(std::move(d));
        }
    }
    for (int game = 0; game < settings.games; ++game) {
        ++report.games;
        auto d = walk(a, b, settings, game, report);
        if (!d) continue;
        ++report.games_disagreeing;
        keep(std::move(d));
    }
    return report;
}

}  // namespace arb::game
