// The engine side of UGI in one call: an engine implements arb::ugi::Engine
// (identity, options, new game, position, search) and hands it to run_loop(),
// which reads the host's lines, answers ugi/isready, runs each search on a
// worker thread (so that "stop", "isready" and "quit" are answered while it
// thinks), writes info/bestmove and flushes after every line.
//
// Rules the loop keeps so engines need not:
//   - a line that is not a command gets "info string error <reason>" on out
//     and the same reason on the log stream; the loop goes on;
//   - an exception thrown by a callback is reported the same way and never
//     ends the process; a search that throws answers "bestmove (none)";
//   - commands that change engine state (setoption, position, uginewgame,
//     go, ugi) sent while a search runs wait for it to end, so callbacks
//     never run concurrently; "stop" and "quit" act at once;
//   - end of input acts as "quit" once queued commands are done (a running
//     search is stopped).
// Header-only, C++20; needs the platform's thread library.
#pragma once

#include <arbiter/ugi/command.hpp>
#include <arbiter/ugi/option_spec.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <cstdint>
#include <exception>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
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

// Given to Engine::search: the stop flag and a way to report progress.
class SearchContext {
public:
    SearchContext(LineWriter &writer, const std::atomic<bool> &stop)
        : writer_(writer), stop_(stop), started_(std::chrono::steady_clock::now()) {}

    // True once the host sent "stop" or "quit": return the best move so far.
    [[nodiscard]] bool stop_requested() const noexcept { return stop_.load(std::memory_order_relaxed); }
    [[nodiscard]] std::chrono::steady_clock::time_point started() const noexcept { return started_; }
    [[nodiscard]] std::chrono::milliseconds elapsed() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
    }
    void info(const SearchInfo &info) { writer_.send(info.line()); }
    void info_string(std::string_view text) { writer_.send("info string " + std::string(text)); }

private:
    LineWriter &writer_;
    const std::atomic<bool> &stop_;
    std::chrono::steady_clock::time_point started_;
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
    virtual std::string set_position(const Position &position) = 0;
    // Runs on the search thread; must return promptly once
    // context.stop_requested() is true.
    virtual SearchResult search(const Go &go, SearchContext &context) = 0;
};

// Runs the protocol until "quit" or end of input. A reader thread takes the
// host's lines into a queue; this thread applies them in order. While a
// search runs, "stop" and "quit" act at once (wherever they are in the
// queue), "isready" is answered at once when nothing is queued before it,
// and every other command waits for the search to end.
class EngineLoop {
public:
    EngineLoop(Engine &engine, std::ostream &out, std::ostream &log) : engine_(engine), writer_(out), log_(log) {}
    ~EngineLoop() { finish_search(); }
    EngineLoop(const EngineLoop &) = delete;
    EngineLoop &operator=(const EngineLoop &) = delete;

    // Returns the exit status (0). `in` must stay valid until it reaches its
    // end or the process exits (the reader thread is detached on "quit" if
    // it is still waiting for input, as it is on std::cin).
    int run(std::istream &in) {
        // std::cin is tied to std::cout: every read would flush cout from
        // the reader thread, racing with this thread's writes. Untie it; the
        // writer flushes each line itself.
        in.tie(nullptr);
        auto inbox = std::make_shared<Inbox>();
        inbox_ = inbox.get();  // before any search thread reads it
        std::thread reader([inbox, &in] {
            std::string line;
            while (std::getline(in, line)) inbox->push(std::move(line));
            inbox->close();
        });
        for (;;) {
            std::optional<std::string> line = next_line(*inbox);
            if (!line || !handle(*line)) break;
        }
        finish_search();
        if (inbox->closed()) reader.join();
        else reader.detach();
        inbox_ = nullptr;
        return 0;
    }

    // Applies one line now; false after "quit". Must not be called while a
    // search runs except for stop/quit/isready (run() takes care of that).
    bool handle(std::string_view line) {
        Command command = parse_command(line);
        if (std::holds_alternative<Quit>(command)) {
            finish_search();
            return false;
        }
        if (std::holds_alternative<Empty>(command)) return true;
        if (const auto *invalid = std::get_if<Invalid>(&command)) {
            error(invalid->message);
            return true;
        }
        if (std::holds_alternative<IsReady>(command)) {
            writer_.send("readyok");
            return true;
        }
        if (std::holds_alternative<Stop>(command)) {
            stop_.store(true);
            return true;
        }
        join_worker();
        std::visit([this](auto &c) { apply(c); }, command);
        return true;
    }

private:
    // Lines from the reader thread, and the search-running flag, under one
    // lock so that the main thread can wait for either.
    struct Inbox {
        std::mutex mutex;
        std::condition_variable changed;
        std::deque<std::string> lines;
        bool eof = false;
        bool searching = false;
        void push(std::string line) {
            std::lock_guard<std::mutex> lock(mutex);
            lines.push_back(std::move(line));
            changed.notify_all();
        }
        void close() {
            std::lock_guard<std::mutex> lock(mutex);
            eof = true;
            changed.notify_all();
        }
        bool closed() {
            std::lock_guard<std::mutex> lock(mutex);
            return eof;
        }
    };

