#include "engine/protocol_engine.hpp"

#include "core/quote.hpp"
#include "core/text_check.hpp"
#include "engine/dialect/dialect_codec.hpp"
#include "engine/engine_process.hpp"
#include "engine/foreign_protocol.hpp"
#include "engine/ugi_parse.hpp"
#include "process/cpu_affinity.hpp"
#include "process/resource_limits.hpp"

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/reply.hpp>
#include <arbiter/ugi/option_spec.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <regex>
#include <string_view>

namespace arb::engine {
namespace {

using std::chrono::milliseconds;
using protocol::Dialect;

std::string last_line(const std::string &text) {
    size_t end = text.find_last_not_of("\r\n \t");
    if (end == std::string::npos) return {};
    size_t begin = text.rfind('\n', end);
    begin = begin == std::string::npos ? 0 : begin + 1;
    return excerpt(std::string_view(text).substr(begin, end + 1 - begin), kStderrLineMax);
}

// An engine's 'id name' longer than this is cut (it names the engine in messages).
constexpr size_t kIdNameMax = 100;
// A result claim longer than this is cut (it is quoted in the game's reason).
constexpr size_t kClaimMax = 200;

// The text after "id name" in an 'id' line, if it is one.
std::optional<std::string_view> id_name_of(std::string_view line) {
    auto words_from = [](std::string_view text) {
        size_t at = text.find_first_not_of(" \t");
        return at == std::string_view::npos ? std::string_view() : text.substr(at);
    };
    std::string_view rest = words_from(line.substr(std::min(line.size(), line.find("id") + 2)));
    if (rest.substr(0, 4) != "name" || (rest.size() > 4 && rest[4] != ' ' && rest[4] != '\t')) return std::nullopt;
    rest = words_from(rest.substr(4));
    size_t end = rest.find_last_not_of(" \t\r");
    if (end == std::string_view::npos) return std::nullopt;
    return rest.substr(0, end + 1);
}

// An engine over its pipes, in the dialect its codec speaks.
class PipedEngine final : public ProtocolEngine {
public:
    PipedEngine(EngineConfig config, EngineTimeouts timeouts, std::unique_ptr<EngineProcess> process)
        : config_(std::move(config)), timeouts_(timeouts), process_(std::move(process)) {
        out_.reserve(4096);
        // No name given: the engine's own 'id name' once the handshake is
        // done, the program's file name until then (and when it gives none).
        named_by_engine_ = config_.name.empty();
        if (named_by_engine_) config_.name = std::filesystem::path(config_.command).filename().string();
    }
    ~PipedEngine() override { quit(); }

