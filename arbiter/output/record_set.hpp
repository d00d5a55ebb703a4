// A tournament's record files, owned by one object: games.jsonl (the source
// of truth), games.pgn and the game's own record (games.ggf for Othello),
// plus the files derived from them (config, standings, report). `arbiter
// run` (fresh or --resume), `arbiter merge` and `arbiter report` all write
// through it, so every command opens, rebuilds, appends, syncs, renames and
// locks the same way.
//
// Guarantees:
// - the folder is locked (FolderLock) for the object's life;
// - every file is opened relative to the folder and never through a link
//   (OutputFolder);
// - games.pgn and the native record are rebuilt from games.jsonl into
//   temporaries that replace them, synced, when the run starts, and in
//   game-index order (record_order.hpp): during a run they take games as
//   they end (`tail -f` shows each game), and once it ends (finished or
//   stopped) they are written anew in index order unless they already are,
//   so a run, a resumed run and a merged sharded run list the same games
//   the same way at any concurrency; games.jsonl stays in the order games
//   ended and is never rewritten;
// - a game's JSON line is written before its other records, and synced by
//   commit() (group commit: one caller syncs for every game written before
//   it, outside whatever lock the appenders share);
//   after the first failed write to any record file nothing more is
//   appended to any of them, so no record is ever glued onto a torn one.
#pragma once

#include "core/expected.hpp"
#include "match/finished_game.hpp"
#include "output/folder_lock.hpp"
#include "output/output_folder.hpp"
#include "output/record_log.hpp"
#include "output/record_order.hpp"

#include <filesystem>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace arb::output {

inline constexpr const char *kJsonlFile = "games.jsonl";
inline constexpr const char *kPgnFile = "games.pgn";

// How a finished game becomes the text of each record (built from the
// config by the tournament layer).
struct RecordWriters {
    std::function<std::string(const match::FinishedGame &)> json_line;  // one line, without its end
    std::function<std::string(const match::FinishedGame &)> pgn;
    // The game's own formats (games.ggf; shogi's games.kif and games.csa), none or more.
    struct Native {
        std::string file;
        // The game's record in this format, or why the plugin cannot write
        // it (the game is then left out of that file only).
        std::function<Expected<std::string>(const match::FinishedGame &)> write;
    };
    std::vector<Native> natives;
};

class RecordSet {
public:
    using Warn = std::function<void(const std::string &)>;
    using GameCheck = std::function<Expected<void>(const match::FinishedGame &)>;

    // Opens `dir` (created if missing) and locks it; fails at once when
    // another arbiter holds it. Every write goes through `write` (null: ::write).
    static Expected<RecordSet> open(const std::filesystem::path &dir, RecordWriters writers, Warn warn,
                                    WriteFunction write = {});

    [[nodiscard]] const OutputFolder &folder() const { return folder_; }
    [[nodiscard]] std::filesystem::path path(const std::string &name) const { return folder_.file(name); }
    // games.pgn, games.jsonl and the native record, in that order.
    [[nodiscard]] std::vector<std::filesystem::path> record_paths() const;

    // The first record file that holds data (games.jsonl, then games.pgn:
    // a PGN alone may be all that is left of a tournament), if any; a
    // symbolic link at any record's name is an error that names it.
    [[nodiscard]] Expected<std::optional<std::string>> file_with_games() const;

    // Reads games.jsonl, handing every complete record to `check` in file
    // order (its error ends the pass), and writes games.pgn and the native
    // record anew from those records, in index order, into temporaries.
    // Nothing else changes yet.
    Expected<RecordLogScan> rebuild(const GameCheck &check);
    // Removes the temporaries of rebuild() (a run that does not start).
    void discard_rebuild();
    // Puts the rebuilt records in place and opens the three files for
    // appending. `fresh`: games.jsonl starts empty. Otherwise a torn last
    // record (see RecordLogScan) is cut off first.
    Expected<void> start(bool fresh);

