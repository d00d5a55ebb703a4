#include "output/fastchess_text.hpp"

#include "core/quote.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

namespace arb::output {

namespace {

const char *colour(int side) { return side == 1 ? "Black" : "White"; }

// The chess plugin's texts for its rule endings (plugins/chess/game.cpp), in fastchess's words.
std::string rule_ending(const match::GameRecord &r) {
    const std::string &reason = r.reason;
    auto has = [&](const char *text) { return reason.find(text) != std::string::npos; };
    if (has("white mates")) return "White mates";
    if (has("black mates")) return "Black mates";
    if (has("stalemate")) return "Draw by stalemate";
    if (has("repetition") || has("the same position occurred")) return "Draw by 3-fold repetition";
    if (has("without a capture or a pawn move")) return "Draw by fifty moves rule";
    if (has("insufficient material")) return "Draw by insufficient mating material";
    return escaped(reason);  // another game's text, as the plugin wrote it
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