    Expected<void, EngineError> handshake(const GameSetupOptions *game) {
        static const std::vector<Dialect> kUgiOnly{Dialect::Ugi};
        const std::vector<Dialect> &supported = game != nullptr ? game->protocols : kUgiOnly;
        if (game != nullptr) notation_ = game->notation;
        codec_ = make_dialect_codec(dialect_tried(), notation_, game);
        std::vector<Dialect> tries;
        if (config_.protocol) {
            if (std::find(supported.begin(), supported.end(), *config_.protocol) == supported.end())
                return Unexpected<EngineError>{unsupported(*config_.protocol, supported, game)};
            tries.push_back(*config_.protocol);
        } else {
            for (Dialect d : protocol::kDialects)
                if (std::find(supported.begin(), supported.end(), d) != supported.end()) tries.push_back(d);
        }
        auto deadline = SteadyClock::now() + timeouts_.startup;
        for (size_t i = 0; i < tries.size(); ++i) {
            // Under "auto" each handshake but the last gets an equal share of
            // the startup time: an engine that ignores a word it does not know
            // must not use up the time of the dialect it does speak.
            const bool last = i + 1 == tries.size();
            auto now = SteadyClock::now();
            auto until = last ? deadline : now + (deadline - now) / static_cast<long>(tries.size() - i);
            auto answered = try_handshake(tries[i], until, last, supported, game);
            if (!answered) return Unexpected<EngineError>{std::move(answered.error())};
            if (*answered == Tried::Answered) break;
            // An xboard engine told apart by its answer goes to xboard at once.
            if (*answered == Tried::Xboard)
                i = static_cast<size_t>(std::find(tries.begin() + static_cast<long>(i) + 1, tries.end(), Dialect::Xboard) -
                                        tries.begin()) - 1;
        }
        if (named_by_engine_ && !id_name_.empty()) config_.name = id_name_;
        out_.clear();
        if (game != nullptr) {
            // An engine of several games cannot declare the rule options of
            // a game it does not know yet: one that declares 'game' is sent
            // every rule option of the game after it (docs/protocol.md).
            const bool takes_game = !game->game.empty() && declares("game");
            if (takes_game)
                if (auto refused = append_setoption("game", game->game)) return Unexpected<EngineError>{std::move(*refused)};
            for (const auto &rule : game->rules) {
                bool told = takes_game || declares(rule.name);
                if (told)
                    if (auto refused = append_setoption(rule.name, rule.value)) return Unexpected<EngineError>{std::move(*refused)};
                // The same rule in the dialect's own words (UCI_Chess960).
                std::string others;
                for (const auto &option : codec_->options_for_rule(*game, rule.name)) {
                    if (declares(option.name)) {
                        if (auto refused = append_setoption(option.name, option.value))
                            return Unexpected<EngineError>{std::move(*refused)};
                        game_options_sent_.push_back({option.name, option.value});
                        told = true;
                    } else {
                        others += " nor '" + option.name + "'";
                    }
                }
                if (!told && !rule.is_default)
                    warnings_.push_back("engine " + quote(config_.name) + " does not declare the rule option '" + rule.name +
                                        "'" + others + " (set to " + quote(rule.value) +
                                        "): it will most likely play under other rules");
            }
        }
        for (const auto &[name, value] : config_.ugi_options) {
            if (!declares(name) && !codec_->is_standard_option(name))
                warnings_.push_back("engine " + quote(config_.name) + " does not declare the option " + quote(name));
            if (auto refused = append_setoption(name, value)) return Unexpected<EngineError>{std::move(*refused)};
        }
        for (const auto &[name, value] : codec_->standard_options(config_.ugi_options))
            if (auto refused = append_setoption(name, value)) return Unexpected<EngineError>{std::move(*refused)};
        return sync("");
    }

    Expected<void, EngineError> new_game() override {
        out_.clear();
        codec_->append_new_game(out_);
        out_ += '\n';
        return sync("");
    }

    Expected<void, EngineError> new_game_seeded(uint64_t seed) override {
        out_.clear();
        if (const std::string *option = seed_option())
            if (auto refused = append_setoption(*option, std::to_string(seed))) return Unexpected<EngineError>{std::move(*refused)};
        codec_->append_new_game(out_);
        out_ += '\n';
        return sync("");
    }

    Expected<BestMove, EngineError> go(const protocol::Position &position, const protocol::Go &go,
                                       milliseconds deadline) override {
        return go_next_ply(position, 0, go, deadline);
    }

