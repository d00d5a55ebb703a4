// The whole tournament configuration as one immutable value: parsed once from
// YAML (plus command-line overrides) and handed out in slices, so no part of
// the program reads a global configuration.
#pragma once

#include "config/shard_spec.hpp"
#include "core/time_control.hpp"
#include "engine/engine_config.hpp"
#include "game/game_state.hpp"
#include "game/pv_judge.hpp"
#include "match/adjudication_rules.hpp"
#include "rating/ratings.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arb::config {

enum class TournamentType { RoundRobin, Gauntlet };
enum class OpeningOrder { Sequential, Random };
// An openings file: one position or move line per line (the game's own
// notation), an EPD book (a position per line), or a PGN book (games whose
// first plies, in the plugin's record notation, are the openings).
enum class OpeningFormat { Lines, Epd, Pgn };
enum class OnInterrupt { Finish, Abandon };
// The layout of the interim and final standings on standard output: the
// arbiter's own table, or the lines fastchess or cutechess-cli print, for
// scripts that read those.
enum class StandingsLayout { Arbiter, Fastchess, Cutechess };

const char *type_name(TournamentType t);       // "round-robin", "gauntlet"
const char *order_name(OpeningOrder o);        // "sequential", "random"
const char *format_name(OpeningFormat f);      // "lines", "epd", "pgn"
const char *on_interrupt_name(OnInterrupt o);  // "finish", "abandon"
const char *layout_name(StandingsLayout l);    // "arbiter", "fastchess", "cutechess"

struct GameSection {
    std::string id;             // plugin id, e.g. "othello" (a plugin file path in the YAML becomes its id)
    std::string file;           // absolute plugin file when the game was given as one; empty: found by id
    game::OptionList options;   // rule options in the order written
};

struct ScheduleSection {
    TournamentType type = TournamentType::RoundRobin;
    int rounds = 1;
    int games_per_pairing = 2;  // each pair of games shares an opening, colours swapped
    uint64_t seed = 1;
    // Gauntlet: the first N engines (the seeds) each play every other engine,
    // not one another (cutechess-cli's and fastchess's -seeds).
    int gauntlet_seeds = 1;
    bool no_swap = false;   // every game of a pairing with the same colours (the peers' -noswap)
    bool reverse = false;   // the second engine of a pairing takes side 0 first (the peers' -reverse)
};

struct OpeningsSection {
    std::string file;           // absolute after loading; empty: every game from the start position
    OpeningOrder order = OpeningOrder::Sequential;
    OpeningFormat format = OpeningFormat::Lines;  // without a format key: .epd and .pgn files by their name
    int plies = 0;              // move lines and PGN games: only the first N plies (0: all)
    int start = 1;              // the first opening dealt is entry N of the file (1-based; the peers' start=)
};

// What each engine move's comment in games.pgn carries beside the score, depth
// and time (output.pgn; fastchess's -pgnout nodes= seldepth= nps=): the last
// value of each the engine's 'info' lines gave for that move. Off by default.
struct PgnCommentSection {
    bool nodes = false;     // n=N
    bool seldepth = false;  // sd=N
    bool nps = false;       // nps=N
    // match_lines (fastchess's -pgnout match_line=REGEX, may repeat): for each,
    // the last line of the move's search that matches it (std::regex_search,
    // ECMAScript) as line="..." (docs/records.md); kept in games.jsonl.
    std::vector<std::string> match_lines;
};

// Training data (output.sample, the peers' -sample): each engine move's
// position with its score and the game's result, appended to a CSV file
// besides the output folder's (output/training_sample.hpp says what is kept).
struct SampleSection {
    std::string file;     // as given: relative to the folder arbiter runs in
    double freq = 1.0;    // each engine move's position is kept with this probability, drawn from tournament.seed
    bool quiet = false;   // drop positions in check, with a capture as best move, or with a mate score
    bool append = true;   // false: the file is emptied first
};

// affinity: auto (the default), on, off, or a CPU list ("0-3,8": on, on
// those CPUs). What each mode pins: tournament/affinity_plan.hpp.
struct AffinitySection {
    enum class Mode { Auto, On, Off };
    Mode mode = Mode::Auto;
    std::vector<int> cpus;  // empty: every CPU this process may use
};

// One opening, checked against the plugin: a position string, or moves
// played from the start position (never both).
struct Opening {
    std::string position;             // empty: the start position
    std::vector<std::string> moves;   // canonical notation
    int line = 0;                     // line in the openings file (1-based)
};

struct TournamentConfig {
    std::string event = "arbiter tournament";
    std::string site;                           // PGN Site tag; empty: the host name
    GameSection game;
    // Folders searched for game plugins before $ARBITER_PLUGIN_PATH, absolute
    // after loading: --plugin-dir, then the file's plugin_dirs, then the folder
    // of a game given as a plugin file. Engines get them in front of their
    // $ARBITER_PLUGIN_PATH.
    std::vector<std::string> plugin_dirs;
    std::vector<engine::EngineConfig> engines;  // commands and working dirs absolute after loading
    ScheduleSection schedule;
    OpeningsSection openings;
    int concurrency = 1;
    AffinitySection affinity;
    // Each worker runs the game's rules in a plugin-host child, so that a
    // plugin crash ends only its game (isolate_plugins, --isolate-plugins).
    bool isolate_plugins = false;
    core::TimeControl time_control;
    std::chrono::milliseconds time_margin{100};
    match::AdjudicationRules adjudication;
    std::optional<rating::SprtConfig> sprt;     // only with exactly two engines
    std::string out_dir;                        // absolute after loading
    int progress_interval = 0;                  // interim standings every N games (0: only at the end)
    StandingsLayout standings_layout = StandingsLayout::Arbiter;  // output.format
    PgnCommentSection pgn_comments;             // output.pgn
    // How the engines' PVs are judged (pv_checks; fastchess always checks
    // their moves, and their mates under -check-mate-pvs).
    game::PvChecks pv_checks = game::PvChecks::Moves;
    // The report draws pieces by the plugin's labels (shogi's kanji), not
    // by their cell letters (output.report_pieces: labels, letters).
    bool report_labels = false;
    std::optional<SampleSection> sample;        // output.sample
    // output.engine_stderr: per-game (the peers' -engine-stderr per-game): each game's engines' stderr in
    // <out_dir>/engine-stderr/game-<N>-<engine>.txt, named in its games.jsonl line; off: none.
    bool engine_stderr_per_game = false;
    std::chrono::milliseconds wait_between_games{0};  // a worker's pause after each game (wait_ms, the peers' -wait)
    OnInterrupt on_interrupt = OnInterrupt::Finish;
    engine::EngineTimeouts timeouts;
    // This run plays only shard K of N of the schedule (tournament/shard.hpp);
    // with sprt only together with a shared folder.
    std::optional<ShardSpec> shard;
    // The folder every shard of an SPRT reads and writes (tournament/shared_sprt.hpp),
    // absolute after loading; empty: none. Where, not what: not part of the run's identity.
    std::string shared_dir;
    // A file that gets every line to and from every engine with a timestamp
    // and the engine's name (engine/engine_log.hpp); empty: none. A run
    // option (--log FILE), not a YAML key: not in the effective config.
    std::string engine_log;
    bool engine_log_append = true;  // false: emptied first (the peers' -log append=false)
};

}  // namespace arb::config
