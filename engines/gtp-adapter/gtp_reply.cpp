#include "gtp_reply.hpp"

#include <cctype>

namespace arb::gtp {

namespace {

void drop_cr(std::string &line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
}

}  // namespace

Expected<Reply> read_reply(const std::function<std::optional<std::string>()> &next_line) {
    std::optional<std::string> line;
    for (;;) {
        line = next_line();
        if (!line) return fail("the GTP engine closed its output before replying");
        drop_cr(*line);
        if (!line->empty() && ((*line)[0] == '=' || (*line)[0] == '?')) break;
    }
    Reply reply;
    reply.ok = (*line)[0] == '=';
    size_t i = 1;
    while (i < line->size() && std::isdigit(static_cast<unsigned char>((*line)[i]))) ++i;  // command id
    while (i < line->size() && ((*line)[i] == ' ' || (*line)[i] == '\t')) ++i;
    reply.text = line->substr(i);
    for (;;) {
        line = next_line();
        if (!line) break;  // a reply cut by EOF still counts (the engine may be quitting)
        drop_cr(*line);
        if (line->empty()) break;
        reply.text += '\n';
        reply.text += *line;
    }
    return reply;
}

}  // namespace arb::gtp
