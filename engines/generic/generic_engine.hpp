// arbiter-engine: plays any game plugin, by uniformly random moves or by
// MCTS, through the UGI loop of the SDK.
#pragma once

#include "game_session.hpp"
#include "mcts.hpp"
#include "rng.hpp"
#include "search_budget.hpp"

#include <arbiter/ugi/engine_loop.hpp>

#include <cstdint>
#include <string>

namespace arb::engines {

enum class Mode { Random, Mcts };

struct GenericSettings {
    Mode mode = Mode::Mcts;
    uint64_t seed = 1;
    BudgetSettings budget;
};

class GenericEngine final : public ugi::Engine {
public:
    GenericEngine(GameSession session, GenericSettings settings)
        : session_(std::move(session)), settings_(settings), rng_(settings.seed) {}

    [[nodiscard]] std::string name() const override;
    [[nodiscard]] std::string author() const override { return "the arbiter project"; }
    [[nodiscard]] std::vector<ugi::OptionSpec> options() const override;
    std::string set_option(const std::string &name, const std::string &value) override;
    std::string new_game() override;
    void set_dialect(protocol::Dialect dialect) override { session_.set_dialect(dialect); }
    std::string set_position(const ugi::Position &position) override;
    ugi::SearchResult search(const ugi::Go &go, ugi::SearchContext &context) override;

private:
    GameSession session_;
    GenericSettings settings_;
    Rng rng_;
    Mcts mcts_;
    std::string position_error_;
    // New games since the seed was last set: the generator of each game
    // restarts from (seed, this count), see new_game().
    uint64_t games_since_seed_ = 0;
};

}  // namespace arb::engines
