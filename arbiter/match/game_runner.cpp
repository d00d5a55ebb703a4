#include "match/game_runner.hpp"

#include "core/quote.hpp"
#include "game/move_judge.hpp"
#include "match/adjudicator.hpp"
#include "match/clock.hpp"
#include "match/result_claim.hpp"

#include <string_view>

namespace arb::match {
namespace {

using std::chrono::milliseconds;
using engine::FailureKind;

arb_result win_for(int side) { return side == 0 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1; }

std::string failure_reason(const std::string &name, const engine::EngineError &error) {
    switch (error.kind) {
    case FailureKind::Timeout: return name + " lost on time: " + error.message;
    case FailureKind::Crash: return name + " crashed: " + error.message;
    case FailureKind::Stall: return name + " stalled: " + error.message;
    case FailureKind::Protocol: return "protocol error by " + name + ": " + error.message;
    case FailureKind::StartFailed: return name + " could not be started: " + error.message;
    case FailureKind::OutOfResources: return name + " could not be started (the system ran out of resources): " + error.message;
    case FailureKind::Interrupted: return "stopped by the user while waiting for " + name;
    }
    return name + ": " + error.message;
}

// The position the game starts from, with the opening moves played: the
// state, the position as engines are given it and the record's opening fields.
struct Start {
    game::GameState state;
    protocol::Position position;
};

// Why a game could not be set up: bad input (options, opening) or a plugin
// that broke its contract on the way (a plugin error, no engine to blame).
struct SetupError {
    std::string message;
    bool plugin_fault = false;
};

Unexpected<SetupError> setup_error(std::string message, bool plugin_fault = false) {
    return {SetupError{std::move(message), plugin_fault}};
}

Expected<Start, SetupError> prepare(const GameSetup &setup, GameRecord *record) {
    if (!setup.plugin) return setup_error("no game plugin given");
    auto state = game::GameState::create(setup.plugin, setup.options, setup.seed, setup.host);
    if (!state) return setup_error(state.error().message);
    Start start{std::move(*state), {}};
    start.position.moves.reserve(256);
    if (!setup.opening_position.empty()) {
        if (auto set = start.state.set_position(setup.opening_position); !set)
            return setup_error("opening position " + quote(setup.opening_position) + ": " + excerpt(set.error().message));
    }
    auto position = start.state.checked_position();
    if (!position) return setup_error(position.error().message, true);
    start.position.startpos = setup.opening_position.empty() && game::is_default_start(setup.plugin, *position, setup.host);
    if (!start.position.startpos) start.position.fen = *position;
    if (record != nullptr) record->opening_position = *position;
    std::vector<arb_move> legal;
    for (const auto &text : setup.opening_moves) {
        if (auto listed = start.state.checked_legal_moves(legal); !listed)
            return setup_error(listed.error().message, true);
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        switch (game::judge_move(start.state, text.c_str(), legal, move, error)) {
        case game::MoveVerdict::Legal: break;
        case game::MoveVerdict::PluginFault: return setup_error("opening move " + quote(text) + ": " + excerpt(error), true);
        default: return setup_error("opening move " + quote(text) + ": " + excerpt(error));
        }
        std::string canonical = start.state.format_move(move);
        if (auto played = start.state.checked_play(move); !played)
            return setup_error("opening move " + quote(text) + ": " + played.error().message, true);
        start.position.moves.push_back(canonical);
        if (record != nullptr) record->opening_moves.push_back(std::move(canonical));
    }
    return start;
}

// The search limits of the mover: its time control and both clocks as they
// stand (p1 = side 0), in milliseconds.
protocol::Go make_go(const Clock (&clocks)[2], int side) {
    protocol::Go go;
    const core::TimeControl &tc = clocks[side].time_control();
    switch (tc.kind) {
    case core::TimeControl::Kind::Clock: {
        // A side under another kind of control shows the mover's own figures.
        auto shown = [&](int s) -> const Clock & {
            return clocks[s].time_control().kind == core::TimeControl::Kind::Clock ? clocks[s] : clocks[side];
        };
        go.p1time = shown(0).remaining().count();
        go.p2time = shown(1).remaining().count();
        // A byoyomi is one figure for both sides (USI's 'byoyomi N'): the
        // mover's. It never comes with an increment (TimeControl::parse).
        if (tc.byoyomi.count() > 0) {
            go.byoyomi = tc.byoyomi.count();
        } else {
            go.p1inc = shown(0).time_control().increment.count();
            go.p2inc = shown(1).time_control().increment.count();
        }
        if (auto to_go = clocks[side].moves_to_go()) go.movestogo = *to_go;
        break;
    }
    case core::TimeControl::Kind::MoveTime: go.movetime = tc.move_time.count(); break;
    case core::TimeControl::Kind::Untimed: break;
    }
    // The caps go in the same command, beside the clock or move time.
    go.depth = tc.depth;
    go.nodes = tc.nodes;
    return go;
}

// " + byoyomi 10000 ms" for a clock with one, else nothing.
std::string byoyomi_note(const Clock &clock) {
    const auto byoyomi = clock.time_control().byoyomi;
    return byoyomi.count() > 0 ? " + byoyomi " + std::to_string(byoyomi.count()) + " ms" : std::string();
}

// Said after a time used that leaves out a stall of the arbiter's own.
std::string stall_note(milliseconds stalled) {
    if (stalled.count() <= 0) return {};
    return " (not counting " + std::to_string(stalled.count()) + " ms the arbiter itself was not running)";
}

class Game {
public:
    Game(const GameSetup &setup, engine::ProtocolEngine &side0, engine::ProtocolEngine &side1, const std::atomic<bool> *stop,
         const MoveObserver &observer)
        : setup_(setup), engines_{&side0, &side1}, stop_(stop), observer_(observer),
          clocks_{Clock(setup.time_control[0], setup.time_margin), Clock(setup.time_control[1], setup.time_margin)},
          adjudicator_(setup.adjudication) {
        record_.engine_names[0] = side0.name();
        record_.engine_names[1] = side1.name();
        record_.protocols[0] = protocol::name(side0.dialect());
        record_.protocols[1] = protocol::name(side1.dialect());
        record_.started = std::chrono::system_clock::now();
    }

