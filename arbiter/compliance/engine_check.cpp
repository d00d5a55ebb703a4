#include "compliance/engine_check.hpp"

#include "compliance/position_sampler.hpp"
#include "compliance/timing_check.hpp"
#include "core/quote.hpp"
#include "engine/dialect/dialect_codec.hpp"
#include "engine/protocol_engine.hpp"
#include "game/move_judge.hpp"
#include "game/rule_edges.hpp"
#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"
#include "match/result_claim.hpp"

#include <arbiter/ugi/option_spec.hpp>

#include <algorithm>
#include <filesystem>

namespace arb::compliance {

namespace {

using std::chrono::milliseconds;

// The position as a UGI line ("position startpos moves e2e4"), for messages.
std::string position_text(const protocol::Position &position) {
    std::string out;
    (void)engine::make_ugi_codec(nullptr)->append_position(out, position);  // UGI never converts: never refused
    return out;
}

protocol::Position position_with(const protocol::Position &start, const std::vector<std::string> &moves, size_t from) {
    protocol::Position out = start;
    out.moves.assign(moves.begin() + static_cast<std::ptrdiff_t>(std::min(from, moves.size())), moves.end());
    return out;
}

protocol::Position fen_position(std::string fen) {
    protocol::Position out;
    out.startpos = false;
    out.fen = std::move(fen);
    return out;
}

class Run {
public:
    Run(const CheckSettings &s, const std::function<void(const CheckItem &)> &on_item,
        const std::function<void(const std::string &)> &on_named)
        : s_(s), on_item_(on_item), on_named_(on_named) {}

    Report run() {
        if (!start()) {
            add_cut_short("the engine did not start");
            return std::move(report_);
        }
        check_new_game();
        // The start as engines of every protocol read it: 'startpos' only for
        // the game's default start (a Chess960 array is sent as a fen).
        if (auto first = game::GameState::create(s_.plugin, s_.options, 0, s_.host);
            first && !game::is_default_start(s_.plugin, first->position(), s_.host))
            start_ = fen_position(first->position());
        // Isolated, a plugin that dies fails the check it was in; the rest go on
        // with a new plugin-host child.
        for (void (Run::*check)() : {&Run::check_rule_edges, &Run::check_start_position, &Run::check_probes,
                                     &Run::check_limits, &Run::check_timing, &Run::check_games}) {
            try {
                (this->*check)();
            } catch (const game::PluginHostDied &e) {
                add("the game plugin judged the checks", Verdict::Fail, e.what());
            }
        }
        check_quit();
        return std::move(report_);
    }

private:
    void add(std::string name, Verdict verdict, std::string detail = {}) {
        CheckItem item{std::move(name), verdict, std::move(detail)};
        if (on_item_) on_item_(item);
        report_.items.push_back(std::move(item));
    }

    // Every check after the start, listed as not run when a failure before
    // them cut the run short.
    void add_cut_short(const std::string &why) {
        std::vector<std::string> planned{"new game", "legal move from the start position (go movetime)",
                                         "legal moves from random positions as 'startpos moves ...'",
                                         "legal moves from random positions as 'fen ... moves'",
                                         "legal moves from random positions as 'fen ... moves ...' (mixed)",
                                         "legal move under a clock", "answers 'go depth 1'", "answers 'go nodes 1000'",
                                         "keeps to its time limits (go movetime, clock, depth, nodes)"};
        if (const game::RuleEdges edges = game::read_rule_edges(*s_.plugin); edges.present)
            planned.insert(planned.begin() + 1, "the game's " + std::to_string(edges.edges.size()) + " rule edges");
        if (s_.games > 0)
            planned.push_back("plays " + std::to_string(s_.games) + " full games (" + s_.game_time_control +
                              ") without a fault");
        planned.emplace_back("exits after 'quit'");
        for (auto &name : planned) add(std::move(name), Verdict::NotRun, why);
    }

    // How long a search allowed `allowed` is waited for: --grace more, until
    // one search went unanswered even then (an engine that hangs must not
    // cost the grace at every check).
    milliseconds wait_for(milliseconds allowed) const { return allowed + (grace_spent_ ? milliseconds(0) : s_.grace); }

