#include "output/game_endings.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace arb::output {

void GameEndings::add(const match::FinishedGame &g) {
    using match::Termination;
    const auto &r = g.record;
    if (r.result == ARB_RESULT_ONGOING) return;
    for (int side = 0; side < 2; ++side) {
        const int index = g.slot.engine[side];
        if (index < 0 || static_cast<size_t>(index) >= engines_.size()) continue;
        auto &e = engines_[static_cast<size_t>(index)];
        ++e.games;
        const bool at_fault = r.loser_side == side;
        switch (r.termination) {
        case Termination::TimeForfeit: e.time += at_fault; break;
        case Termination::Crash: e.crash += at_fault; break;
        case Termination::Stall: e.stall += at_fault; break;
        case Termination::IllegalMove:
        case Termination::UnparsableMove: e.illegal += at_fault; break;
        case Termination::ProtocolError: e.protocol += at_fault; break;
        case Termination::Resigned: e.resigned += at_fault; break;
        case Termination::FalseClaim: e.false_claim += at_fault; break;
        case Termination::ResignAdjudication: ++e.resign_adjudication; break;
        case Termination::DrawAdjudication: ++e.draw_adjudication; break;
        case Termination::MaxPlies: ++e.max_moves; break;
        case Termination::GameRule: ++e.rules; break;
        case Termination::Abandoned:
        case Termination::PluginError: break;
        }
    }
}

std::string GameEndings::text() const {
    size_t width = std::string("how games ended").size();
    for (const auto &n : names_) width = std::max(width, n.size());
    std::string out = fmt::format("{:<{}}  games  time  crash  hung  illegal  protocol  false-claim  resigned  resign-adj  draw-adj  max-moves  rules\n",
                                  "how games ended", width);
    for (size_t i = 0; i < names_.size(); ++i) {
        const auto &e = engines_[i];
        out += fmt::format("{:<{}}  {:>5}  {:>4}  {:>5}  {:>4}  {:>7}  {:>8}  {:>11}  {:>8}  {:>10}  {:>8}  {:>9}  {:>5}\n", names_[i], width,
                           e.games, e.time, e.crash, e.stall, e.illegal, e.protocol, e.false_claim, e.resigned, e.resign_adjudication,
                           e.draw_adjudication, e.max_moves, e.rules);
    }
    return out;
}

nlohmann::json GameEndings::json() const {
    auto j = nlohmann::json::object();
    for (size_t i = 0; i < names_.size(); ++i) {
        const auto &e = engines_[i];
        j[names_[i]] = {{"games", e.games},
                        {"time", e.time},
                        {"crash", e.crash},
                        {"stall", e.stall},
                        {"illegal", e.illegal},
                        {"protocol", e.protocol},
                        {"false_claim", e.false_claim},
                        {"resigned", e.resigned},
                        {"resign_adjudication", e.resign_adjudication},
                        {"draw_adjudication", e.draw_adjudication},
                        {"max_moves", e.max_moves},
                        {"rules", e.rules}};
    }
    return j;
}

}  // namespace arb::output
