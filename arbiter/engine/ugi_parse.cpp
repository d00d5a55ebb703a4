#include "engine/ugi_parse.hpp"

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/reply.hpp>

namespace arb::engine {

static_assert(kMateScore == protocol::kMateScore);

std::string_view next_token(std::string_view &rest) noexcept { return protocol::detail::next_word(rest); }

std::string_view first_token(std::string_view line) noexcept { return protocol::first_word(line); }

void parse_info_line(std::string_view line, protocol::InfoFields &info) noexcept { protocol::parse_info(line, info); }

std::string_view parse_bestmove(std::string_view line) noexcept { return protocol::parse_bestmove(line); }

std::string parse_option_name(std::string_view line) { return protocol::parse_option_name(line); }

}  // namespace arb::engine