    // Said when no move came at all: how long check waited, and that this
    // is not the rule's verdict (there was no move to judge).
    std::string no_move(const engine::EngineError &error, milliseconds allowed, const std::string &where) {
        std::string waited;
        if (error.kind == engine::FailureKind::Timeout) {
            const bool is_default = s_.movetime == CheckSettings{}.movetime;
            waited = " (allowed " + std::to_string(allowed.count()) + " ms, " +
                     (grace_spent_ ? std::string("no grace after an earlier search went unanswered")
                                   : "waited --grace " + std::to_string(s_.grace.count()) + " ms more") +
                     (is_default ? ", at check's default --movetime " + std::to_string(s_.movetime.count()) + " ms"
                                 : std::string()) +
                     ")";
            grace_spent_ = true;
        }
        return "no move to judge: " + error.message + waited + " " + where;
    }

    // The answer time of one search into `series`, and the load seen then.
    void record_time(TimingSeries &series, const Expected<engine::BestMove, engine::EngineError> &answer,
                     const std::string &where) {
        const bool answered = answer.has_value();
        if (!answered && answer.error().kind != engine::FailureKind::Timeout) return;  // a crash is no time
        series.record(answered ? std::optional<milliseconds>(answer->elapsed) : std::nullopt, where);
        const MachineLoad now = read_machine_load();
        if (now.known && (!load_.known || now.load1 > load_.load1)) load_ = now;
    }
    std::string tc_hint() const {
        const bool is_default = s_.game_time_control == CheckSettings{}.game_time_control;
        return "; it lost on time under " + std::string(is_default ? "check's default " : "") + "--tc " +
               s_.game_time_control + ": give it more with --tc TC (and --movetime MS for the single moves)";
    }

    engine::GameSetupOptions game_options() const {
        return match::engine_game_options(*s_.plugin, s_.options, s_.plugin_dirs);
    }

    bool start() {
        auto started = engine::ProtocolEngine::start(s_.engine, s_.timeouts, game_options());
        const std::string configured = engine::protocol_choice_name(s_.engine.protocol);
        if (on_named_) {
            std::string program = std::filesystem::path(s_.engine.command).filename().string();
            on_named_(started ? (*started)->name() : s_.engine.name.empty() ? program : s_.engine.name);
        }
        if (!started) {
            add("start and handshake (protocol " + configured + ", isready/readyok)", Verdict::Fail,
                excerpt(started.error().message, engine::kStartFailureMax) +
                    (started.error().offending_text.empty() ? std::string()
                                                            : " (engine said: " + quote(started.error().offending_text) + ")"));
            return false;
        }
        engine_ = std::move(*started);
        const std::string_view spoken = protocol::name(engine_->dialect());
        const bool xboard = engine_->dialect() == protocol::Dialect::Xboard;
        add("start and handshake (" +
                (xboard ? std::string("xboard, protover 2, features to done=1") + sync_words()
                        : std::string(spoken) + "/" + std::string(protocol::words(engine_->dialect()).ok) + sync_words()) +
                (s_.engine.protocol ? std::string() : ", found by protocol auto") + ")",
            Verdict::Pass);
        auto declared = engine_->declared_options();
        bool has_game = std::any_of(declared.begin(), declared.end(),
                                    [](const std::string &d) { return ugi::same_option_name(d, "game"); });
        // The item states the fact found, so that "WARN <name>" reads true: the
        // arbiter sends "setoption name game" only to an engine that declares it.
        if (has_game)
            add("declares the option 'game'", Verdict::Pass);
        else
            add("does not declare the option 'game'", Verdict::Warn,
                "the arbiter tells it no game id, so it must already play " + quote(s_.plugin->id()) +
                    " (fine for an engine of one game; an engine of several games should declare 'option name game')");
        for (const auto &[name, value] : engine_->game_engine_options())
            add("told the rules in " + std::string(spoken) + ": setoption name " + name + " value " + value, Verdict::Pass,
                "the game's \"arbiter.engine-options/1\" for its rule options");
        for (const auto &w : engine_->warnings()) add("configuration", Verdict::Warn, w);
        return true;
    }

    // How the engine is synchronised, for the items' names.
    std::string sync_words() const {
        return engine_ && engine_->dialect() == protocol::Dialect::Xboard ? ", ping/pong" : ", isready/readyok";
    }

