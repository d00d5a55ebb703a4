#include "config/config_loader.hpp"

#include <algorithm>
#include <cctype>

namespace arb::config {

namespace {

size_t edit_distance(const std::string &a, const std::string &b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t above = row[j];
            bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::optional<std::string> did_you_mean(const std::string &word, const std::vector<std::string> &candidates) {
    std::optional<std::string> best;
    size_t best_distance = 0;
    for (const auto &c : candidates) {
        size_t d = edit_distance(word, c);
        if (!best || d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    // A typo changes a few letters; anything further is another word.
    size_t limit = std::max<size_t>(1, std::min<size_t>(3, word.size() / 3 + 1));
    if (best && best_distance <= limit) return best;
    return std::nullopt;
}

}  // namespace arb::config
