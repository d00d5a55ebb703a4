#include "output/record_set.hpp"

namespace arb::output {

namespace {

std::string temp_of(const std::string &name) { return name + ".tmp"; }

}  // namespace

Expected<RecordSet> RecordSet::open(const std::filesystem::path &dir, RecordWriters writers, Warn warn,
                                    WriteFunction write) {
    auto folder = OutputFolder::open(dir, std::move(write));
    if (!folder) return fail(folder.error().message);
    auto lock = folder->lock();
    if (!lock) return fail(lock.error().message);
    return RecordSet(std::move(*folder), std::move(*lock), std::move(writers), std::move(warn));
}

std::vector<std::string> RecordSet::record_names() const {
    std::vector<std::string> names{kPgnFile, kJsonlFile};
    if (!writers_.native_file.empty()) names.push_back(writers_.native_file);
    return names;
}

std::vector<std::filesystem::path> RecordSet::record_paths() const {
    std::vector<std::filesystem::path> paths;
    for (const auto &name : record_names()) paths.push_back(path(name));
    return paths;
}

Expected<std::optional<std::string>> RecordSet::file_with_games() const {
    // A link where any record should be is refused, whatever it points to.
    for (const auto &name : record_names())
        if (auto size = folder_.size_of(name); !size) return fail(size.error().message);
    for (const char *name : {kJsonlFile, kPgnFile}) {
        auto size = folder_.size_of(name);
        if (!size) return fail(size.error().message);
        if (*size > 0) return std::optional<std::string>(name);
    }
    return std::optional<std::string>();
}

std::string RecordSet::native_text(const FinishedGame &game) const {
    // A game the plugin cannot write is left out of that file only: the JSON
    // lines and the PGN hold it, and the tournament goes on.
    auto record = writers_.native(game);
    if (record) return *record;
    if (warn_) warn_(record.error().message + " (left out of " + writers_.native_file + ")");
    return {};
}

void RecordSet::discard_rebuild() {
    folder_.remove(temp_of(kPgnFile));
    if (!writers_.native_file.empty()) folder_.remove(temp_of(writers_.native_file));
}

Expected<RecordLogScan> RecordSet::rebuild(const GameCheck &check) {
    // A link where a record should be is refused before anything is read or written.
    for (const auto &name : record_names())
        if (auto size = folder_.size_of(name); !size) return fail(size.error().message);
    auto pgn = folder_.create_temp(temp_of(kPgnFile));
    if (!pgn) return fail(pgn.error().message);
    std::optional<AppendFile> native;
    if (!writers_.native_file.empty()) {
        auto opened = folder_.create_temp(temp_of(writers_.native_file));
        if (!opened) {
            discard_rebuild();
            return fail(opened.error().message);
        }
        native.emplace(std::move(*opened));
    }
    // Streamed: one record at a time, written out by the megabyte.
    std::string problem, pgn_buffer, native_buffer;
    auto flush = [&] {
        if (auto w = pgn->append(pgn_buffer); !w && problem.empty()) problem = w.error().message;
        pgn_buffer.clear();
        if (native) {
            if (auto w = native->append(native_buffer); !w && problem.empty()) problem = w.error().message;
            native_buffer.clear();
        }
    };
    auto scan = scan_record_log(path(kJsonlFile), [&](FinishedGame &&g) {
        if (!problem.empty()) return;
        if (auto ok = check(g); !ok) {
            problem = ok.error().message;
            return;
        }
        pgn_buffer += writers_.pgn(g);
        if (native) native_buffer += native_text(g);
        if (pgn_buffer.size() + native_buffer.size() >= (1U << 20)) flush();
    });
    flush();
    if (!scan && problem.empty()) problem = scan.error().message;
    // Synced before they replace the records (start()), so a crash right
    // after the rename cannot leave an empty or partial file in their place.
    if (problem.empty()) {
        if (auto s = pgn->sync(); !s) problem = s.error().message;
        else if (native)
            if (auto ns = native->sync(); !ns) problem = ns.error().message;
    }
    if (!problem.empty()) {
        discard_rebuild();
        return fail(problem);
    }
    scan_ = *scan;
    return *scan;
}

Expected<void> RecordSet::start(bool fresh) {
    auto fail_start = [&](const Error &e) -> Expected<void> {
        discard_rebuild();
        return fail(e.message);
    };
    if (fresh) {
        folder_.remove(kJsonlFile);
    } else if (scan_.dropped_torn_line) {
        if (auto cut = folder_.truncate(kJsonlFile, scan_.valid_bytes); !cut) return fail_start(cut.error());
    }
    for (const auto &name : record_names()) {
        if (name == kJsonlFile) continue;
        if (auto moved = folder_.replace(temp_of(name), name); !moved) return fail_start(moved.error());
    }
    // Only the source of truth waits for the disk: the PGN and native record
    // are rebuilt from the JSON lines on resume, so syncing them too would
    // halve throughput for nothing.
    // The JSON lines are synced by commit(), many games at once.
    auto jsonl = folder_.append_to(kJsonlFile, /*durable=*/false);
    if (!jsonl) return fail(jsonl.error().message);
    auto pgn = folder_.append_to(kPgnFile, /*durable=*/false);
    if (!pgn) return fail(pgn.error().message);
    std::optional<AppendFile> native;
    if (!writers_.native_file.empty()) {
        auto opened = folder_.append_to(writers_.native_file, /*durable=*/false);
        if (!opened) return fail(opened.error().message);
        native.emplace(std::move(*opened));
    }
    open_.emplace(Open{std::move(*jsonl), std::move(*pgn), std::move(native)});
    return {};
}

Expected<void> RecordSet::broken(std::string message) {
    failure_ = message;
    return fail(std::move(message));
}

Expected<void> RecordSet::append(const FinishedGame &game) {
    if (failure_) return fail(*failure_);
    if (commit_->failed) return broken(commit_->failure);
    if (!open_) return broken(path(kJsonlFile).string() + ": the records were not opened");
    if (auto w = open_->jsonl.append(writers_.json_line(game) + "\n"); !w) return broken(w.error().message);
    ++games_appended_;
    commit_->written.store(games_appended_);
    if (auto w = open_->pgn.append(writers_.pgn(game)); !w) return broken(w.error().message);
    if (open_->native) {
        const std::string text = native_text(game);
        if (!text.empty())
            if (auto w = open_->native->append(text); !w) return broken(w.error().message);
    }
    return {};
}

Expected<void> RecordSet::commit() {
    Commit &c = *commit_;
    const int64_t wanted = c.written.load();  // what was appended before this call
    std::lock_guard lock(c.mutex);
    if (c.failed) return fail(c.failure);
    if (c.synced >= wanted) return {};  // a sync that started after those lines covered them
    // Everything written by now goes with this sync, also lines of callers still waiting.
    const int64_t through = c.written.load();
    if (!open_) return {};
    if (auto synced = open_->jsonl.sync_data(); !synced) {
        c.failure = synced.error().message;
        c.failed = true;
        return fail(c.failure);
    }
    c.synced = through;
    return {};
}

Expected<void> RecordSet::write_all(const std::vector<std::string> &json_lines, const std::vector<FinishedGame> &games) {
    std::string pgn, native, jsonl;
    for (const auto &g : games) {
        pgn += writers_.pgn(g);
        if (!writers_.native_file.empty()) native += native_text(g);
    }
    for (const auto &line : json_lines) jsonl += line + "\n";
    if (auto w = write_derived(kPgnFile, pgn); !w) return w;
    if (!writers_.native_file.empty())
        if (auto w = write_derived(writers_.native_file, native); !w) return w;
    return write_derived(kJsonlFile, jsonl);
}

Expected<void> RecordSet::write_derived(const std::string &name, const std::string &text) const {
    return folder_.write_atomically(name, text);
}

}  // namespace arb::output