    bool restart_if_needed() {
        if (engine_ && !engine_->needs_restart()) return true;
        if (engine_) engine_->quit();
        auto started = engine::ProtocolEngine::start(s_.engine, s_.timeouts, game_options());
        if (!started) return false;
        engine_ = std::move(*started);
        return true;
    }

    void check_new_game() {
        auto ok = engine_->new_game();
        add("new game (" + std::string(protocol::words(engine_->dialect()).new_game) + sync_words() + ")",
            ok ? Verdict::Pass : Verdict::Fail, ok ? "" : ok.error().message);
    }

    // Sends one search, waits --grace past `allowed` for it, records its
    // time in `series` (for the check `check`) and judges the move with the
    // plugin. Returns an empty string when the move is legal, however late.
    std::string search(const protocol::Position &position, const game::GameState &state, const protocol::Go &go,
                       milliseconds allowed, TimingSeries &series, const std::string &check) {
        if (!restart_if_needed()) return "the engine could not be restarted after an earlier failure";
        auto answer = engine_->go(position, go, wait_for(allowed));
        std::string where = "after '" + position_text(position) + "'";
        record_time(series, answer, check);
        if (!answer) return no_move(answer.error(), allowed, where);
        if (answer->resigned) return {};  // USI's 'bestmove resign': a lawful answer, no move to judge
        if (!answer->claim.empty())
            return match::claim_is_true(answer->claim, state.outcome()) ? std::string()
                                                                          : "false result claim " + quote(answer->claim) + " " + where;
        std::vector<arb_move> legal;
        if (auto listed = state.checked_legal_moves(legal); !listed)
            return "plugin error " + where + ": " + listed.error().message;
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        switch (game::judge_move(state, answer->move.c_str(), legal, move, error)) {
        case game::MoveVerdict::Legal: break;
        case game::MoveVerdict::PluginFault: return "plugin error on " + quote(answer->move) + " " + where + ": " + excerpt(error);
        case game::MoveVerdict::Unparsable: return "unreadable move " + quote(answer->move) + " " + where + ": " + excerpt(error);
        case game::MoveVerdict::Illegal: return "illegal move " + quote(answer->move) + " " + where + ": " + excerpt(error);
        }
        return {};
    }

    protocol::Go movetime_go() const {
        protocol::Go go;
        go.movetime = s_.movetime.count();
        return go;
    }

    // A state of the game for a check, or a Skip of that check naming why not.
    std::optional<game::GameState> new_state(const std::string &check) {
        auto state = game::GameState::create(s_.plugin, s_.options, 0, s_.host);
        if (state) return std::move(*state);
        add(check, Verdict::Skip, "the game could not be set up: " + excerpt(state.error().message));
        return std::nullopt;
    }

    // The plugin's rule edges ("arbiter.rule-edges/1"), before any random
    // position: every edge whose rule options agree with the check's, in
    // the plugin's order, one item each. A failure names the edge's rule and
    // what a failing engine did there; an edge of other options is listed
    // as not applicable, with the options it needs.
    void check_rule_edges() {
        const game::RuleEdges table = game::read_rule_edges(*s_.plugin);
        if (!table.present) return;  // an optional extension: nothing to ask
        for (const auto &problem : table.problems)
            add("rule edges of the plugin", Verdict::Skip,
                "unreadable: " + problem + " (the plugin's defect; see 'arbiter plugin-check')");
        for (const game::RuleEdge &edge : table.edges) check_rule_edge(edge);
    }

