// The engine side of UGI in one call: an engine implements arb::ugi::Engine
// (identity, options, new game, position, search) and hands it to run_loop(),
// which reads the host's lines, answers ugi/isready, runs each search, writes
// info/bestmove and flushes after every line.
//
// One thread does everything: the search runs on the loop's own thread, and
// SearchContext::stop_requested() looks at the input without blocking (at most
// about once a millisecond), so "stop", "quit" and "isready" are seen while the
// engine thinks. Rationale: a thread hop per command (reader thread, condition
// variable, a new thread per "go") costs a scheduler wake-up each; when every
// core is busy, as in a tournament at concurrency = cores, each wake-up can
// wait a whole time slice, which made a ply 8-16x slower than on a quiet machine.
//
// Rules the loop keeps so engines need not:
//   - a line that is not a command gets "info string error <reason>" on out
//     and the same reason on the log stream; the loop goes on;
//   - an exception thrown by a callback is reported the same way and never
//     ends the process; a search that throws answers "bestmove (none)";
//   - commands that change engine state (setoption, position, uginewgame,
//     go, ugi) sent while a search runs wait for it to end, so callbacks
//     never run concurrently; "stop" and "quit" act at once, "isready" is
//     answered at once when nothing is queued before it;
//   - end of input acts as "quit" once queued commands are done (a running
//     search is stopped);
//   - the dialect is the one of the handshake the host sent ("ugi", "uci",
//     "uai" or "usi"; UGI until then): the loop answers "<word>ok" and reads
//     every later command in that dialect (<arbiter/protocol/command.hpp>);
//   - an unknown word in "go" is ignored, as UCI asks, and written to the
//     log stream; the search still runs and answers "bestmove".
// A search sees "stop" only through stop_requested(): call it regularly (a
// search that never does is answered only when it returns by itself).
// Header-only, C++20, POSIX (poll/read on the input's file descriptor).
#pragma once

#include <arbiter/ugi/command.hpp>
#include <arbiter/ugi/option_spec.hpp>

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <iostream>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

namespace arb::ugi {

// What an "info" line reports. Scores are centipawn-like, from the point of
// view of the side to move.
struct SearchInfo {
    std::optional<int64_t> depth;
    std::optional<int64_t> nodes;
    std::optional<int64_t> score_cp;
    std::optional<int64_t> time_ms;
    std::vector<std::string> pv;

    [[nodiscard]] std::string line() const {
        std::string out = "info";
        if (depth) out += " depth " + std::to_string(*depth);
        if (score_cp) out += " score cp " + std::to_string(*score_cp);
        if (nodes) out += " nodes " + std::to_string(*nodes);
        if (time_ms) out += " time " + std::to_string(*time_ms);
        if (!pv.empty()) {
            out += " pv";
            for (const auto &m : pv) out += " " + m;
        }
        return out;
    }
};

struct SearchResult {
    std::string move;                 // empty: no move ("bestmove (none)")
    std::optional<SearchInfo> info;   // written as the last info line before bestmove
};

// Serialises lines from the reader and the search thread; flushes each one.
class LineWriter {
public:
    explicit LineWriter(std::ostream &out) : out_(out) {}
    void send(std::string_view line) {
        std::lock_guard<std::mutex> lock(mutex_);
        send_locked(line);
    }
    void send_locked(std::string_view line) {
        out_ << line << '\n';
        out_.flush();
    }
    std::mutex &mutex() noexcept { return mutex_; }

private:
    std::ostream &out_;
    std::mutex mutex_;
};

// Something that can look at the host's input during a search without
// blocking, and raise the stop flag when it finds "stop", "quit" or the end
// of input. The loop implements it; tests may pass none.
class InputPoller {
public:
    virtual void poll_input() noexcept = 0;

protected:
    ~InputPoller() = default;
};

// Given to Engine::search: the stop flag and a way to report progress.
class SearchContext {
public:
    SearchContext(LineWriter &writer, const std::atomic<bool> &stop, InputPoller *poller = nullptr)
        : writer_(writer), stop_(stop), poller_(poller), started_(std::chrono::steady_clock::now()),
          last_poll_(started_) {}

