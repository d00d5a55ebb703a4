#include "gtp_process.hpp"

#include "gtp_reply.hpp"

namespace arb::gtp {

Expected<Process> Process::start(const adapter::EngineCommand &command) {
    auto link = adapter::EngineLink::start(command, "GTP engine");
    if (!link) return Unexpected<Error>{link.error()};
    return Process(std::move(*link));
}

std::optional<std::string> Process::next_line() {
    auto read = link_.read_line();
    if (read.kind != adapter::ReadResult::Kind::Line) return std::nullopt;
    return std::move(read.line);
}

Expected<Reply> Process::command(const std::string &line) {
    if (!link_.send(line)) return fail("cannot send '" + line + "' to " + link_.ended());
    auto reply = read_reply([this] { return next_line(); });
    if (!reply) return fail("no reply to '" + line + "' from " + link_.ended());
    return reply;
}

std::string Process::quit() {
    if (link_.send("quit")) (void)read_reply([this] { return next_line(); });
    return link_.quit("");
}

}  // namespace arb::gtp
