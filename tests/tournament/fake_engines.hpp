// Engines and a game runner without processes, for tournament tests: games
// are played by the plugin itself (first legal move), results stay real.
#pragma once

#include "game/game_state.hpp"
#include "tournament/pooled_run.hpp"

#include <atomic>
#include <chrono>
#include <thread>

namespace arb::test {

class FakeEngine : public engine::ProtocolEngine {
public:
    explicit FakeEngine(std::string name, std::atomic<int> &live) : name_(std::move(name)), live_(live) { ++live_; }
    ~FakeEngine() override { quit(); }
    Expected<void, engine::EngineError> new_game() override { return {}; }
    Expected<engine::BestMove, engine::EngineError> go(const protocol::Position &, const protocol::Go &,
                                                      std::chrono::milliseconds) override {
        return Unexpected<engine::EngineError>{{engine::FailureKind::Protocol, "not used", ""}};
    }
    void quit() override {
        if (alive_) --live_;
        alive_ = false;
    }
    [[nodiscard]] bool alive() const override { return alive_; }
    [[nodiscard]] const std::string &name() const override { return name_; }
    [[nodiscard]] std::string stderr_tail() const override { return {}; }

private:
    std::string name_;
    std::atomic<int> &live_;
    bool alive_ = true;
};

// Counters shared by the fakes of one test.
struct FakeWorld {
    std::atomic<int> live_engines{0};
    std::atomic<int> starts{0};
    std::atomic<int> fragile_starts{0};
    std::atomic<int> games_started{0};
    std::chrono::milliseconds game_time{0};

    tournament::RunnerParts parts() {
        tournament::RunnerParts p;
        p.start_engine = [this](const engine::EngineConfig &config, const engine::EngineTimeouts &)
            -> Expected<std::unique_ptr<engine::ProtocolEngine>, engine::EngineError> {
            ++starts;
            // broken never starts; fragile starts once, crashes in its game and never starts again.
            if (config.name == "broken" || (config.name == "fragile" && fragile_starts++ > 0))
                return Unexpected<engine::EngineError>{
                    {engine::FailureKind::StartFailed, "cannot execute", "", "libfoo.so: not found\n"}};
            return std::unique_ptr<engine::ProtocolEngine>(new FakeEngine(config.name, live_engines));
        };
        p.play_game = [this](const match::GameSetup &setup, engine::ProtocolEngine &a, engine::ProtocolEngine &b,
                             const std::atomic<bool> *stop) { return play(setup, a, b, stop); };
        return p;
    }

    match::GameRecord play(const match::GameSetup &setup, engine::ProtocolEngine &a, engine::ProtocolEngine &b,
                           const std::atomic<bool> *stop) {
        ++games_started;
        match::GameRecord r;
        r.engine_names[0] = a.name();
        r.engine_names[1] = b.name();
        r.opening_position = setup.opening_position;
        r.opening_moves = setup.opening_moves;
        r.started = std::chrono::system_clock::now();
        auto deadline = std::chrono::steady_clock::now() + game_time;
        while (std::chrono::steady_clock::now() < deadline) {
            if (stop != nullptr && *stop) {
                r.termination = match::Termination::Abandoned;
                return r;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        const auto crashes = [](const engine::ProtocolEngine &e) { return e.name() == "crasher" || e.name() == "fragile"; };
        if (crashes(a) || crashes(b)) {
            int side = crashes(a) ? 0 : 1;
            r.result = side == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_WIN_SIDE_0;
            r.termination = match::Termination::Crash;
            r.loser_side = side;
            r.reason = "engine crasher exited";
            (side == 0 ? a : b).quit();
            return r;
        }
        if (a.name().rfind("dice", 0) == 0) {  // a win, draw or loss drawn from the game's seed and colours
            uint64_t h = (setup.seed + 0x9e3779b97f4a7c15ULL) * (a.name() < b.name() ? 0xff51afd7ed558ccdULL : 0xc4ceb9fe1a85ec53ULL);
            h ^= h >> 29;
            const arb_result results[3] = {ARB_RESULT_WIN_SIDE_0, ARB_RESULT_DRAW, ARB_RESULT_WIN_SIDE_1};
            r.result = results[h % 3];
            r.reason = "dice";
            return r;
        }
        if (a.name() == "badtext" || b.name() == "badtext") {  // a plugin whose reason is not UTF-8
            r.result = ARB_RESULT_DRAW;
            r.reason = "the plugin says \xC3\x28 and \xFF";
            return r;
        }
        if (a.name() == "strong" || b.name() == "strong") {  // wins every game it plays
            r.result = a.name() == "strong" ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1;
            r.reason = "strong always wins";
            return r;
        }
        auto state = game::GameState::create(setup.plugin, setup.options);
        if (!setup.opening_position.empty()) (void)state->set_position(setup.opening_position);
        for (const auto &m : setup.opening_moves) {
            arb_move move;
            std::string error;
            state->parse_move(m.c_str(), move, error);
            state->play(move);
        }
        while (!state->over()) {
            auto moves = state->legal_moves();
            match::MoveRecord mr;
            mr.text = state->format_move(moves.front());
            r.moves.push_back(mr);
            state->play(moves.front());
        }
        auto outcome = state->outcome();
        r.result = outcome.result;
        r.reason = outcome.reason;
        r.final_position = state->position();
        return r;
    }
};

}  // namespace arb::test
