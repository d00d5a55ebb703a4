#include "core/quote.hpp"

#include "core/text_check.hpp"
#include "core/utf8.hpp"

namespace arb {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_escaped(std::string &out, unsigned char c) {
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
        const size_t length = utf8_sequence_length(text, i);
        if (i + (length == 0 ? 1 : length) > max) break;
        size_t control_length = 0;
        const bool control = control_at(text, i, control_length);
        if (control && control_length == 2) {  // a C1 control written as UTF-8 (C2 9B is CSI)
            const auto code = static_cast<unsigned char>(text[i + 1]);
            out += "\\u00";
            out += kHex[code >> 4];
            out += kHex[code & 0xF];
            i += 2;
        } else if (control || length == 0) {
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

std::string escaped(std::string_view text) { return excerpt(text, std::string_view::npos); }

std::string quote(std::string_view text, size_t max) { return "'" + excerpt(text, max) + "'"; }

}  // namespace arb
