#include "engine/ugi_engine.hpp"

#include "core/quote.hpp"
#include "engine/engine_process.hpp"
#include "engine/ugi_parse.hpp"

#include <arbiter/ugi/option_spec.hpp>

#include <algorithm>
#include <string_view>

namespace arb::engine {
namespace {

using std::chrono::milliseconds;

std::string last_line(const std::string &text) {
    size_t end = text.find_last_not_of("\r\n \t");
    if (end == std::string::npos) return {};
    size_t begin = text.rfind('\n', end);
    begin = begin == std::string::npos ? 0 : begin + 1;
    return excerpt(std::string_view(text).substr(begin, end + 1 - begin));
}

class ProcessUgiEngine final : public UgiEngine {
public:
    ProcessUgiEngine(EngineConfig config, EngineTimeouts timeouts, std::unique_ptr<EngineProcess> process)
        : config_(std::move(config)), timeouts_(timeouts), process_(std::move(process)) {
        out_.reserve(4096);
        if (config_.name.empty()) config_.name = config_.command;
    }
    ~ProcessUgiEngine() override { quit(); }

    Expected<void, EngineError> handshake(const GameSetupOptions *game) {
        auto deadline = SteadyClock::now() + timeouts_.startup;
        if (auto sent = send("ugi\n", deadline); sent != ReadStatus::Line)
            return Unexpected<EngineError>{failure(sent, "'ugiok' after 'ugi'", timeouts_.startup)};
        for (;;) {
            std::string_view line;
            ReadStatus status = read_line(deadline, line);
            if (status != ReadStatus::Line)
                return Unexpected<EngineError>{failure(status, "'ugiok' after 'ugi'", timeouts_.startup, line)};
            std::string_view token = first_token(line);
            if (token == "ugiok") break;
            if (token == "option") {
                std::string name = parse_option_name(line);
                if (!name.empty()) declared_.push_back(std::move(name));
            } else if (token == "id") {
                std::string_view rest = line;
                next_token(rest);
                if (next_token(rest) == "name") {
                    size_t start = rest.find_first_not_of(" \t");
                    id_name_ = start == std::string_view::npos ? std::string() : std::string(rest.substr(start));
                }
            }
        }

        out_.clear();
        if (game != nullptr) {
            if (!game->game.empty() && declares("game")) append_setoption("game", game->game);
            for (const auto &rule : game->rules) {
                if (declares(rule.name))
                    append_setoption(rule.name, rule.value);
                else if (!rule.is_default)
                    warnings_.push_back("engine " + quote(config_.name) + " does not declare the rule option '" + rule.name +
                                        "' (set to " + quote(rule.value) + "): it will most likely play under other rules");
            }
        }
        for (const auto &[name, value] : config_.ugi_options) {
            if (!declares(name))
                warnings_.push_back("engine " + quote(config_.name) + " does not declare the option " + quote(name));
            append_setoption(name, value);
        }
        return sync("");
    }

    Expected<void, EngineError> new_game() override { return sync("uginewgame\n"); }

    Expected<BestMove, EngineError> go(const std::string &position_command, const GoCommand &go,
                                       milliseconds deadline) override {
        if (auto dead = check_usable()) return Unexpected<EngineError>{std::move(*dead)};
        out_.clear();
        out_ += "position ";
        out_ += position_command;
        out_ += '\n';
        append_go_line(out_, go);
        out_ += '\n';
        auto start = SteadyClock::now();
        auto until = start + deadline;
        if (auto sent = send(out_, until); sent != ReadStatus::Line)
            return Unexpected<EngineError>{failure(sent, "'bestmove' after 'go'", deadline)};
        SearchInfo info;
        for (;;) {
            std::string_view line;
            ReadStatus status = read_line(until, line);
            if (status != ReadStatus::Line) {
                auto used = std::chrono::duration_cast<milliseconds>(SteadyClock::now() - start);
                return Unexpected<EngineError>{failure(status, "'bestmove' after 'go'", used, line)};
            }
            std::string_view token = first_token(line);
            if (token == "info") {
                parse_info_line(line, info);
            } else if (token == "bestmove") {
                auto elapsed = std::chrono::duration_cast<milliseconds>(SteadyClock::now() - start);
                std::string_view move = parse_bestmove(line);
                if (move.empty()) {
                    needs_restart_ = true;
                    return Unexpected<EngineError>{
                        EngineError{FailureKind::Protocol, "'bestmove' without a move", excerpt(line)}};
                }
                return BestMove{std::string(move), info, elapsed};
            }
        }
    }

    void quit() override {
        if (process_->reaped()) return;
        if (!needs_restart_) {
            auto deadline = SteadyClock::now() + timeouts_.quit_grace;
            if (process_->write("quit\n", deadline) == ReadStatus::Line) process_->wait_exit(deadline);
        }
        process_->kill_and_reap();
    }

    [[nodiscard]] bool alive() const override { return !process_->reaped() && process_->exit_description() == "still running"; }
    [[nodiscard]] const std::string &name() const override { return config_.name; }
    [[nodiscard]] std::string stderr_tail() const override { return process_->stderr_tail(); }
    [[nodiscard]] std::vector<std::string> warnings() const override { return warnings_; }
    [[nodiscard]] std::vector<std::string> declared_options() const override { return declared_; }
    [[nodiscard]] bool needs_restart() const override { return needs_restart_; }
    [[nodiscard]] long pid() const override { return process_->pid(); }
    void set_stop_flag(const std::atomic<bool> *flag) override { process_->set_stop_flag(flag); }
    void set_traffic_log(TrafficLog log) override { log_ = std::move(log); }

private:
    bool declares(std::string_view option) const {
        return std::any_of(declared_.begin(), declared_.end(), [&](const std::string &d) { return ugi::same_option_name(d, option); });
    }