    GameRecord play() {
        auto began = std::chrono::steady_clock::now();
        if (stop_ != nullptr)
            for (auto *e : engines_) e->set_stop_flag(stop_);
        engine::Capture capture;
        capture.search_lines = setup_.pv_checks != game::PvChecks::Off;
        capture.line_patterns = setup_.line_patterns;
        for (auto *e : engines_) e->set_capture(capture);
        // A plugin that dies in its plugin-host child ends only this game.
        try {
            run();
        } catch (const game::PluginHostDied &e) {
            plugin_failed(e.what());
            state_.reset();
        }
        if (stop_ != nullptr)
            for (auto *e : engines_) e->set_stop_flag(nullptr);
        tell_result();
        try {
            if (state_) {
                auto position = state_->checked_position();
                if (position) {
                    record_.final_position = std::move(*position);
                } else if (record_.termination != Termination::PluginError) {
                    plugin_failed(position.error().message);
                }
            }
        } catch (const game::PluginHostDied &e) {
            plugin_failed(e.what());
        }
        state_.reset();  // in a plugin-host child, freed before the next game asks for one
        record_.duration = std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - began);
        return std::move(record_);
    }

private:
    bool stopped() const { return stop_ != nullptr && stop_->load(); }

    void end(arb_result result, Termination termination, std::string reason, int loser = -1,
             std::string offending = {}) {
        record_.result = result;
        record_.termination = termination;
        record_.reason = std::move(reason);
        record_.loser_side = loser;
        record_.offending_text = std::move(offending);
    }

    // Each engine hears how the game ended for it (USI's 'gameover'); an
    // unfinished game (abandoned, a plugin error) has no result to tell.
    void tell_result() {
        using Result = protocol::GameOver::Result;
        if (record_.result == ARB_RESULT_ONGOING) return;
        for (int side = 0; side < 2; ++side) {
            Result result = Result::Draw;
            if (record_.result != ARB_RESULT_DRAW) result = record_.result == win_for(side) ? Result::Win : Result::Lose;
            engines_[side]->game_over(result);
        }
    }

    void abandon(std::string reason) { end(ARB_RESULT_ONGOING, Termination::Abandoned, std::move(reason)); }

    // The plugin broke its contract: the game cannot be judged, and no engine
    // is to blame. The game is recorded as "*", not rated.
    void plugin_failed(const std::string &what) {
        end(ARB_RESULT_ONGOING, Termination::PluginError, "plugin error: " + what);
        record_.has_score = false;
    }

