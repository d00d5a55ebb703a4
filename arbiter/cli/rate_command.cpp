// `arbiter rate`: the standings of games recorded as PGN, by any tool: the
// table `arbiter run` prints (its fit, its defaults), for users of Ordo.
#include "cli/command.hpp"
#include "cli/common_options.hpp"
#include "core/input_file.hpp"
#include "core/line_reader.hpp"
#include "core/quote.hpp"
#include "output/output_folder.hpp"
#include "output/standings.hpp"
#include "rating/pgn_results.hpp"
#include "rating/result_tally.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

constexpr const char *kSynopsis = "FILE.pgn... [--anchor NAME] [--anchor-elo ELO] [--json FILE]";

constexpr const char *kRateHelp = R"(
Reads the games of one or more PGN files ('-': standard input) and prints the standings that
'arbiter run' prints for its own games: Elo with 95% error from a joint maximum-likelihood fit of
all games (Ordo's figures: 'ordo -a 0 -z 200.24094 -G'; a draw is half a point, no colour
advantage), bounds '>'/'<' for engines that won or lost every game that places them, points,
W/D/L, LOS, the crosstable and the LOS matrix; for two engines also the head-to-head Elo, nElo and
LOS (not the game pairs: PGN does not say which games share an opening).

Any tool's PGN will do: only the White, Black and Result tags are read (White is the first
engine, Black the second); the movetext is only checked for damage, by the PGN reader opening
books use. Engines are named as in the tags; games of several files make one pool. Results 1-0,
0-1 and 1/2-1/2 are rated; '*' (unfinished) is left out and counted in a note. A damaged game (a
'{' comment or '(' variation never closed, moves without a result, a malformed tag line, a line
over 1 MiB), a game without White, Black or Result, an unknown result, or a file that cannot be
read or is not a regular file (a FIFO, a device) is an error naming the file and line.

By default the ratings' average is 0 (of the exactly rated engines, as in 'arbiter run').
--anchor NAME fixes NAME's rating at --anchor-elo (Ordo's -A and -a) and makes the errors those of
the difference to NAME; --anchor-elo alone sets the average (Ordo's -a). Exit code 0, 1 for
unreadable or unusable input, 2 for a bad option.
)";

// The games of the files, or an error message.
Expected<rating::PgnResults> read_files(const std::vector<std::string> &files) {
    rating::PgnResults results;
    for (const std::string &file : files) {
        const bool from_stdin = file == "-";
        const std::string source = from_stdin ? "standard input" : file;
        std::optional<InputFile> opened;
        if (!from_stdin) {
            auto input = InputFile::open(file);
            if (!input) return Unexpected<Error>{input.error()};
            opened.emplace(std::move(*input));
        }
        LineReader lines(from_stdin ? STDIN_FILENO : opened->fd(), source, kTextLineLimit);
        auto games = rating::add_pgn_results(lines, results);
        if (!games) return Unexpected<Error>{games.error()};
        if (*games == 0) return fail(fmt::format("{} holds no PGN game (no tag section such as [White \"name\"])", source));
    }
    if (results.games.empty())
        return fail(fmt::format("no decided game to rate: {} unfinished (result *)", results.unfinished));
    return results;
}

}  // namespace

int rate_command(const Args &args) {
    std::vector<std::string> files;
    std::string anchor_name, json_file;
    double anchor_elo = 0;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help")(
        "anchor", po::value(&anchor_name)->value_name("NAME"),
        "the engine whose rating is fixed at --anchor-elo; errors become relative to it")(
        "anchor-elo", po::value(&anchor_elo)->value_name("ELO"),
        "the anchor's rating, or without --anchor the average rating (default 0)")(
        "json", po::value(&json_file)->value_name("FILE"), "also write the standings as JSON (standings.json's form)")(
        "file", po::value(&files)->value_name("FILE.pgn"), "the PGN files (positional; '-': standard input)");
    po::positional_options_description positional;
    positional.add("file", -1);
    po::variables_map vm;
    int exit_code = kExitOk;
    if (!parse_command_line("rate", args, desc, &positional, vm, kSynopsis, exit_code, kRateHelp)) return exit_code;
    if (files.empty()) {
        std::cerr << "arbiter rate: give at least one PGN file\nusage: arbiter rate " << kSynopsis << "\n";
        return kExitUsage;
    }
    auto pgn = read_files(files);
    if (!pgn) {
        std::cerr << "arbiter rate: " << pgn.error().message << "\n";
        return kExitFailure;
    }
    const auto &names = pgn->names;

    rating::ScaleAnchor anchor;
    anchor.elo = anchor_elo;
    if (vm.count("anchor")) {
        const auto found = std::find(names.begin(), names.end(), anchor_name);
        if (found == names.end()) {
            std::string known;
            for (const auto &name : names) known += (known.empty() ? "" : ", ") + quote(name);
            std::cerr << "arbiter rate: --anchor " << quote(anchor_name) << " played no rated game; the engines are "
                      << known << "\n";
            return kExitUsage;
        }
        anchor.engine = static_cast<int>(found - names.begin());
    }

    rating::ResultTally tally(static_cast<int>(names.size()));
    for (const auto &game : pgn->games) tally.add({game.first, game.second, game.score, -1});
    output::Standings standings;
    try {
        standings = output::compute_standings(names, tally.counts(), std::nullopt, anchor);
    } catch (const std::invalid_argument &e) {  // an anchor without an exact rating
        std::cerr << "arbiter rate: " << e.what() << "\n";
        return kExitFailure;
    }
    if (standings.head_to_head) standings.head_to_head->pairs_known = false;

    if (pgn->unfinished > 0)
        std::cerr << fmt::format("arbiter rate: note: {} unfinished game{} (result *) not rated\n", pgn->unfinished,
                                 pgn->unfinished == 1 ? "" : "s");
    if (!json_file.empty()) {
        if (auto written = output::write_file_atomically(json_file, output::standings_json(standings)); !written) {
            std::cerr << "arbiter rate: " << written.error().message << "\n";
            return kExitFailure;
        }
    }
    auto count = [](std::size_t n, const char *noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); };
    std::cout << fmt::format("arbiter rate: {} of {} from {}\n\n", count(pgn->games.size(), "game"),
                             count(names.size(), "engine"), count(files.size(), "file"));
    output::write_standings_text(std::cout, standings);
    return kExitOk;
}

}  // namespace arb::cli