    static std::string_view first_word(std::string_view line) {
        size_t b = line.find_first_not_of(" \t");
        if (b == std::string_view::npos) return {};
        size_t e = line.find_first_of(" \t\r\n", b);
        return line.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b);
    }

    // The next line to apply (nullopt at end of input). While searching,
    // acts on stop/quit/isready itself and holds everything else back.
    std::optional<std::string> next_line(Inbox &inbox) {
        std::unique_lock<std::mutex> lock(inbox.mutex);
        for (;;) {
            inbox.changed.wait(lock, [&] { return !inbox.lines.empty() || inbox.eof; });
            if (inbox.lines.empty()) return std::nullopt;
            if (!inbox.searching) {
                std::string line = std::move(inbox.lines.front());
                inbox.lines.pop_front();
                return line;
            }
            for (auto it = inbox.lines.begin(); it != inbox.lines.end();) {
                std::string_view word = first_word(*it);
                if (word == "quit") {
                    stop_.store(true);
                    return std::string("quit");
                }
                if (word == "stop") {
                    stop_.store(true);
                    it = inbox.lines.erase(it);
                } else {
                    ++it;
                }
            }
            if (!inbox.lines.empty() && first_word(inbox.lines.front()) == "isready" &&
                std::holds_alternative<IsReady>(parse_command(inbox.lines.front()))) {
                inbox.lines.pop_front();
                writer_.send("readyok");
                continue;
            }
            size_t queued = inbox.lines.size();
            // End of input adds no lines: queued commands still wait for the search.
            inbox.changed.wait(lock, [&] { return !inbox.searching || inbox.lines.size() != queued; });
        }
    }

    void error(const std::string &message) {
        std::string text = message;
        for (char &c : text)
            if (c == '\n' || c == '\r') c = ' ';
        writer_.send("info string error " + text);
        std::lock_guard<std::mutex> lock(log_mutex_);
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

    void apply(const Ugi &) {
        guarded("ugi", [&] {
            engine_name_ = engine_.name();
            std::vector<std::string> lines{"id name " + engine_name_, "id author " + engine_.author()};
            declared_ = engine_.options();
            for (const auto &o : declared_) lines.push_back(o.line());
            lines.emplace_back("ugiok");
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
        guarded("uginewgame", [&] { return engine_.new_game(); });
    }
    void apply(const Position &c) {
        guarded("position", [&] { return engine_.set_position(c); });
    }
    void apply(const Go &c) {
        stop_.store(false);
        set_searching(true);
        worker_ = std::thread([this, go = c] { search(go); });
    }
    template <class T>
    void apply(const T &) {}  // handled in handle()

    void set_searching(bool on) {
        if (inbox_ == nullptr) return;
        std::lock_guard<std::mutex> lock(inbox_->mutex);
        inbox_->searching = on;
        inbox_->changed.notify_all();
    }

    void search(const Go &go) {
        SearchContext context(writer_, stop_);
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
        {
            std::lock_guard<std::mutex> lock(writer_.mutex());
            if (result.info) writer_.send_locked(result.info->line());
            writer_.send_locked("bestmove " + (result.move.empty() ? std::string("(none)") : result.move));
        }
        set_searching(false);
    }

    void join_worker() {
        if (worker_.joinable()) worker_.join();
    }
    void finish_search() {
        stop_.store(true);
        join_worker();
    }

    Engine &engine_;
    LineWriter writer_;
    std::ostream &log_;
    std::mutex log_mutex_;
    std::string engine_name_ = "engine";
    std::vector<OptionSpec> declared_;
    std::atomic<bool> stop_{false};
    Inbox *inbox_ = nullptr;  // set by run(); handle() alone runs searches to completion
    std::thread worker_;
};

// The usual main(): `return arb::ugi::run_loop(engine, std::cin, std::cout, std::cerr);`
inline int run_loop(Engine &engine, std::istream &in, std::ostream &out, std::ostream &log) {
    EngineLoop loop(engine, out, log);
    return loop.run(in);
}

}  // namespace arb::ugi
