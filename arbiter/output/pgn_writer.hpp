// A finished game as a PGN-like record (games.pgn) that Ordo, BayesElo and
// other PGN tools read: the Seven Tag Roster first and in order (Event, Site,
// Date, Round, White, Black, Result), then WhiteSide/BlackSide (PGN's White
// is side 0, the first mover: Othello's black), Game, Termination (PGN's
// values) and ArbiterTermination (ours), TimeControl (from the record: when
// the sides played under different ones, "?" and WhiteTimeControl and
// BlackTimeControl, as cutechess writes them), Variant, SetUp and FEN,
// Score, PlyCount; numbered movetext in the plugin's canonical notation, with
// cutechess-style comments {+0.50/12 0.51s} (score in pawns = cp/100 from
// the mover's view, depth, seconds) on moves whose engine sent a score, to
// which fastchess's fields ", n=N, sd=N, nps=N" are added when asked for.
#pragma once

#include "core/time_control.hpp"
#include "match/finished_game.hpp"
#include "output/pgn_notation.hpp"

#include <memory>

#include <optional>
#include <string>

namespace arb::output {

// Which of fastchess's extra fields each move comment carries (its -pgnout
// nodes=true seldepth=true nps=true): ", n=" nodes, ", sd=" seldepth, ", nps="
// nodes per second, in that order, each only when the engine sent it.
struct PgnCommentFields {
    bool nodes = false;
    bool seldepth = false;
    bool nps = false;
};

struct PgnContext {
    std::string event;
    std::string site;            // host name
    std::string variant;         // game id and non-default options, e.g. "baghchal capture=mandatory"
    std::string start_position;  // the plugin's start position: no FEN tag for games that begin there
    int first_side = 0;          // side to move where the game began (1: movetext starts "1...")
    std::string side_names[2];   // the game's names of side 0 and 1 (e.g. "black", "white"); empty: no tags
    // The tournament's time control, for records that do not say what their
    // game was played under (written before they did); nullopt: no tag for those.
    std::optional<core::TimeControl> time_control;
    // The plugin's record notation (chess: SAN and its own FEN/SetUp/Variant
    // tags); null: the canonical move texts and the host's tags.
    std::shared_ptr<const PgnNotation> notation;
    PgnCommentFields comment_fields;  // none: the comments as before
};

// PGN's Termination value for ours: "normal", "time forfeit", "rules
// infraction", "abandoned", "adjudication" or "unterminated".
const char *pgn_termination(match::Termination termination);

// The record, ending with a blank line.
std::string to_pgn(const match::FinishedGame &game, const PgnContext &context);

// "2026.11.22" from a time point (UTC).
std::string pgn_date(std::chrono::system_clock::time_point when);

}  // namespace arb::output