    void engine_failed(int side, const engine::EngineError &error) {
        if (stopped()) return abandon("stopped by the user");
        std::string reason = failure_reason(record_.engine_names[side], error);
        if (error.kind == FailureKind::Timeout) {
            const Clock &c = clocks_[side];
            if (c.time_control().kind == core::TimeControl::Kind::Clock)
                reason += " (clock " + std::to_string(c.remaining().count()) + " ms" + byoyomi_note(c) +
                          " + margin " + std::to_string(setup_.time_margin.count()) + " ms)";
        }
        end(win_for(1 - side), termination_for(error.kind), std::move(reason), side, error.offending_text);
    }

    void run() {
        auto start = prepare(setup_, &record_);
        if (!start) {
            if (start.error().plugin_fault) return plugin_failed(start.error().message);
            return abandon("invalid game setup: " + start.error().message);
        }
        state_.emplace(std::move(start->state));
        protocol::Position &position = start->position;
        game::GameState &state = *state_;
        pv_start_ = position.startpos ? std::string("startpos") : "fen " + position.fen;

        for (int side = 0; side < 2; ++side) {
            if (stopped()) return abandon("stopped by the user");
            auto ok = setup_.engine_seed ? engines_[side]->new_game_seeded(*setup_.engine_seed) : engines_[side]->new_game();
            if (!ok) return engine_failed(side, ok.error());
        }

        std::vector<arb_move> legal;
        legal.reserve(static_cast<size_t>(state.api().max_legal_moves));
        record_.moves.reserve(256);
        int plies = static_cast<int>(setup_.opening_moves.size());
        std::string text;  // sized once to the plugin's max_move_text_size
        std::string error;

        for (;;) {
            if (stopped()) return abandon("stopped by the user");
            // Outcome, side to move and move list must agree; a plugin whose
            // answers contradict each other cannot judge this game.
            arb_outcome outcome = state.outcome();
            if (outcome.result < ARB_RESULT_ONGOING || outcome.result > ARB_RESULT_DRAW)
                return plugin_failed("outcome() gave the unknown result code " + std::to_string(outcome.result));
            if (auto listed = state.checked_legal_moves(legal); !listed) return plugin_failed(listed.error().message);
            if (outcome.result != ARB_RESULT_ONGOING) return end_by_rules(state, outcome, legal.size());
            if (legal.empty()) return plugin_failed("legal_moves lists no move but outcome() says the game goes on");
            int max = setup_.adjudication.max_plies;
            if (max > 0 && plies >= max)
                return end(ARB_RESULT_DRAW, Termination::MaxPlies, "draw by the ply limit of " + std::to_string(max));

            int side = state.side_to_move();
            if (side != 0 && side != 1)
                return plugin_failed("side_to_move() gave " + std::to_string(side) + " in an ongoing game");
            // A lone pass is forced: the arbiter plays it (docs/protocol.md).
            // The plugin says what a pass is; its text means nothing here.
            if (legal.size() == 1 && (state.move_flags(legal[0]) & ARB_MOVE_PASS) != 0) {
                std::string_view forced = state.format_move(legal[0], text);
                if (forced.empty()) return plugin_failed("format_move failed on the forced pass");
                if (auto played = state.checked_play(legal[0]); !played)
                    return plugin_failed(played.error().message);
                append(position, side, forced, milliseconds(0), {}, true);
                ++plies;
                continue;
            }

            engine::ProtocolEngine &engine = *engines_[side];
            Clock &clock = clocks_[side];
            auto answer = engine.go_next_ply(position, given_[side], make_go(clocks_, side), clock.allowance());
            given_[side] = position.moves.size();
            if (!answer) return engine_failed(side, answer.error());
            judge_pvs(state, side, *answer);
            const std::string &name = record_.engine_names[side];

            milliseconds allowed = clock.allowance();
            if (!clock.charge(answer->elapsed))
                return end(win_for(1 - side), Termination::TimeForfeit,
                           name + " lost on time: used " + std::to_string(answer->elapsed.count()) + " ms of " +
                               std::to_string(allowed.count()) + " ms allowed" + stall_note(answer->stalled),
                           side);

            if (answer->resigned)
                return end(win_for(1 - side), Termination::Resigned, name + " resigned", side);
            if (!answer->claim.empty()) return judge_claim(state, outcome, legal.size(), side, answer->claim);

            arb_move move = ARB_MOVE_NONE;
            switch (game::judge_move(state, answer->move.c_str(), legal, move, error)) {
            case game::MoveVerdict::Legal: break;
            case game::MoveVerdict::PluginFault:
                return plugin_failed("on the move " + quote(answer->move) + " by " + name + ": " + error);
            case game::MoveVerdict::Unparsable:
                return end(win_for(1 - side), Termination::UnparsableMove,
                           "unparsable move " + quote(answer->move) + " by " + name + ": " + error, side, answer->move);
            case game::MoveVerdict::Illegal:
                return end(win_for(1 - side), Termination::IllegalMove,
                           "illegal move " + quote(answer->move) + " by " + name + ": " + error, side, answer->move);
            }
            judge_bestmove(state, side, *answer);
            std::string_view played = state.format_move(move, text);
            if (played.empty()) return plugin_failed("format_move failed on the legal move " + quote(answer->move));
            if (auto ok = state.checked_play(move); !ok) return plugin_failed(ok.error().message);
            append(position, side, played, answer->elapsed, answer->info, false, answer->stalled,
                   std::move(answer->matched));
            ++plies;
            if (!answer->lines.empty()) last_lines_[side] = answer->lines.back().text;
            check_mate_signs(side);

            if (adjudicated(state, side, *answer, plies)) return;
        }
    }

