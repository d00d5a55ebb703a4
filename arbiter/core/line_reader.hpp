// Reading text a line at a time with a bound on memory: a line longer than
// its kind's limit is never held; it is an error naming `file:line`, or for
// a caller that must tell a torn last line (games.jsonl after a kill) it is
// skipped to its end, still without being held. The limits are documented in
// docs/config.md (configs, books, PGN) and docs/records.md (records).
#pragma once

#include "core/expected.hpp"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>

namespace arb {

// A kind of line and the most bytes one may have (without its '\n').
struct LineLimit {
    size_t bytes;
    const char *kind;  // "a config line", for the message
};
// A line of a config, an openings book or a PGN file (`arbiter rate`): 1 MiB.
inline constexpr LineLimit kTextLineLimit{size_t{1} << 20, "a line of a config, book or PGN file"};
// A record of games.jsonl: 16 MiB (a long game with full search info is well under 1 MiB).
inline constexpr LineLimit kRecordLineLimit{size_t{16} << 20, "a games.jsonl record"};
// A config is read whole (YAML needs it so): 16 MiB at most.
inline constexpr size_t kConfigFileLimit = size_t{16} << 20;
// An openings book is copied whole into the output folder: 1 GiB at most.
inline constexpr size_t kBookFileLimit = size_t{1} << 30;

class LineReader {
public:
    // Reads the descriptor (not owned) named `name` in messages.
    LineReader(int fd, std::string name, LineLimit limit);
    // Reads a stream (text in memory, tests).
    LineReader(std::istream &in, std::string name, LineLimit limit);

    enum class Status { Line, TooLong, End };
    // The next line, without its '\n' (a '\r' before it is kept). TooLong: the
    // line was longer than the limit; `line` is empty and, with `skip_long`,
    // the line has been skipped to its end (terminated() tells whether it
    // had one), else reading stopped at the limit and the reader is spent.
    // End: nothing is left.
    Expected<Status> next_or_long(std::string &line, bool skip_long = true);
    // The same, with a too-long line an error (too_long()), found after
    // reading at most the limit: false at the end.
    Expected<bool> next(std::string &line);

    // The number of the line last read (1 for the first).
    [[nodiscard]] int number() const noexcept { return number_; }
    // Whether the line last read ended at a '\n' (not at the end of the file).
    [[nodiscard]] bool terminated() const noexcept { return terminated_; }
    // The offset of the first byte of the line last read, and of the byte after it (and its '\n').
    [[nodiscard]] uint64_t line_offset() const noexcept { return line_offset_; }
    [[nodiscard]] uint64_t consumed() const noexcept { return consumed_; }
    // Whether nothing follows the line last read.
    Expected<bool> at_end();

    [[nodiscard]] const std::string &name() const noexcept { return name_; }
    // "NAME:LINE: " ("line LINE: " for a reader without a name), for messages.
    [[nodiscard]] std::string at(int line) const;
    // "NAME:LINE: line longer than N bytes (...)" for the line last read.
    [[nodiscard]] Error too_long() const;

private:
    Expected<size_t> fill();  // 0 at the end

    int fd_ = -1;
    std::istream *in_ = nullptr;
    std::string name_;
    LineLimit limit_;
    std::string buffer_;
    size_t pos_ = 0, end_ = 0;
    int number_ = 0;
    bool terminated_ = false;
    uint64_t line_offset_ = 0, consumed_ = 0;
};

// "1 MiB", "300 bytes": a limit for messages.
std::string size_text(size_t bytes);

// A whole file (a config, a book) of at most `max_bytes`, each line within `limit`;
// the file is opened as InputFile::open does.
Expected<std::string> read_text_file(const std::string &file, size_t max_bytes, LineLimit limit);

}  // namespace arb
