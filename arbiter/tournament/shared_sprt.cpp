#include "tournament/shared_sprt.hpp"

#include "output/standings.hpp"
#include "tournament/shard.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <thread>

namespace arb::tournament {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A line longer than this without its newline is not a torn pair line but a foreign file.
constexpr size_t kPairLineLimit = 4096;
// The decision's text holds every pair id counted: room for some millions.
constexpr int64_t kDecisionFileLimit = int64_t{64} << 20;

std::string errno_text() { return std::strerror(errno); }

bool is_game_score(double s) { return s == 0.0 || s == 0.5 || s == 1.0; }

const char *decision_word(rating::SprtState::Decision d) {
    switch (d) {
    case rating::SprtState::Decision::AcceptH0: return "H0";
    case rating::SprtState::Decision::AcceptH1: return "H1";
    case rating::SprtState::Decision::Continue: break;
    }
    return "continue";
}

// Closes a descriptor on every path out.
class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    [[nodiscard]] int get() const { return fd_; }
    int release() { return std::exchange(fd_, -1); }

private:
    int fd_;
};

// Bytes [offset, size) of `fd`.
Expected<std::string> read_range(int fd, int64_t offset, int64_t size, const fs::path &path) {
    std::string text(static_cast<size_t>(size - offset), '\0');
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t got = ::pread(fd, text.data() + done, text.size() - done, static_cast<off_t>(offset) +
                                                                                    static_cast<off_t>(done));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return fail(path.string() + ": read failed: " + errno_text());
        if (got == 0) break;  // shorter than fstat said a moment ago: read the rest next time
        done += static_cast<size_t>(got);
    }
    text.resize(done);
    return text;
}

// The whole of a small file, retried while another shard is still writing it
// (it is created before its one write lands).
Expected<std::optional<std::string>> read_small_file(const fs::path &path, int64_t limit) {
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT) return std::optional<std::string>();
        return fail(path.string() + ": cannot be opened: " + errno_text());
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return fail(path.string() + ": fstat failed: " + errno_text());
    if (st.st_size > limit) return fail(fmt::format("{}: {} bytes, more than such a file holds", path.string(), st.st_size));
    auto text = read_range(fd.get(), 0, st.st_size, path);
    if (!text) return fail(text.error());
    return std::optional<std::string>(std::move(*text));
}

}  // namespace

std::string shard_pairs_file(int shard, int count) { return fmt::format("shard-{}-of-{}.pairs", shard, count); }

std::string shared_pair_line(const SharedPair &p) {
    return json{{"pair", p.pair}, {"shard", p.shard}, {"scores", p.scores}}.dump() + "\n";
}

std::optional<SharedPair> parse_shared_pair_line(const std::string &line) {
    const json j = json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("pair") || !j["pair"].is_number_integer() || !j.contains("shard") ||
        !j["shard"].is_number_integer() || !j.contains("scores") || !j["scores"].is_array())
        return std::nullopt;
    SharedPair p;
    p.pair = j["pair"].get<int64_t>();
    p.shard = j["shard"].get<int>();
    for (const auto &s : j["scores"]) {
        if (!s.is_number() || !is_game_score(s.get<double>())) return std::nullopt;
        p.scores.push_back(s.get<double>());
    }
    if (p.pair < 0 || p.shard < 1 || p.scores.size() > 2) return std::nullopt;
    return p;
}

std::optional<SharedPair> PairAssembler::add(const match::ScheduledGame &slot, std::optional<double> score) {
    SharedPair pair{slot.pair_id, shard_, {}};
    // The odd game of an odd count per pairing has no partner (ScheduleStream).
    const bool lone = games_per_pairing_ % 2 == 1 && slot.game_in_pairing == games_per_pairing_ - 1;
    if (lone) {
        if (score) pair.scores.push_back(*score);
        return pair;
    }
    auto [open, first] = open_.try_emplace(slot.pair_id, slot.game_in_pairing, score);
    if (first) return std::nullopt;
    auto [other_game, other_score] = open->second;
    open_.erase(open);
    if (other_game > slot.game_in_pairing) std::swap(other_score, score);
    for (const auto &s : {other_score, score})
        if (s) pair.scores.push_back(*s);
    return pair;
}

PairCount::PairCount(const rating::SprtConfig &config) : config_(config) {}

