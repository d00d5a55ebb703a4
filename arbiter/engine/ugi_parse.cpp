#include "engine/ugi_parse.hpp"

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/reply.hpp>

namespace arb::engine {

static_assert(kMateScore == protocol::kMateScore);

std::string_view next_token(std::string_view &rest) noexcept { return protocol::detail::next_word(rest); }

std::string_view first_token(std::string_view line) noexcept { return protocol::first_word(line); }

void parse_info_line(std::string_view line, SearchInfo &info) noexcept {
    protocol::InfoFields fields{info.score_cp, info.depth, info.nodes, info.seldepth, info.nps};
    protocol::parse_info(line, fields);
    info.score_cp = fields.score_cp;
    info.depth = fields.depth;
    info.nodes = fields.nodes;
    info.seldepth = fields.seldepth;
    info.nps = fields.nps;
}

std::string_view parse_bestmove(std::string_view line) noexcept { return protocol::parse_bestmove(line); }

std::string parse_option_name(std::string_view line) { return protocol::parse_option_name(line); }

void append_go_line(std::string &out, const GoCommand &go, protocol::Dialect dialect) {
    protocol::Go g;
    if (go.p1time) g.p1time = go.p1time->count();
    if (go.p2time) g.p2time = go.p2time->count();
    if (go.p1inc) g.p1inc = go.p1inc->count();
    if (go.p2inc) g.p2inc = go.p2inc->count();
    if (go.movestogo) g.movestogo = *go.movestogo;
    if (go.movetime) g.movetime = go.movetime->count();
    g.depth = go.depth;
    g.nodes = go.nodes;
    protocol::append_go(out, g, dialect);
}

bool append_position_line(std::string &out, std::string_view ugi_form, protocol::Dialect dialect) {
    std::string line = "position ";
    line += ugi_form;
    protocol::Command command = protocol::parse_command(line, protocol::Dialect::Ugi);
    const auto *position = std::get_if<protocol::Position>(&command);
    if (position == nullptr) return false;
    protocol::append_position(out, *position, dialect);
    return true;
}

}  // namespace arb::engine
