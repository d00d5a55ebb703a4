#include "config/config_loader.hpp"

#include "config/yaml_reader.hpp"
#include "core/quote.hpp"

#include <fstream>
#include <sstream>

namespace arb::config {

namespace {

std::string trim(const std::string &text) {
    size_t begin = text.find_first_not_of(" \t\r");
    if (begin == std::string::npos) return {};
    size_t end = text.find_last_not_of(" \t\r");
    return text.substr(begin, end - begin + 1);
}

// Checks one line: a position string, or moves from the start position.
Expected<Opening> check_opening(const std::string &text, const game::GameState &start) {
    Opening opening;
    game::GameState state = start;
    auto as_position = state.set_position(text);
    if (as_position) {
        opening.position = state.position();
        if (state.over()) return fail("the game is already over in this position (" + excerpt(state.outcome().reason) + ")");
        return opening;
    }
    state = start;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(word.c_str(), move, error) != ARB_OK) {
            return fail(quote(text) + " is not a position (" + excerpt(as_position.error().message) +
                        ") nor a move sequence (move " + std::to_string(opening.moves.size() + 1) + " " + quote(word) +
                        ": " + excerpt(error) + ")");
        }
        opening.moves.push_back(state.format_move(move));
        state.play(move);
    }
    if (state.over()) return fail("the opening moves end the game");
    return opening;
}

}  // namespace

Expected<std::vector<Opening>> load_openings(const std::filesystem::path &file, const game::PluginPtr &plugin,
                                             const game::OptionList &options) {
    std::ifstream in(file);
    if (!in) return fail(file.string() + ": cannot read the openings file");
    auto start = game::GameState::create(plugin, options);
    if (!start) return fail(start.error().message);
    YamlReader report(file.string());
    std::vector<Opening> openings;
    std::string line;
    int number = 0;
    size_t reported = 0;
    while (std::getline(in, line)) {
        ++number;
        std::string text = trim(line);
        if (text.empty() || text[0] == '#') continue;
        auto opening = check_opening(text, *start);
        if (!opening) {
            if (++reported <= 10) report.error_at_line(number, "opening rejected by " + plugin->id() + ": " +
                                                                   opening.error().message);
            continue;
        }
        opening->line = number;
        openings.push_back(std::move(*opening));
    }
    if (reported > 10) report.error_plain(file.string() + ": " + std::to_string(reported - 10) + " more openings rejected");
    if (reported == 0 && openings.empty()) report.error_at_line(1, "the openings file holds no openings");
    if (!report.ok()) return fail(report.report());
    return openings;
}

}  // namespace arb::config