// As rating::ResultTally counts engines 0 and 1: every game in the trinomial,
// a complete pair in the pentanomial.
void PairCount::add(const std::vector<double> &scores) {
    for (double s : scores) rating::add_game(counts_.trinomial, s);
    if (scores.size() == 2) rating::add_pair(counts_.pentanomial, scores[0], scores[1]);  // both games rated
    counts_.games += static_cast<int64_t>(scores.size());
    ++pairs_;
}

rating::SprtState PairCount::state() const { return output::sprt_state(config_, counts_); }

std::string decision_text(const SharedDecision &d) {
    return json{{"decision", decision_word(d.state.decision)},
                {"llr", d.state.llr},
                {"lower", d.state.lower},
                {"upper", d.state.upper},
                {"pairs", d.pairs},
                {"games", d.games},
                {"shard", d.decided_by},
                {"time_ms", d.time_ms}}
               .dump() +
           "\n";
}

Expected<SharedDecision> parse_decision(const std::string &text, const std::string &file) {
    const json j = json::parse(text, nullptr, false);
    auto bad = [&] { return fail(file + ": not a decision of arbiter's sharded SPRT: '" + text.substr(0, 200) + "'"); };
    if (!j.is_object()) return bad();
    SharedDecision d;
    try {
        const auto word = j.at("decision").get<std::string>();
        if (word == "H0") d.state.decision = rating::SprtState::Decision::AcceptH0;
        else if (word == "H1") d.state.decision = rating::SprtState::Decision::AcceptH1;
        else return bad();
        d.state.llr = j.at("llr").get<double>();
        d.state.lower = j.at("lower").get<double>();
        d.state.upper = j.at("upper").get<double>();
        d.pairs = j.at("pairs").get<int64_t>();
        d.games = j.at("games").get<int64_t>();
        d.decided_by = j.at("shard").get<int>();
        d.time_ms = j.value("time_ms", int64_t{0});
    } catch (const json::exception &) {
        return bad();
    }
    return d;
}

std::string decision_summary(const SharedDecision &d) {
    if (!d.complete) return "decided (the decision file is still being written)";
    return fmt::format("{} accepted, LLR {:.2f} ({:.2f}, {:.2f}) after {} pairs ({} games), decided by shard {}",
                       decision_word(d.state.decision), d.state.llr, d.state.lower, d.state.upper, d.pairs, d.games,
                       d.decided_by);
}

output::SharedSprtStanding shared_standing(const SharedDecision &d, bool all_games) {
    output::SharedSprtStanding s;
    s.state = d.state;
    s.pairs = d.pairs;
    s.games = d.games;
    s.decided_by = d.decided_by;
    s.all_games = all_games;
    return s;
}

Expected<std::optional<SharedDecision>> read_decision(const fs::path &dir) {
    const fs::path path = dir / kDecisionFile;
    auto text = read_small_file(path, kDecisionFileLimit);
    if (!text) return fail(text.error());
    if (!*text) return std::optional<SharedDecision>();
    if ((*text)->empty() || (*text)->back() != '\n') {
        SharedDecision pending;
        pending.complete = false;
        return std::optional<SharedDecision>(pending);
    }
    auto d = parse_decision(**text, path.string());
    if (!d) return fail(d.error());
    return std::optional<SharedDecision>(std::move(*d));
}

SharedSprt::SharedSprt(fs::path dir, config::ShardSpec shard, const rating::SprtConfig &sprt)
    : dir_(std::move(dir)), shard_(shard), count_(sprt) {
    for (int k = 1; k <= shard_.count; ++k)
        if (k != shard_.index) others_.push_back(Source{dir_ / shard_pairs_file(k, shard_.count), k});
}

SharedSprt::SharedSprt(SharedSprt &&other) noexcept
    : dir_(std::move(other.dir_)), shard_(other.shard_), own_(std::move(other.own_)),
      own_pairs_(std::move(other.own_pairs_)), others_(std::move(other.others_)), count_(std::move(other.count_)),
      waiting_(std::move(other.waiting_)), decision_(std::move(other.decision_)), cost_(other.cost_) {}

SharedSprt::~SharedSprt() = default;