    Expected<BestMove, EngineError> go_next_ply(const protocol::Position &position, size_t known, const protocol::Go &go,
                                                milliseconds deadline) override {
        if (auto dead = check_usable()) return Unexpected<EngineError>{std::move(*dead)};
        out_.clear();
        if (auto bad = codec_->append_position(out_, position, known)) return Unexpected<EngineError>{std::move(*bad)};
        // out_ holds the position's lines alone here (xboard: several).
        for (size_t begin = 0; begin <= out_.size();) {
            const size_t end = std::min(out_.find('\n', begin), out_.size());
            const std::string_view line = std::string_view(out_).substr(begin, end - begin);
            if (auto fault = control_fault(line))
                return Unexpected<EngineError>{refused(FailureKind::Protocol, "the position line " + quote(line) + " " + *fault)};
            begin = end + 1;
        }
        out_ += '\n';
        codec_->append_go(out_, go);
        out_ += '\n';
        auto start = SteadyClock::now();
        auto until = start + deadline;
        const auto stalled_at_go = process_->stalled();
        // The time since 'go' the engine is charged: without the arbiter's
        // own stalls, nor its wait for a CPU once 'bestmove' had woken it
        // (the engine was done then; both are time the arbiter was not
        // running, so the larger is taken off, not their sum).
        auto used = [&](milliseconds *stalled, SteadyClock::duration woken_late) {
            const auto stalled_since = process_->stalled() - stalled_at_go;
            auto stall = std::chrono::duration_cast<milliseconds>(stalled_since);
            if (stalled != nullptr) *stalled = stall;
            const auto late = std::chrono::duration_cast<milliseconds>(std::max(woken_late - stalled_since, SteadyClock::duration::zero()));
            return std::max(milliseconds(0),
                            std::chrono::duration_cast<milliseconds>(SteadyClock::now() - start) - stall - late);
        };
        const std::string awaited = "'" + std::string(codec_->move_answer()) + "' after 'go'";
        if (auto sent = send(out_, until); sent != WriteStatus::Written)
            return Unexpected<EngineError>{failure(sent, {awaited.c_str(), FailureKind::Timeout, deadline})};
        protocol::InfoFields info;
        bool draw_offered = false;
        begin_capture();
        for (;;) {
            std::string_view line;
            ReadStatus status = read_line(until, line);
            if (status != ReadStatus::Line)
                return Unexpected<EngineError>{
                    failure(status, {awaited.c_str(), FailureKind::Timeout, used(nullptr, {})}, line)};
            const Reply reply = codec_->read_reply(line, info);
            if (capturing_ && reply.kind != Reply::Kind::BestMove && reply.kind != Reply::Kind::Resign)
                capture(line, reply.kind);
            if (reply.kind == Reply::Kind::DrawOffer) draw_offered = true;
            // The engine is asked to move only while the game goes on (the
            // plugin said so), so a claim read now is one the caller judges
            // false: with 'false_claims: ignore' it is passed over here and
            // the move awaited (docs/protocol.md, "xboard").
            if (reply.kind == Reply::Kind::Claim && config_.ignore_false_claims) continue;
            if (reply.kind == Reply::Kind::Refused) {
                needs_restart_ = true;
                return Unexpected<EngineError>{
                    EngineError{FailureKind::Protocol, "the engine refused a move it was given", excerpt(line)}};
            }
            if (reply.kind != Reply::Kind::BestMove && reply.kind != Reply::Kind::Resign && reply.kind != Reply::Kind::Claim)
                continue;
            BestMove answer;
            answer.info = info;
            answer.elapsed = used(&answer.stalled, process_->line_wake_delay());
            answer.draw_offered = draw_offered;
            if (reply.kind == Reply::Kind::Claim) {
                answer.claim = std::string(reply.move.substr(0, kClaimMax));
                return captured(std::move(answer));
            }
            if (reply.kind == Reply::Kind::Resign) {
                answer.move = std::string(reply.move);
                answer.resigned = true;
                return captured(std::move(answer));
            }
            if (reply.move.empty()) {
                needs_restart_ = true;
                return Unexpected<EngineError>{EngineError{
                    FailureKind::Protocol, "'" + std::string(codec_->move_answer()) + "' without a move", excerpt(line)}};
            }
            // A move the game cannot read back is passed on as sent:
            // the plugin then judges it unparsable, naming the text.
            std::optional<std::string> own = codec_->move_in(reply.move);
            answer.move = own ? std::move(*own) : std::string(reply.move);
            return captured(std::move(answer));
        }
    }

    void game_over(protocol::GameOver::Result result) override {
        if (process_->reaped() || needs_restart_) return;
        out_.clear();
        if (!codec_->append_game_over(out_, result)) return;
        out_ += '\n';
        // No answer comes; an engine that cannot take the line fails at the next command.
        (void)send(out_, SteadyClock::now() + timeouts_.ready);
    }

    void quit() override {
        if (process_->reaped()) return;
        if (!needs_restart_) {
            auto deadline = SteadyClock::now() + timeouts_.quit_grace;
            if (process_->write("quit\n", deadline) == WriteStatus::Written) process_->wait_exit(deadline);
        }
        process_->kill_and_reap();
    }

