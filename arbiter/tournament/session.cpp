#include "tournament/session.hpp"

#include "core/input_file.hpp"
#include "core/line_reader.hpp"
#include "core/program_dir.hpp"
#include "engine/protocol_engine.hpp"
#include "output/jsonl_record.hpp"
#include "output/peer_standings.hpp"
#include "output/record_set.hpp"
#include "output/fastchess_text.hpp"
#include "output/game_endings.hpp"
#include "output/training_sample.hpp"
#include "output/standings.hpp"
#include "tournament/config_identity.hpp"
#include "tournament/fastchess_console.hpp"
#include "tournament/game_stderr.hpp"
#include "tournament/progress.hpp"
#include "tournament/report_file.hpp"
#include "tournament/run_identity.hpp"
#include "tournament/schedule.hpp"
#include "tournament/shard.hpp"
#include "tournament/shared_sprt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <mutex>
#include <optional>
#include <sstream>

namespace arb::tournament {

namespace fs = std::filesystem;

namespace {

// Games the plugin could not judge are recorded ("*", plugin-error) but not
// rated: the standings are short of them, so the run must not look clean.
class PluginErrors {
public:
    void note(const match::FinishedGame &g) {
        if (g.record.termination != match::Termination::PluginError) return;
        if (count_++ == 0) first_ = fmt::format("game {}: {}", g.slot.index + 1, g.record.reason);
    }
    // Returns whether there were any.
    bool report(const std::string &prefix, const std::string &plugin_file, std::ostream &err) const {
        if (count_ == 0) return false;
        err << prefix << fmt::format("{} game{} ended by a plugin error: the game plugin {} broke its contract, no "
                           "engine was blamed and {} not rated (recorded with result '*'); first, {}\n",
                           count_, count_ == 1 ? "" : "s", plugin_file, count_ == 1 ? "it is" : "they are", first_);
        return true;
    }

private:
    int count_ = 0;
    std::string first_;
};

// The config's first engine's score in a game, if it has a result.
std::optional<double> engine0_score(const std::optional<rating::GameOutcome> &outcome) {
    if (!outcome) return std::nullopt;
    return outcome->first == 0 ? outcome->score : 1.0 - outcome->score;
}

// One run, step by step: each step returns false when the run ends there
// (the message printed, the exit code set).
class Session {
public:
    Session(const config::LoadedConfig &loaded, const SessionOptions &options, std::ostream &out, std::ostream &err)
        : loaded_(loaded), c_(loaded.config), options_(options), out_(out), err_(err), dir_(c_.out_dir),
          format_(record_format(loaded)), writers_(record_writers(format_)), tally_(static_cast<int>(c_.engines.size())) {}

    bool open_records();
    bool check_identity();
    bool read_records();
    bool open_extra_outputs();
    bool start_engines();
    bool prepare_folder();
    void announce();
    void play();
    SessionResult finish();
    void add_shared_decision(output::Standings &standings);
    void print_summary(const output::Standings &standings, const std::string &standings_text);
    bool report_shared_folder();
    [[nodiscard]] const SessionResult &result() const { return result_; }

private:
    [[nodiscard]] std::string prefix() const { return "arbiter " + options_.command + ": "; }
    bool failed(const std::string &message) {
        err_ << prefix() << message << "\n";
        result_.exit_code = 1;
        return false;
    }
    // Before the run starts: the rebuilt records are dropped, the folder stays as it was.
    bool failed_before_start(const std::string &message) {
        records_->discard_rebuild();
        return failed(message);
    }
    bool record(match::FinishedGame &&g);
    bool settle();
    // A sharded SPRT: the shared folder, this shard's recorded pairs written to it.
    bool open_shared(const std::vector<SharedPair> &recorded_pairs);
    void hand_in_pair(const match::FinishedGame &g);
    bool may_start(const match::ScheduledGame &s);
    void note_shared_decision();
    void write_extra_outputs(const match::FinishedGame &g);
    void check_extra_outputs();
    void tick();
    // `live`: the run goes on (the page shows its pace and games in progress, and reloads itself).
    void write_report(const std::string &status, bool live = false);
    void print_due_reports();
    // The standings as stdout shows them: the arbiter's table, or a peer's layout (output.format).
    [[nodiscard]] std::string standings_for_screen(const output::Standings &standings) const;
    [[nodiscard]] output::PeerContext peer_context() const;
    // The fastchess layout: standard output is fastchess's (FastchessConsole), the arbiter's own lines go to stderr.
    [[nodiscard]] bool fastchess_layout() const { return c_.standings_layout == config::StandingsLayout::Fastchess; }
    [[nodiscard]] std::ostream &own_lines() const { return fastchess_layout() ? err_ : out_; }

