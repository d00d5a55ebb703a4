#include "ugi_commands.hpp"

#include <algorithm>
#include <arbiter/protocol/command.hpp>

#include <charconv>
#include <variant>
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

// Both parsers are the protocol module's (<arbiter/protocol/command.hpp>),
// so an adapter reads exactly what the SDK engines and the host read.
Expected<UgiPosition> parse_position(std::string_view args) {
    protocol::Command command = protocol::parse_command("position " + std::string(args), protocol::Dialect::Ugi);
    if (const auto *invalid = std::get_if<protocol::Invalid>(&command)) return fail(invalid->message);
    const auto &position = std::get<protocol::Position>(command);
    return UgiPosition{position.startpos ? std::string() : position.fen, position.moves};
}

Expected<GoLimits> parse_go(std::string_view args) {
    protocol::Command command = protocol::parse_command("go " + std::string(args), protocol::Dialect::Ugi);
    if (const auto *invalid = std::get_if<protocol::Invalid>(&command)) return fail(invalid->message);
    const auto &go = std::get<protocol::Go>(command);
    GoLimits limits;
    limits.time_ms[0] = go.p1time;
    limits.time_ms[1] = go.p2time;
    limits.inc_ms[0] = go.p1inc;
    limits.inc_ms[1] = go.p2inc;
    limits.movestogo = go.movestogo;
    limits.movetime_ms = go.movetime;
    limits.depth = go.depth;
    limits.nodes = go.nodes;
    limits.infinite = go.infinite;
    limits.ignored = go.ignored;
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
