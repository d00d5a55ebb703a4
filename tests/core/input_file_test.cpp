// InputFile: what is not a regular file is refused by name before a byte is
// read, and a FIFO does not block the open (the 60 s test timeout is the
// guard: before, opening a FIFO with no writer blocked for ever).
#include "core/input_file.hpp"
#include "core/line_reader.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

using namespace arb;

TEST_CASE("InputFile refuses a FIFO, a device and a folder, naming each", "[core][reads]") {
    test::TempDir dir;
    const auto fifo = dir.path() / "book.pgn";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto f = InputFile::open(fifo);
    REQUIRE_FALSE(f.has_value());
    CHECK(f.error().message == fifo.string() + " is a FIFO, not a regular file: the arbiter reads only regular files");

    auto zero = InputFile::open("/dev/zero");
    REQUIRE_FALSE(zero.has_value());
    CHECK(zero.error().message == "/dev/zero is a device, not a regular file: the arbiter reads only regular files");

    auto folder = InputFile::open(dir.path());
    REQUIRE_FALSE(folder.has_value());
    CHECK(folder.error().message ==
          dir.path().string() + " is a folder, not a regular file: the arbiter reads only regular files");

    // A link is followed, and what it ends at is checked.
    const auto link = dir.path() / "games.jsonl";
    std::filesystem::create_symlink("/dev/zero", link);
    auto linked = InputFile::open_if_exists(link);
    REQUIRE_FALSE(linked.has_value());
    CHECK(linked.error().message == link.string() + " is a device, not a regular file: the arbiter reads only regular files");
}

TEST_CASE("InputFile opens a regular file, and a missing one is nullopt or an error", "[core][reads]") {
    test::TempDir dir;
    const auto file = dir.write("a.txt", "hello\n");
    auto opened = InputFile::open(file);
    REQUIRE(opened.has_value());
    CHECK(opened->size() == 6);
    LineReader lines(opened->fd(), file.string(), kTextLineLimit);
    std::string line;
    auto more = lines.next(line);
    REQUIRE(more.has_value());
    CHECK(*more);
    CHECK(line == "hello");

    auto absent = InputFile::open_if_exists(dir.path() / "none");
    REQUIRE(absent.has_value());
    CHECK_FALSE(absent->has_value());
    auto missing = InputFile::open(dir.path() / "none");
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().message == (dir.path() / "none").string() + ": cannot read: No such file or directory");
}