    void check_rule_edge(const game::RuleEdge &edge) {
        const std::string name = "rule " + edge.label() + ": " + game::edge_expect_name(edge.expect) +
                                 (edge.move.empty() ? std::string() : " " + quote(edge.move));
        const game::EdgeApplies applies = game::edge_applies(*s_.plugin, edge, s_.options);
        if (!applies.applies) {
            add(name, Verdict::NotApplicable, applies.reason);
            return;
        }
        auto state = game::edge_state(s_.plugin, edge, s_.options, s_.host);
        if (!state) {
            add(name, Verdict::Skip,
                "the plugin's edge does not load: " + excerpt(state.error().message) + " (see 'arbiter plugin-check')");
            return;
        }
        if (!restart_if_needed()) {
            add(name, Verdict::Fail, "the engine could not be restarted after an earlier failure");
            return;
        }
        const protocol::Position position = game::edge_position(s_.plugin, edge, s_.options, s_.host);
        // Messages show the position as UGI writes it, whatever the engine's dialect.
        std::string command = position.startpos ? "startpos" : "fen " + position.fen;
        command += " moves";
        for (const auto &move : position.moves) command += " " + move;
        const milliseconds allowed = s_.movetime + s_.margin;
        auto answer = engine_->go(position, movetime_go(), wait_for(allowed));
        const std::string where = "after 'position " + excerpt(command, 400) + "'";
        record_time(movetime_, answer, "rule " + edge.label());
        if (!answer) {
            // Not the rule's mistake: the item names the edge, the detail what happened.
            add(name, Verdict::Fail, no_move(answer.error(), allowed, where));
            return;
        }
        if (answer->resigned) {  // USI's 'bestmove resign' breaks no rule of the game
            add(name, Verdict::Pass, "the engine resigned: no move to judge");
            return;
        }
        if (!answer->claim.empty()) {
            const bool right = match::claim_is_true(answer->claim, state->outcome());
            add(name, right ? Verdict::Pass : Verdict::Fail,
                (right ? "the engine claimed the game's result " : "false result claim ") + quote(answer->claim) + " " + where);
            return;
        }
        std::vector<arb_move> legal;
        if (auto listed = state->checked_legal_moves(legal); !listed) {
            add(name, Verdict::Skip, "plugin error " + where + ": " + excerpt(listed.error().message));
            return;
        }
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        const game::MoveVerdict verdict = game::judge_move(*state, answer->move.c_str(), legal, move, error);
        if (verdict == game::MoveVerdict::PluginFault) {
            add(name, Verdict::Skip, "plugin error on " + quote(answer->move) + " " + where + ": " + excerpt(error));
            return;
        }
        if (verdict != game::MoveVerdict::Legal) {
            const std::string problem =
                std::string(verdict == game::MoveVerdict::Unparsable ? "unreadable move " : "illegal move ") +
                quote(answer->move) + " " + where + ": " + excerpt(error);
            // The edge's words only for the mistake the edge is about: at a
            // MUST_NOT_PLAY edge, that move; at the others, any move not legal.
            if (edge.expect != game::EdgeExpect::MustNotPlay || answer->move == edge.move)
                add(name, Verdict::Fail, edge.rule_failure() + ": " + problem);
            else
                add(name, Verdict::Fail, problem + " (not the move this edge is about, " + quote(edge.move) + ")");
            return;
        }
        add(name, Verdict::Pass);
    }

    void check_start_position() {
        const std::string name = "legal move from the start position (go movetime)";
        auto state = new_state(name);
        if (!state) return;
        std::string problem = search(start_, *state, movetime_go(), s_.movetime + s_.margin, movetime_,
                                     "the start position");
        add(name, problem.empty() ? Verdict::Pass : Verdict::Fail, problem);
    }

    void check_probes() {
        std::vector<Probe> probes = random_probes(s_.plugin, s_.options, s_.seed, s_.positions, s_.host);
        if (probes.empty()) {
            add("moves from random positions", Verdict::Skip, "no positions could be generated");
            return;
        }
        const char *forms[3] = {"positions as 'startpos moves ...'", "positions as 'fen ... moves'",
                                "positions as 'fen ... moves ...' (mixed)"};
        for (int form = 0; form < 3; ++form) {
            std::string first_problem;
            int failures = 0;
            for (const Probe &p : probes) {
                auto state = game::GameState::create(s_.plugin, s_.options, 0, s_.host);
                if (!state || !state->set_position(p.position)) continue;
                protocol::Position command;
                if (form == 0) {
                    command = position_with(start_, p.moves, 0);
                } else if (form == 1) {
                    command = fen_position(p.position);
                } else {
                    auto prefix = game::GameState::create(s_.plugin, s_.options, 0, s_.host);
                    for (int i = 0; i < p.split; ++i) {
                        arb_move m;
                        std::string e;
                        prefix->parse_move(p.moves[static_cast<size_t>(i)].c_str(), m, e);
                        prefix->play(m);
                    }
                    command = position_with(fen_position(prefix->position()), p.moves, static_cast<size_t>(p.split));
                }
                std::string problem = search(command, *state, movetime_go(), s_.movetime + s_.margin, movetime_,
                                             std::string("random ") + forms[form]);
                if (!problem.empty() && failures++ == 0) first_problem = problem;
            }
            add(std::string("legal moves from ") + std::to_string(probes.size()) + " random " + forms[form],
                failures == 0 ? Verdict::Pass : Verdict::Fail,
                failures == 0 ? "" : std::to_string(failures) + " failed; first: " + first_problem);
        }
    }

