#include "output/record_set.hpp"

#include <algorithm>

namespace arb::output {

namespace {

std::string temp_of(const std::string &name) { return name + ".tmp"; }

}  // namespace

Expected<RecordSet> RecordSet::open(const std::filesystem::path &dir, RecordWriters writers, Warn warn,
                                    WriteFunction write) {
    auto folder = OutputFolder::open(dir, std::move(write));
    if (!folder) return fail(folder.error().message);
    auto lock = folder->lock();
    if (!lock) return fail(lock.error());
    return RecordSet(std::move(*folder), std::move(*lock), std::move(writers), std::move(warn));
}

std::vector<std::string> RecordSet::record_names() const {
    std::vector<std::string> names{kPgnFile, kJsonlFile};
    for (const auto &native : writers_.natives) names.push_back(native.file);
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

std::string RecordSet::native_text(const match::FinishedGame &game, size_t format) const {
    // A game the plugin cannot write is left out of that file only: the JSON
    // lines and the PGN hold it, and the tournament goes on.
    const RecordWriters::Native &native = writers_.natives[format];
    auto record = native.write(game);
    if (record) return *record;
    if (warn_) warn_(record.error().message + " (left out of " + native.file + ")");
    return {};
}

void RecordSet::discard_rebuild() {
    folder_.remove(temp_of(kPgnFile));
    for (const auto &native : writers_.natives) folder_.remove(temp_of(native.file));
}

Expected<std::vector<AppendFile>> RecordSet::create_native_temps() {
    std::vector<AppendFile> temps;
    for (const auto &native : writers_.natives) {
        auto opened = folder_.create_temp(temp_of(native.file));
        if (!opened) {
            for (const auto &n : writers_.natives) folder_.remove(temp_of(n.file));
            return fail(opened.error().message);
        }
        temps.push_back(std::move(*opened));
    }
    return temps;
}

namespace {

// games.pgn's and the native records' temporaries, filled one game at a
// time and written out by the megabyte; the first failure is kept and ends
// the writing.
class TempRecords {
public:
    using Text = std::function<std::string(const match::FinishedGame &)>;
    using NativeText = std::function<std::string(const match::FinishedGame &, size_t format)>;
    TempRecords(AppendFile pgn, std::vector<AppendFile> natives, Text pgn_text, NativeText native_text)
        : pgn_(std::move(pgn)), natives_(std::move(natives)), pgn_text_(std::move(pgn_text)),
          native_text_(std::move(native_text)), native_buffers_(natives_.size()) {}

    void add(const match::FinishedGame &g) {
        if (!problem_.empty()) return;
        pgn_buffer_ += pgn_text_(g);
        size_t buffered = pgn_buffer_.size();
        for (size_t i = 0; i < natives_.size(); ++i) {
            native_buffers_[i] += native_text_(g, i);
            buffered += native_buffers_[i].size();
        }
        if (buffered >= (1U << 20)) flush();
    }
    // What was added, synced: a crash right after the temporaries replace
    // the records cannot leave an empty or partial file in their place.
    Expected<void> finish() {
        flush();
        if (problem_.empty())
            if (auto s = pgn_.sync(); !s) problem_ = s.error().message;
        for (auto &native : natives_)
            if (problem_.empty())
                if (auto s = native.sync(); !s) problem_ = s.error().message;
        if (!problem_.empty()) return fail(problem_);
        return {};
    }

private:
    void flush() {
        if (auto w = pgn_.append(pgn_buffer_); !w && problem_.empty()) problem_ = w.error().message;
        pgn_buffer_.clear();
        for (size_t i = 0; i < natives_.size(); ++i) {
            if (auto w = natives_[i].append(native_buffers_[i]); !w && problem_.empty()) problem_ = w.error().message;
            native_buffers_[i].clear();
        }
    }

    AppendFile pgn_;
    std::vector<AppendFile> natives_;
    Text pgn_text_;
    NativeText native_text_;
    std::vector<std::string> native_buffers_;
    std::string pgn_buffer_, problem_;
};

}  // namespace

Expected<void> RecordSet::write_in_index_order(RecordOrder order) {
    auto pgn = folder_.create_temp(temp_of(kPgnFile));
    if (!pgn) return fail(pgn.error().message);
    auto natives = create_native_temps();
    if (!natives) return fail(natives.error().message);
    TempRecords temps(std::move(*pgn), std::move(*natives), writers_.pgn,
                      [this](const match::FinishedGame &g, size_t format) { return native_text(g, format); });
    auto scan = scan_in_index_order(path(kJsonlFile), order, [&](match::FinishedGame &&g) { temps.add(g); },
                                    order_.window());
    if (!scan) return fail(scan.error().message);
    return temps.finish();
}

Expected<RecordLogScan> RecordSet::rebuild(const GameCheck &check) {
    // A link where a record should be is refused before anything is read or written.
    for (const auto &name : record_names())
        if (auto size = folder_.size_of(name); !size) return fail(size.error().message);
    // One pass checks every record in file order; while they come in index
    // order (a run at concurrency 1) it writes them too, which is then all.
    auto pgn = folder_.create_temp(temp_of(kPgnFile));
    if (!pgn) return fail(pgn.error().message);
    auto natives = create_native_temps();
    if (!natives) {
        discard_rebuild();
        return fail(natives.error().message);
    }
    std::optional<TempRecords> temps;
    temps.emplace(std::move(*pgn), std::move(*natives), writers_.pgn,
                  [this](const match::FinishedGame &g, size_t format) { return native_text(g, format); });
    OrderWatch watch(order_.window());
    int highest = -1;
    std::string problem;
    auto scan = scan_record_log(path(kJsonlFile), [&](match::FinishedGame &&g) {
        if (!problem.empty()) return;
        if (auto ok = check(g); !ok) {
            problem = ok.error().message;
            return;
        }
        watch.add(g.slot.index);
        highest = std::max(highest, g.slot.index);
        if (watch.order() == RecordOrder::Sorted) temps->add(g);
    });
    if (!scan && problem.empty()) problem = scan.error().message;
    if (problem.empty()) {
        Expected<void> written;
        if (watch.order() == RecordOrder::Sorted) {
            written = temps->finish();
            temps.reset();
        } else {
            temps.reset();  // a second pass writes them anew
            written = write_in_index_order(watch.order());
        }
        if (!written) problem = written.error().message;
    }
    temps.reset();
    if (!problem.empty()) {
        discard_rebuild();
        return fail(problem);
    }
    scan_ = *scan;
    order_ = std::move(watch);
    records_in_order_ = true;
    last_recorded_ = highest;
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
    std::vector<AppendFile> natives;
    for (const auto &native : writers_.natives) {
        auto opened = folder_.append_to(native.file, /*durable=*/false);
        if (!opened) return fail(opened.error().message);
        natives.push_back(std::move(*opened));
    }
    open_.emplace(Open{std::move(*jsonl), std::move(*pgn), std::move(natives)});
    return {};
}

Expected<void> RecordSet::broken(std::string message) {
    failure_ = message;
    return fail(std::move(message));
}

Expected<void> RecordSet::append(const match::FinishedGame &game) {
    if (failure_) return fail(*failure_);
    if (commit_->failed) return broken(commit_->failure);
    if (!open_) return broken(path(kJsonlFile).string() + ": the records were not opened");
    if (auto w = open_->jsonl.append(writers_.json_line(game) + "\n"); !w) return broken(w.error().message);
    ++games_appended_;
    order_.add(game.slot.index);
    if (game.slot.index <= last_recorded_) records_in_order_ = false;
    last_recorded_ = game.slot.index;
    commit_->written.store(games_appended_);
    if (auto w = open_->pgn.append(writers_.pgn(game)); !w) return broken(w.error().message);
    for (size_t i = 0; i < open_->natives.size(); ++i) {
        const std::string text = native_text(game, i);
        if (!text.empty())
            if (auto w = open_->natives[i].append(text); !w) return broken(w.error().message);
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

Expected<bool> RecordSet::finish_in_index_order() {
    if (failure_) return fail(*failure_);
    if (commit_->failed) return fail(commit_->failure);
    open_.reset();  // the run's appending is over
    failure_ = path(kJsonlFile).string() + ": the run's records were closed";
    if (records_in_order_) return false;
    auto renamed = [&]() -> Expected<void> {
        if (auto w = write_in_index_order(order_.order()); !w) return w;
        for (const auto &name : record_names()) {
            if (name == kJsonlFile) continue;
            if (auto moved = folder_.replace(temp_of(name), name); !moved) return moved;
        }
        return {};
    }();
    if (!renamed) {
        discard_rebuild();
        return fail(renamed.error().message + " (" + std::string(kPgnFile) + " keeps the games in the order they ended)");
    }
    return true;
}

Expected<void> RecordSet::write_all(const RecordSource &records) {
    auto pgn = folder_.create_temp(temp_of(kPgnFile));
    if (!pgn) return fail(pgn.error().message);
    auto discard = [&] {
        discard_rebuild();
        folder_.remove(temp_of(kJsonlFile));
    };
    auto natives = create_native_temps();
    if (!natives) {
        discard();
        return fail(natives.error().message);
    }
    auto jsonl = folder_.create_temp(temp_of(kJsonlFile));
    if (!jsonl) {
        discard();
        return fail(jsonl.error().message);
    }
    auto written = [&]() -> Expected<void> {
        TempRecords temps(std::move(*pgn), std::move(*natives), writers_.pgn,
                          [this](const match::FinishedGame &g, size_t format) { return native_text(g, format); });
        std::string lines;  // written out by the megabyte, as TempRecords does
        auto produced = records([&](const std::string &line, const match::FinishedGame &game) -> Expected<void> {
            lines += line;
            lines += '\n';
            if (lines.size() >= (1U << 20)) {
                if (auto w = jsonl->append(lines); !w) return w;
                lines.clear();
            }
            temps.add(game);
            return {};
        });
        if (!produced) return produced;
        if (auto w = jsonl->append(lines); !w) return w;
        if (auto s = jsonl->sync(); !s) return s;
        return temps.finish();
    }();
    if (written) {
        for (const auto &name : record_names()) {
            if (name == kJsonlFile) continue;
            if (written = folder_.replace(temp_of(name), name); !written) break;
        }
    }
    if (written) written = folder_.replace(temp_of(kJsonlFile), kJsonlFile);
    if (!written) {
        discard();
        return fail(written.error().message);
    }
    return {};
}

Expected<void> RecordSet::write_derived(const std::string &name, const std::string &text) const {
    return folder_.write_atomically(name, text);
}

}  // namespace arb::output