    [[nodiscard]] bool alive() const override { return !process_->reaped() && process_->exit_status().running(); }
    [[nodiscard]] const std::string &name() const override { return config_.name; }
    [[nodiscard]] std::string stderr_tail() const override { return process_->stderr_tail(); }
    [[nodiscard]] std::vector<std::string> warnings() const override { return warnings_; }
    [[nodiscard]] std::vector<std::string> declared_options() const override { return declared_; }
    [[nodiscard]] std::string id_name() const override { return id_name_; }
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> game_engine_options() const override {
        return game_options_sent_;
    }
    [[nodiscard]] bool needs_restart() const override { return needs_restart_; }
    [[nodiscard]] long pid() const override { return process_->pid(); }
    bool pin_to_cpu(int cpu) override { return process::pin_process_to(process_->pid(), cpu, process_->cgroup()); }
    [[nodiscard]] Dialect dialect() const override { return codec_ ? codec_->id() : dialect_tried(); }
    void set_stop_flag(const std::atomic<bool> *flag) override { process_->set_stop_flag(flag); }
    // The log taps the channel itself: every line written or read, 'quit' included.
    void set_traffic_log(TrafficLog log) override {
        traffic_stderr_ = log ? [log, name = config_.name](std::string_view line) { log(name, Traffic::Stderr, line); }
                              : StderrCopy();
        tap_stderr();
        if (!log) return process_->set_tap(nullptr);
        process_->set_tap([log = std::move(log), name = config_.name](bool to_engine, std::string_view line) {
            log(name, to_engine ? Traffic::ToEngine : Traffic::FromEngine, line);
        });
    }
    void set_stderr_copy(StderrCopy copy) override {
        stderr_copy_ = std::move(copy);
        tap_stderr();
    }

    void set_capture(Capture capture) override {
        capture_ = std::move(capture);
        capturing_ = capture_.search_lines || !capture_.line_patterns.empty();
    }

private:
    void begin_capture() {
        if (!capturing_) return;
        kept_lines_.clear();
        matched_.assign(capture_.line_patterns.size(), std::nullopt);
    }

    // Keeps what Capture asks of one line of a search: only its text here, so
    // that the time charged to the engine does not pay for reading its PV.
    void capture(std::string_view line, Reply::Kind kind) {
        if (capture_.search_lines && kind == Reply::Kind::Info && line.find(" score ") != std::string_view::npos)
            kept_lines_.emplace_back(line);
        for (size_t i = 0; i < capture_.line_patterns.size(); ++i)
            if (std::regex_search(line.begin(), line.end(), capture_.line_patterns[i])) matched_[i] = std::string(line);
    }

    // The kept lines read into `move` once the time is taken: each PV's
    // moves in the plugin's notation.
    BestMove captured(BestMove move) {
        if (!capturing_) return move;
        for (auto &text : kept_lines_) {
            SearchLine line;
            if (!protocol::parse_pv_line(text, line.pv)) continue;
            for (auto &m : line.pv.moves)
                if (auto own = codec_->move_in(m)) m = std::move(*own);
            line.text = std::move(text);
            move.lines.push_back(std::move(line));
        }
        kept_lines_.clear();
        for (auto &m : matched_)
            if (m) move.matched.push_back(std::move(*m));
        return move;
    }

    // One tap on the process's stderr for both readers of it: the traffic
    // log and the game's copy; none when neither is set.
    void tap_stderr() {
        if (!traffic_stderr_ && !stderr_copy_) return process_->set_stderr_tap(nullptr);
        process_->set_stderr_tap([this](std::string_view line) {
            if (traffic_stderr_) traffic_stderr_(line);
            if (stderr_copy_) stderr_copy_(line);
        });
    }

    // How one handshake went: answered; not (under "auto", try the next
    // dialect); or the engine's lines are xboard's (go to xboard).
    enum class Tried { Answered, Next, Xboard };

    // Lines for a message on one line: "xboard, protover 2".
    static std::string one_line(std::string text) {
        for (size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at)) text.replace(at, 1, ", ");
        return text;
    }

    static constexpr int kMostNudges = 50;

