#include "nboard_adapter.hpp"

#include "move_budget.hpp"
#include "nboard_text.hpp"
#include "othello_ggf.hpp"

namespace arb::nboard {

namespace {

constexpr const char *kProgram = "arbiter-nboard-adapter";
using adapter::ReadResult;
using process::SteadyClock;

}  // namespace

NBoardAdapter::NBoardAdapter(adapter::EngineLink &engine, Settings settings, std::ostream &out, std::ostream &log)
    : UgiFrontEnd(kProgram, out, log), engine_(engine), settings_(std::move(settings)), stop_lag_(settings_.stop_lag) {}

Error NBoardAdapter::engine_gone(const std::string &waiting_for) {
    return Error{engine_.ended() + " while the adapter waited for " + waiting_for};
}

Expected<void> NBoardAdapter::send(const std::string &line) {
    if (!engine_.send(line)) return Unexpected<Error>{engine_gone("its input to take '" + line + "'")};
    return {};
}

Expected<void> NBoardAdapter::set_depth(int depth) {
    if (depth == engine_depth_) return {};
    if (auto r = send("set depth " + std::to_string(depth)); !r) return r;
    engine_depth_ = depth;
    return {};
}

Expected<void> NBoardAdapter::ping_pong(const std::function<void(const std::string &)> &lines) {
    const long long ping = next_ping_++;
    if (auto r = send("ping " + std::to_string(ping)); !r) return r;
    for (;;) {
        ReadResult read = engine_.read_line();
        if (read.kind != ReadResult::Kind::Line) return Unexpected<Error>{engine_gone("'pong " + std::to_string(ping) + "'")};
        if (is_pong(read.line, ping)) return {};
        if (lines) lines(read.line);
    }
}

Expected<void> NBoardAdapter::start() {
    // NTest crashes on 'hint' and refuses 'go' until a depth is set, so the
    // depth goes right after the version; the engine's banner is skipped.
    if (auto r = send("nboard 2"); !r) return r;
    if (auto r = set_depth(settings_.depth); !r) return r;
    std::string engine_name;
    auto collected = ping_pong([&](const std::string &line) {
        auto w = adapter::words(line);
        if (w.size() >= 3 && w[0] == "set" && w[1] == "myname") engine_name = line.substr(line.find("myname") + 7);
    });
    if (!collected) return collected;
    std::string name = settings_.name;
    if (name.empty()) name = (engine_name.empty() ? engine_.program() : engine_name) + " (via arbiter-nboard-adapter)";
    out_ << "id name " << name << "\n"
         << "id author arbiter-nboard-adapter\n";
    return {};
}

Expected<void> NBoardAdapter::sync() { return ping_pong(); }

Expected<void> NBoardAdapter::go(const adapter::UgiPosition &position, const adapter::GoLimits &limits) {
    const auto started = SteadyClock::now();  // arbiter's clock runs from its 'go'
    auto side = adapter::othello_side_to_move(position);
    if (!side) return Unexpected<Error>{side.error()};
    auto empty = adapter::othello_empty_squares(position);
    if (!empty) return Unexpected<Error>{empty.error()};
    int non_pass_moves = 0;
    for (const auto &m : position.moves) non_pass_moves += m != "pass";
    const MoveBudget budget = move_budget(limits, *side, *empty - non_pass_moves, settings_.move_overhead);

    adapter::GgfHeader header;
    header.time = budget.clock;
    auto game = adapter::othello_ggf(position, header);
    if (!game) return Unexpected<Error>{game.error()};
    const int depth = limits.depth ? static_cast<int>(*limits.depth) : settings_.depth;
    if (auto r = set_depth(depth); !r) return r;
    if (auto r = send("set game " + *game); !r) return r;
    if (auto r = send("go"); !r) return r;

    // The engine's own time management is not trusted: 'ping' makes it stop
    // and answer, and goes out early enough for the answer to arrive in time.
    const auto allowance = budget.allowance.value_or(settings_.untimed_budget);
    const SteadyClock::time_point ping_at = started + stop_ping_after(allowance, stop_lag_.margin());
    std::optional<long long> stop_ping;  // its pong, after the move, is skipped as noise later
    SteadyClock::time_point pinged;
    for (;;) {
        ReadResult read = engine_.read_line(stop_ping ? std::nullopt : std::optional(ping_at));
        if (read.kind == ReadResult::Kind::Closed) return Unexpected<Error>{engine_gone("its move ('=== ...')")};
        if (read.kind == ReadResult::Kind::Timeout) {
            stop_ping = next_ping_++;
            if (auto r = send("ping " + std::to_string(*stop_ping)); !r) return r;
            pinged = SteadyClock::now();
            continue;
        }
        if (auto info = info_of_thinking(read.line)) {
            out_ << *info << "\n";
            continue;
        }
        if (stop_ping && is_pong(read.line, *stop_ping))
            return fail("the NBoard engine answered 'pong " + std::to_string(*stop_ping) +
                        "' without a move when stopped");
        if (!is_move_reply(read.line)) continue;  // status, banner, an earlier stop's pong and other noise
        if (stop_ping)
            stop_lag_.observe(std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - pinged));
        auto move = move_of_reply(read.line);
        if (!move) return fail("cannot read a move in the NBoard engine's reply '" + read.line + "'");
        out_ << "bestmove " << *move << std::endl;
        return {};
    }
}

}  // namespace arb::nboard
