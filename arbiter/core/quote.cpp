#include "core/quote.hpp"

#include "core/utf8.hpp"

namespace arb {

namespace {

void append_escaped(std::string &out, unsigned char c) {
    static constexpr char kHex[] = "0123456789abcdef";
    switch (c) {
        case '\n': out += "\\n"; return;
        case '\r': out += "\\r"; return;
        case '\t': out += "\\t"; return;
        default: break;
    }
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
}

}  // namespace

std::string excerpt(std::string_view text, size_t max) {
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        size_t length = utf8_sequence_length(text, i);
        if (i + (length == 0 ? 1 : length) > max) break;
        if (c < 0x20 || c == 0x7F || length == 0) {
            append_escaped(out, c);
            ++i;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

std::string quote(std::string_view text, size_t max) { return "'" + excerpt(text, max) + "'"; }

}  // namespace arb
