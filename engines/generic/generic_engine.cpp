#include "generic_engine.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <charconv>
#include <iostream>
#include <limits>

namespace arb::engines {

namespace {

constexpr int64_t kMaxPlayouts = 1000000000;

std::optional<int64_t> to_int(const std::string &text) {
    return protocol::parse_integer<int64_t>(text);
}

// Errors found while searching go to the host (info string) and to stderr.
void report(ugi::SearchContext &context, const std::string &message) {
    context.info_string("error " + message);
    std::cerr << "arbiter-engine: " << message << std::endl;
}

}  // namespace

std::string GenericEngine::name() const {
    std::string name = "arbiter-engine ";
    name += settings_.mode == Mode::Mcts ? "mcts" : "random";
    if (session_.has_game()) name += " (" + session_.game_id() + ")";
    return name;
}

std::vector<ugi::OptionSpec> GenericEngine::options() const {
    std::vector<ugi::OptionSpec> specs;
    specs.push_back(ugi::OptionSpec::string("game", session_.game_id()));
    specs.push_back(ugi::OptionSpec::combo("mode", settings_.mode == Mode::Mcts ? "mcts" : "random", {"random", "mcts"}));
    specs.push_back(ugi::OptionSpec::spin("seed", static_cast<int64_t>(settings_.seed & 0x7fffffffffffffffULL), 0,
                                          std::numeric_limits<int64_t>::max()));
    specs.push_back(ugi::OptionSpec::spin("playouts", settings_.budget.playouts, 0, kMaxPlayouts));
    for (auto &spec : session_.rule_option_specs()) specs.push_back(std::move(spec));
    return specs;
}

std::string GenericEngine::set_option(const std::string &name, const std::string &value) {
    if (name == "game") {
        auto ok = session_.select_game(value);
        return ok ? std::string() : ok.error().message;
    }
    if (name == "mode") {
        settings_.mode = value == "mcts" ? Mode::Mcts : Mode::Random;
        return {};
    }
    if (name == "seed") {
        auto v = to_int(value);
        if (!v || *v < 0) return "option 'seed': expected a non-negative integer, got '" + value + "'";
        settings_.seed = static_cast<uint64_t>(*v);
        rng_.reseed(settings_.seed);
        games_since_seed_ = 0;
        return {};
    }
    if (name == "playouts") {
        auto v = to_int(value);
        if (!v || *v < 0 || *v > kMaxPlayouts) return "option 'playouts': expected 0..1000000000, got '" + value + "'";
        settings_.budget.playouts = *v;
        return {};
    }
    // Anything else is a rule option of the game (checked by the plugin, or
    // once a game is selected).
    auto ok = session_.set_rule_option(name, value);
    return ok ? std::string() : ok.error().message;
}

std::string GenericEngine::new_game() {
    if (!session_.has_game()) return "uginewgame: no game selected (use --game ID or 'setoption name game value ID')";
    // Each game's generator restarts, so that a game's moves depend only on
    // the seed and the positions, not on the games this process played
    // before: from the seed itself for the first game after it was set (the
    // arbiter sets it before every game), else from the seed mixed with the
    // number of new games since (a host that sends no seed still gets
    // different games, the same ones in every run).
    rng_.reseed(games_since_seed_ == 0 ? settings_.seed : Rng::mix(settings_.seed, games_since_seed_));
    ++games_since_seed_;
    return {};
}

std::string GenericEngine::set_position(const ugi::Position &position) {
    auto ok = session_.set_position(position);
    position_error_ = ok ? std::string() : ok.error().message;
    return position_error_;
}

ugi::SearchResult GenericEngine::search(const ugi::Go &go, ugi::SearchContext &context) {
    if (!session_.has_position()) {
        report(context, "go: no valid position" +
                            (position_error_.empty() ? std::string(" (send 'position' first)") : " (" + position_error_ + ")"));
        return {};
    }
    const game::GameState &state = session_.state();
    std::vector<arb_move> moves = state.legal_moves();
    if (moves.empty()) {
        report(context, "go: the game is over in this position (" + std::string(state.outcome().reason) + ")");
        return {};
    }
    if (settings_.mode == Mode::Random || moves.size() == 1) {
        ugi::SearchResult result;
        result.move = session_.move_for_host(state.format_move(moves[rng_.below(static_cast<uint32_t>(moves.size()))]));
        return result;
    }
    SearchBudget budget = plan_search(go, state.side_to_move(), settings_.budget);
    ugi::SearchResult result = mcts_.search(state, budget, rng_, &context);
    if (!result.move.empty()) result.move = session_.move_for_host(std::move(result.move));
    return result;
}

}  // namespace arb::engines
