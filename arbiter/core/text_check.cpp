#include "core/text_check.hpp"

#include "core/quote.hpp"
#include "core/utf8.hpp"

namespace arb {

bool control_at(std::string_view text, size_t i, size_t &length) {
    const auto c = static_cast<unsigned char>(text[i]);
    length = utf8_sequence_length(text, i);
    if (length == 0) {
        length = 1;
        return c >= 0x80 && c <= 0x9F;
    }
    if (length == 1) return c < 0x20 || c == 0x7F;
    return length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
}

namespace {

constexpr size_t kBlock = 64;

// Whether the kBlock bytes at `p` are all printable ASCII (0x20..0x7E): no
// branch per byte, so that the compiler checks many at once.
bool printable_block(const char *p) {
    unsigned char outside = 0;
    for (size_t k = 0; k < kBlock; ++k)
        outside |= static_cast<unsigned char>(static_cast<unsigned char>(p[k]) - 0x20u) >= 0x5Fu;
    return outside == 0;
}

}  // namespace

std::optional<std::string> control_fault(std::string_view text) {
    for (size_t i = 0, length = 0; i < text.size(); i += length) {
        // Printable ASCII, nearly all of a protocol line, needs no UTF-8
        // decoding: this runs over every position line sent, one per ply.
        while (i + kBlock <= text.size() && printable_block(text.data() + i)) i += kBlock;
        while (i < text.size() && static_cast<unsigned char>(text[i]) - 0x20u < 0x5Fu) ++i;
        if (i == text.size()) break;
        if (!control_at(text, i, length)) continue;
        const char c = text[i];
        const std::string what = c == '\n' || c == '\r' ? "a line break" : c == '\0' ? "a NUL byte" : "a control character";
        return "holds " + what + " " + quote(text.substr(i, length)) + " at byte " + std::to_string(i + 1) +
               " (control characters are refused: they would end a protocol line or reach a terminal)";
    }
    return std::nullopt;
}

std::optional<std::string> option_name_fault(std::string_view name) {
    if (auto fault = control_fault(name)) return fault;
    if (name.find_first_not_of(' ') == std::string_view::npos) return std::string("is empty");
    for (size_t at = name.find(kOptionValueWord); at != std::string_view::npos; at = name.find(kOptionValueWord, at + 1)) {
        const size_t end = at + kOptionValueWord.size();
        const bool word_starts = at == 0 || name[at - 1] == ' ';
        const bool word_ends = end == name.size() || name[end] == ' ';
        if (word_starts && word_ends)
            return "holds the word '" + std::string(kOptionValueWord) +
                   "', which ends an option's name in 'setoption name NAME value VALUE'";
    }
    return std::nullopt;
}

}  // namespace arb