    // True once the host sent "stop" or "quit", or its input ended: return the
    // best move so far. Cheap: looks at the input at most about once a
    // millisecond; call it as often as convenient.
    [[nodiscard]] bool stop_requested() const noexcept {
        if (stop_.load(std::memory_order_relaxed)) return true;
        if (poller_ != nullptr) {
            auto now = std::chrono::steady_clock::now();
            if (now - last_poll_ >= kPollInterval) {
                last_poll_ = now;
                poller_->poll_input();
            }
        }
        return stop_.load(std::memory_order_relaxed);
    }
    [[nodiscard]] std::chrono::steady_clock::time_point started() const noexcept { return started_; }
    [[nodiscard]] std::chrono::milliseconds elapsed() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
    }
    void info(const SearchInfo &info) { writer_.send(info.line()); }
    void info_string(std::string_view text) { writer_.send("info string " + std::string(text)); }

private:
    static constexpr std::chrono::microseconds kPollInterval{1000};
    LineWriter &writer_;
    const std::atomic<bool> &stop_;
    InputPoller *poller_;
    std::chrono::steady_clock::time_point started_;
    mutable std::chrono::steady_clock::time_point last_poll_;
};

// Implemented by the engine. Callbacks returning std::string return "" on
// success, else a one-line reason (reported as "info string error ...").
// Callbacks are never called concurrently with each other.
class Engine {
public:
    virtual ~Engine() = default;
    [[nodiscard]] virtual std::string name() const = 0;
    [[nodiscard]] virtual std::string author() const = 0;
    // Declared in answer to "ugi", in order.
    [[nodiscard]] virtual std::vector<OptionSpec> options() const = 0;
    // Called after the loop checked the value against a declared option (name
    // spelled as declared). For a name the engine did not declare, called
    // with the host's spelling, so the engine may accept or refuse it.
    virtual std::string set_option(const std::string &name, const std::string &value) = 0;
    virtual std::string new_game() { return {}; }
    // Called on the host's handshake with its dialect, before the options
    // are declared: an engine whose texts differ by dialect switches here.
    virtual void set_dialect(protocol::Dialect dialect) { (void)dialect; }
    virtual std::string set_position(const Position &position) = 0;
    // Runs on the loop's thread; must call context.stop_requested() regularly
    // and return promptly once it is true.
    virtual SearchResult search(const Go &go, SearchContext &context) = 0;
};

// The host's lines, read without a thread: blocking when the loop is idle,
// non-blocking (poll with a zero timeout, or what the stream buffer already
// holds) while a search runs.
class LineInput {
public:
    // std::cin is read through file descriptor 0 (its own buffer is bypassed,
    // so nothing may have been read from it before); any other stream through
    // its buffer, which suits string streams and files (not pipes: see fill()).
    explicit LineInput(std::istream &in) : in_(in), fd_(&in == &std::cin ? 0 : -1) {}