    const config::LoadedConfig &loaded_;
    const config::TournamentConfig &c_;
    const SessionOptions &options_;
    std::ostream &out_, &err_;
    const fs::path dir_;
    const RecordFormat format_;
    const output::RecordWriters writers_;  // of format_
    SessionResult result_;
    std::optional<output::RecordSet> records_;
    // Of a game only its outcome is kept, in the running totals: memory does
    // not grow with the games, nor does the work per game (SPRT, reports).
    rating::ResultTally tally_;
    PluginErrors plugin_errors_;
    std::optional<output::GameEndings> endings_;      // how the games of this run and before ended, per engine
    std::optional<FastchessConsole> console_;         // the fastchess layout's standard output
    int64_t total_ = 0, full_total_ = 0, recorded_ = 0, recorded_before_ = 0;
    int64_t pairs_total_ = 0;  // game pairs (openings dealt) in the whole schedule, all shards
    bool dropped_torn_line_ = false;  // games.jsonl ends in a torn record, cut off at the start
    bool write_identity_ = false;     // identity.json is written before the games (missing: an older folder)
    std::vector<bool> done_;  // per game of the whole schedule: recorded
    int64_t pending_ = 0;     // games of this run's schedule (or shard) not recorded yet
    std::vector<std::string> names_;
    RunControls controls_;
    std::optional<GameRules> rules_;
    std::optional<EnginePool> pool_;
    std::string out_of_resources_;  // the system, not an engine, failed a start before game 1
    std::string write_error_;       // a record file could not be written: nothing more is
    std::vector<std::pair<std::shared_ptr<output::ExtraOutput>, ExtraContent>> extra_outputs_;
    std::optional<output::TrainingSampler> sampler_;  // of c_.sample, for its TrainingSample output
    std::string extra_error_;  // an extra output could not be written: no new games (seen by the tick)
    RunStats stats_;
    std::optional<Progress> progress_;
    std::optional<ReportFile> report_;
    std::shared_ptr<LiveGames> live_games_ = std::make_shared<LiveGames>();
    // What report.html says, kept game by game (a bounded choice of games
    // past a thousand): a report costs the same after any number of games.
    std::mutex digest_mutex_;
    std::optional<output::ReportDigest> digest_;  // guarded by digest_mutex_ while games run
    // Interim standings are due under the runner's lock (a copy of the
    // totals, a few numbers per engine pair) and fitted and printed by the
    // tick, outside it.
    std::mutex reports_mutex_;
    std::deque<std::pair<int64_t, rating::ResultCounts>> due_reports_;  // guarded by reports_mutex_
    std::chrono::steady_clock::time_point last_report_end_ = std::chrono::steady_clock::now();
    std::chrono::duration<double> last_report_took_{0};
    std::chrono::steady_clock::time_point play_start_ = std::chrono::steady_clock::now();
    // A sharded SPRT (c_.shared_dir): the decision is the shared folder's, not this shard's games'.
    std::optional<SharedSprt> shared_;
    std::optional<PairAssembler> pairs_;     // this run's games into pairs, under the runner's lock
    std::mutex shared_mutex_;
    std::vector<SharedPair> pairs_due_;      // finished pairs to write once their records are on disk; guarded
    std::string shared_error_;               // the shared folder failed: no new pair; guarded by shared_mutex_
    bool feed_closed_ = false;               // a sharded SPRT stopped the feed (under the runner's lock)
    bool shared_decision_noted_ = false;
};

// The engines' shared value of a UGI option ("Threads", "Hash"), or each one's joined by " - ".
std::string engine_option_text(const config::TournamentConfig &c, const std::string &name) {
    std::vector<std::string> values;
    for (const auto &e : c.engines) {
        std::string value;
        for (const auto &[k, v] : e.ugi_options)
            if (k == name) value = v;
        values.push_back(value);
    }
    if (values.empty() || std::all_of(values.begin(), values.end(), [&](const auto &v) { return v == values.front(); }))
        return values.empty() ? std::string() : values.front();
    std::string joined;
    for (const auto &v : values) joined += (joined.empty() ? "" : " - ") + (v.empty() ? std::string("?") : v);
    return joined;
}

// The engines' shared time part ("10+0.1"; depth and node caps left out, as fastchess's line
// does), or each one's joined by " - ".
std::string engine_time_text(const config::TournamentConfig &c) {
    std::vector<std::string> values;
    for (const auto &e : c.engines) values.push_back(e.time_control.value_or(c.time_control).time_text());
    if (values.empty()) return c.time_control.time_text();
    if (std::all_of(values.begin(), values.end(), [&](const auto &v) { return v == values.front(); })) return values.front();
    std::string joined;
    for (const auto &v : values) joined += (joined.empty() ? "" : " - ") + v;
    return joined;
}

// The folder, locked until the run returns: a second run or resume on it fails at once.
bool Session::open_records() {
    auto opened = output::RecordSet::open(
        dir_, writers_,
        [this](const std::string &warning) {
            if (progress_) progress_->message("warning: " + warning);
            else err_ << prefix() << "warning: " << warning << "\n";
        },
        options_.write);
    if (!opened) return failed(opened.error().message);
    records_.emplace(std::move(*opened));
    if (options_.resume) return true;
    // A fresh run: the folder must not hold games already.
    auto holding = records_->file_with_games();
    if (!holding) return failed(holding.error().message);
    if (*holding)
        return failed(dir_.string() + " already holds games of a tournament (" + **holding +
                      "); continue it with 'arbiter run --resume " + dir_.string() + "' or choose another --out");
    return true;
}

// A resumed run continues the run that started in the folder, whatever
// config.yaml (a file a user may edit) now says: the loaded config must give
// the identity written when the run started, field by field.
bool Session::check_identity() {
    if (!options_.resume) return true;  // written with the effective config
    auto anchored = read_identity_file(dir_);
    if (!anchored) return failed(anchored.error().message);
    if (!*anchored) {
        // A folder of an arbiter before identity.json: the records are all there is to check against.
        err_ << prefix() << "note: " << records_->path(kIdentityFile).string()
             << " is missing (a folder written before run identities existed): " << (dir_ / kConfigFile).string()
             << " is checked against the recorded games only (game, engine names, time controls, engine options, "
                "seeds); the identity is written now\n";
        write_identity_ = true;
        // What the first record says of the game (the rebuild checks the rest of each record).
        // A file that cannot be read, or a first line too long, is the rebuild's to report.
        auto jsonl = InputFile::open_if_exists(records_->path(kJsonlFile));
        std::string first;
        std::optional<LineReader> lines;
        if (jsonl && *jsonl) lines.emplace((**jsonl).fd(), records_->path(kJsonlFile).string(), kRecordLineLimit);
        if (auto got = lines ? lines->next(first) : Expected<bool>(false); got && *got) {
            const auto changes =
                recorded_variant_changes(first, c_, std::string("as recorded in ") + kJsonlFile + ", line 1");
            if (!changes.empty())
                return failed((dir_ / kConfigFile).string() + " does not describe the games recorded in " +
                              records_->path(kJsonlFile).string() + ":\n  " + changes.front() + "\nput " +
                              std::string(kConfigFile) + " back as it was, or start a new run in another folder");
        }
        return true;
    }
    const RunIdentity now = run_identity(loaded_);
    const auto changes = identity_changes(**anchored, now, options_.grow_rounds);
    if (!changes.empty()) {
        std::string message = (dir_ / kConfigFile).string() + " no longer describes the run it continues (" +
                              records_->path(kIdentityFile).string() + ", fixed when the run started):";
        for (const auto &c : changes) message += "\n  " + c;
        message += "\nput " + std::string(kConfigFile) +
                   " back as it was, or start a new run in another folder; more rounds are added with 'arbiter run "
                   "--resume " + dir_.string() + " --rounds N'";
        return failed(message);
    }
    return true;
}

// The JSON lines are the source of truth: the games they hold are counted as
// played, and the PGN and native record are rebuilt from them (into
// temporaries that replace the records once the engines have started), so
// neither ever holds a game twice or a torn record.
bool Session::read_records() {
    // The schedule is streamed, never held: a long run's memory does not grow with its games.
    const ScheduleParams params = schedule_params(c_, static_cast<int>(loaded_.openings.size()));
    full_total_ = static_cast<int64_t>(ScheduleStream(params).size());
    const auto full = static_cast<size_t>(full_total_);
    done_.assign(full, false);
    // What each recorded game says of its slot, checked against the schedule
    // after the pass (only a resumed run has records: a fresh one keeps nothing).
    std::vector<uint64_t> recorded_slots;
    digest_.emplace(report_digest(loaded_));
    std::vector<SharedPair> recorded_pairs;  // this shard's pairs recorded by an earlier run (--resume)
    if (!c_.shared_dir.empty()) pairs_.emplace(c_.schedule.games_per_pairing, c_.shard->index);
    std::vector<std::string> names;
    for (const auto &e : c_.engines) names.push_back(e.name);
    endings_.emplace(std::move(names));
    const fs::path jsonl_file = records_->path(kJsonlFile);
    auto mismatch = [&](int index) {
        return jsonl_file.string() + ": game " + std::to_string(index + 1) + " does not match the schedule of " +
               (dir_ / kConfigFile).string();
    };
    auto scan = records_->rebuild([&](const match::FinishedGame &g) -> Expected<void> {
        if (g.slot.index < 0 || static_cast<size_t>(g.slot.index) >= full) return fail(mismatch(g.slot.index));
        if (!in_shard(g.slot, c_.shard))
            return fail(jsonl_file.string() + ": game " + std::to_string(g.slot.index + 1) + " is not one of shard " +
                        config::to_string(*c_.shard) + " in " + (dir_ / kConfigFile).string());
        if (auto changes = recorded_game_changes(g, c_, std::string("as recorded in ") + kJsonlFile + ", game " +
                                                            std::to_string(g.slot.index + 1));
            !changes.empty()) {
            std::string message = (dir_ / kConfigFile).string() + " does not describe the games recorded in " +
                                  jsonl_file.string() + ":";
            for (const auto &c : changes) message += "\n  " + c;
            return fail(message + "\nput " + std::string(kConfigFile) + " back as it was, or start a new run in another folder");
        }
        if (recorded_slots.empty()) recorded_slots.assign(full, 0);
        recorded_slots[static_cast<size_t>(g.slot.index)] = schedule_slot_key(g.slot);
        done_[static_cast<size_t>(g.slot.index)] = true;
        const auto outcome = output::outcome_of(g);
        if (outcome) tally_.add(*outcome);
        if (pairs_)
            if (auto pair = pairs_->add(g.slot, engine0_score(outcome))) recorded_pairs.push_back(std::move(*pair));
        endings_->add(g);
        digest_->add(g);
        plugin_errors_.note(g);
        ++recorded_;
        return {};
    });
    if (!scan) return failed(scan.error().message);
    // A shard's run is an ordinary run of its part of the schedule.
    ScheduleStream schedule(params);
    while (auto s = schedule.next()) {
        pairs_total_ = std::max<int64_t>(pairs_total_, s->pair_id + int64_t{1});
        if (!in_shard(*s, c_.shard)) continue;
        ++total_;
        const auto at = static_cast<size_t>(s->index);
        if (!done_[at]) ++pending_;
        else if (recorded_slots[at] != schedule_slot_key(*s)) return failed_before_start(mismatch(s->index));
    }
    recorded_slots = {};
    result_.games_total = static_cast<int>(total_);
    report_.emplace(loaded_, total_);
    // Rebuilding the PGN from no JSON lines would empty it, losing games that are nowhere else.
    if (options_.resume && recorded_ == 0) {
        auto pgn_size = records_->folder().size_of(kPgnFile);
        if (!pgn_size) return failed_before_start(pgn_size.error().message);
        if (*pgn_size > 0)
            return failed_before_start(dir_.string() + " holds games in " + kPgnFile + " but none in " + kJsonlFile +
                                       " (the records --resume continues from); move " + kPgnFile +
                                       " away to start the games anew");
    }
    recorded_before_ = recorded_;
    for (const auto &e : c_.engines) names_.push_back(e.name);
    dropped_torn_line_ = scan->dropped_torn_line;
    if (!c_.shared_dir.empty()) return open_shared(recorded_pairs);
    if (c_.sprt && output::sprt_state(*c_.sprt, tally_.counts()).decision != rating::SprtState::Decision::Continue) {
        result_.sprt_stopped = true;
        controls_.stop_new = true;
    }
    return true;
}

// The shared folder of a sharded SPRT, before any engine starts. A pair this
// shard recorded but did not get into its file (killed between the two
// writes) is written now; a decision already there means nothing is played.
bool Session::open_shared(const std::vector<SharedPair> &recorded_pairs) {
    auto opened = SharedSprt::open(c_.shared_dir, *c_.shard, *c_.sprt, tournament_fingerprint(loaded_));
    if (!opened) return failed_before_start(opened.error().message);
    shared_.emplace(std::move(*opened));
    int64_t written = 0;
    for (const auto &pair : recorded_pairs) {
        if (shared_->has(pair.pair)) continue;
        if (auto appended = shared_->append(pair); !appended) return failed_before_start(appended.error().message);
        ++written;
    }
    if (written > 0)
        err_ << prefix() << fmt::format("note: {} recorded game pair{} of this shard {} missing from {} and {} "
                                        "written now\n",
                                        written, written == 1 ? "" : "s", written == 1 ? "was" : "were",
                                        (fs::path(c_.shared_dir) / shard_pairs_file(c_.shard->index, c_.shard->count)).string(),
                                        written == 1 ? "is" : "are");
    if (auto decision = shared_->decision()) {
        result_.sprt_stopped = true;
        controls_.stop_new = true;
        shared_decision_noted_ = true;
        out_ << prefix()
             << fmt::format("the SPRT of these shards is decided ({}): this shard {}\n", decision_summary(*decision),
                            recorded_ == 0 ? "plays no game" : "starts no new game");
    }
    return true;
}

// Under the runner's lock: the pair this game completes, to be written once its records are synced.
void Session::hand_in_pair(const match::FinishedGame &g) {
    auto pair = pairs_->add(g.slot, engine0_score(output::outcome_of(g)));
    if (!pair) return;
    std::lock_guard guard(shared_mutex_);
    pairs_due_.push_back(std::move(*pair));
}

// Under the runner's lock, before a game is handed out: a new pair starts
// only while the shared SPRT goes on (a look at the others' pairs first);
// the second game of a started pair is always played.
bool Session::may_start(const match::ScheduledGame &s) {
    if (!shared_) return true;
    {
        std::lock_guard guard(shared_mutex_);
        if (!shared_error_.empty()) return false;
    }
    const bool starts_pair = s.game_in_pairing % 2 == 0;
    if (starts_pair && !shared_->decision()) {
        if (auto looked = shared_->look(); !looked) {
            std::lock_guard guard(shared_mutex_);
            shared_error_ = looked.error().message;
            return false;
        }
    }
    if (starts_pair && shared_->decision()) {
        note_shared_decision();
        return false;
    }
    return true;
}

void Session::note_shared_decision() {
    if (shared_decision_noted_) return;
    shared_decision_noted_ = true;
    result_.sprt_stopped = true;
    progress_->message("SPRT decided for all shards (" + decision_summary(*shared_->decision()) +
                       "): no new pair is started");
}

// The files named besides the folder's (-pgnout, --log), opened and checked
// before any engine starts: a bad name fails the run now, not after its games.
bool Session::open_extra_outputs() {
    std::vector<ExtraOutputSpec> specs = options_.extra_outputs;
    if (c_.sample) {
        auto sampler = output::TrainingSampler::create(loaded_.plugin, c_.game.options, c_.sample->freq,
                                                       c_.sample->quiet, c_.schedule.seed);
        if (!sampler) return failed_before_start("output.sample: " + sampler.error().message);
        sampler_.emplace(std::move(*sampler));
        specs.push_back({{"the sample file", c_.sample->file, c_.sample->append}, ExtraContent::TrainingSample});
    }
    std::vector<output::ExtraOutputRequest> requests;
    for (const auto &spec : specs) requests.push_back(spec.file);
    auto opened =
        output::open_extra_outputs(requests, records_->folder(), folder_file_names(format_), options_.write);
    if (!opened) return failed_before_start(opened.error().message);
    for (size_t i = 0; i < opened->size(); ++i) {
        auto &file = (*opened)[i];
        const ExtraContent content = specs[i].content;
        if (content == ExtraContent::EngineTraffic && options_.engine_log)
            options_.engine_log->set_sink([file](const std::string &line) { (void)file->append(line); });
        extra_outputs_.emplace_back(file, content);
    }
    return true;
}

// Every engine once, before game 1: an engine that cannot start is a mistake
// in the setup, not a series of forfeits. Nothing is written before: a run
// that cannot start leaves the folder as it was.
bool Session::start_engines() {
    rules_.emplace(game_rules(c_, loaded_.plugin, loaded_.openings));
    rules_->live = live_games_;
    if (c_.isolate_plugins) rules_->plugin_host_program = running_program();  // this arbiter, as `arbiter plugin-host`
    if (c_.engine_stderr_per_game) {
        auto folder = output::OutputFolder::open(std::filesystem::path(c_.out_dir) / kEngineStderrFolder);
        if (!folder) throw std::runtime_error(folder.error().message);
        rules_->engine_stderr = std::make_shared<const output::OutputFolder>(std::move(*folder));
    }
    pool_.emplace(rules_->engines, rules_->timeouts, options_.parts.start_engine,
                  runner_pool_capacity(options_.parts, c_.concurrency, static_cast<int>(c_.engines.size())));
    if (pending_ == 0 || controls_.stop_new) return true;
    std::vector<EnginePool::StartFailure> faults;
    for (auto &f : pool_->start_all()) {
        if (f.error.kind != engine::FailureKind::OutOfResources) faults.push_back(std::move(f));
        else if (out_of_resources_.empty()) out_of_resources_ = f.error.message;
    }
    if (!faults.empty()) {
        records_->discard_rebuild();
        for (const auto &f : faults)
            err_ << prefix()
                 << engine::describe_start_failure(rules_->engines[static_cast<size_t>(f.index)], f.error);
        err_ << prefix() << (faults.size() == 1 ? "an engine" : std::to_string(faults.size()) + " engines")
             << " could not start; no game was played\n";
        result_.exit_code = 1;
        return false;
    }
    // Blames no engine: stops like running out mid-run (resumable).
    if (!out_of_resources_.empty()) controls_.stop_new = true;
    return true;
}

// A new folder keeps the effective config and a copy of the openings, so
// --resume needs nothing else; then the rebuilt records take their place.
bool Session::prepare_folder() {
    // A grown run's config.yaml says its new rounds, as its identity does.
    if (!options_.resume || options_.grow_rounds) {
        if (auto written = write_effective_config(loaded_, *records_); !written)
            return failed_before_start(written.error().message);
    } else if (write_identity_) {
        if (auto written = write_identity(loaded_, *records_); !written)
            return failed_before_start(written.error().message);
    }
    if (dropped_torn_line_)
        err_ << prefix() << "dropped an incomplete last record in " << records_->path(kJsonlFile).string()
             << " (its game is played again)\n";
    if (auto started = records_->start(!options_.resume); !started) return failed(started.error().message);
    return true;
}

void Session::announce() {
    own_lines() << prefix() << fmt::format("{} ({}), {} engines, {}, {} games{}{}, concurrency {}, output {}\n", c_.event,
                        variant_text(c_.game), c_.engines.size(), config::type_name(c_.schedule.type), total_,
                        c_.shard ? fmt::format(" (shard {} of the schedule's {})", config::to_string(*c_.shard),
                                               full_total_)
                                 : "",
                        recorded_before_ == 0 ? "" : fmt::format(" ({} already played)", recorded_before_),
                        c_.concurrency, dir_.string());
    // Each pair index has its own opening from one order fixed by the seed, the same in every shard:
    // openings repeat only once the book is used up.
    const auto book = static_cast<int64_t>(loaded_.openings.size());
    if (book > 0 && pairs_total_ > book)
        own_lines() << prefix()
             << fmt::format("note: the schedule deals {} game pairs{} from a book of {} openings: {} pairs repeat an "
                            "opening of an earlier pair (pair {} on), if all are played\n",
                            pairs_total_, c_.shard ? " over all shards" : "", book, pairs_total_ - book, book + 1);
    own_lines().flush();
    if (fastchess_layout() && !c_.openings.file.empty()) out_ << "Indexing opening suite..." << std::endl;  // as fastchess
}

// report.html, built from a copy of the digest by the tick (outside the
// runner's lock) at interim standings when due, and at the end.
void Session::write_report(const std::string &status, bool live) {
    std::optional<output::ReportDigest> digest;
    std::optional<output::ReportHeader::Live> pace;
    {
        std::lock_guard guard(digest_mutex_);
        digest.emplace(*digest_);
        if (live) {
            // The pace of this run's games (a resumed run's earlier games are not of it).
            pace.emplace();
            pace->refresh_seconds = kLiveRefreshSeconds;
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - play_start_).count();
            const auto played = static_cast<double>(digest->games() - recorded_before_);
            pace->games_per_second = seconds > 0 ? played / seconds : 0;
            if (played > 0 && pace->games_per_second > 0)
                pace->seconds_left = static_cast<double>(total_ - digest->games()) / pace->games_per_second;
            for (const auto &g : live_games_->snapshot())
                pace->running.push_back({g.number, {g.engine[0], g.engine[1]}, g.plies});
        }
    }
    Expected<ReportBuilt> built = report_->build(*digest, status, pace);
    digest.reset();
    if (built) {
        if (auto written = records_->write_derived(kReportFile, built->page); !written)
            built = fail(written.error().message);
    }
    if (!built) {
        progress_->message("warning: report.html not written: " + built.error().message);
        return;
    }
    last_report_took_ = built->took;
    last_report_end_ = std::chrono::steady_clock::now();
}

std::string Session::standings_for_screen(const output::Standings &standings) const {
    if (c_.standings_layout == config::StandingsLayout::Arbiter) {
        std::ostringstream text;
        output::write_standings_text(text, standings);
        return text.str();
    }
    return output::peer_standings_text(c_.standings_layout == config::StandingsLayout::Fastchess
                                           ? output::PeerLayout::Fastchess
                                           : output::PeerLayout::Cutechess,
                                       standings, peer_context());
}

output::PeerContext Session::peer_context() const {
    output::PeerContext context;
    context.time_control = engine_time_text(c_);
    context.threads = engine_option_text(c_, "Threads");
    context.hash = engine_option_text(c_, "Hash");
    context.book = c_.openings.file.empty() ? std::string() : fs::path(c_.openings.file).filename().string();
    context.pentanomial = c_.schedule.games_per_pairing == 2;
    context.sprt = c_.sprt;
    return context;
}

void Session::print_due_reports() {
    std::deque<std::pair<int64_t, rating::ResultCounts>> reports;
    {
        std::lock_guard guard(reports_mutex_);
        reports.swap(due_reports_);
    }
    for (const auto &[games, counts] : reports) {
        const auto standings = output::compute_standings(names_, counts, c_.sprt);
        std::string text;
        if (options_.quiet && c_.standings_layout == config::StandingsLayout::Arbiter)
            text = fmt::format("after {} games: {}", games, output::standings_line(standings));
        else if (c_.standings_layout == config::StandingsLayout::Arbiter)
            text = fmt::format("\nstandings after {} games:\n{}", games, standings_for_screen(standings));
        else  // the peers print their block with no heading of their own
            text = standings_for_screen(standings);
        if (!text.empty() && text.back() == '\n') text.pop_back();
        progress_->message(text);
    }
    // At interim standings, and while games run at least as often as the
    // live page reloads (so that its games in progress move), unless reports
    // would take more than their share of the run.
    const auto now = std::chrono::steady_clock::now();
    if ((!reports.empty() || now - last_report_end_ >= std::chrono::seconds(kLiveRefreshSeconds)) &&
        interim_report_due(now, last_report_end_, last_report_took_))
        write_report("interim standings", true);
}

// A finished game, under the runner's lock. A record that cannot be written
// stops the run: no new games, the running ones abandoned (their records
// could not be written either).
bool Session::record(match::FinishedGame &&g) {
    if (!write_error_.empty()) return false;
    const int64_t appended = records_->games_appended();
    auto written = records_->append(g);
    if (!written) {
        write_error_ = written.error().message;
        controls_.abandon = true;
    }
    // Its JSON line written, the game is recorded (and reported), even if its PGN was not.
    if (records_->games_appended() == appended) return false;
    write_extra_outputs(g);
    if (auto outcome = output::outcome_of(g)) tally_.add(*outcome);
    endings_->add(g);
    {
        std::lock_guard guard(digest_mutex_);
        digest_->add(g);
    }
    plugin_errors_.note(g);
    ++recorded_;
    progress_->game_finished(g);
    if (console_) progress_->message(console_->finished(g, recorded_ == total_));
    if (!console_ && c_.progress_interval > 0 && recorded_ % c_.progress_interval == 0 && recorded_ < total_) {
        std::lock_guard guard(reports_mutex_);
        due_reports_.emplace_back(recorded_, tally_.counts());
    }
    if (shared_) hand_in_pair(g);
    if (c_.sprt && !shared_ && !result_.sprt_stopped &&
        output::sprt_state(*c_.sprt, tally_.counts()).decision != rating::SprtState::Decision::Continue) {
        result_.sprt_stopped = true;
        progress_->message("SPRT decided: no new games are started");
        return false;
    }
    return written.has_value();
}

// After record(), off the runner's lock: the JSON lines written so far go to
// disk, one worker syncing for all that wait (group commit). A game counts
// as safely recorded, and its worker moves on, once it is on disk.
bool Session::settle() {
    std::vector<SharedPair> due;
    if (shared_) {
        // Taken before the commit: every pair taken has its games among the records it syncs, so a pair
        // in the shared folder is always one --resume finds in games.jsonl.
        std::lock_guard guard(shared_mutex_);
        due.swap(pairs_due_);
    }
    if (auto committed = records_->commit(); !committed) {
        controls_.abandon = true;
        return false;
    }
    for (const auto &pair : due)
        if (auto appended = shared_->append(pair); !appended) {
            std::lock_guard guard(shared_mutex_);
            if (shared_error_.empty()) shared_error_ = appended.error().message;
            return false;  // no new game: the pairs could not reach the others
        }
    return true;
}

// A recorded game into the files that take games (-pgnout), as it ends:
// `tail -f` shows it. A failure starts no new game; the tick reports it.
void Session::write_extra_outputs(const match::FinishedGame &g) {
    for (auto &[file, content] : extra_outputs_) {
        std::string text;
        switch (content) {
        case ExtraContent::GamePgn: text = writers_.pgn(g); break;
        case ExtraContent::FinalEpd: text = output::fastchess_epd_line(g.record.final_position); break;
        case ExtraContent::TrainingSample:
            if (auto lines = sampler_->lines(g.record, g.slot.index)) {
                text = std::move(*lines);
            } else {
                progress_->message(fmt::format("the sample file: game {} left out: {}", g.slot.index + 1,
                                               lines.error().message));
                continue;
            }
            if (text.empty()) continue;
            break;
        case ExtraContent::EngineTraffic: continue;  // written by the engines' TrafficLog
        }
        uint32_t crc = 0;
        if (!file->append(text, &crc)) {
            controls_.stop_new = true;  // at once; the tick reports it
            continue;
        }
        // As fastchess prints it after each write (fishtest checks the file it uploads against the last one).
        if (file->request().crc32)
            progress_->message(fmt::format("File {} has CRC32: {:#x}", file->request().path.string(), crc));
    }
}

// An extra output that failed a write takes nothing more: no new game is
// started (the running ones finish and are recorded in the folder) and the
// run exits 1 naming the file. On the tick's thread only.
void Session::check_extra_outputs() {
    if (!extra_error_.empty()) return;
    for (const auto &[file, content] : extra_outputs_) {
        if (auto failure = file->failure()) {
            extra_error_ = *failure;
            controls_.stop_new = true;
            if (progress_) progress_->message(extra_error_ + ": nothing more is written to it, no new game is started");
            return;
        }
    }
}

void Session::tick() {
    check_extra_outputs();
    int signals = options_.interrupts ? options_.interrupts() : 0;
    if (signals > 0 && !controls_.stop_new) {
        result_.interrupted = true;
        controls_.stop_new = true;
        if (c_.on_interrupt == config::OnInterrupt::Abandon) {
            controls_.abandon = true;
            progress_->message("interrupted: abandoning running games");
        } else {
            progress_->message("interrupted: finishing running games (interrupt again to abandon them)");
        }
    }
    if (signals > 1 && !controls_.abandon) {
        controls_.abandon = true;
        progress_->message("interrupted again: abandoning running games");
    }
    if (signals > 0) result_.interrupted = true;
    print_due_reports();
    progress_->tick();
}

void Session::play() {
    // The fastchess layout prints its own lines (FastchessConsole), never a live line.
    progress_.emplace(out_, options_.live && !fastchess_layout(), static_cast<int>(total_),
                      static_cast<int>(recorded_before_), options_.quiet || fastchess_layout(),
                      c_.standings_layout != config::StandingsLayout::Arbiter);
    if (fastchess_layout() && !options_.quiet) {
        FastchessConsole::Setup setup;
        setup.names = names_;
        setup.total_games = full_total_;
        setup.rating_interval = c_.progress_interval;
        setup.context = peer_context();
        setup.sprt = c_.sprt;
        setup.margin = c_.time_margin;
        console_.emplace(std::move(setup));
    }
    play_start_ = std::chrono::steady_clock::now();
    // The games not recorded yet, in schedule order, streamed.
    ScheduleStream schedule(schedule_params(c_, static_cast<int>(loaded_.openings.size())));
    auto feed = [&]() -> std::optional<match::ScheduledGame> {
        while (auto s = schedule.next())
            if (in_shard(*s, c_.shard) && !done_[static_cast<size_t>(s->index)]) {
                // A game refused stays refused: the schedule has moved past it.
                if (feed_closed_ || !may_start(*s)) {
                    feed_closed_ = true;
                    return std::nullopt;
                }
                return s;
            }
        return std::nullopt;
    };
    RunnerHooks hooks;
    if (console_) hooks.on_started = [this](const match::ScheduledGame &slot) { progress_->message(console_->started(slot)); };
    hooks.on_finished = [this](match::FinishedGame &&g) { return record(std::move(g)); };
    hooks.on_settled = [this] { return settle(); };
    hooks.on_tick = [this] { tick(); };
    stats_ = run_games(*rules_, feed, static_cast<size_t>(pending_), c_.concurrency, *pool_,
                       options_.parts.play_game, controls_, std::move(hooks));
    // The workers are joined: what failed to sync is a write error like any other.
    if (auto committed = records_->commit(); !committed && write_error_.empty())
        write_error_ = committed.error().message;
    check_extra_outputs();  // a failure in the last games, after the last tick
    if (stats_.out_of_resources.empty()) stats_.out_of_resources = out_of_resources_;
    // A failed tick is not tried again: its reports are what failed.
    if (write_error_.empty() && stats_.tick_failure.empty()) print_due_reports();
    progress_->clear();
}

// The shared folder's decision, looked at a last time, for the standings.
void Session::add_shared_decision(output::Standings &standings) {
    if (!shared_) return;
    if (auto looked = shared_->look(); !looked) {
        std::lock_guard guard(shared_mutex_);
        if (shared_error_.empty()) shared_error_ = looked.error().message;
    }
    if (auto decision = shared_->decision(); decision && decision->complete)
        standings.shared_sprt = shared_standing(*decision, false);
}

// The run's last lines: counts, time, the standings, where the records are.
void Session::print_summary(const output::Standings &standings, const std::string &standings_text) {
    std::ostream &own = own_lines();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - play_start_).count();
    const int64_t played = recorded_ - recorded_before_;
    // The fastchess layout's standard output has no empty line before its end (OpenBench's worker stops reading there).
    own << fmt::format("{}{} of {} games played{}{}; {} engine processes started\n", fastchess_layout() ? "" : "\n",
                        recorded_, total_,
                        stats_.abandoned ? fmt::format(", {} abandoned (not recorded)", stats_.abandoned) : "",
                        result_.sprt_stopped ? ", stopped by SPRT" : "", stats_.engine_starts);
    own << fmt::format("elapsed {} ({:.1f} s), {} games in this run, {:.2f} games/s\n{}", format_duration(seconds),
                        seconds, played, seconds > 0 ? static_cast<double>(played) / seconds : 0.0,
                        fastchess_layout() ? "" : "\n");
    if (c_.standings_layout == config::StandingsLayout::Arbiter) {
        out_ << standings_text;  // the endings table included
    } else {
        if (!console_) out_ << standings_for_screen(standings);  // the console printed its block with the last game
        err_ << endings_->text();
    }
    own << (fastchess_layout() ? "" : "\n") << "records: ";
    const auto files = records_->record_paths();
    for (size_t i = 0; i < files.size(); ++i) own << (i ? ", " : "") << files[i].string();
    own << "; report: " << (dir_ / kReportFile).string() << "\n";
}

