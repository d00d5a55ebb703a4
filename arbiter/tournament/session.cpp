#include "tournament/session.hpp"

#include "core/program_dir.hpp"
#include "engine/ugi_engine.hpp"
#include "output/append_file.hpp"
#include "output/folder_lock.hpp"
#include "output/jsonl_record.hpp"
#include "output/pgn_writer.hpp"
#include "output/record_log.hpp"
#include "output/standings.hpp"
#include "tournament/progress.hpp"
#include "tournament/report_file.hpp"
#include "tournament/schedule.hpp"
#include "tournament/shard.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <deque>
#include <mutex>
#include <sstream>

namespace arb::tournament {

namespace fs = std::filesystem;

namespace {

bool holds_data(const fs::path &file) {
    std::error_code ec;
    return fs::exists(file, ec) && fs::file_size(file, ec) > 0 && !ec;
}

// A fresh run: the folder must not hold games already (in either record file:
// a games.pgn alone may be all that is left of a tournament).
Expected<void> check_new_folder(const fs::path &dir) {
    if (holds_data(dir / kJsonlFile) || holds_data(dir / kPgnFile))
        return fail(dir.string() + " already holds games of a tournament (" +
                    (holds_data(dir / kJsonlFile) ? kJsonlFile : kPgnFile) +
                    "); continue it with 'arbiter run --resume " + dir.string() + "' or choose another --out");
    return {};
}

// Keeps the effective config and a copy of the openings, so --resume needs nothing else.
Expected<void> prepare_new_folder(const config::LoadedConfig &loaded, const fs::path &dir,
                                  const RecordFormat &format) {
    std::error_code ec;
    for (const char *name : {kPgnFile, kJsonlFile}) fs::remove(dir / name, ec);
    if (format.native) fs::remove(dir / format.native->file_name(), ec);
    return write_effective_config(loaded, dir);
}

// Games the plugin could not judge are recorded ("*", plugin-error) but not
// rated: the standings are short of them, so the run must not look clean.
class PluginErrors {
public:
    void note(const output::FinishedGame &g) {
        if (g.record.termination != match::Termination::PluginError) return;
        if (count_++ == 0) first_ = fmt::format("game {}: {}", g.slot.index + 1, g.record.reason);
    }
    // Returns whether there were any.
    bool report(const std::string &plugin_file, std::ostream &err) const {
        if (count_ == 0) return false;
        err << fmt::format("arbiter run: {} game{} ended by a plugin error: the game plugin {} broke its contract, no "
                           "engine was blamed and {} not rated (recorded with result '*'); first, {}\n",
                           count_, count_ == 1 ? "" : "s", plugin_file, count_ == 1 ? "it is" : "they are", first_);
        return true;
    }

private:
    int count_ = 0;
    std::string first_;
};

}  // namespace

SessionResult run_session(const config::LoadedConfig &loaded, const SessionOptions &options, std::ostream &out,
                          std::ostream &err) {
    const auto &c = loaded.config;
    SessionResult result;
    const fs::path dir = c.out_dir;
    auto full_schedule = make_schedule(schedule_params(c, static_cast<int>(loaded.openings.size())));
    const int64_t full_total = static_cast<int64_t>(full_schedule.size());
    // A shard's run is an ordinary run of its part of the schedule.
    auto schedule = shard_games(full_schedule, c.shard);
    const int64_t total = static_cast<int64_t>(schedule.size());
    result.games_total = static_cast<int>(total);
    auto failed = [&](const std::string &message) {
        err << "arbiter run: " << message << "\n";
        result.exit_code = 1;
        return result;
    };

    // Held until the run returns: a second run or resume on this folder fails at once.
    auto lock = output::FolderLock::acquire(dir);
    if (!lock) return failed(lock.error().message);
    if (!options.resume) {
        if (auto free = check_new_folder(dir); !free) return failed(free.error().message);
    }
    // Nothing is written before every engine has started (below): a run that
    // cannot start leaves the folder as it was.
    // Of a game only its outcome is kept, in the running totals: memory does
    // not grow with the games, nor does the work per game (SPRT, reports).
    rating::ResultTally tally(static_cast<int>(c.engines.size()));
    PluginErrors plugin_errors;
    std::vector<bool> done(full_schedule.size(), false);
    int64_t recorded = 0;
    const RecordFormat format = record_format(loaded);
    // The JSON lines are the source of truth: the PGN (and the plugin's own
    // record, games.ggf) is rebuilt from them (streamed, one record at a time,
    // into a temporary file that replaces the record once the engines have
    // started), so it never holds a game twice or a torn record.
    const std::string native_file = format.native ? format.native->file_name() : std::string();
    const fs::path jsonl_file = dir / kJsonlFile, pgn_temp = dir / (std::string(kPgnFile) + ".tmp");
    const fs::path native_temp = dir / (native_file + ".tmp");
    uint64_t valid_bytes = 0;
    bool dropped_torn_line = false;
    auto remove_temps = [&] {
        std::error_code ec;
        fs::remove(pgn_temp, ec);
        if (format.native) fs::remove(native_temp, ec);
    };
    auto failed_before_start = [&](const std::string &message) {
        remove_temps();
        return failed(message);
    };
    {
        remove_temps();
        auto rebuilt = output::AppendFile::open(pgn_temp, /*durable=*/false);
        if (!rebuilt) return failed(rebuilt.error().message);
        std::optional<output::AppendFile> native_rebuilt;
        if (format.native) {
            auto opened = output::AppendFile::open(native_temp, /*durable=*/false);
            if (!opened) return failed_before_start(opened.error().message);
            native_rebuilt.emplace(std::move(*opened));
        }
        std::string problem, buffer, native_buffer;
        auto flush = [&] {
            if (auto w = rebuilt->append(buffer); !w && problem.empty()) problem = w.error().message;
            buffer.clear();
            if (native_rebuilt) {
                if (auto w = native_rebuilt->append(native_buffer); !w && problem.empty()) problem = w.error().message;
                native_buffer.clear();
            }
        };
        auto scan = output::scan_record_log(jsonl_file, [&](output::FinishedGame &&g) {
            if (!problem.empty()) return;
            if (!matches_schedule(g.slot, full_schedule)) {
                problem = jsonl_file.string() + ": game " + std::to_string(g.slot.index + 1) +
                          " does not match the schedule of " + (dir / kConfigFile).string();
                return;
            }
            if (!in_shard(g.slot, c.shard)) {
                problem = jsonl_file.string() + ": game " + std::to_string(g.slot.index + 1) + " is not one of shard " +
                          config::to_string(*c.shard) + " in " + (dir / kConfigFile).string();
                return;
            }
            done[static_cast<size_t>(g.slot.index)] = true;
            if (auto outcome = output::outcome_of(g)) tally.add(*outcome);
            plugin_errors.note(g);
            ++recorded;
            buffer += output::to_pgn(g, format.for_game(g));
            if (format.native) {
                // A game the plugin cannot write is left out of that file only: the
                // JSON lines and the PGN hold it, and the tournament goes on.
                if (auto record = format.native->write(g)) native_buffer += *record;
                else err << "arbiter run: warning: " << record.error().message << "\n";
            }
            if (buffer.size() + native_buffer.size() >= (1U << 20)) flush();
        });
        flush();
        if (!scan) problem = scan.error().message;
        if (!problem.empty()) return failed_before_start(problem);
        valid_bytes = scan->valid_bytes;
        dropped_torn_line = scan->dropped_torn_line;
    }
    // Rebuilding the PGN from no JSON lines would empty it, losing games that are nowhere else.
    if (options.resume && recorded == 0 && holds_data(dir / kPgnFile))
        return failed_before_start(dir.string() + " holds games in " + kPgnFile + " but none in " + kJsonlFile +
                                   " (the records --resume continues from); move " + kPgnFile +
                                   " away to start the games anew");

    std::vector<match::ScheduledGame> pending;
    for (const auto &s : schedule)
        if (!done[static_cast<size_t>(s.index)]) pending.push_back(s);
    schedule = {};  // only the games still to play are kept from here on
    full_schedule = {};
    done = {};
    const int64_t recorded_before = recorded;

    std::vector<std::string> names;
    for (const auto &e : c.engines) names.push_back(e.name);

    RunControls controls;
    if (c.sprt && output::sprt_state(*c.sprt, tally.counts()).decision != rating::SprtState::Decision::Continue) {
        result.sprt_stopped = true;
        controls.stop_new = true;
    }

    GameRules rules = game_rules(c, loaded.plugin, loaded.openings);
    if (c.isolate_plugins) rules.plugin_host_program = running_program();  // this arbiter, as `arbiter plugin-host`
    EnginePool pool(rules.engines, rules.timeouts, options.parts.start_engine,
                    runner_pool_capacity(options.parts, c.concurrency, static_cast<int>(c.engines.size())));
    std::string out_of_resources;  // the system, not an engine, failed a start before game 1
    if (!pending.empty() && !controls.stop_new) {
        // Every engine once, before game 1: an engine that cannot start is a
        // mistake in the setup, not a series of forfeits.
        std::vector<EnginePool::StartFailure> faults;
        for (auto &f : pool.start_all()) {
            if (f.error.kind != engine::FailureKind::OutOfResources) faults.push_back(std::move(f));
            else if (out_of_resources.empty()) out_of_resources = f.error.message;
        }
        if (!faults.empty()) {
            remove_temps();
            for (const auto &f : faults)
                err << "arbiter run: " << engine::describe_start_failure(rules.engines[static_cast<size_t>(f.index)], f.error);
            err << "arbiter run: " << (faults.size() == 1 ? "an engine" : std::to_string(faults.size()) + " engines")
                << " could not start; no game was played\n";
            result.exit_code = 1;
            return result;
        }
        // Blames no engine: stops like running out mid-run (resumable).
        if (!out_of_resources.empty()) controls.stop_new = true;
    }

    if (!options.resume) {
        if (auto prepared = prepare_new_folder(loaded, dir, format); !prepared)
            return failed_before_start(prepared.error().message);
    }
    if (dropped_torn_line) {
        err << "arbiter run: dropped an incomplete last record in " << jsonl_file.string()
            << " (its game is played again)\n";
        if (auto cut = output::truncate_record_log(jsonl_file, valid_bytes); !cut)
            return failed_before_start(cut.error().message);
    }
    {
        std::error_code ec;
        fs::rename(pgn_temp, dir / kPgnFile, ec);
        if (ec) return failed_before_start((dir / kPgnFile).string() + ": cannot replace: " + ec.message());
        if (format.native) {
            fs::rename(native_temp, dir / native_file, ec);
            if (ec) return failed_before_start((dir / native_file).string() + ": cannot replace: " + ec.message());
        }
    }
    auto jsonl = output::AppendFile::open(dir / kJsonlFile);
    if (!jsonl) return failed(jsonl.error().message);
    // Only the source of truth waits for the disk: the PGN is rebuilt from the
    // JSON lines on resume, so syncing it too would halve throughput for nothing.
    auto pgn = output::AppendFile::open(dir / kPgnFile, /*durable=*/false);
    if (!pgn) return failed(pgn.error().message);
    std::optional<output::AppendFile> native;
    if (format.native) {
        auto opened = output::AppendFile::open(dir / native_file, /*durable=*/false);
        if (!opened) return failed(opened.error().message);
        native.emplace(std::move(*opened));
    }

    out << fmt::format("arbiter run: {} ({}), {} engines, {}, {} games{}{}, concurrency {}, output {}\n",
                       c.event, variant_text(c.game), c.engines.size(), config::type_name(c.schedule.type),
                       total,
                       c.shard ? fmt::format(" (shard {} of the schedule's {})", config::to_string(*c.shard), full_total)
                               : "",
                       recorded_before == 0 ? "" : fmt::format(" ({} already played)", recorded_before),
                       c.concurrency, dir.string());
    out.flush();

    Progress progress(out, options.live, static_cast<int>(total), static_cast<int>(recorded_before),
                      options.quiet);
    std::string write_error;

    // Interim standings are due under the runner's lock (a copy of the
    // totals, a few numbers per engine pair) and fitted and printed by the
    // tick, outside it.
    std::mutex reports_mutex;
    std::deque<std::pair<int64_t, rating::ResultCounts>> due_reports;  // guarded by reports_mutex
    // report.html, rebuilt from games.jsonl by the tick (outside the runner's
    // lock) at interim standings when due, and at the end.
    const ReportFile report(loaded, total);
    auto last_report_end = std::chrono::steady_clock::now();
    std::chrono::duration<double> last_report_took{0};
    auto write_report = [&](const std::string &status) {
        auto built = report.write(dir / kJsonlFile, dir / kReportFile, status);
        if (!built) {
            progress.message("warning: report.html not written: " + built.error().message);
            return;
        }
        last_report_took = built->took;
        last_report_end = std::chrono::steady_clock::now();
    };
    auto print_due_reports = [&]() {
        std::deque<std::pair<int64_t, rating::ResultCounts>> reports;
        {
            std::lock_guard guard(reports_mutex);
            reports.swap(due_reports);
        }
        for (const auto &[games, counts] : reports) {
            std::ostringstream text;
            text << fmt::format("\nstandings after {} games:\n", games);
            output::write_standings_text(text, output::compute_standings(names, counts, c.sprt));
            progress.message(text.str());
        }
        if (!reports.empty() &&
            interim_report_due(std::chrono::steady_clock::now(), last_report_end, last_report_took))
            write_report("interim standings");
    };

    auto on_done = [&](output::FinishedGame &&g) {
        auto line = output::to_json_line(g, format.record) + "\n";
        if (auto w = jsonl->append(line); !w) {
            write_error = w.error().message;
            return false;
        }
        if (auto w = pgn->append(output::to_pgn(g, format.for_game(g))); !w) {
            write_error = w.error().message;
            return false;
        }
        if (native) {
            auto record = format.native->write(g);
            if (!record) {
                progress.message("warning: " + record.error().message + " (left out of " + native_file + ")");
            } else if (auto w = native->append(*record); !w) {
                write_error = w.error().message;
                return false;
            }
        }
        if (auto outcome = output::outcome_of(g)) tally.add(*outcome);
        plugin_errors.note(g);
        ++recorded;
        progress.game_finished(g);
        if (c.progress_interval > 0 && recorded % c.progress_interval == 0 &&
            recorded < total) {
            std::lock_guard guard(reports_mutex);
            due_reports.emplace_back(recorded, tally.counts());
        }
        if (c.sprt && !result.sprt_stopped &&
            output::sprt_state(*c.sprt, tally.counts()).decision != rating::SprtState::Decision::Continue) {
            result.sprt_stopped = true;
            progress.message("SPRT decided: no new games are started");
            return false;
        }
        return true;
    };
    auto tick = [&]() {
        int signals = options.interrupts ? options.interrupts() : 0;
        if (signals > 0 && !controls.stop_new) {
            result.interrupted = true;
            controls.stop_new = true;
            if (c.on_interrupt == config::OnInterrupt::Abandon) {
                controls.abandon = true;
                progress.message("interrupted: abandoning running games");
            } else {
                progress.message("interrupted: finishing running games (interrupt again to abandon them)");
            }
        }
        if (signals > 1 && !controls.abandon) {
            controls.abandon = true;
            progress.message("interrupted again: abandoning running games");
        }
        if (signals > 0) result.interrupted = true;
        print_due_reports();
        progress.tick();
    };

    RunStats stats = run_games(rules, pending, c.concurrency, pool, options.parts.play_game, controls, on_done, tick);
    if (stats.out_of_resources.empty()) stats.out_of_resources = out_of_resources;
    print_due_reports();
    progress.clear();
    if (!write_error.empty()) return failed(write_error);
    result.engine_starts = stats.engine_starts;
    if (stats.workers < c.concurrency && stats.workers < static_cast<int>(pending.size()))
        out << fmt::format("note: {} games were played at once, not {}: the descriptor limit allows {} engine processes\n",
                           stats.workers, c.concurrency, stats.pool_capacity);

    result.games_recorded = static_cast<int>(recorded);
    const std::string standings_text =
        write_standings_files(dir, output::compute_standings(names, tally.counts(), c.sprt));
    write_report(result.sprt_stopped                                          ? "stopped by SPRT"
                 : result.interrupted && recorded < total                     ? "interrupted"
                 : recorded < total && !stats.out_of_resources.empty()        ? "stopped"
                                                                              : "finished");
    out << fmt::format("\n{} of {} games played{}{}; {} engine processes started\n\n", recorded,
                       total,
                       stats.abandoned ? fmt::format(", {} abandoned (not recorded)", stats.abandoned) : "",
                       result.sprt_stopped ? ", stopped by SPRT" : "", stats.engine_starts);
    out << standings_text;
    out << "\nrecords: " << (dir / kPgnFile).string() << ", " << (dir / kJsonlFile).string();
    if (format.native) out << ", " << (dir / native_file).string();
    out << "; report: "
        << (dir / kReportFile).string() << "\n";
    if (!stats.out_of_resources.empty()) {
        out.flush();
        err << "arbiter run: stopped: the system ran out of resources starting an engine (" << stats.out_of_resources
            << "); raise 'ulimit -n'/'ulimit -u' or lower the concurrency, then continue with 'arbiter run --resume "
            << dir.string() << "'\n";
        result.exit_code = 1;
        return result;
    }
    if (result.interrupted && result.games_recorded < result.games_total)
        out << "interrupted: continue with 'arbiter run --resume " << dir.string() << "'\n";
    out.flush();
    result.exit_code = result.interrupted && result.games_recorded < result.games_total ? 130 : 0;
    if (plugin_errors.report(loaded.plugin->file().string(), err)) result.exit_code = 1;
    return result;
}

}  // namespace arb::tournament