    // The score rules (and a draw offer they take) after an engine's move:
    // true when they ended the game.
    bool adjudicated(game::GameState &state, int side, const engine::BestMove &answer, int plies) {
        auto verdict = adjudicator_.after_move(side, answer.info.score_cp, plies);
        // A draw offered with a move that ends the game is the rules' to judge.
        if (!verdict && answer.draw_offered && state.outcome().result == ARB_RESULT_ONGOING)
            verdict = adjudicator_.on_draw_offer(plies);
        if (!verdict) return false;
        arb_result result = verdict->loser_side < 0 ? ARB_RESULT_DRAW : win_for(1 - verdict->loser_side);
        end(result, verdict->termination, "adjudication: " + verdict->reason, -1);
        return true;
    }

    // A result claimed instead of a move, judged by the plugin's outcome of
    // the position the engine was asked to move in: true, the game ends by
    // its rules; false, the claimant loses, the claim quoted.
    void judge_claim(const game::GameState &state, const arb_outcome &outcome, size_t legal_moves, int side,
                     const std::string &claim) {
        if (claim_is_true(claim, outcome)) return end_by_rules(state, outcome, legal_moves);
        const std::string truth = outcome.result == ARB_RESULT_ONGOING
                                      ? std::string("the game goes on by its rules")
                                      : "the game ended " + std::string(result_text(outcome.result));
        end(win_for(1 - side), Termination::FalseClaim,
            "false claim " + quote(claim) + " by " + record_.engine_names[side] + ": " + truth, side, claim);
    }

    // The plugin says the game is over: by its rules, with its score and margin.
    void end_by_rules(const game::GameState &state, const arb_outcome &outcome, size_t legal_moves) {
        if (legal_moves != 0)
            return plugin_failed("outcome() says the game is over ('" + std::string(outcome.reason) +
                                 "') but legal_moves lists " + std::to_string(legal_moves) + " moves");
        end(outcome.result, Termination::GameRule, outcome.reason);
        record_.has_score = outcome.has_score != 0;
        record_.score[0] = outcome.score[0];
        record_.score[1] = outcome.score[1];
        record_.margin = state.margin();
    }

    void warn(int side, const game::PvFinding &finding, const std::string &line) {
        PvWarning &w = record_.pv_findings.emplace_back();
        w.side = side;
        w.issue = finding.issue;
        w.move = finding.move;
        w.info_line = line;
        w.start = pv_start_;
        w.moves_before = record_.moves.size();
        ++record_.pv_warnings[side];
    }

    // Every PV of the search that gave `answer`, in the position searched.
    void judge_pvs(const game::GameState &state, int side, const engine::BestMove &answer) {
        for (const auto &line : answer.lines)
            if (auto finding = pv_judge_.judge(state, line.pv)) warn(side, *finding, line.text);
    }

    // The legal bestmove of `answer` against its last best-line PV (a multi-PV search's line 1).
    void judge_bestmove(const game::GameState &state, int side, const engine::BestMove &answer) {
        for (auto it = answer.lines.rbegin(); it != answer.lines.rend(); ++it) {
            if (!it->pv.principal) continue;
            if (!pv_judge_.begins_pv(state, it->pv, answer.move))
                warn(side, {game::PvIssue::BestmoveMismatch, answer.move}, it->text);
            return;
        }
    }

