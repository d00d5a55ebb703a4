// The one check for text that goes into a protocol line (core/text_check.hpp)
// and the one escaper for text shown from files and engines (core/quote.hpp),
// issue 28 items 1 and 8. The expected texts are written out by hand from
// the bytes each case holds.
#include "core/quote.hpp"
#include "core/text_check.hpp"

#include <catch2/catch.hpp>

#include <string>

using arb::control_fault;
using arb::escaped;
using arb::option_name_fault;

TEST_CASE("control_fault passes printable and non-ASCII UTF-8 text", "[text]") {
    CHECK_FALSE(control_fault(""));
    CHECK_FALSE(control_fault("Hash"));
    CHECK_FALSE(control_fault("Tigre \xc3\xb1"));                 // "Tigre ñ"
    CHECK_FALSE(control_fault("\xe4\xb8\x96\xe7\x95\x8c \xf0\x9f\x90\xaf"));  // "世界 🐯"
    CHECK_FALSE(control_fault("\xc5\x9b"));  // "ś": its second byte is 0x9b, a continuation, not CSI
    CHECK_FALSE(control_fault("\xc2\xa0\xc2\xbf"));  // U+00A0, U+00BF: just past the C1 block
}

TEST_CASE("control_fault names line breaks NUL ESC BEL DEL and C1 controls with their byte", "[text]") {
    auto fault = control_fault("16\nuginewgame\nposition startpos moves f5\ngo movetime 1");
    REQUIRE(fault);
    CHECK_THAT(*fault, Catch::StartsWith("holds a line break '\\n' at byte 3"));
    CHECK_THAT(control_fault("a\rb").value_or(""), Catch::StartsWith("holds a line break '\\r' at byte 2"));
    CHECK_THAT(control_fault(std::string("ab\0c", 4)).value_or(""), Catch::StartsWith("holds a NUL byte '\\x00' at byte 3"));
    CHECK_THAT(control_fault("\x1b]0;title\x07").value_or(""),
               Catch::StartsWith("holds a control character '\\x1b' at byte 1"));
    CHECK_THAT(control_fault("title\x07").value_or(""), Catch::StartsWith("holds a control character '\\x07' at byte 6"));
    CHECK_THAT(control_fault("a\tb").value_or(""), Catch::StartsWith("holds a control character '\\t' at byte 2"));
    CHECK_THAT(control_fault("x\x7f").value_or(""), Catch::StartsWith("holds a control character '\\x7f' at byte 2"));
    // U+009B (CSI) as UTF-8, and a lone 0x9b byte (CSI in an 8-bit terminal).
    CHECK_THAT(control_fault("\xc3\xb1\xc2\x9b[2J").value_or(""),
               Catch::StartsWith("holds a control character '\\u009b' at byte 3"));
    CHECK_THAT(control_fault("a\x9b").value_or(""), Catch::StartsWith("holds a control character '\\x9b' at byte 2"));
    CHECK_THAT(control_fault("\xc2\x80").value_or(""), Catch::StartsWith("holds a control character '\\u0080' at byte 1"));
}

// A ply's position line is long printable ASCII with the move list at its
// end: a control character or C1 byte after thousands of plain bytes is still
// found, at its own byte, and a multi-byte character there is still decoded.
TEST_CASE("control_fault finds a control character at the end of a long position line", "[text]") {
    std::string line = "position startpos moves";
    for (int i = 0; i < 500; ++i) line += " e2e4";  // 23 + 500 * 5 = 2523 bytes
    CHECK_FALSE(control_fault(line));
    CHECK_FALSE(control_fault(line + " \xc3\xb1"));
    CHECK_THAT(control_fault(line + "\n").value_or(""), Catch::StartsWith("holds a line break '\\n' at byte 2524"));
    CHECK_THAT(control_fault(line + "\x7f").value_or(""), Catch::StartsWith("holds a control character '\\x7f' at byte 2524"));
    CHECK_THAT(control_fault(line + "\xc3\xb1\xc2\x9b").value_or(""),
               Catch::StartsWith("holds a control character '\\u009b' at byte 2526"));
    CHECK_THAT(control_fault(line + "\x9b").value_or(""), Catch::StartsWith("holds a control character '\\x9b' at byte 2524"));
    // The check takes 64 bytes at a time: a control character first or last
    // in such a block, or one after valid UTF-8 inside a block, is found too.
    const std::string a64(64, 'a');
    CHECK_THAT(control_fault(a64 + "\t" + a64).value_or(""), Catch::StartsWith("holds a control character '\\t' at byte 65"));
    CHECK_THAT(control_fault(std::string(63, 'a') + "\x1b" + a64).value_or(""),
               Catch::StartsWith("holds a control character '\\x1b' at byte 64"));
    CHECK_FALSE(control_fault(a64 + "\xc3\xb1" + a64 + a64));
    CHECK_THAT(control_fault("x\xc3\xb1" + a64 + "\r" + a64).value_or(""),
               Catch::StartsWith("holds a line break '\\r' at byte 68"));
}

TEST_CASE("option_name_fault refuses the word value, control characters and empty names", "[text]") {
    CHECK_FALSE(option_name_fault("Hash"));
    CHECK_FALSE(option_name_fault("Move Overhead"));
    CHECK_FALSE(option_name_fault("Values"));     // a longer word
    CHECK_FALSE(option_name_fault("Eval File"));
    CHECK_FALSE(option_name_fault("novalue"));
    CHECK_FALSE(option_name_fault("Tigre \xc3\xb1"));
    CHECK_THAT(option_name_fault("Evil\nquit").value_or(""), Catch::StartsWith("holds a line break '\\n' at byte 5"));
    const std::string word = "holds the word 'value'";
    CHECK_THAT(option_name_fault("Hash value 1").value_or(""), Catch::StartsWith(word));
    CHECK_THAT(option_name_fault("value").value_or(""), Catch::StartsWith(word));
    CHECK_THAT(option_name_fault("my value").value_or(""), Catch::StartsWith(word));
    CHECK_THAT(option_name_fault("value x").value_or(""), Catch::StartsWith(word));
    CHECK(option_name_fault("") == std::string("is empty"));
    CHECK(option_name_fault("   ") == std::string("is empty"));
}

TEST_CASE("escaped shows terminal escapes as text, whole, and keeps UTF-8", "[text]") {
    CHECK(escaped("\x1b]0;title\x07") == "\\x1b]0;title\\x07");  // OSC: sets the terminal's title
    CHECK(escaped("\x1b[2J") == "\\x1b[2J");                    // clears the screen
    CHECK(escaped(std::string("a\0b", 3)) == "a\\x00b");
    CHECK(escaped("a\xc2\x9b" "2J") == "a\\u009b2J");
    CHECK(escaped("Tigre \xc3\xb1") == "Tigre \xc3\xb1");
    const std::string long_text(500, 'x');
    CHECK(escaped(long_text) == long_text);  // not cut, unlike excerpt()
    const std::string once = escaped("\x1b[31mred\x1b[0m\n");
    CHECK(once == "\\x1b[31mred\\x1b[0m\\n");
    CHECK(escaped(once) == once);  // escaping twice changes nothing more
}
