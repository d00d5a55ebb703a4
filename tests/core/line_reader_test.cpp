// LineReader: a line over its limit is never held; it is an error naming
// file:line, or (next_or_long) skipped to its end for a caller that must tell
// a torn last line. Files of limit+1 bytes, not gigabytes, show the bound.
#include "core/line_reader.hpp"

#include "core/input_file.hpp"
#include "output/record_log.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <sstream>

using namespace arb;

namespace {

constexpr size_t kMiB = size_t{1} << 20;

}  // namespace

TEST_CASE("a line of exactly the limit is read, one byte more is an error naming file:line", "[core][reads]") {
    test::TempDir dir;
    const auto file = dir.write("book.txt", "e4 e5\n" + std::string(kMiB, 'a') + "\n" + std::string(kMiB + 1, 'b') + "\nd4\n");
    auto in = InputFile::open(file);
    REQUIRE(in.has_value());
    LineReader lines(in->fd(), file.string(), kTextLineLimit);
    std::string line;
    REQUIRE(lines.next(line).value());
    CHECK(line == "e4 e5");
    REQUIRE(lines.next(line).value());
    CHECK(line.size() == kMiB);
    auto third = lines.next(line);
    REQUIRE_FALSE(third.has_value());
    CHECK(third.error().message == file.string() +
                                       ":3: line longer than 1048576 bytes (1 MiB, the limit for a line of a config, "
                                       "book or PGN file)");
}

TEST_CASE("a too-long line is skipped to its end, its place known, without being held", "[core][reads]") {
    std::istringstream text("ab\n" + std::string(100, 'x') + "\ncd\n" + std::string(100, 'y'));
    LineReader lines(text, "t", LineLimit{10, "a test line"});
    std::string line;
    CHECK(lines.next_or_long(line).value() == LineReader::Status::Line);
    CHECK(lines.consumed() == 3);
    CHECK(lines.next_or_long(line).value() == LineReader::Status::TooLong);
    CHECK(line.empty());
    CHECK(lines.terminated());
    CHECK(lines.line_offset() == 3);
    CHECK(lines.consumed() == 104);
    CHECK(lines.next_or_long(line).value() == LineReader::Status::Line);
    CHECK(line == "cd");
    CHECK_FALSE(lines.at_end().value());
    CHECK(lines.next_or_long(line).value() == LineReader::Status::TooLong);
    CHECK_FALSE(lines.terminated());  // ran to the end of the file: a torn last line
    CHECK(lines.number() == 4);
    CHECK(lines.next_or_long(line).value() == LineReader::Status::End);
}

TEST_CASE("a config larger than its limit is refused naming the file and line", "[core][reads]") {
    test::TempDir dir;
    std::string text;
    const std::string row(1023, 'x');
    while (text.size() <= kConfigFileLimit) text += row + "\n";
    const auto file = dir.write("big.yaml", text);
    auto read = read_text_file(file.string(), kConfigFileLimit, kTextLineLimit);
    REQUIRE_FALSE(read.has_value());
    CHECK(read.error().message == file.string() + ":16385: the file is larger than 16 MiB, the most the arbiter reads of it");
}

TEST_CASE("games.jsonl: a record line over the limit is an error at its line, a torn one of any length is dropped",
          "[core][reads][records]") {
    test::TempDir dir;
    const std::string huge(kRecordLineLimit.bytes + 1, 'x');
    // Not the last line: damage, named by its place (before: read whole, then a JSON error).
    const auto damaged = dir.write("damaged.jsonl", huge + "\n{}\n");
    auto scan = output::scan_record_log(damaged, [](match::FinishedGame &&) {});
    REQUIRE_FALSE(scan.has_value());
    CHECK(scan.error().message == damaged.string() +
                                      ":1: line longer than 16777216 bytes (16 MiB, the limit for a games.jsonl record)");
    // The last line, without a newline: torn by a kill, dropped, the valid part ends before it.
    const auto torn = dir.write("torn.jsonl", "\n" + huge);
    auto cut = output::scan_record_log(torn, [](match::FinishedGame &&) {});
    REQUIRE(cut.has_value());
    CHECK(cut->dropped_torn_line);
    CHECK(cut->valid_bytes == 1);
}

TEST_CASE("games.jsonl that is a FIFO or /dev/zero is refused, not read", "[core][reads][records]") {
    test::TempDir dir;
    const auto fifo = dir.path() / "games.jsonl";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto scan = output::scan_record_log(fifo, [](match::FinishedGame &&) {});
    REQUIRE_FALSE(scan.has_value());
    CHECK(scan.error().message == fifo.string() + " is a FIFO, not a regular file: the arbiter reads only regular files");
    auto places = output::scan_record_places("/dev/zero", [](const output::RecordPlace &) {});
    REQUIRE_FALSE(places.has_value());
    CHECK(places.error().message == "/dev/zero is a device, not a regular file: the arbiter reads only regular files");
}