    // One handshake in `dialect` until `until`; Next when `last` is false
    // and the time ran out; an error otherwise, quoting what the engine printed.
    // The codec's nudge goes again each fiftieth of the silence while the engine
    // says nothing: GNU Chess's input thread holds stdin's lock while it waits
    // to read, and its start needs that lock, so it goes on only when a line
    // arrives and it wins the lock in the moment the reader lets go. On a busy
    // machine that takes a few to a few dozen lines (docs/protocol.md, "xboard").
    Expected<Tried, EngineError> try_handshake(Dialect dialect, SteadyClock::time_point until, bool last,
                                               const std::vector<Dialect> &supported, const GameSetupOptions *game) {
        std::unique_ptr<DialectCodec> codec = make_dialect_codec(dialect, notation_, game);
        std::string command(codec->handshake());
        const std::string answer = "'" + std::string(codec->handshake_answer()) + "' after '" + one_line(command) + "'";
        const Awaited awaited{answer.c_str(), FailureKind::Stall, timeouts_.startup};
        declared_.clear();
        command += '\n';
        auto last_heard = SteadyClock::now();
        int nudges = 0;
        auto last_nudge = last_heard;
        if (auto sent = send(command, until); sent != WriteStatus::Written)
            return Unexpected<EngineError>{with_printed(failure(sent, awaited))};
        const bool auto_tries_xboard =
            !config_.protocol && dialect != Dialect::Xboard &&
            std::find(supported.begin(), supported.end(), Dialect::Xboard) != supported.end();
        for (;;) {
            std::string_view line;
            // A conversation may end in silence (xboard: protocol 1, or no
            // 'done'), but under "auto" only once the engine said something.
            // At most half the startup time, so that a shorter one still leaves room.
            auto silence = codec->handshake_silence();
            if (silence) silence = std::min(*silence, timeouts_.startup / 2);
            const bool silence_ends = silence && (config_.protocol || printed_count_ > 0);
            auto read_until = silence_ends ? std::min(until, last_heard + *silence) : until;
            const std::string_view nudge = codec->handshake_nudge();
            const bool nudging = silence && nudges < kMostNudges && !nudge.empty();
            if (nudging) read_until = std::min(read_until, std::max(last_heard, last_nudge) + *silence / kMostNudges);
            ReadStatus status = read_line(read_until, line);
            if (status == ReadStatus::Timeout && nudging && read_until < until) {
                ++nudges;
                last_nudge = SteadyClock::now();
                if (auto sent = send(std::string(nudge) + "\n", until); sent != WriteStatus::Written)
                    return Unexpected<EngineError>{with_printed(failure(sent, awaited))};
                continue;
            }
            if (status == ReadStatus::Timeout && silence_ends && read_until < until) {
                codec_ = std::move(codec);
                return Tried::Answered;
            }
            if (status == ReadStatus::Timeout && !last) return Tried::Next;
            if (status != ReadStatus::Line) return Unexpected<EngineError>{with_printed(failure(status, awaited, line))};
            remember_printed(line);
            last_heard = SteadyClock::now();
            if (auto turn = codec->handshake_turn(line)) {
                if (turn->error) {
                    needs_restart_ = true;
                    return Unexpected<EngineError>{with_printed(std::move(*turn->error))};
                }
                if (!turn->id_name.empty()) id_name_ = turn->id_name;
                for (auto &option : turn->options) declared_.push_back(std::move(option));
                if (!turn->reply.empty())
                    if (auto sent = send(turn->reply, until); sent != WriteStatus::Written)
                        return Unexpected<EngineError>{with_printed(failure(sent, awaited))};
                if (turn->done) {
                    codec_ = std::move(codec);
                    return Tried::Answered;
                }
                continue;
            }
            std::string_view token = first_token(line);
            if (token == codec->handshake_answer()) {
                codec_ = std::move(codec);
                return Tried::Answered;
            }
            // Under "auto", an xboard engine's answer ('Illegal move: uci')
            // goes to xboard without waiting out this dialect's share.
            if (auto_tries_xboard) {
                if (auto foreign = foreign_protocol_of(line); foreign && foreign->dialect == Dialect::Xboard)
                    return Tried::Xboard;
            }
            // ... and an engine that says it does not know the word ('Unknown
            // command: ugi', as Stockfish does) is asked the next one at once.
            if (!config_.protocol && !last && line.find("nknown command") != std::string_view::npos &&
                line.find(codec->handshake()) != std::string_view::npos)
                return Tried::Next;
            if (auto other = protocol::dialect_of_answer(line)) {
                // The engine answered another dialect's handshake: under
                // "auto" that is its dialect, if the game has it.
                bool allowed = std::find(supported.begin(), supported.end(), *other) != supported.end();
                if (!config_.protocol && allowed) {
                    codec_ = make_dialect_codec(*other, notation_, game);
                    return Tried::Answered;
                }
                needs_restart_ = true;
                return Unexpected<EngineError>{with_printed(
                    EngineError{FailureKind::Protocol, "answered '" + std::string(token) + "' to '" +
                                                           std::string(codec->handshake()) + "'", excerpt(line)})};
            }
            if (token == "id") {
                if (auto name = id_name_of(line)) id_name_ = excerpt(*name, kIdNameMax);
            }
            if (token == "option") {
                std::string name = parse_option_name(line);
                if (!name.empty()) declared_.push_back(std::move(name));
            }
        }
    }

