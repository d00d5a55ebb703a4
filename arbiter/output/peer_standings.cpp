#include "output/peer_standings.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace arb::output {

namespace {

// "0.00", never "-0.00", for an even result; never "nan" (see the header): an
// unknown error bar is infinite, an undefined value 0.
double known(const std::optional<double> &v) {
    return v && !std::isnan(*v) ? *v + 0.0 : std::numeric_limits<double>::infinity();
}
double plain(double v) { return std::isnan(v) ? 0.0 : v + 0.0; }
// A chance that cannot be known yet (no decisive game) is even.
double chance(const std::optional<double> &v) { return v && !std::isnan(*v) ? *v : 0.5; }

std::string fastchess_two(const Standings &s, const PeerContext &context) {
    const auto &h = *s.head_to_head;
    const auto &t = h.trinomial;
    const auto &p = h.pentanomial;
    // fastchess reports from the pentanomial once pairs are complete.
    const rating::HeadToHead &f = h.pairs && context.pentanomial ? *h.pairs : h.games;
    const int64_t games = t.wins + t.draws + t.losses;
    const int64_t pairs = p.ll + p.ld + p.wl + p.dd + p.wd + p.ww;
    const double points = static_cast<double>(t.wins) + 0.5 * static_cast<double>(t.draws);
    // fastchess's draw ratio of pairs counts the even ones, WL and DD.
    const bool penta = context.pentanomial;
    const double ratio_of = penta && pairs > 0
                                ? static_cast<double>(p.wl + p.dd) / static_cast<double>(pairs)
                                : (games > 0 ? static_cast<double>(t.draws) / static_cast<double>(games) : 0.0);
    auto divide = [](int64_t a, int64_t b) {
        return b != 0 ? static_cast<double>(a) / static_cast<double>(b)
                      : (a != 0 ? std::numeric_limits<double>::infinity() : 0.0);
    };
    auto or_null = [](const std::string &value, const char *unit) { return value.empty() ? std::string("NULL") : value + unit; };
    std::string out = "--------------------------------------------------\n";
    out += fmt::format("Results of {} vs {} ({}, {}, {}{}):\n", s.names[0], s.names[1], context.time_control,
                       // fastchess shows the engine's own value, Threads 1 in a chess engine that is not told one
                       context.threads.empty() ? std::string("1t") : context.threads + "t", or_null(context.hash, "MB"),
                       context.book.empty() ? "" : ", " + context.book);
    out += fmt::format("Elo: {:.2f} +/- {:.2f}, nElo: {:.2f} +/- {:.2f}\n", plain(f.elo), known(f.elo_error), plain(f.nelo),
                       known(f.nelo_error));
    out += fmt::format("LOS: {:.2f} %, DrawRatio: {:.2f} %{}\n", 100 * chance(f.los), 100 * ratio_of,
                       penta ? fmt::format(", PairsRatio: {:.2f}", divide(p.ww + p.wd, p.ll + p.ld)) : "");
    out += fmt::format("Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1f} ({:.2f} %)\n", games, t.wins,
                       t.losses, t.draws, points, games > 0 ? 100 * points / static_cast<double>(games) : 0.0);
    if (penta)
        out += fmt::format("Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD Ratio: {:.2f}\n", p.ll, p.ld, p.wl + p.dd, p.wd,
                           p.ww, divide(p.wl, p.dd));
    if (h.sprt && context.sprt) {
        const double llr = h.sprt->llr;
        const double fraction = llr >= 0 ? llr / h.sprt->upper : -llr / h.sprt->lower;
        out += fmt::format("LLR: {:.2f} ({:.1f}%) ({:.2f}, {:.2f}) [{:.2f}, {:.2f}]\n", plain(llr), plain(100 * fraction),
                           h.sprt->lower, h.sprt->upper, context.sprt->elo0, context.sprt->elo1);
    }
    out += "--------------------------------------------------\n";
    return out;
}

std::string cutechess_two(const Standings &s) {
    const auto &h = *s.head_to_head;
    const auto &t = h.trinomial;
    const int64_t games = t.wins + t.draws + t.losses;
    const double score =
        games > 0 ? (static_cast<double>(t.wins) + 0.5 * static_cast<double>(t.draws)) / static_cast<double>(games) : 0.0;
    std::string out = fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}\n", s.names[0], s.names[1], t.wins,
                                  t.losses, t.draws, score, games);
    out += fmt::format("Elo difference: {:.1f} +/- {:.1f}, LOS: {:.1f} %, DrawRatio: {:.1f} %\n", plain(h.games.elo),
                       known(h.games.elo_error), 100 * chance(h.games.los), 100 * h.games.draw_ratio);
    if (h.sprt) {
        const double llr = h.sprt->llr;
        const double fraction = llr >= 0 ? llr / h.sprt->upper : -llr / h.sprt->lower;
        const char *decision = h.sprt->decision == rating::SprtState::Decision::AcceptH1   ? " - H1 was accepted"
                               : h.sprt->decision == rating::SprtState::Decision::AcceptH0 ? " - H0 was accepted"
                                                                                            : "";
        out += fmt::format("SPRT: llr {:.2f} ({:.1f}%), lbound {:.2f}, ubound {:.2f}{}\n", plain(llr), plain(100 * fraction),
                           h.sprt->lower, h.sprt->upper, decision);
    }
    return out;
}

