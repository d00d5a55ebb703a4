// How the games ended, per engine: the losses each engine's own fault caused
// (time, crash, stall, illegal or unreadable move, protocol, false claim), the games
// adjudicated (resign, draw, move limit) and the games the rules ended. For
// the table at the end of a run and the "endings" of standings.json, so that
// a tester sees at once which engine loses on time or crashes.
//
//   how games ended  games  time  crash  hung  illegal  protocol  false-claim  resigned  resign-adj  draw-adj  max-moves  rules
//   New                 20     1      0     0        0         0           3         6          0     10
#pragma once

#include "match/finished_game.hpp"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace arb::output {

struct EngineEndings {
    int64_t games = 0;
    // Losses by the engine's own fault.
    int64_t time = 0, crash = 0, stall = 0, illegal = 0, protocol = 0;
    int64_t false_claim = 0;  // a result claimed that the game did not bear (xboard)
    // Games it played that were adjudicated, or ended by the game's rules.
    int64_t resigned = 0;  // games it gave up (USI's 'bestmove resign')
    int64_t resign_adjudication = 0, draw_adjudication = 0, max_moves = 0, rules = 0;
};

class GameEndings {
public:
    explicit GameEndings(std::vector<std::string> names) : names_(std::move(names)), engines_(names_.size()) {}
    void add(const match::FinishedGame &game);  // a game without a result (abandoned, plugin error) counts for nothing

    [[nodiscard]] const std::vector<std::string> &names() const { return names_; }
    [[nodiscard]] const std::vector<EngineEndings> &engines() const { return engines_; }
    // The table above, each line with its newline. Its words are none of those fishtest's worker
    // counts failures by in any line it reads ("stall", "disconnect", "timeout", "on time"): a
    // stall is "hung" here.
    [[nodiscard]] std::string text() const;
    // {"NAME": {"games": N, "time": N, "crash": N, "stall": N, ...}, ...}.
    [[nodiscard]] nlohmann::json json() const;

private:
    std::vector<std::string> names_;
    std::vector<EngineEndings> engines_;
};

}  // namespace arb::output