    // The mover's mate score and the one before it, the other engine's, both
    // claim the same side wins (or loses): one of the two engines is wrong.
    void check_mate_signs(int side) {
        if (setup_.pv_checks == game::PvChecks::Off || record_.moves.size() < 2) return;
        const MoveRecord &them = record_.moves[record_.moves.size() - 2];
        const MoveRecord &us = record_.moves.back();
        if (them.forced || !them.info.mate || !us.info.mate) return;
        if (static_cast<long long>(*them.info.mate) * *us.info.mate <= 0) return;
        warn(side, {game::PvIssue::MateSignMismatch, {}}, last_lines_[1 - side]);
        PvWarning &w = record_.pv_findings.back();
        w.own_line = last_lines_[side];
        w.mates[0] = *them.info.mate;
        w.mates[1] = *us.info.mate;
    }

    void append(protocol::Position &position, int side, std::string_view text, milliseconds elapsed,
                const protocol::InfoFields &info, bool forced, milliseconds stalled = milliseconds(0),
                std::vector<std::string> lines = {}) {
        position.moves.emplace_back(text);
        MoveRecord &m = record_.moves.emplace_back();
        m.lines = std::move(lines);
        m.text = text;
        m.elapsed = elapsed;
        m.info = info;
        m.forced = forced;
        m.stalled = stalled;
        if (setup_.plies_played)
            setup_.plies_played->store(static_cast<int>(record_.opening_moves.size() + record_.moves.size()),
                                       std::memory_order_relaxed);
        if (observer_) observer_(record_, side);
    }

    const GameSetup &setup_;
    engine::ProtocolEngine *engines_[2];
    size_t given_[2] = {0, 0};  // the moves of the position each engine was given last in this game
    const std::atomic<bool> *stop_;
    const MoveObserver &observer_;
    Clock clocks_[2];
    Adjudicator adjudicator_;
    std::optional<game::GameState> state_;
    GameRecord record_;
    game::PvJudge pv_judge_{setup_.pv_checks};
    std::string pv_start_;         // the start as the PV warnings quote it
    std::string last_lines_[2];    // each side's last scored info line, for MateSignMismatch
};

}  // namespace

Termination termination_for(FailureKind kind) {
    switch (kind) {
    case FailureKind::Timeout: return Termination::TimeForfeit;
    case FailureKind::Crash: return Termination::Crash;
    case FailureKind::Stall: return Termination::Stall;
    case FailureKind::Protocol: return Termination::ProtocolError;
    case FailureKind::StartFailed: return Termination::Crash;
    case FailureKind::OutOfResources: return Termination::Abandoned;  // nobody's fault: not scored
    case FailureKind::Interrupted: return Termination::Abandoned;
    }
    return Termination::Crash;
}

Expected<void> validate_setup(const GameSetup &setup) {
    Expected<Start, SetupError> start = setup_error("");
    try {
        start = prepare(setup, nullptr);
    } catch (const game::PluginHostDied &e) {
        return fail(std::string("plugin error: ") + e.what());
    }
    if (!start) return fail((start.error().plugin_fault ? "plugin error: " : "") + start.error().message);
    return {};
}

GameRecord play_game(const GameSetup &setup, engine::ProtocolEngine &side0, engine::ProtocolEngine &side1,
                     const std::atomic<bool> *stop) {
    return play_game(setup, side0, side1, stop, MoveObserver{});
}

GameRecord play_game(const GameSetup &setup, engine::ProtocolEngine &side0, engine::ProtocolEngine &side1,
                     const std::atomic<bool> *stop, const MoveObserver &observer) {
    return Game(setup, side0, side1, stop, observer).play();
}

GameRecord engine_failure_record(const GameSetup &setup, const std::string &name0, const std::string &name1, int side,
                                 const engine::EngineError &error) {
    GameRecord record;
    record.engine_names[0] = name0;
    record.engine_names[1] = name1;
    record.started = std::chrono::system_clock::now();
    try {
        if (auto start = prepare(setup, &record)) record.final_position = start->state.position();
    } catch (const game::PluginHostDied &) {
        // No position to show; the engine's failure is the story.
    }
    record.termination = termination_for(error.kind);
    record.reason = failure_reason(side == 0 ? name0 : name1, error);
    record.offending_text = error.offending_text;
    if (record.termination != Termination::Abandoned) {  // else nobody's fault: no result
        record.result = win_for(1 - side);
        record.loser_side = side;
    }
    return record;
}

}  // namespace arb::match
