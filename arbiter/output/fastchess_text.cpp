#include "output/fastchess_text.hpp"

#include "core/quote.hpp"
#include "game/rule_ending.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

namespace arb::output {

namespace {

const char *colour(int side) { return side == 1 ? "Black" : "White"; }

// The chess plugin's texts for its rule endings, in fastchess's words.
std::string rule_ending(const match::GameRecord &r) {
    switch (game::rule_ending_of(r.reason)) {
    case game::RuleEnding::WhiteMates: return "White mates";
    case game::RuleEnding::BlackMates: return "Black mates";
    case game::RuleEnding::Stalemate: return "Draw by stalemate";
    case game::RuleEnding::Repetition: return "Draw by 3-fold repetition";
    case game::RuleEnding::MoveRule: return "Draw by fifty moves rule";
    case game::RuleEnding::InsufficientMaterial: return "Draw by insufficient mating material";
    case game::RuleEnding::Mates:
    case game::RuleEnding::Other: break;
    }
    return escaped(r.reason);  // another game's text, as the plugin wrote it
}

// The arbiter's time-forfeit text says "used U ms of A ms allowed" (the allowance includes the margin).
std::string time_loss(const match::GameRecord &r, std::chrono::milliseconds margin) {
    static const std::regex used(R"(used (\d+) ms of (\d+) ms allowed)");
    std::smatch m;
    std::string text = fmt::format("{} loses on time", colour(r.loser_side));
    if (std::regex_search(r.reason, m, used)) {
        const long long over = std::stoll(m[1].str()) - (std::stoll(m[2].str()) - margin.count());
        text += fmt::format(" ({}ms overrun)", std::max(0LL, over));
    }
    return text;
}

// The move an engine sent, out of the offending line ("bestmove e2e5 ponder ..."), or fastchess's "<none>".
std::string sent_move(const std::string &line) {
    std::istringstream words(line);
    std::string first, second;
    words >> first >> second;
    if (first == "bestmove") return second.empty() ? "<none>" : escaped(second);
    return first.empty() ? "<none>" : escaped(first);
}

}  // namespace

std::string fastchess_reason(const match::GameRecord &r, std::chrono::milliseconds margin) {
    using match::Termination;
    switch (r.termination) {
    case Termination::GameRule: return rule_ending(r);
    case Termination::IllegalMove:
    case Termination::UnparsableMove:
    case Termination::ProtocolError: return fmt::format("{} makes an illegal move", colour(r.loser_side));
    case Termination::TimeForfeit: return time_loss(r, margin);
    case Termination::Crash: return fmt::format("{} disconnects", colour(r.loser_side));
    case Termination::Stall: return fmt::format("{}'s connection stalls", colour(r.loser_side));
    case Termination::Resigned: return fmt::format("{} resigns", colour(r.loser_side));  // cutechess's words; UCI has none
    case Termination::FalseClaim: return fmt::format("{} makes a false claim", colour(r.loser_side));  // no UCI peer has it
    case Termination::ResignAdjudication:
        return fmt::format("{} wins by adjudication", colour(r.result == ARB_RESULT_WIN_SIDE_1 ? 1 : 0));
    case Termination::DrawAdjudication:
    case Termination::MaxPlies: return "Draw by adjudication";
    case Termination::Abandoned: return "Game interrupted";
    case Termination::PluginError: return escaped(r.reason);
    }
    return escaped(r.reason);
}

std::string fastchess_warnings(const match::GameRecord &r) {
    using match::Termination;
    if (r.loser_side != 0 && r.loser_side != 1) return {};
    const std::string name = escaped(r.engine_names[r.loser_side]);
    switch (r.termination) {
    case Termination::IllegalMove:
    case Termination::UnparsableMove:
    case Termination::ProtocolError:
        return fmt::format("Warning; Illegal move {} played by {}\n", sent_move(r.offending_text), name);
    case Termination::Stall: return fmt::format("Warning; Engine {} is not responsive\n", name);
    default: return {};
    }
}

namespace {

// fastchess's warning text of a finding, with the move and the engine's name.
std::string pv_warning_text(const match::PvWarning &w, const std::string &name) {
    using game::PvIssue;
    const std::string move = escaped(w.move);
    switch (w.issue) {
    case PvIssue::IllegalMove: return fmt::format("Warning; Illegal PV move - move {} from {}", move, name);
    case PvIssue::AfterCheckmate: return fmt::format("Warning; PV continues after checkmate - move {} from {}", move, name);
    case PvIssue::AfterStalemate: return fmt::format("Warning; PV continues after stalemate - move {} from {}", move, name);
    case PvIssue::AfterRepetition:
        return fmt::format("Warning; PV continues after threefold repetition - move {} from {}", move, name);
    case PvIssue::AfterFiftyMoves:
        return fmt::format("Warning; PV continues after fifty-move rule - move {} from {}", move, name);
    case PvIssue::AfterEnd: return fmt::format("Warning; PV continues after the game's end - move {} from {}", move, name);
    case PvIssue::IncompleteMate: return fmt::format("Warning; Incomplete mating PV - from {}", name);
    case PvIssue::TooLongMate: return fmt::format("Warning; Too long mating PV - from {}", name);
    case PvIssue::MateWithoutMate: return fmt::format("Warning; Mating PV does not end with checkmate - from {}", name);
    case PvIssue::BestmoveMismatch:
        return fmt::format("Warning; Bestmove does not match beginning of last PV - move {} from {}", move, name);
    case PvIssue::MateSignMismatch: break;
    }
    return fmt::format("Warning; PV check - from {}", name);
}

}  // namespace

std::string fastchess_pv_warnings(const match::GameRecord &r, bool test_env) {
    const char *separator = test_env ? " :: " : "\n";
    std::string out;
    for (const auto &w : r.pv_findings) {
        std::string moves;
        for (const auto &m : r.opening_moves) moves += (moves.empty() ? "" : " ") + m;
        for (size_t i = 0; i < w.moves_before && i < r.moves.size(); ++i) moves += (moves.empty() ? "" : " ") + r.moves[i].text;
        const int side = w.side == 1 ? 1 : 0;
        std::string text, info;
        if (w.issue == game::PvIssue::MateSignMismatch) {
            // The mover is `side`; the mate before was the other engine's.
            text = fmt::format("Warning; Sign mismatch in mate scores {} and {} from {} ({}) and {} ({})", w.mates[0],
                               w.mates[1], escaped(r.engine_names[1 - side]), colour(1 - side),
                               escaped(r.engine_names[side]), colour(side));
            info = fmt::format("Infos; {} ; {}", escaped(w.info_line), escaped(w.own_line));
        } else {
            text = pv_warning_text(w, escaped(r.engine_names[side]));
            info = "Info; " + escaped(w.info_line);
        }
        out += fmt::format("{1}{0}{2}{0}Position; {3}{0}Moves; {4}\n", separator, text, info, escaped(w.start),
                           escaped(moves));
    }
    return out;
}

std::optional<std::string> fastchess_setup_warning(const std::string &warning) {
    // engine/protocol_engine.cpp's text: "engine 'NAME' does not declare the option 'X'".
    static const std::regex undeclared(R"(^engine '(.*)' does not declare the option '(.*)'$)");
    std::smatch m;
    if (!std::regex_match(warning, m, undeclared)) return std::nullopt;
    return fmt::format("Warning; {} doesn't have option {}", m[1].str(), m[2].str());
}

std::string fastchess_finished_line(const match::FinishedGame &g, std::chrono::milliseconds margin) {
    const auto &r = g.record;
    return fmt::format("Finished game {} ({} vs {}): {} {{{}}}\n", g.slot.index + 1, escaped(r.engine_names[0]),
                       escaped(r.engine_names[1]), match::result_text(r.result), fastchess_reason(r, margin));
}

std::string fastchess_epd_line(const std::string &position) {
    std::istringstream in(position);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    auto whole = [](const std::string &f) {
        return !f.empty() && std::all_of(f.begin(), f.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    };
    const bool numbers = fields.size() == 6 && whole(fields[4]) && whole(fields[5]);
    if (!numbers) return position + "\n";
    return fmt::format("{} {} {} {} hmvc {}; fmvn {};\n", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]);
}

}  // namespace arb::output
