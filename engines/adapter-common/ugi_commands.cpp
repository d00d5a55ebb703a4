#include "ugi_commands.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace arb::adapter {

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::istringstream in{std::string(text)};
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::pair<std::string_view, std::string_view> split_first(std::string_view line) {
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) return {{}, {}};
    line.remove_prefix(start);
    size_t end = line.find_first_of(" \t");
    if (end == std::string_view::npos) return {line, {}};
    std::string_view rest = line.substr(end);
    rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of(" \t")));
    return {line.substr(0, end), rest};
}

Expected<UgiPosition> parse_position(std::string_view args) {
    std::vector<std::string> w = words(args);
    UgiPosition p;
    size_t i = 0;
    if (!w.empty() && w[0] == "startpos") {
        i = 1;
    } else if (!w.empty() && w[0] == "fen") {
        for (i = 1; i < w.size() && w[i] != "moves"; ++i) p.fen += (p.fen.empty() ? "" : " ") + w[i];
        if (p.fen.empty()) return fail("'position fen' without a position string");
    } else {
        return fail("cannot read 'position " + std::string(args) + "': expected startpos or fen");
    }
    if (i < w.size()) {
        if (w[i] != "moves") return fail("unexpected '" + w[i] + "' in 'position " + std::string(args) + "'");
        p.moves.assign(w.begin() + static_cast<long>(i) + 1, w.end());
    }
    return p;
}

Expected<GoLimits> parse_go(std::string_view args) {
    GoLimits limits;
    std::vector<std::string> w = words(args);
    for (size_t i = 0; i < w.size(); ++i) {
        if (w[i] == "infinite") {
            limits.infinite = true;
            continue;
        }
        std::optional<int64_t> *field = nullptr;
        if (w[i] == "p1time") field = &limits.time_ms[0];
        else if (w[i] == "p2time") field = &limits.time_ms[1];
        else if (w[i] == "p1inc") field = &limits.inc_ms[0];
        else if (w[i] == "p2inc") field = &limits.inc_ms[1];
        else if (w[i] == "movestogo") field = &limits.movestogo;
        else if (w[i] == "movetime") field = &limits.movetime_ms;
        else if (w[i] == "depth") field = &limits.depth;
        else if (w[i] == "nodes") field = &limits.nodes;
        else continue;  // unknown words are ignored, as UGI asks
        if (i + 1 >= w.size()) return fail("'go " + std::string(args) + "': no number after '" + w[i] + "'");
        const std::string &number = w[++i];
        int64_t value = 0;
        auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (ec != std::errc() || end != number.data() + number.size())
            return fail("'go " + std::string(args) + "': '" + number + "' after '" + w[i - 1] + "' is not a number");
        *field = value;
    }
    return limits;
}

Expected<int> othello_first_mover(std::string_view fen) {
    if (fen.empty()) return 0;
    switch (fen.back()) {
    case 'X': case 'x': case 'B': case 'b': case '*': return 0;
    case 'O': case 'o': case 'W': case 'w': return 1;
    default: return fail("cannot tell the side to move from the position '" + std::string(fen) + "'");
    }
}

Expected<int> othello_side_to_move(const UgiPosition &position) {
    auto first = othello_first_mover(position.fen);
    if (!first) return first;
    return (*first + static_cast<int>(position.moves.size() % 2)) % 2;
}

}  // namespace arb::adapter