    // Keeps the first kPrintedLines lines of the handshake and the last
    // kPrintedLines after them: an engine's answer to a word it does not
    // know often comes after a long banner.
    void remember_printed(std::string_view line) {
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;  // GTP ends each answer so
        ++printed_count_;
        if (printed_.size() < kPrintedLines) {
            printed_.emplace_back(excerpt(line));
            return;
        }
        if (last_printed_.size() == kPrintedLines) last_printed_.erase(last_printed_.begin());
        last_printed_.emplace_back(excerpt(line));
    }

    // Adds the protocol the printed lines suggest (another dialect's, or one
    // the arbiter does not speak: xboard, GTP), then the first and the last
    // lines the engine printed, to a handshake failure.
    EngineError with_printed(EngineError error) const {
        if (printed_.empty()) return error;  // a silent engine: the wait's own message says it all
        std::vector<std::string> lines = printed_;
        lines.insert(lines.end(), last_printed_.begin(), last_printed_.end());
        bool named = false;
        for (const auto &line : lines)
            if (auto other = protocol::dialect_of_answer(line); other && *other != dialect_tried()) {
                error.message += " (that is the " + std::string(protocol::name(*other)) + " handshake: set 'protocol: " +
                                 std::string(protocol::name(*other)) + "' for this engine, or proto=" +
                                 std::string(protocol::name(*other)) + " on the command line)";
                named = true;
                break;
            }
        for (const auto &line : lines) {
            if (named) break;
            if (auto foreign = foreign_protocol_of(line); foreign && foreign->dialect != dialect_tried()) {
                error.message += "; it answers in " + std::string(foreign->name) + ", not " +
                                 std::string(protocol::name(dialect_tried())) + " (" + quote(line) + "): " +
                                 foreign->advice;
                named = true;
            }
        }
        error.message += "; the engine printed:";
        for (const auto &line : printed_) error.message += " " + quote(line);
        if (!last_printed_.empty()) {
            const size_t skipped = printed_count_ - printed_.size() - last_printed_.size();
            error.message += skipped > 0 ? " ... (" + std::to_string(skipped) + " more lines) ... last:" : std::string();
            for (const auto &line : last_printed_) error.message += " " + quote(line);
        }
        return error;
    }
    Dialect dialect_tried() const { return config_.protocol.value_or(Dialect::Ugi); }

    EngineError unsupported(Dialect dialect, const std::vector<Dialect> &supported, const GameSetupOptions *game) const {
        std::string list;
        for (Dialect d : supported) list += (list.empty() ? "" : ", ") + std::string(protocol::name(d));
        std::string game_name = game != nullptr && !game->game.empty() ? quote(game->game) : std::string("this game");
        return {FailureKind::StartFailed,
                "engine " + quote(config_.name) + ": the game " + game_name + " does not support protocol '" +
                    std::string(protocol::name(dialect)) + "' (it supports: " + list + ")",
                {}};
    }

    // The engine's spelling of its option 'seed', unless the config sets that
    // option itself (then the user's value stands); null when not declared.
    const std::string *seed_option() const {
        for (const auto &[name, value] : config_.ugi_options)
            if (ugi::same_option_name(name, "seed")) return nullptr;
        for (const auto &d : declared_)
            if (ugi::same_option_name(d, "seed")) return &d;
        return nullptr;
    }

    bool declares(std::string_view option) const {
        return std::any_of(declared_.begin(), declared_.end(), [&](const std::string &d) { return ugi::same_option_name(d, option); });
    }

    // The protocol writer's own guard (the first is where configs and command
    // lines are read, core/text_check.hpp): a text that would end the line
    // and begin a command of its own, or a name an engine would cut at its
    // word "value", is never sent. Reaching it is an internal error.
    static EngineError refused(FailureKind kind, const std::string &what) {
        return {kind, "internal error: arbiter refuses to send " + what, {}};
    }

    [[nodiscard]] std::optional<EngineError> append_setoption(const std::string &name, const std::string &value) {
        if (auto fault = option_name_fault(name))
            return refused(FailureKind::StartFailed, "'setoption name " + excerpt(name) + "': the name " + *fault);
        if (auto fault = control_fault(value))
            return refused(FailureKind::StartFailed,
                           "'setoption name " + excerpt(name) + " value " + excerpt(value) + "': the value " + *fault);
        codec_->append_option(out_, name, value);
        out_ += '\n';
        return std::nullopt;
    }

    WriteStatus send(std::string_view text, SteadyClock::time_point deadline) {
        return process_->write(text, deadline);
    }

