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

const char *engine_colour(size_t index) {
    // Eight colours told apart also by most colour-blind readers (Okabe and Ito's, darkened for white paper).
    static constexpr const char *kColours[] = {"#0067a5", "#d55e00", "#009e73", "#cc79a7",
                                               "#8a6d00", "#56b4e9", "#333333", "#b8321f"};
    return kColours[index % 8];
}

std::string line_chart_svg(const LineChart &chart, const std::vector<ChartSeries> &series) {
    double x_low = 0, x_high = 1, y_low = 0, y_high = chart.percent ? 100 : 1;
    bool any = false;
    for (const auto &s : series)
        for (const auto &[px, py] : s.points) {
            x_high = std::max(x_high, px);
            if (!chart.percent) y_high = std::max(y_high, py);
            any = true;
        }
    if (!any) return "<p class=\"note\">No figures yet.</p>";
    if (!chart.percent) y_high *= 1.08;
    const int left = 56, plot_w = 520, plot_h = 170, top = 12, legend_w = 150;
    const int width = left + plot_w + legend_w, height = top + plot_h + 34;
    auto x = [&](double v) { return left + (v - x_low) / (x_high - x_low) * plot_w; };
    auto y = [&](double v) { return top + (y_high - v) / (y_high - y_low) * plot_h; };
    std::string s = fmt::format("<svg class=\"chart\" id=\"{}\" viewBox=\"0 0 {} {}\" width=\"{}\" role=\"img\" "
                                "aria-label=\"{}\">\n",
                                chart.id, width, height, width, html_escape(chart.label));
    const double ystep = chart.percent ? 25 : tick_step(y_high - y_low, 4);
    for (double t = 0; t <= y_high + 1e-9; t += ystep)
        s += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>"
                         "<text class=\"tick left\" x=\"{}\" y=\"{:.1f}\">{:g}{}</text>\n",
                         left, y(t), left + plot_w, y(t), left - 6, y(t) + 4, t, chart.percent ? "%" : "");
    const double xstep = std::max(1.0, tick_step(x_high - x_low, 5));
    for (double t = std::ceil(x_low / xstep) * xstep; t <= x_high + 1e-9; t += xstep)
        s += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{:g}</text>", x(t), top + plot_h + 16, t);
    s += fmt::format("<text class=\"axis\" x=\"{}\" y=\"{}\">{}</text>", left + plot_w, top + plot_h + 32,
                     html_escape(chart.x_axis));
    s += fmt::format("<text class=\"axis start\" x=\"{}\" y=\"{}\">{}</text>\n", left + 4, top + 12,
                     html_escape(chart.y_axis));
    for (size_t i = 0; i < series.size(); ++i) {
        const auto &ser = series[i];
        const double ly = top + 8 + 18.0 * static_cast<double>(i);
        s += fmt::format("<line class=\"key\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"{}\"/>"
                         "<text class=\"key\" x=\"{}\" y=\"{:.1f}\">{}</text>\n",
                         left + plot_w + 10, ly, left + plot_w + 28, ly, engine_colour(i), left + plot_w + 32, ly + 4,
                         html_escape(ser.name));
        if (ser.points.empty()) continue;
        std::string points;
        for (const auto &[px, py] : ser.points) points += fmt::format("{:.1f},{:.1f} ", x(px), y(py));
        points.pop_back();
        s += fmt::format("<polyline class=\"series\" data-engine=\"{}\" stroke=\"{}\" points=\"{}\"/>\n",
                         html_escape(ser.name), engine_colour(i), points);
    }
    return s + "</svg>\n";
}

std::string length_chart_svg(const std::vector<std::string> &names, const std::vector<std::vector<int64_t>> &lengths) {
    int64_t longest = 1;
    for (const auto &l : lengths)
        for (int64_t n : l) longest = std::max(longest, n);
    const int name_w = 150, plot_w = 440, row_h = 24, top = 24;
    const int width = name_w + plot_w + 60, height = top + row_h * static_cast<int>(names.size()) + 8;
    const double high = static_cast<double>(longest) * 1.05;
    auto x = [&](double v) { return name_w + v / high * plot_w; };
    std::string s = fmt::format("<svg class=\"chart\" id=\"length-chart\" viewBox=\"0 0 {} {}\" width=\"{}\" role=\"img\" "
                                "aria-label=\"Game length per engine, in plies\">\n",
                                width, height, width);
    const double step = tick_step(high, 5);
    for (double t = 0; t <= high; t += step)
        s += fmt::format("<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\"/>"
                         "<text class=\"tick\" x=\"{0:.1f}\" y=\"{3}\">{4:g}</text>\n",
                         x(t), top - 6, height - 4, top - 10, t);
    for (size_t i = 0; i < names.size(); ++i) {
        const double y = top + row_h * (static_cast<double>(i) + 0.5);
        s += fmt::format("<text class=\"name\" x=\"{}\" y=\"{:.1f}\">{}</text>", name_w - 8, y + 4, html_escape(names[i]));
        const auto &l = lengths[i];
        if (l.empty()) {
            s += fmt::format("<text class=\"tick left-start\" x=\"{}\" y=\"{:.1f}\">no games</text>\n", name_w + 4, y + 4);
            continue;
        }
        double sum = 0;
        for (int64_t n : l) sum += static_cast<double>(n);
        const double mean = sum / static_cast<double>(l.size());
        const auto [shortest, most] = std::minmax_element(l.begin(), l.end());
        s += fmt::format("<line class=\"range\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"/>"
                         "<rect class=\"mean\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"6\" height=\"12\" fill=\"{}\">"
                         "<title>{}: {:.1f} plies on average ({} to {}, {} games)</title></rect>"
                         "<text class=\"value\" x=\"{:.1f}\" y=\"{:.1f}\">{:.0f}</text>\n",
                         x(static_cast<double>(*shortest)), y, x(static_cast<double>(*most)), y, engine_colour(i),
                         x(mean) - 3, y - 6, engine_colour(i), html_escape(names[i]), mean, *shortest, *most, l.size(),
                         x(static_cast<double>(*most)) + 6, y + 4, mean);
    }
    return s + "</svg>\n";
}

}  // namespace arb::output