// What the shared folder saw; false after an error that stops the run (said on err_).
bool Session::report_shared_folder() {
    const auto cost = shared_->look_cost();
    const int64_t waiting = shared_->decision() ? 0 : shared_->pairs_waiting();
    out_ << fmt::format("shared folder {}: pairs 1-{} of all shards counted{}, {} looks at the others' pairs "
                        "({:.1f} us each)\n",
                        c_.shared_dir, shared_->pairs_counted(),
                        waiting ? fmt::format(" ({} more waiting for an earlier pair)", waiting) : std::string(),
                        cost.looks,
                        cost.looks ? std::chrono::duration<double, std::micro>(cost.time).count() /
                                         static_cast<double>(cost.looks)
                                   : 0.0);
    std::lock_guard guard(shared_mutex_);
    if (!shared_error_.empty()) {
        out_.flush();
        err_ << prefix() << "stopped: " << shared_error_
             << fmt::format("; {} of {} games of this shard are recorded; once the shared folder is back, "
                            "continue with 'arbiter run --resume {}'\n",
                            recorded_, total_, dir_.string());
        return false;
    }
    return true;
}

SessionResult Session::finish() {
    result_.engine_starts = stats_.engine_starts;
    result_.games_recorded = static_cast<int>(recorded_);
    if (!write_error_.empty()) {
        // Nothing more is written: the records end with the last whole game.
        failed(write_error_);
        err_ << prefix() << fmt::format("stopped writing: {} of {} games are recorded{}; once the cause is fixed, "
                            "continue with 'arbiter run --resume {}'\n",
                            recorded_, total_,
                            stats_.abandoned ? fmt::format(", {} running abandoned", stats_.abandoned) : "",
                            dir_.string());
        return result_;
    }
    // The run is over, finished or stopped: games.pgn and the native record
    // list the games in index order, as a resumed or merged run does
    // (games.jsonl keeps the order they ended). Failing that (a full disk),
    // they still hold every game, in the order they ended, and the run
    // stops as at any write error.
    if (auto ordered = records_->finish_in_index_order(); !ordered) {
        failed(fmt::format("{}; all {} finished games are recorded: once the cause is fixed, 'arbiter run --resume "
                           "{}' puts them in order",
                           ordered.error().message, recorded_, dir_.string()));
        return result_;
    }
    if (!stats_.tick_failure.empty()) {
        failed(fmt::format("stopped: building the progress report failed ({}); the {} finished games are recorded, "
                           "continue with 'arbiter run --resume {}'",
                           stats_.tick_failure, recorded_, dir_.string()));
        return result_;
    }
    std::ostream &own = own_lines();
    if (stats_.workers < c_.concurrency && stats_.workers < pending_)
        own << fmt::format(
            "note: {} games were played at once, not {}: the descriptor limit allows {} engine processes\n",
            stats_.workers, c_.concurrency, stats_.pool_capacity);
    auto standings = output::compute_standings(names_, tally_.counts(), c_.sprt);
    add_shared_decision(standings);
    standings.endings = endings_;
    auto standings_text = write_standings_files(*records_, standings);
    if (!standings_text) {
        failed(standings_text.error().message);
        return result_;
    }
    write_report(result_.sprt_stopped                                        ? "stopped by SPRT"
                 : result_.interrupted && recorded_ < total_                 ? "interrupted"
                 : recorded_ < total_ && !stats_.out_of_resources.empty()    ? "stopped"
                                                                             : "finished");
    print_summary(standings, *standings_text);
    // fastchess's last lines (the block of games counted since its last one, the players that lost on time or
    // crashed, "Finished match"), also after an interrupt or a failure below: its readers wait for them.
    if (console_) out_ << console_->closing(std::chrono::duration_cast<std::chrono::seconds>(
                      std::chrono::steady_clock::now() - play_start_));
    if (!extra_error_.empty()) {
        out_.flush();
        err_ << prefix() << extra_error_
             << fmt::format("; nothing more was written to it: {} of {} games are recorded in {}{}\n", recorded_, total_,
                            dir_.string(),
                            recorded_ < total_ ? fmt::format(" (no new game was started); once the cause is fixed, "
                                                             "continue with 'arbiter run --resume {}'",
                                                             dir_.string())
                                               : std::string());
        result_.exit_code = 1;
        return result_;
    }
    if (shared_ && !report_shared_folder()) {
        result_.exit_code = 1;
        return result_;
    }
    if (!stats_.out_of_resources.empty()) {
        out_.flush();
        err_ << prefix() << "stopped: the system ran out of resources (" << stats_.out_of_resources
             << "); raise that limit or lower the concurrency, then continue with 'arbiter run --resume "
             << dir_.string() << "'\n";
        result_.exit_code = 1;
        return result_;
    }
    const bool unfinished = result_.interrupted && result_.games_recorded < result_.games_total;
    if (unfinished) own << "interrupted: continue with 'arbiter run --resume " << dir_.string() << "'\n";
    out_.flush();
    result_.exit_code = unfinished ? 130 : 0;
    if (plugin_errors_.report(prefix(), loaded_.plugin->file().string(), err_)) result_.exit_code = 1;
    return result_;
}

}  // namespace

SessionResult run_session(const config::LoadedConfig &loaded, const SessionOptions &options, std::ostream &out,
                          std::ostream &err) {
    Session session(loaded, options, out, err);
    if (!session.open_records() || !session.check_identity() || !session.read_records() ||
        !session.open_extra_outputs() || !session.start_engines() || !session.prepare_folder())
        return session.result();
    session.announce();
    session.play();
    return session.finish();
}

}  // namespace arb::tournament
