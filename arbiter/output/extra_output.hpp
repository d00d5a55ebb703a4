// A file named on the command line besides the output folder's own: the
// peers' -pgnout and -log (the run's --log), and any later one (-epdout).
// Such a name can be anything: one of the folder's own records (games.pgn
// copied onto itself without end, PGN written into games.jsonl), a FIFO no
// one reads (an open that never returns, deaf to signals), a device, a
// folder, a link someone planted. So each is opened once, before the first
// game, and kept only if it is a regular file reached without a link at its
// own name and none of the output folder's files; a bad path fails the run
// before any engine starts, not after hours of games.
//
// It is then written as the record files are (AppendFile): each text whole
// or not at all (the part a failed write left is cut off again), and nothing
// more after the first failure, which the caller reports: the run stops and
// exits 1 naming the file.
#pragma once

#include "core/expected.hpp"
#include "output/append_file.hpp"
#include "output/output_folder.hpp"

#include <filesystem>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace arb::output {

struct ExtraOutputRequest {
    std::string label;  // what the file is, for messages: "the -pgnout file", "the engine log"
    std::filesystem::path path;
    bool append = true;  // false: emptied once checked (fastchess's append=false)
    // Keep the CRC-32 (zlib's) of the whole file, what was there before included (fastchess's
    // -crc32 pgn=true: fishtest's worker checks the file it uploads against the last one printed).
    bool crc32 = false;
};

class ExtraOutput {
public:
    // Opens `request.path` for appending (created if missing) and checks
    // it: a regular file (the open does not wait for a FIFO's reader), no
    // symbolic link at its own name, not a file of `folder` (the same file,
    // or one of `folder_names` in it, there yet or not), nor the same file as
    // any of `opened`. The error names the file and says what it is. Writes
    // go through `write` (null: ::write).
    static Expected<std::shared_ptr<ExtraOutput>> open(const ExtraOutputRequest &request, const OutputFolder &folder,
                                                       const std::vector<std::string> &folder_names,
                                                       const std::vector<std::shared_ptr<ExtraOutput>> &opened,
                                                       WriteFunction write = {});
    ExtraOutput(ExtraOutputRequest request, AppendFile file, FileId id, uint32_t crc = 0)
        : request_(std::move(request)), file_(std::move(file)), crc_(crc), id_(id) {}

    // Appends all of `text` in one go; safe from any thread. After a
    // failure nothing more is written and every call fails with it. With
    // request().crc32, the file's CRC-32 after this text is put in `*crc`.
    Expected<void> append(const std::string &text, uint32_t *crc = nullptr);
    // The first failure ("the engine log: FILE: write failed: ..."), if any.
    [[nodiscard]] std::optional<std::string> failure() const;
    [[nodiscard]] const ExtraOutputRequest &request() const { return request_; }

private:
    const ExtraOutputRequest request_;
    mutable std::mutex mutex_;
    AppendFile file_;                     // guarded by mutex_
    uint32_t crc_;                        // of the whole file (request_.crc32); guarded by mutex_
    std::optional<std::string> failure_;  // guarded by mutex_
    const FileId id_;
};

// `requests` opened in order, each as ExtraOutput::open checks it (also
// against those before it: two on one file would mix their texts).
Expected<std::vector<std::shared_ptr<ExtraOutput>>> open_extra_outputs(
    const std::vector<ExtraOutputRequest> &requests, const OutputFolder &folder,
    const std::vector<std::string> &folder_names, WriteFunction write = {});

}  // namespace arb::output
