// What one finished game leaves behind: the facts every output format
// (PGN-like records, JSON lines, rating input) is written from.
#pragma once

#include "core/time_control.hpp"

#include <arbiter/game.h>
#include <arbiter/protocol/reply.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb::match {

// Why a game ended. Every game ends with exactly one.
enum class Termination {
    GameRule,        // the plugin declared the result (reason text from the plugin)
    IllegalMove,     // well-formed move not legal here
    UnparsableMove,  // text the plugin could not read as a move
    TimeForfeit,     // clock (plus margin) ran out before 'bestmove'
    Crash,           // process exited or closed its pipes
    Stall,           // no answer to 'isready' (or startup) within the limit
    ProtocolError,   // anything else the engine said that breaks UGI
    MaxPlies,        // adjudicated draw at the ply limit
    ResignAdjudication,  // score-based resign rule
    DrawAdjudication,    // score-based draw rule
    Abandoned,       // stopped by the user (Ctrl-C) before the end; not rated
    PluginError,     // the game plugin broke its contract (play failed, no legal moves in an
                     // ongoing game, ...): no engine blamed, result "*", recorded but not rated
    Resigned,        // the engine gave the game up (USI's 'bestmove resign', xboard's 'resign')
    FalseClaim,      // the engine claimed a result the game does not bear (xboard's '1-0 {White mates}')
};
inline constexpr Termination kLastTermination = Termination::FalseClaim;

const char *termination_name(Termination t);  // stable lower-case token, e.g. "illegal-move"
std::optional<Termination> termination_from_name(std::string_view name);  // inverse of termination_name
const char *result_text(arb_result result);  // "1-0", "0-1", "1/2-1/2", "*" (ongoing)
std::optional<arb_result> result_from_text(std::string_view text);  // inverse of result_text

struct MoveRecord {
    std::string text;                     // canonical notation of the plugin
    std::chrono::milliseconds elapsed{0}; // measured by the arbiter, go -> bestmove
    // What the search's last 'info' lines said (score from the engine's own
    // side, depth, nodes, seldepth, nps), as read from the reply.
    protocol::InfoFields info;
    bool forced = false;                  // a forced pass the arbiter played for the engine
    // The arbiter's own stall during the search (engine::BestMove::stalled),
    // left out of `elapsed`.
    std::chrono::milliseconds stalled{0};
};

// What a game was played under, kept with the game: every format labels the
// game from these, not from the config (an engine may have its own time
// control; a config edited later no longer says what was played).
struct PlayedUnder {
    // Per side (side 0, side 1); nullopt in records written before the field
    // existed: readers fall back to the tournament's time control.
    std::optional<core::TimeControl> time_control[2];
    std::optional<uint64_t> seed;  // the seed handed to the plugin (create_ex), if the game had one
    std::optional<uint64_t> engine_seed;  // the seed offered to the engines (GameSetup::engine_seed), if any
    std::vector<std::pair<std::string, std::string>> engine_options[2];  // UGI options each engine was given, in order
};

struct GameRecord {
    // who and what
    std::string engine_names[2];          // side 0, side 1
    std::string protocols[2] = {"ugi", "ugi"};  // the dialect each engine spoke (under "auto": the one found)
    std::string opening_position;         // position string the game started from
    std::vector<std::string> opening_moves;  // moves of the opening line already played (not engine moves)
    std::vector<MoveRecord> moves;
    std::string final_position;

    // how it ended
    arb_result result = ARB_RESULT_ONGOING;  // ONGOING only for Abandoned and PluginError
    Termination termination = Termination::GameRule;
    std::string reason;                   // human text, e.g. "no legal moves for either side",
                                          // "illegal move 'z9' by mcts: column 'z' is outside a-h"
    int loser_side = -1;                  // side at fault for engine-caused endings, else -1
    std::string offending_text;           // the raw line for illegal/unparsable/protocol endings
    bool has_score = false;
    int32_t score[2] = {0, 0};
    // The files with the engines' stderr of this game, relative to the output folder
    // (output.engine_stderr: per-game; tournament/game_stderr.hpp); empty: none kept.
    std::vector<std::string> stderr_files;
    std::optional<int32_t> margin;        // side 0's, from "arbiter.margin/1", for a game over by its rules

    std::chrono::system_clock::time_point started;
    std::chrono::milliseconds duration{0};

    PlayedUnder played_under;
};

// The record's texts (names, reason, offending line, moves, positions, engine
// options) as valid UTF-8, each byte that starts no character replaced by
// U+FFFD. Done once where a tournament's record is completed, so that every
// format written from it (JSON lines, PGN, the game's own) holds the same text.
void make_texts_valid(GameRecord &record);

}  // namespace arb::match
