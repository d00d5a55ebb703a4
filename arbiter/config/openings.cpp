#include "config/config_loader.hpp"

#include "config/yaml_reader.hpp"
#include "core/input_file.hpp"
#include "core/line_reader.hpp"
#include "core/pgn_reader.hpp"
#include "core/quote.hpp"

#include <arbiter/protocol/command.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>
#include <variant>

namespace arb::config {

namespace {

std::string trim(const std::string &text) {
    size_t begin = text.find_first_not_of(" \t\r");
    if (begin == std::string::npos) return {};
    size_t end = text.find_last_not_of(" \t\r");
    return text.substr(begin, end - begin + 1);
}

// A line as engine protocols give a position, the form shogi GUIs keep
// their start positions in: "startpos moves 7g7f 3c3d", "sfen <position>
// [moves ...]" ("fen" likewise), with or without a leading "position".
std::optional<protocol::Position> protocol_position(std::string text) {
    if (text.rfind("position ", 0) == 0) text = trim(text.substr(9));
    const bool sfen = text.rfind("sfen ", 0) == 0;
    if (!sfen && text.rfind("fen ", 0) != 0 && text != "startpos" && text.rfind("startpos ", 0) != 0) return std::nullopt;
    protocol::Command parsed =
        protocol::parse_command("position " + text, sfen ? protocol::Dialect::Usi : protocol::Dialect::Ugi);
    if (const auto *position = std::get_if<protocol::Position>(&parsed)) return *position;
    return std::nullopt;
}

// A protocol_position line: its position, then its moves.
Expected<Opening> check_protocol_opening(const std::string &text, const protocol::Position &line,
                                         const game::GameState &start) {
    Opening opening;
    game::GameState state = start;
    if (!line.startpos) {
        if (auto set = state.set_position(line.fen); !set)
            return fail(quote(text) + ": the position " + quote(line.fen) + " is not one: " + excerpt(set.error().message));
        opening.position = state.position();
    }
    for (const auto &word : line.moves) {
        if (state.over()) return fail(quote(text) + ": the game is over before the move " + quote(word));
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(word.c_str(), move, error) != ARB_OK)
            return fail(quote(text) + ": move " + std::to_string(opening.moves.size() + 1) + " " + quote(word) + ": " +
                        excerpt(error));
        opening.moves.push_back(state.format_move(move));
        state.play(move);
    }
    if (state.over()) return fail("the opening ends the game (" + excerpt(state.outcome().reason) + ")");
    return opening;
}

// Checks one line: a position string, moves from the start position, or a
// position as the protocols write one (protocol_position).
Expected<Opening> check_opening(const std::string &text, const game::GameState &start) {
    if (auto line = protocol_position(text)) return check_protocol_opening(text, *line, start);
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

OpeningFormat format_of_file(const std::string &file) {
    const std::string ext = std::filesystem::path(file).extension().string();
    if (ext == ".epd" || ext == ".EPD") return OpeningFormat::Epd;
    if (ext == ".pgn" || ext == ".PGN") return OpeningFormat::Pgn;
    return OpeningFormat::Lines;
}

namespace {

// An EPD line: the four position fields of a FEN, then operations
// ("bm e4; id \"x\";"), which an opening book does not need. The plugin
// reads the four fields as a position (chess accepts a FEN without its clocks).
std::string epd_position(const std::string &line) {
    std::istringstream words(line);
    std::string word, out;
    for (int i = 0; i < 4 && words >> word; ++i) out += (i > 0 ? " " : "") + word;
    return out;
}

Expected<Opening> check_pgn_game(const PgnGame &g, const game::GameState &start, const game::PgnNotationCalls &ext,
                                 int plies, int &bad_line) {
    game::GameState state = start;
    bad_line = g.line;
    const PgnTag *fen = g.tag("FEN");
    if (fen != nullptr) {
        if (auto set = state.set_position(fen->value); !set) {
            bad_line = fen->line;
            return fail("[FEN] is not a position: " + excerpt(set.error().message));
        }
    }
    Opening opening;
    const size_t count = plies > 0 ? std::min(g.moves.size(), static_cast<size_t>(plies)) : g.moves.size();
    for (size_t i = 0; i < count; ++i) {
        arb_move code = ARB_MOVE_NONE;
        char err[ARB_ERROR_SIZE] = "";
        if (state.over() || ext.read_move(state.raw(), g.moves[i].text.c_str(), &code, err, sizeof err) != ARB_OK) {
            bad_line = g.moves[i].line;
            return fail("move " + std::to_string(i + 1) + " " + quote(g.moves[i].text) + ": " +
                        (state.over() ? std::string("the game is already over") : excerpt(err)));
        }
        opening.moves.push_back(state.format_move(code));
        state.play(code);
    }
    if (state.over()) return fail("the opening moves end the game");
    // A game from a [FEN] start becomes the position its moves reach:
    // an opening is a position or moves from the start, never both.
    if (fen != nullptr) {
        opening.moves.clear();
        opening.position = state.position();
    }
    return opening;
}

Expected<std::vector<Opening>> load_pgn_book(LineReader &lines, const std::filesystem::path &file,
                                             const game::PluginPtr &plugin, const game::GameState &start, int plies) {
    YamlReader report(file.string());
    const game::PgnNotationCalls *ext = plugin->pgn_notation();
    if (ext == nullptr)
        return fail(file.string() + ": a PGN book needs a game with a record notation (arbiter.pgn-notation); " +
                    plugin->id() + " has none: use format: lines");
    std::vector<Opening> openings;
    size_t reported = 0;
    PgnReader games(lines);
    for (;;) {
        // A damaged game ends the reading: what follows it cannot be trusted to be the games meant.
        auto next = games.next();
        if (!next) return Unexpected<Error>{next.error()};
        if (!*next) break;
        const PgnGame &g = **next;
        if (g.tags.empty() && g.moves.empty() && g.result.empty()) continue;  // a comment, no game
        int line = g.line;
        auto opening = check_pgn_game(g, start, *ext, plies, line);
        if (!opening) {
            if (++reported <= 10)
                report.error_at_line(line, "opening rejected by " + plugin->id() + ": " + opening.error().message);
            continue;
        }
        opening->line = g.line;
        openings.push_back(std::move(*opening));
    }
    if (reported > 10) report.error_plain(file.string() + ": " + std::to_string(reported - 10) + " more openings rejected");
    if (reported == 0 && openings.empty()) report.error_at_line(1, "the PGN book holds no games");
    if (!report.ok()) return fail(report.report());
    return openings;
}

}  // namespace

Expected<std::vector<Opening>> load_openings(const std::filesystem::path &file, const game::PluginPtr &plugin,
                                             const game::OptionList &options, const OpeningsSection &section) {
    auto in = InputFile::open(file);
    if (!in) return fail(in.error().message);
    if (in->size() > kBookFileLimit)
        return fail(file.string() + ": an openings book of " + std::to_string(in->size()) + " bytes; the limit is " +
                    size_text(kBookFileLimit));
    LineReader lines(in->fd(), file.string(), kTextLineLimit);
    auto start = game::GameState::create(plugin, options);
    if (!start) return fail(start.error().message);
    if (section.format == OpeningFormat::Pgn) return load_pgn_book(lines, file, plugin, *start, section.plies);
    YamlReader report(file.string());
    std::vector<Opening> openings;
    std::string line;
    size_t reported = 0;
    for (;;) {
        auto more = lines.next(line);
        if (!more) return Unexpected<Error>{more.error()};
        if (!*more) break;
        const int number = lines.number();
        std::string text = trim(line);
        if (text.empty() || text[0] == '#') continue;
        Expected<Opening> opening = Opening{};
        if (section.format == OpeningFormat::Epd) {
            game::GameState state = *start;
            const std::string position = epd_position(text);
            if (auto set = state.set_position(position); !set)
                opening = fail("not a position: " + excerpt(set.error().message));
            else if (state.over())
                opening = fail("the game is already over in this position (" + excerpt(state.outcome().reason) + ")");
            else
                opening->position = state.position();
        } else {
            opening = check_opening(text, *start);
            if (opening && section.plies > 0 && opening->moves.size() > static_cast<size_t>(section.plies))
                opening->moves.resize(static_cast<size_t>(section.plies));
        }
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