// The mean rating of an engine's opponents, weighted by the games against each (cutechess's "Oppo.").
double opponents_mean(const Standings &s, int index) {
    double sum = 0;
    int games = 0;
    for (const auto &other : s.table.ranked) {
        if (other.index == index) continue;
        const int n = s.table.games[static_cast<size_t>(index)][static_cast<size_t>(other.index)];
        sum += n * other.elo;
        games += n;
    }
    return games > 0 ? sum / games : 0.0;
}

std::string ranking(PeerLayout layout, const Standings &s) {
    size_t width = 4;
    for (const auto &r : s.table.ranked) width = std::max(width, r.name.size());
    std::string out;
    if (layout == PeerLayout::Fastchess)
        out += fmt::format("{:<4} {:<{}} {:>10} {:>10} {:>10} {:>10} {:>10}\n", "Rank", "Name", width, "Elo", "+/-",
                           "Games", "Score", "Draw");
    else
        out += fmt::format("Rank {:<{}} {:>7} {:>7} {:>8} {:>7} {:>7} {:>6}\n", "Name", width, "Elo", "+/-", "nGames",
                           "Score", "Oppo.", "Draws");
    int rank = 0;
    for (const auto &r : s.table.ranked) {
        const double score = r.games > 0 ? 100 * r.points / r.games : 0.0;
        const double draws = r.games > 0 ? 100.0 * r.draws / r.games : 0.0;
        if (layout == PeerLayout::Fastchess)
            out += fmt::format("{:>4} {:<{}} {:>10.2f} {:>10.2f} {:>10} {:>9.1f}% {:>9.1f}%\n", ++rank, r.name, width,
                               plain(r.elo), known(r.error95), r.games, score, draws);
        else
            out += fmt::format("{:>4} {:<{}} {:>7.0f} {:>7.0f} {:>8} {:>6.1f}% {:>7.1f} {:>5.1f}%\n", ++rank, r.name,
                               width, plain(r.elo), known(r.error95), r.games, score, plain(opponents_mean(s, r.index)),
                               draws);
    }
    return layout == PeerLayout::Fastchess ? "--------------------------------------------------\n" + out +
                                                 "--------------------------------------------------\n"
                                           : out;
}

}  // namespace

std::string peer_standings_text(PeerLayout layout, const Standings &s, const PeerContext &context) {
    if (s.head_to_head)
        return layout == PeerLayout::Fastchess ? fastchess_two(s, context) : cutechess_two(s);
    return ranking(layout, s);
}

}  // namespace arb::output