    void check_limits() {
        auto state = new_state("answers to a clock, 'go depth 1' and 'go nodes 1000'");
        if (!state) return;
        protocol::Go clock;
        clock.p1time = clock.p2time = 2000;
        clock.p1inc = clock.p2inc = 0;
        const auto words = protocol::words(engine_->dialect());
        const std::string clock_words =
            "go " + std::string(words.time[0]) + " 2000 " + std::string(words.time[1]) + " 2000";
        clock_.limit = clock_words;
        std::string problem =
            search(start_, *state, clock, clock_.allowed, clock_, "legal move under a clock");
        add("legal move under a clock (" + clock_words + ")", problem.empty() ? Verdict::Pass : Verdict::Fail, problem);

        protocol::Go depth;
        depth.depth = 1;
        problem = search(start_, *state, depth, s_.untimed_limit, depth_, "answers 'go depth 1'");
        add("answers 'go depth 1'", problem.empty() ? Verdict::Pass : Verdict::Fail, problem);

        protocol::Go nodes;
        nodes.nodes = 1000;
        problem = search(start_, *state, nodes, s_.untimed_limit, nodes_, "answers 'go nodes 1000'");
        add("answers 'go nodes 1000'", problem.empty() ? Verdict::Pass : Verdict::Fail, problem);
    }

    // Every answer time above, against its limit: its own check, so that a
    // late move on a loaded machine is not read as a broken rule.
    void check_timing() {
        TimingContext context;
        context.margin = s_.margin;
        context.load = load_;
        if (engine_) {
            const auto declared = engine_->declared_options();
            context.declares_threads = std::any_of(declared.begin(), declared.end(), [](const std::string &d) {
                return ugi::same_option_name(d, "Threads");
            });
        }
        for (const auto &[name, value] : s_.engine.ugi_options)
            if (ugi::same_option_name(name, "Threads")) context.threads_value = value;
        CheckItem item = judge_timing({movetime_, clock_, depth_, nodes_}, context);
        add(std::move(item.name), item.verdict, std::move(item.detail));
    }

    // A loss caused by the loser breaking a rule or the protocol, not by its play.
    static bool engine_fault(match::Termination t) {
        switch (t) {
            case match::Termination::IllegalMove:
            case match::Termination::UnparsableMove:
            case match::Termination::TimeForfeit:
            case match::Termination::Crash:
            case match::Termination::Stall:
            case match::Termination::ProtocolError:
            case match::Termination::FalseClaim: return true;
            default: return false;
        }
    }