    // The next line, waiting for it; nullopt at end of input.
    std::optional<std::string> next() {
        for (;;) {
            if (auto line = take_line()) return line;
            if (eof_) return take_tail();
            fill(true);
        }
    }
    // Lines already available, without waiting. Sets eof() when the input ended.
    std::optional<std::string> next_if_ready() {
        if (auto line = take_line()) return line;
        if (!eof_) fill(false);
        if (auto line = take_line()) return line;
        return eof_ ? take_tail() : std::nullopt;
    }
    [[nodiscard]] bool eof() const noexcept { return eof_ && buffer_.empty(); }

private:
    std::optional<std::string> take_line() {
        size_t nl = buffer_.find('\n', scan_from_);
        if (nl == std::string::npos) {
            scan_from_ = buffer_.size();
            return std::nullopt;
        }
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        scan_from_ = 0;
        return line;
    }
    std::optional<std::string> take_tail() {  // a last line without '\n'
        if (buffer_.empty()) return std::nullopt;
        std::string line = std::move(buffer_);
        buffer_.clear();
        scan_from_ = 0;
        return line;
    }
    void fill(bool wait) {
        char chunk[4096];
        if (fd_ >= 0) {
            if (!wait) {
                pollfd p{fd_, POLLIN, 0};
                int r = ::poll(&p, 1, 0);
                if (r <= 0) return;  // nothing yet (or EINTR: look again later)
            }
            ssize_t n = ::read(fd_, chunk, sizeof chunk);
            if (n > 0) buffer_.append(chunk, static_cast<size_t>(n));
            else if (n == 0 || errno != EINTR) eof_ = true;
            return;
        }
        // A stream buffer cannot be polled: in_avail() is 0 both at the end of
        // a string and before more input. sgetc() tells them apart; it does
        // not block for in-memory streams and files, the streams this path is
        // for (std::cin, possibly a pipe, goes through its descriptor).
        std::streambuf *buf = in_.rdbuf();
        std::streamsize ready = buf->in_avail();
        if (ready <= 0 && std::char_traits<char>::eq_int_type(buf->sgetc(), std::char_traits<char>::eof())) {
            eof_ = true;
            return;
        }
        (void)wait;
        if (ready <= 0) ready = 1;
        std::streamsize n = buf->sgetn(chunk, std::min<std::streamsize>(ready, sizeof chunk));
        if (n > 0) buffer_.append(chunk, static_cast<size_t>(n));
        else eof_ = true;
    }

    std::istream &in_;
    int fd_;
    std::string buffer_;
    size_t scan_from_ = 0;
    bool eof_ = false;
};

// Runs the protocol until "quit" or end of input, on the calling thread.
// While a search runs, "stop" and "quit" act at once (wherever they are in the
// queue), "isready" is answered at once when nothing is queued before it, and
// every other command waits for the search to end.
class EngineLoop final : private InputPoller {
public:
    EngineLoop(Engine &engine, std::ostream &out, std::ostream &log) : engine_(engine), writer_(out), log_(log) {}
    EngineLoop(const EngineLoop &) = delete;
    EngineLoop &operator=(const EngineLoop &) = delete;

    // Returns the exit status (0).
    int run(std::istream &in) {
        in.tie(nullptr);  // the writer flushes each line itself
        LineInput input(in);
        input_ = &input;
        for (;;) {
            std::optional<std::string> line;
            if (quit_) break;  // "quit" during a search jumps the held lines
            if (!held_.empty()) {
                line = std::move(held_.front());
                held_.pop_front();
            } else {
                line = input.next();
            }
            if (!line || !handle(*line)) break;
        }
        input_ = nullptr;
        return 0;
    }

