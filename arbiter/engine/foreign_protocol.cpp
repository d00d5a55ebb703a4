#include "engine/foreign_protocol.hpp"

namespace arb::engine {

namespace {

bool starts_with(std::string_view text, std::string_view prefix) noexcept {
    return text.substr(0, prefix.size()) == prefix;
}

// GTP: "=" or "?", then an optional id of digits, then the end or a space.
bool is_gtp_answer(std::string_view line) noexcept {
    if (line.empty() || (line[0] != '=' && line[0] != '?')) return false;
    size_t at = 1;
    while (at < line.size() && line[at] >= '0' && line[at] <= '9') ++at;
    return at == line.size() || line[at] == ' ' || line[at] == '\t' || line[at] == '\r';
}

}  // namespace

std::optional<ForeignProtocol> foreign_protocol_of(std::string_view line) noexcept {
    static constexpr ForeignProtocol kXboard{
        "xboard (CECP)",
        "set 'protocol: xboard' for this engine, or proto=xboard on the command line (arbiter check: --protocol "
        "xboard)",
        protocol::Dialect::Xboard};
    static constexpr ForeignProtocol kGtp{
        "GTP", "arbiter speaks GTP through arbiter-gtp-adapter (engines/gtp-adapter/README.md)", std::nullopt};
    for (std::string_view mark : {"feature ", "tellics ", "telluser ", "Error (", "Illegal move", "Invalid move"})
        if (starts_with(line, mark)) return kXboard;
    if (is_gtp_answer(line)) return kGtp;
    return std::nullopt;
}

}  // namespace arb::engine