    // Reads the next line before `deadline`, which moves on by any stall of
    // the arbiter's own seen meanwhile: the engine is not charged for it.
    ReadStatus read_line(SteadyClock::time_point &deadline, std::string_view &line) {
        const auto stalled_before = process_->stalled();
        ReadStatus status = process_->read_line(deadline, line);
        deadline += process_->stalled() - stalled_before;
        return status;
    }

    std::optional<EngineError> check_usable() const {
        if (process_->reaped())
            return EngineError{FailureKind::Crash, "the engine is not running (it " + process_->exit_status().describe() + ")", {}};
        return std::nullopt;
    }

    // Sends `prefix` (plus whatever out_ holds) and 'isready', then waits for
    // 'readyok'; a stale 'bestmove' or anything else before it is skipped.
    Expected<void, EngineError> sync(const char *prefix) {
        if (auto dead = check_usable()) return Unexpected<EngineError>{std::move(*dead)};
        if (*prefix != '\0') {
            out_.clear();
            out_ += prefix;
        }
        if (codec_->sync().empty()) {  // nothing to wait for: what there is goes as it is
            if (out_.empty()) return {};
            if (auto sent = send(out_, SteadyClock::now() + timeouts_.ready); sent != WriteStatus::Written)
                return Unexpected<EngineError>{failure(sent, {"the engine to read", FailureKind::Stall, timeouts_.ready})};
            return {};
        }
        out_ += codec_->sync();
        out_ += '\n';
        auto deadline = SteadyClock::now() + timeouts_.ready;
        const std::string answer = "'" + std::string(codec_->sync_answer()) + "' after '" + std::string(codec_->sync()) + "'";
        const Awaited readyok{answer.c_str(), FailureKind::Stall, timeouts_.ready};
        if (auto sent = send(out_, deadline); sent != WriteStatus::Written)
            return Unexpected<EngineError>{failure(sent, readyok)};
        for (;;) {
            std::string_view line;
            ReadStatus status = read_line(deadline, line);
            if (status != ReadStatus::Line) return Unexpected<EngineError>{failure(status, readyok, line)};
            if (first_token(line) == codec_->sync_answer()) return {};
        }
    }

    // What a wait was for: the answer (for messages), the failure a missed
    // deadline is (Stall for 'isready' and the handshake, Timeout for 'go'),
    // and the limit it had.
    struct Awaited {
        const char *answer;
        FailureKind on_timeout;
        milliseconds limit;
    };

    // Turns a failed write into the engine's fault (Interrupted is nobody's).
    EngineError failure(WriteStatus status, const Awaited &awaited) {
        switch (status) {
        case WriteStatus::Timeout: return timed_out(awaited);
        case WriteStatus::Interrupted: return interrupted();
        case WriteStatus::Closed:
        case WriteStatus::Written: break;
        }
        return closed();
    }

    // Turns a failed read into the engine's fault (Interrupted is nobody's).
    EngineError failure(ReadStatus status, const Awaited &awaited, std::string_view line) {
        switch (status) {
        case ReadStatus::Timeout: return timed_out(awaited);
        case ReadStatus::Interrupted: return interrupted();
        case ReadStatus::TooLong:
            needs_restart_ = true;
            return {FailureKind::Protocol, "line longer than " + std::to_string(EngineProcess::kMaxLine) + " bytes",
                    excerpt(line)};
        case ReadStatus::Closed:
        case ReadStatus::Line: break;
        }
        return closed();
    }

    EngineError timed_out(const Awaited &awaited) {
        needs_restart_ = true;
        return {awaited.on_timeout,
                std::string("no ") + awaited.answer + " within " + std::to_string(awaited.limit.count()) + " ms", {}};
    }

    static EngineError interrupted() { return {FailureKind::Interrupted, "interrupted", {}}; }

    // The engine closed its pipes: give it a moment to finish exiting so that
    // its status (code or signal) and its last words on stderr are known.
    EngineError closed() {
        needs_restart_ = true;
        process_->wait_exit(SteadyClock::now() + std::min(timeouts_.quit_grace, milliseconds(500)));
        process::ExitStatus exit = process_->exit_status();
        std::string message = exit.running() ? "the engine closed its output" : "the engine " + exit.describe();
        process_->kill_and_reap();
        process_->drain_stderr(SteadyClock::now() + milliseconds(50));
        std::string said = last_line(process_->stderr_tail());
        if (!said.empty()) message += " (stderr: " + said + ")";
        return {FailureKind::Crash, message, {}};
    }