    void append_setoption(const std::string &name, const std::string &value) {
        out_ += "setoption name ";
        out_ += name;
        if (!value.empty()) {
            out_ += " value ";
            out_ += value;
        }
        out_ += '\n';
    }

    ReadStatus send(std::string_view text, SteadyClock::time_point deadline) {
        if (log_) {
            for (size_t start = 0, nl; (nl = text.find('\n', start)) != std::string_view::npos; start = nl + 1)
                log_(config_.name, true, text.substr(start, nl - start));
        }
        return process_->write(text, deadline);
    }

    ReadStatus read_line(SteadyClock::time_point deadline, std::string_view &line) {
        ReadStatus status = process_->read_line(deadline, line);
        if (log_ && (status == ReadStatus::Line || status == ReadStatus::TooLong)) log_(config_.name, false, line);
        return status;
    }

    std::optional<EngineError> check_usable() const {
        if (process_->reaped()) return EngineError{FailureKind::Crash, "the engine is not running (" + process_->exit_description() + ")", {}};
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
        out_ += "isready\n";
        auto deadline = SteadyClock::now() + timeouts_.ready;
        if (auto sent = send(out_, deadline); sent != ReadStatus::Line)
            return Unexpected<EngineError>{failure(sent, "'readyok' after 'isready'", timeouts_.ready)};
        for (;;) {
            std::string_view line;
            ReadStatus status = read_line(deadline, line);
            if (status != ReadStatus::Line)
                return Unexpected<EngineError>{failure(status, "'readyok' after 'isready'", timeouts_.ready, line)};
            if (first_token(line) == "readyok") return {};
        }
    }

    // Turns a failed read (or write) into the engine's fault, with what it
    // was waiting for in the message.
    EngineError failure(ReadStatus status, const char *awaited, milliseconds limit, std::string_view line = {}) {
        if (status != ReadStatus::Interrupted) needs_restart_ = true;
        switch (status) {
        case ReadStatus::Timeout: {
            bool stall = std::string_view(awaited).find("bestmove") == std::string_view::npos;
            return {stall ? FailureKind::Stall : FailureKind::Timeout,
                    std::string("no ") + awaited + " within " + std::to_string(limit.count()) + " ms",
                    {}};
        }
        case ReadStatus::Interrupted:
            return {FailureKind::Timeout, "interrupted", {}};
        case ReadStatus::TooLong:
            return {FailureKind::Protocol,
                    "line longer than " + std::to_string(EngineProcess::kMaxLine) + " bytes", excerpt(line)};
        case ReadStatus::Closed:
        case ReadStatus::Line:
            break;
        }
        // Closed: give it a moment to finish exiting so that the status
        // (code or signal) and its last words on stderr are known.
        process_->wait_exit(SteadyClock::now() + std::min(timeouts_.quit_grace, milliseconds(500)));
        std::string status_text = process_->exit_description();
        std::string message = status_text == "still running" ? "the engine closed its output" : "the engine " + status_text;
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
    std::vector<std::string> warnings_;
    std::string id_name_;
    bool needs_restart_ = false;
    TrafficLog log_;
};

Expected<std::unique_ptr<UgiEngine>, EngineError> start_engine(const EngineConfig &config, const EngineTimeouts &timeouts,
                                                               const GameSetupOptions *game,
                                                               UgiEngine::TrafficLog log = {}) {
    auto process = EngineProcess::spawn(config, game != nullptr ? game->plugin_dirs : std::vector<std::string>{});
    if (!process) {
        const auto &error = process.error();
        return Unexpected<EngineError>{EngineError{
            error.out_of_resources ? FailureKind::OutOfResources : FailureKind::StartFailed, error.message, {}}};
    }
    auto engine = std::make_unique<ProcessUgiEngine>(config, timeouts, std::move(*process));
    engine->set_traffic_log(std::move(log));
    if (auto ok = engine->handshake(game); !ok) {
        EngineError error = ok.error();
        error.stderr_tail = engine->stderr_tail();
        return Unexpected<EngineError>{std::move(error)};
    }
    return std::unique_ptr<UgiEngine>(std::move(engine));
}

}  // namespace

Expected<std::unique_ptr<UgiEngine>, EngineError> UgiEngine::start(const EngineConfig &config,
                                                                   const EngineTimeouts &timeouts) {
    return start_engine(config, timeouts, nullptr);
}

Expected<std::unique_ptr<UgiEngine>, EngineError> UgiEngine::start(const EngineConfig &config,
                                                                   const EngineTimeouts &timeouts,
                                                                   const GameSetupOptions &game) {
    return start_engine(config, timeouts, &game);
}

Expected<std::unique_ptr<UgiEngine>, EngineError> UgiEngine::start(const EngineConfig &config,
                                                                   const EngineTimeouts &timeouts,
                                                                   const GameSetupOptions &game, TrafficLog log) {
    return start_engine(config, timeouts, &game, std::move(log));
}

}  // namespace arb::engine