    // Appends a finished game: its JSON line first, then its PGN and native
    // record, each handed to the kernel in full (that survives kill -9 of the
    // arbiter); commit() puts the JSON lines on disk. After any failure
    // (of a write, or of an earlier commit) every later call fails at once.
    // A game whose JSON line was written is recorded even when a later
    // record of it failed (--resume rebuilds the others from the JSON lines).
    // One caller at a time.
    Expected<void> append(const match::FinishedGame &game);
    // Waits until the JSON lines of every game append() finished before this
    // call are on disk (fdatasync). Safe on any thread, also while another
    // appends: callers that come while one syncs wait for it, and the next
    // one syncs for all of them (group commit). After a failed sync every
    // later commit() and append() fails with it.
    Expected<void> commit();
    // Ends the appending (later append() calls fail) and, unless games.pgn
    // already lists its games in index order (rebuilt so, then appended in
    // increasing index), writes games.pgn and the native record anew from
    // games.jsonl in index order: temporaries, synced,
    // renamed over them. Returns whether it rewrote them. On failure the
    // records stay whole, in the order games ended (--resume puts them in
    // order). Call after the last commit(), with no append() running.
    Expected<bool> finish_in_index_order();
    [[nodiscard]] bool failed() const { return failure_.has_value(); }
    // Games whose JSON line append() wrote.
    [[nodiscard]] int64_t games_appended() const { return games_appended_; }

    // The whole record set at once (`arbiter merge`), streamed: `records`
    // hands each game to its sink in the order the files list them, with its
    // JSON line as written (by the shards), and stops at the sink's first
    // error. The three files are written side by side into temporaries, one
    // game at a time (nothing grows with the games but the files), synced,
    // then put in place: games.pgn, the native record, and games.jsonl last,
    // as it is the source of truth. A failure before then leaves none of them
    // changed (the temporaries are removed).
    using LineSink = std::function<Expected<void>(const std::string &json_line, const match::FinishedGame &game)>;
    using RecordSource = std::function<Expected<void>(const LineSink &sink)>;
    Expected<void> write_all(const RecordSource &records);

    // A file derived from the records (config, standings, report) replaced
    // whole: temporary file, sync, rename, folder sync.
    Expected<void> write_derived(const std::string &name, const std::string &text) const;

private:
    RecordSet(OutputFolder folder, FolderLock lock, RecordWriters writers, Warn warn)
        : folder_(std::move(folder)), lock_(std::move(lock)), writers_(std::move(writers)), warn_(std::move(warn)) {}
    [[nodiscard]] std::vector<std::string> record_names() const;
    [[nodiscard]] std::string native_text(const match::FinishedGame &game, size_t format) const;
    // An empty temporary for each native record, or the first error (none left behind).
    Expected<std::vector<AppendFile>> create_native_temps();
    Expected<void> broken(std::string message);
    // games.pgn's and the native record's temporaries filled from games.jsonl in index order, synced.
    Expected<void> write_in_index_order(RecordOrder order);

    OutputFolder folder_;
    FolderLock lock_;
    RecordWriters writers_;
    Warn warn_;
    RecordLogScan scan_;  // of the last rebuild()
    // The indices of games.jsonl's records so far, in file order (rebuild(), then append()).
    OrderWatch order_;
    // Whether games.pgn and the native record are in index order (rebuild()
    // writes them so; append() may not), and the last index they hold.
    bool records_in_order_ = true;
    int last_recorded_ = -1;
    struct Open {
        AppendFile jsonl, pgn;
        std::vector<AppendFile> natives;
    };
    std::optional<Open> open_;
    std::optional<std::string> failure_;
    int64_t games_appended_ = 0;
    // commit()'s state, shared by the threads that append and commit (held
    // by pointer: RecordSet moves, a mutex does not).
    struct Commit {
        std::mutex mutex;
        std::atomic<int64_t> written{0};  // JSON lines handed to the kernel
        int64_t synced = 0;               // of them, on disk (under mutex)
        std::atomic<bool> failed{false};
        std::string failure;              // set once, before failed
    };
    std::unique_ptr<Commit> commit_ = std::make_unique<Commit>();
};

}  // namespace arb::output