    void check_games() {
        if (s_.games <= 0) return;  // not asked for: no check, not a skip
        if (!s_.reference) {
            add("full games against the reference engine", Verdict::Skip, "no reference engine available");
            return;
        }
        auto tc = core::TimeControl::parse(s_.game_time_control);
        if (!tc) {
            add("full games against the reference engine", Verdict::Fail, tc.error().message);
            return;
        }
        auto reference = engine::ProtocolEngine::start(*s_.reference, s_.timeouts, game_options());
        if (!reference) {
            add("full games against the reference engine", Verdict::Skip,
                "the reference engine did not start: " + engine::describe_start_failure(*s_.reference, reference.error()));
            return;
        }
        match::GameSetup setup;
        setup.plugin = s_.plugin;
        setup.options = s_.options;
        setup.host = s_.host;
        setup.time_control[0] = setup.time_control[1] = *tc;
        setup.time_margin = s_.margin;
        setup.adjudication.max_plies = s_.max_plies;
        int faults = 0;
        std::string first_problem, reference_problem, plugin_problem;
        for (int g = 0; g < s_.games && reference_problem.empty(); ++g) {
            int side = g % 2;  // the tested engine plays p1, then p2, ...
            if (!restart_if_needed()) {
                first_problem = "the engine could not be restarted";
                faults += s_.games - g;
                break;
            }
            (void)engine_->new_game();
            (void)(*reference)->new_game();
            engine::ProtocolEngine &p1 = side == 0 ? *engine_ : **reference;
            engine::ProtocolEngine &p2 = side == 0 ? **reference : *engine_;
            match::GameRecord record = match::play_game(setup, p1, p2);
            const std::string game = "game " + std::to_string(g + 1) + " as p" + std::to_string(side + 1) + ": " +
                                     match::termination_name(record.termination) + ": " + excerpt(record.reason, 400);
            if (record.termination == match::Termination::PluginError) {
                // Not the engine's fault, but the game proves nothing either.
                if (plugin_problem.empty()) plugin_problem = game;
            } else if (record.loser_side == side) {
                ++faults;
                if (first_problem.empty())
                    first_problem = game + (record.termination == match::Termination::TimeForfeit ? tc_hint() : "");
            } else if (record.loser_side == 1 - side && engine_fault(record.termination)) {
                // The reference engine broke down: the games did not test the engine.
                reference_problem = game;
            }
        }
        (*reference)->quit();
        const std::string name =
            "plays " + std::to_string(s_.games) + " full games (" + s_.game_time_control + ") without a fault";
        if (!first_problem.empty())
            add(name, Verdict::Fail, std::to_string(faults) + " lost by a fault; first: " + first_problem);
        else if (!plugin_problem.empty())
            add(name, Verdict::Fail, "the game plugin failed, so the games prove nothing: " + plugin_problem);
        else if (!reference_problem.empty())
            add(name, Verdict::Fail, "the reference engine failed, so the games prove nothing: " + reference_problem);
        else
            add(name, Verdict::Pass);
    }

    void check_quit() {
        // An engine a failure left unusable is started again for this check.
        if (!restart_if_needed()) {
            add("exits after 'quit'", Verdict::NotRun, "the engine could not be started again after the failure above");
            return;
        }
        long pid = engine_->pid();
        auto start = std::chrono::steady_clock::now();
        engine_->quit();
        auto took = std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
        bool prompt = took < s_.timeouts.quit_grace;
        add("exits after 'quit'", prompt ? Verdict::Pass : Verdict::Warn,
            prompt ? "" : "pid " + std::to_string(pid) + " was still running " +
                              std::to_string(s_.timeouts.quit_grace.count()) + " ms after 'quit' and was killed");
    }

    const CheckSettings &s_;
    protocol::Position start_;  // the game's start as engines are given it (startpos, or its fen)
    const std::function<void(const CheckItem &)> &on_item_;
    const std::function<void(const std::string &)> &on_named_;
    Report report_;
    std::unique_ptr<engine::ProtocolEngine> engine_;
    // The answer times, per kind of limit, and the highest load seen.
    TimingSeries movetime_{"go movetime " + std::to_string(s_.movetime.count()), s_.movetime + s_.margin, {}, 0, {}};
    TimingSeries clock_{"go p1time 2000 p2time 2000", milliseconds(2000) + s_.margin, {}, 0, {}};
    TimingSeries depth_{"go depth 1", s_.untimed_limit, {}, 0, {}};
    TimingSeries nodes_{"go nodes 1000", s_.untimed_limit, {}, 0, {}};
    MachineLoad load_ = read_machine_load();
    bool grace_spent_ = false;  // a search went unanswered within its grace: no more grace
};

}  // namespace

const char *verdict_name(Verdict v) {
    switch (v) {
    case Verdict::Pass: return "PASS";
    case Verdict::Warn: return "WARN";
    case Verdict::Fail: return "FAIL";
    case Verdict::Skip: return "SKIP";
    case Verdict::NotRun: return "NOT RUN";
    case Verdict::NotApplicable: return "N/A";
    }
    return "?";
}

int Report::count(Verdict v) const {
    return static_cast<int>(std::count_if(items.begin(), items.end(), [v](const CheckItem &i) { return i.verdict == v; }));
}

bool Report::passed(bool allow_skip) const {
    return !items.empty() && count(Verdict::Fail) == 0 && count(Verdict::NotRun) == 0 &&
           (allow_skip || count(Verdict::Skip) == 0);
}

Report check_engine(const CheckSettings &settings, const std::function<void(const CheckItem &)> &on_item,
                    const std::function<void(const std::string &)> &on_named) {
    return Run(settings, on_item, on_named).run();
}

}  // namespace arb::compliance