    // Applies one line now; false after "quit". Outside run(), a search runs
    // to its end without looking at any input.
    bool handle(std::string_view line) {
        Command command = protocol::parse_command(line, dialect_);
        if (std::holds_alternative<Quit>(command)) return false;
        if (std::holds_alternative<Empty>(command)) return true;
        if (const auto *invalid = std::get_if<Invalid>(&command)) {
            error(invalid->message);
            return true;
        }
        if (std::holds_alternative<IsReady>(command)) {
            writer_.send("readyok");
            return true;
        }
        if (std::holds_alternative<Stop>(command)) return true;  // no search runs
        std::visit([this](auto &c) { apply(c); }, command);
        return !quit_;
    }

private:
    static std::string_view first_word(std::string_view line) {
        size_t b = line.find_first_not_of(" \t");
        if (b == std::string_view::npos) return {};
        size_t e = line.find_first_of(" \t\r\n", b);
        return line.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b);
    }

    // Called from stop_requested() during a search: takes what the host has
    // sent so far; stop/quit raise the flag, a leading isready is answered,
    // the rest is held for after the search.
    void poll_input() noexcept override {
        if (input_ == nullptr) return;
        try {
            while (auto line = input_->next_if_ready()) {
                std::string_view word = first_word(*line);
                if (word == "quit") {
                    quit_ = true;
                    stop_.store(true);
                    return;
                }
                if (word == "stop") {
                    stop_.store(true);
                } else if (held_.empty() && word == "isready" &&
                           std::holds_alternative<IsReady>(protocol::parse_command(*line, dialect_))) {
                    writer_.send("readyok");
                } else {
                    held_.push_back(std::move(*line));
                }
            }
            if (input_->eof()) stop_.store(true);
        } catch (...) {
            stop_.store(true);  // out of memory or a broken stream: end the search
        }
    }

    void error(const std::string &message) {
        std::string text = message;
        for (char &c : text)
            if (c == '\n' || c == '\r') c = ' ';
        writer_.send("info string error " + text);
        log_ << engine_name_ << ": " << text << std::endl;
    }

    // Calls a callback, turning an exception into a reported error.
    template <class F>
    void guarded(const char *what, F &&f) {
        try {
            std::string problem = f();
            if (!problem.empty()) error(problem);
        } catch (const std::exception &e) {
            error(std::string(what) + " failed: " + e.what());
        } catch (...) {
            error(std::string(what) + " failed");
        }
    }

    void apply(const protocol::Handshake &handshake) {
        dialect_ = handshake.dialect;
        guarded(std::string(protocol::name(dialect_)).c_str(), [&] {
            engine_.set_dialect(dialect_);
            engine_name_ = engine_.name();
            std::vector<std::string> lines{"id name " + engine_name_, "id author " + engine_.author()};
            declared_ = engine_.options();
            for (const auto &o : declared_) lines.push_back(o.line());
            lines.emplace_back(protocol::words(dialect_).ok);
            std::lock_guard<std::mutex> lock(writer_.mutex());
            for (const auto &l : lines) writer_.send_locked(l);
            return std::string();
        });
    }
    void apply(const SetOption &c) {
        guarded("setoption", [&] {
            const OptionSpec *spec = nullptr;
            for (const auto &o : declared_)
                if (same_option_name(o.name, c.name)) spec = &o;
            if (spec == nullptr) return engine_.set_option(c.name, c.value.value_or(""));
            if (!c.value && spec->type != OptionSpec::Type::Button)
                return "setoption: option '" + spec->name + "' needs a value";
            std::string value = c.value.value_or("");
            if (std::string problem = spec->check_value(value); !problem.empty()) return problem;
            return engine_.set_option(spec->name, value);
        });
    }
    void apply(const NewGame &) {
        guarded(std::string(protocol::words(dialect_).new_game).c_str(), [&] { return engine_.new_game(); });
    }
    void apply(const Position &c) {
        guarded("position", [&] { return engine_.set_position(c); });
    }
    void apply(const Go &go) {
        if (!go.ignored.empty()) {
            std::string words;
            for (const auto &w : go.ignored) words += " " + w;
            log_ << engine_name_ << ": go: ignored unknown words:" << words << std::endl;
        }
        // The input may already have ended (a last "go" before end of input):
        // the search then stops at its first look, as a running one would.
        stop_.store(input_ != nullptr && input_->eof());
        SearchContext context(writer_, stop_, input_ != nullptr ? this : nullptr);
        SearchResult result;
        std::string problem;
        try {
            result = engine_.search(go, context);
        } catch (const std::exception &e) {
            problem = std::string("search failed: ") + e.what();
        } catch (...) {
            problem = "search failed";
        }
        if (!problem.empty()) error(problem);
        std::lock_guard<std::mutex> lock(writer_.mutex());
        if (result.info) writer_.send_locked(result.info->line());
        writer_.send_locked("bestmove " + (result.move.empty() ? std::string("(none)") : result.move));
    }
    template <class T>
    void apply(const T &) {}  // handled in handle()

    Engine &engine_;
    LineWriter writer_;
    std::ostream &log_;
    std::string engine_name_ = "engine";
    protocol::Dialect dialect_ = protocol::Dialect::Ugi;
    std::vector<OptionSpec> declared_;
    std::atomic<bool> stop_{false};
    LineInput *input_ = nullptr;     // set by run()
    std::deque<std::string> held_;   // lines that came during a search, applied after it
    bool quit_ = false;              // "quit" seen during a search
};

// The usual main(): `return arb::ugi::run_loop(engine, std::cin, std::cout, std::cerr);`
inline int run_loop(Engine &engine, std::istream &in, std::ostream &out, std::ostream &log) {
    EngineLoop loop(engine, out, log);
    return loop.run(in);
}

}  // namespace arb::ugi
