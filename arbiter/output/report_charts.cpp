#include "output/report_charts.hpp"

#include "output/html_text.hpp"
#include "rating/standings_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace arb::output {

namespace {

// A round step for axis ticks that gives about `ticks` of them over `span`.
double tick_step(double span, int ticks) {
    const double raw = span / ticks;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * power) return m * power;
    return 10 * power;
}

}  // namespace

std::string elo_chart_svg(const rating::RatingTable &table) {
    std::vector<const rating::EngineRating *> rated;
    for (const auto &e : table.ranked)
        if (e.rated) rated.push_back(&e);
    if (rated.empty()) return "<p class=\"note\">No engine has a rating yet.</p>";
    double low = 0, high = 0;
    for (const auto *e : rated) {
        const double err = e->error95.value_or(0);
        low = std::min(low, e->elo - err);
        high = std::max(high, e->elo + err);
    }
    const double pad = std::max(20.0, (high - low) * 0.12);  // room for a bound's arrow
    low -= pad;
    high += pad;
    const int name_w = 170, plot_w = 560, row_h = 26, top = 24;
    const int width = name_w + plot_w + 20, height = top + row_h * static_cast<int>(rated.size()) + 10;
    auto x = [&](double elo) { return name_w + (elo - low) / (high - low) * plot_w; };
    std::string s = fmt::format(
        "<svg class=\"chart\" id=\"elo-chart\" viewBox=\"0 0 {} {}\" width=\"{}\" role=\"img\" "
        "aria-label=\"Elo with 95% intervals\">\n",
        width, height, width);
    const double step = tick_step(high - low, 8);
    for (double t = std::ceil(low / step) * step; t <= high; t += step) {
        s += fmt::format("<line class=\"grid{}\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>", std::abs(t) < 1e-9 ? " zero" : "",
                         x(t), top - 6, x(t), height - 6);
        s += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{:.0f}</text>\n", x(t), top - 10, t);
    }
    for (size_t i = 0; i < rated.size(); ++i) {
        const auto &e = *rated[i];
        const double y = top + row_h * (static_cast<double>(i) + 0.5);
        s += fmt::format("<text class=\"name\" x=\"{}\" y=\"{:.1f}\">{}</text>", name_w - 8, y + 4, html_escape(e.name));
        if (e.bound != rating::Bound::None) {
            // A bound has no interval: the point where a perfect result has
            // probability 1/2, and a short arrow of fixed length saying on
            // which side the rating lies. Its length means nothing.
            const bool above = e.bound == rating::Bound::Lower;
            const double from = x(e.elo), dir = above ? 1.0 : -1.0;
            s += fmt::format("<line class=\"bound\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>"
                             "<path class=\"arrow\" d=\"M{:.1f},{:.1f} l{:.0f},-5 v10 z\"/>",
                             from, y, from + dir * 14, y, from + dir * 22, y, -dir * 8);
            s += fmt::format("<circle class=\"elo bound-point\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\"><title>{}: {} {} "
                             "({} every game that places it: a bound, not a rating)</title></circle>\n",
                             from, y, html_escape(e.name), above ? "above" : "below", rating::fixed1(e.elo),
                             above ? "won" : "lost");
        } else {
            if (e.error95) {
                s += fmt::format("<line class=\"interval\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>",
                                 x(e.elo - *e.error95), y, x(e.elo + *e.error95), y);
                for (double end : {e.elo - *e.error95, e.elo + *e.error95})
                    s += fmt::format("<line class=\"cap\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>",
                                     x(end), y - 5, y + 5);
            }
            s += fmt::format("<circle class=\"elo\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\"><title>{}: {:.1f}{}</title></circle>\n",
                             x(e.elo), y, html_escape(e.name), e.elo,
                             e.error95 ? fmt::format(" ± {:.1f}", *e.error95) : std::string());
        }
    }
    return s + "</svg>\n";
}

std::string llr_chart_svg(const std::vector<double> &llr, double lower, double upper, int64_t games_per_point) {
    const auto per_point = static_cast<size_t>(std::max<int64_t>(games_per_point, 1));
    const int left = 50, plot_w = 640, plot_h = 220, top = 12;
    const int width = left + plot_w + 20, height = top + plot_h + 30;
    double low = lower, high = upper;
    for (double v : llr) low = std::min(low, v), high = std::max(high, v);
    const double pad = (high - low) * 0.08;
    low -= pad;
    high += pad;
    const size_t n = std::max<size_t>(llr.size() * per_point, 1);
    auto x = [&](size_t game) { return left + static_cast<double>(game) / static_cast<double>(n) * plot_w; };
    auto y = [&](double v) { return top + (high - v) / (high - low) * plot_h; };
    std::string s = fmt::format(
        "<svg class=\"chart\" id=\"llr-chart\" viewBox=\"0 0 {} {}\" width=\"{}\" role=\"img\" "
        "aria-label=\"SPRT log-likelihood ratio after each game\">\n",
        width, height, width);
    const double step = tick_step(high - low, 6);
    for (double t = std::ceil(low / step) * step; t <= high; t += step)
        s += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>"
                         "<text class=\"tick left\" x=\"{}\" y=\"{:.1f}\">{:g}</text>\n",
                         left, y(t), left + plot_w, y(t), left - 6, y(t) + 4, std::round(t * 100) / 100);
    const double gstep = tick_step(static_cast<double>(n), 8);
    for (double g = 0; g <= static_cast<double>(n); g += std::max(1.0, gstep))
        s += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{:.0f}</text>", x(static_cast<size_t>(g)),
                         top + plot_h + 16, g);
    s += fmt::format("<text class=\"axis\" x=\"{}\" y=\"{}\">games</text>\n", left + plot_w, top + plot_h + 28);
    for (auto [bound, name] : {std::pair{upper, "H1 accepted"}, std::pair{lower, "H0 accepted"}})
        s += fmt::format("<line class=\"sprt-bound\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>"
                         "<text class=\"bound-label\" x=\"{}\" y=\"{:.1f}\">{} ({:.2f})</text>\n",
                         left, y(bound), left + plot_w, y(bound), left + 6, y(bound) - 4, name, bound);
    std::string points = fmt::format("{},{:.1f}", left, y(0));
    for (size_t i = 0; i < llr.size(); ++i) points += fmt::format(" {:.1f},{:.1f}", x((i + 1) * per_point), y(llr[i]));
    s += "<polyline class=\"llr\" points=\"" + points + "\"/>\n";
    return s + "</svg>\n";
}

}  // namespace arb::output