Expected<SharedSprt> SharedSprt::open(const fs::path &dir, const config::ShardSpec &shard,
                                      const rating::SprtConfig &sprt, const std::string &fingerprint) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return fail(fmt::format("the shared folder {} {}: make it once, on a filesystem every shard sees (see "
                                "docs/scale-out.md)",
                                dir.string(), errno == ENOENT ? "does not exist" : "is not a folder"));
    // Which tournament the folder is for: the first shard writes it, every other one checks it.
    const std::string identity = fmt::format("fingerprint {} shards {}\n", fingerprint, shard.count);
    const fs::path identity_file = dir / kSharedTournamentFile;
    Fd created(::open(identity_file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
    if (created.get() >= 0) {
        if (auto w = output::write_all(created.get(), identity, identity_file, nullptr); !w) return fail(w.error());
        if (::fsync(created.get()) != 0) return fail(identity_file.string() + ": fsync failed: " + errno_text());
    } else if (errno != EEXIST) {
        return fail(identity_file.string() + ": cannot be created: " + errno_text());
    } else {
        std::optional<std::string> text;
        // Created by another shard a moment ago: its one short write is due at once.
        for (int attempt = 0; attempt < 100; ++attempt) {
            auto got = read_small_file(identity_file, 4096);
            if (!got) return fail(got.error());
            text = *got;
            if (text && !text->empty() && text->back() == '\n') break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (!text || *text != identity)
            return fail(fmt::format("the shared folder {} belongs to another run: its {} says '{}', this run is "
                                    "'{}' (a shared folder serves one tournament and one shard count; use a new one)",
                                    dir.string(), kSharedTournamentFile,
                                    text ? text->substr(0, text->find('\n')) : std::string(),
                                    identity.substr(0, identity.size() - 1)));
    }
    SharedSprt shared(dir, shard, sprt);
    if (auto own = shared.read_own_file(); !own) return fail(own.error());
    if (auto looked = shared.look(); !looked) return fail(looked.error());
    return shared;
}

// This shard's file: its pairs are counted, a torn last line (a kill in the
// middle of a write) is cut off before anything is appended after it.
Expected<void> SharedSprt::read_own_file() {
    const fs::path path = dir_ / shard_pairs_file(shard_.index, shard_.count);
    Fd fd(::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
    if (fd.get() < 0) return fail(path.string() + ": cannot be opened: " + errno_text());
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return fail(path.string() + ": fstat failed: " + errno_text());
    auto text = read_range(fd.get(), 0, st.st_size, path);
    if (!text) return fail(text.error());
    size_t start = 0;
    int64_t line_number = 0;
    for (size_t end; (end = text->find('\n', start)) != std::string::npos; start = end + 1) {
        ++line_number;
        const auto pair = parse_shared_pair_line(text->substr(start, end - start));
        if (!pair || pair->shard != shard_.index || shard_of_pair(static_cast<int>(pair->pair), shard_.count) != shard_.index)
            return fail(fmt::format("{}:{}: not a pair of shard {}: '{}'", path.string(), line_number,
                                    config::to_string(shard_), text->substr(start, std::min<size_t>(end - start, 200))));
        own_pairs_.insert(pair->pair);
        if (auto counted = count(*pair); !counted) return counted;
    }
    if (start < text->size()) {
        if (::ftruncate(fd.get(), static_cast<off_t>(start)) != 0 || ::fsync(fd.get()) != 0)
            return fail(path.string() + ": cutting off its torn last line failed: " + errno_text());
    }
    own_.emplace(fd.release(), path, true, nullptr);
    return {};
}

bool SharedSprt::has(int64_t pair) const {
    std::lock_guard guard(mutex_);
    return own_pairs_.count(pair) > 0;
}

Expected<void> SharedSprt::append(const SharedPair &pair) {
    std::lock_guard guard(mutex_);
    if (auto written = own_->append(shared_pair_line(pair)); !written) return written;
    own_pairs_.insert(pair.pair);
    return count(pair);
}

// In schedule order: the pair waits until every pair before it is in.
Expected<void> SharedSprt::count(const SharedPair &pair) {
    if (decision_) return {};  // the decision is made: what comes after is overshoot
    if (pair.pair < count_.pairs() || !waiting_.emplace(pair.pair, pair.scores).second)
        return fail(fmt::format("pair {} is in the shared folder {} twice (shard {}): the folder is damaged", pair.pair,
                                dir_.string(), pair.shard));
    while (!waiting_.empty() && waiting_.begin()->first == count_.pairs()) {
        count_.add(waiting_.begin()->second);
        waiting_.erase(waiting_.begin());
        if (count_.state().decision != rating::SprtState::Decision::Continue) return decide();
    }
    return {};
}

// The first to create the file decides; a shard that finds one there takes it.
Expected<void> SharedSprt::decide() {
    SharedDecision mine;
    mine.state = count_.state();
    mine.pairs = count_.pairs();
    mine.games = count_.games();
    mine.decided_by = shard_.index;
    mine.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
    const fs::path path = dir_ / kDecisionFile;
    Fd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
    if (fd.get() < 0) {
        if (errno == EEXIST) return read_decision_file();
        return fail(path.string() + ": the decision cannot be written: " + errno_text());
    }
    // Written in one piece, so that a reader sees it whole or not yet (its newline last).
    if (auto w = output::write_all(fd.get(), decision_text(mine), path, nullptr); !w) return w;
    if (::fdatasync(fd.get()) != 0) return fail(path.string() + ": fdatasync failed: " + errno_text());
    decision_ = std::move(mine);
    return {};
}

Expected<void> SharedSprt::read_decision_file() {
    auto read = read_decision(dir_);
    if (!read) return fail(read.error());
    if (*read) decision_ = std::move(**read);
    return {};
}

Expected<void> SharedSprt::check_folder() const {
    struct stat st {};
    if (::stat(dir_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return fail(fmt::format("the shared folder {} is gone ({}): the shards cannot see each other's pairs; no new "
                                "pair is started (the games so far are recorded)",
                                dir_.string(), errno_text()));
    return {};
}

Expected<void> SharedSprt::read_new_lines(Source &source) {
    // Re-opened at every look: on NFS the open revalidates the file (close-to-open), so fstat sees its growth.
    Fd fd(::open(source.path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT) return {};  // that shard has not started yet
        return fail(source.path.string() + ": cannot be opened: " + errno_text());
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return fail(source.path.string() + ": fstat failed: " + errno_text());
    if (st.st_size < source.offset)
        return fail(fmt::format("{} is {} bytes, shorter than the {} already read: a shard's file was cut or "
                                "replaced, the shared folder is damaged",
                                source.path.string(), st.st_size, source.offset));
    if (st.st_size == source.offset) return {};
    auto text = read_range(fd.get(), source.offset, st.st_size, source.path);
    if (!text) return fail(text.error());
    size_t start = 0;
    for (size_t end; (end = text->find('\n', start)) != std::string::npos; start = end + 1) {
        ++source.lines;
        const auto pair = parse_shared_pair_line(text->substr(start, end - start));
        if (!pair || pair->shard != source.shard ||
            shard_of_pair(static_cast<int>(pair->pair), shard_.count) != source.shard)
            return fail(fmt::format("{}:{}: not a pair of shard {}/{}: '{}'", source.path.string(), source.lines,
                                    source.shard, shard_.count, text->substr(start, std::min<size_t>(end - start, 200))));
        source.offset += static_cast<int64_t>(end + 1 - start);
        if (auto counted = count(*pair); !counted) return counted;
    }
    // What is left is a line still being written: read again from its start next time.
    if (text->size() - start > kPairLineLimit)
        return fail(fmt::format("{}: {} bytes after line {} without a line end: not a shard's pair file",
                                source.path.string(), text->size() - start, source.lines));
    return {};
}

Expected<void> SharedSprt::look() {
    std::lock_guard guard(mutex_);
    const auto started = std::chrono::steady_clock::now();
    auto looked = [&]() -> Expected<void> {
        if (auto there = check_folder(); !there) return there;
        // The lines first: a shard that reaches the crossing itself writes the decision or finds it there.
        if (!decision_)
            for (auto &source : others_) {
                if (auto read = read_new_lines(source); !read) return read;
                if (decision_) break;
            }
        if (!decision_ || !decision_->complete) return read_decision_file();
        return {};
    }();
    ++cost_.looks;
    cost_.time += std::chrono::steady_clock::now() - started;
    return looked;
}

std::optional<SharedDecision> SharedSprt::decision() const {
    std::lock_guard guard(mutex_);
    return decision_;
}

rating::SprtState SharedSprt::state() const {
    std::lock_guard guard(mutex_);
    return count_.state();
}

int64_t SharedSprt::pairs_counted() const {
    std::lock_guard guard(mutex_);
    return count_.pairs();
}

int64_t SharedSprt::pairs_waiting() const {
    std::lock_guard guard(mutex_);
    return static_cast<int64_t>(waiting_.size());
}

SharedSprt::LookCost SharedSprt::look_cost() const {
    std::lock_guard guard(mutex_);
    return cost_;
}

}  // namespace arb::tournament
