// The command line fastchess and cutechess-cli users already type (one dash,
// `key=value` engine specs: `-engine cmd=./sf name=sf tc=10+0.1 -each
// option.Hash=16 -rounds 100 -repeat -concurrency 4`), read into the same
// tournament model the YAML loader fills, so `arbiter match` and `arbiter run`
// play the same tournament for the same settings. Only the values are checked
// here (each problem names the option and the offending text); the game,
// engine programs and openings are checked by config::check_config.
#pragma once

#include "config/tournament_config.hpp"
#include "core/expected.hpp"

#include <string>
#include <vector>

namespace arb::config {

struct PeerCommandLine {
    TournamentConfig config;
    bool force_concurrency = false;  // -force-concurrency: more games at once than cores, without a word
    std::string pgn_file;            // -pgnout file=: each game's PGN is appended to it as the game ends
    bool pgn_append = true;          // -pgnout append=false: the file is emptied first
    bool pgn_crc32 = false;          // -crc32 pgn=true: "File F has CRC32: 0x..." after each game written to it
    std::string epd_file;            // -epdout file=: each game's final position (EPD) appended as the game ends
    bool epd_append = true;          // -epdout append=false: the file is emptied first
    bool check_mate_pvs = false;     // -check-mate-pvs: mating PVs are checked too (config.pv_checks: mates)
    bool test_env = false;           // -testEnv: each PV warning on one line, its parts joined by " :: "
    // Options taken that change nothing here (-autosaveinterval, -use-affinity, ...), each with the
    // reason, e.g. "-use-affinity: no effect here: ..."; printed before the run.
    std::vector<std::string> notes;
    // The engines (indices) with no proto=: they speak what the peers' engines
    // speak for the game (LoadOptions::peer_protocol_engines), not the YAML's
    // default, UGI: fastchess speaks only UCI, so its users never write proto=.
    std::vector<size_t> engines_without_protocol;
    // The engines (indices, ascending) given no name= whose program's file name another such
    // engine shares: they carry the provisional name "NAME#K" (K the -engine number) and are to be
    // named by their 'id name' (cli/engine_id_names.hpp), as cutechess-cli names them.
    std::vector<size_t> engines_to_name_by_id;
};

// `args` are the words after `arbiter match` that are not the arbiter's own
// `--` options; `game` becomes the config's game section. All problems are
// reported at once, one per line, each starting with the option ("-rounds:
// ...", "-engine tc=10+x: ...").
Expected<PeerCommandLine> parse_peer_command_line(const std::vector<std::string> &args, GameSection game);

// The first word of `args` that only chess has ("-variant", "-tb", "-check-mate-pvs", "proto=uci"), for
// `arbiter match` without --game: such a command line is a chess one (fastchess plays only chess). Empty: none.
std::string chess_only_word(const std::vector<std::string> &args);

// Every option the peers' syntax knows here, e.g. "-engine", "-rounds".
const std::vector<std::string> &peer_option_names();

// A time control as the peers write it ("40/1:30+0.5", "10+0.1", "60") in the
// arbiter's form ("40/90+0.5"); an error message for "inf" or a bad text.
Expected<std::string> peer_time_control(const std::string &text);

}  // namespace arb::config
