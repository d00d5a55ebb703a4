#include "match/game_record.hpp"

namespace arb::match {

const char *termination_name(Termination t) {
    switch (t) {
    case Termination::GameRule: return "game-rule";
    case Termination::IllegalMove: return "illegal-move";
    case Termination::UnparsableMove: return "unparsable-move";
    case Termination::TimeForfeit: return "time-forfeit";
    case Termination::Crash: return "crash";
    case Termination::Stall: return "stall";
    case Termination::ProtocolError: return "protocol-error";
    case Termination::MaxPlies: return "max-plies";
    case Termination::ResignAdjudication: return "resign-adjudication";
    case Termination::DrawAdjudication: return "draw-adjudication";
    case Termination::Abandoned: return "abandoned";
    case Termination::PluginError: return "plugin-error";
    case Termination::Resigned: return "resignation";
    case Termination::FalseClaim: return "false-claim";
    }
    return "unknown";
}

std::optional<Termination> termination_from_name(std::string_view name) {
    for (int i = 0; i <= static_cast<int>(kLastTermination); ++i) {
        auto t = static_cast<Termination>(i);
        if (name == termination_name(t)) return t;
    }
    return std::nullopt;
}

std::optional<arb_result> result_from_text(std::string_view text) {
    for (arb_result r : {ARB_RESULT_WIN_SIDE_0, ARB_RESULT_WIN_SIDE_1, ARB_RESULT_DRAW, ARB_RESULT_ONGOING})
        if (text == result_text(r)) return r;
    return std::nullopt;
}

const char *result_text(arb_result result) {
    switch (result) {
    case ARB_RESULT_WIN_SIDE_0: return "1-0";
    case ARB_RESULT_WIN_SIDE_1: return "0-1";
    case ARB_RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

}  // namespace arb::match