    EngineConfig config_;
    EngineTimeouts timeouts_;
    std::unique_ptr<EngineProcess> process_;
    std::string out_;  // reused for every command
    std::vector<std::string> declared_;
    std::string id_name_;           // from 'id name ...' in the handshake
    bool named_by_engine_ = false;  // no name configured: config_.name becomes id_name_
    std::vector<std::string> warnings_;
    std::vector<std::pair<std::string, std::string>> game_options_sent_;
    bool needs_restart_ = false;
    StderrCopy traffic_stderr_, stderr_copy_;  // what tap_stderr() feeds
    std::shared_ptr<const Notation> notation_;  // the game's, handed to the codec
    std::unique_ptr<DialectCodec> codec_;       // the dialect spoken: the configured one until the handshake ends
    static constexpr size_t kPrintedLines = 5;
    std::vector<std::string> printed_;       // the first lines the engine printed, for handshake errors
    std::vector<std::string> last_printed_;  // the last ones after those (at most kPrintedLines)
    size_t printed_count_ = 0;
    Capture capture_;                                 // what searches keep (set_capture)
    bool capturing_ = false;                          // capture_ asks for anything
    std::vector<std::string> kept_lines_;             // this search's scored info lines
    std::vector<std::optional<std::string>> matched_;  // this search's last line per pattern
};

Expected<std::unique_ptr<ProtocolEngine>, EngineError> start_engine(const EngineConfig &config, const EngineTimeouts &timeouts,
                                                                    const GameSetupOptions *game,
                                                                    ProtocolEngine::TrafficLog log = {}) {
    // Without a configured name, the program's file name names the engine in
    // start failures (PipedEngine later takes its 'id name').
    const EngineConfig *named = &config;
    EngineConfig with_name;
    if (config.name.empty()) {
        with_name = config;
        with_name.name = std::filesystem::path(config.command).filename().string();
        named = &with_name;
    }
    auto process = EngineProcess::spawn(*named, game != nullptr ? game->plugin_dirs : std::vector<std::string>{});
    if (!process) {
        const auto &error = process.error();
        return Unexpected<EngineError>{EngineError{
            error.out_of_resources ? FailureKind::OutOfResources : FailureKind::StartFailed, error.message, {}}};
    }
    auto engine = std::make_unique<PipedEngine>(config, timeouts, std::move(*process));
    engine->set_traffic_log(std::move(log));
    if (auto ok = engine->handshake(game); !ok) {
        EngineError error = ok.error();
        error.stderr_tail = engine->stderr_tail();
        // It died at start saying the system refused it a process, a thread
        // or a descriptor: the machine's limit, not the engine's fault.
        if (error.kind == FailureKind::Crash)
            if (int refused = process::resource_error_in(error.stderr_tail)) {
                error.kind = FailureKind::OutOfResources;
                error.message = "engine " + quote(named->name) + " died at start, refused resources (" +
                                process::resource_limit_named(refused) + "): " + error.message;
            }
        return Unexpected<EngineError>{std::move(error)};
    }
    return std::unique_ptr<ProtocolEngine>(std::move(engine));
}

}  // namespace

Expected<std::unique_ptr<ProtocolEngine>, EngineError> ProtocolEngine::start(const EngineConfig &config,
                                                                        const EngineTimeouts &timeouts) {
    return start_engine(config, timeouts, nullptr);
}

Expected<std::unique_ptr<ProtocolEngine>, EngineError> ProtocolEngine::start(const EngineConfig &config,
                                                                        const EngineTimeouts &timeouts,
                                                                        const GameSetupOptions &game) {
    return start_engine(config, timeouts, &game);
}

Expected<std::unique_ptr<ProtocolEngine>, EngineError> ProtocolEngine::start(const EngineConfig &config,
                                                                        const EngineTimeouts &timeouts,
                                                                        const GameSetupOptions &game, TrafficLog log) {
    return start_engine(config, timeouts, &game, std::move(log));
}

const char *ProtocolEngine::traffic_marker(Traffic direction) {
    switch (direction) {
    case Traffic::ToEngine: return "<";
    case Traffic::FromEngine: return ">";
    case Traffic::Stderr: return "2>";
    }
    return "?";
}

}  // namespace arb::engine
