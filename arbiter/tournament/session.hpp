// One `arbiter run`: prepares the output folder (or picks up a previous run's
// records for --resume), plays the games that are missing, writes each record
// the moment its game ends, and leaves the standings behind.
#pragma once

#include "config/config_loader.hpp"
#include "engine/engine_log.hpp"
#include "output/append_file.hpp"
#include "output/extra_output.hpp"
#include "tournament/output_files.hpp"
#include "tournament/pooled_run.hpp"

#include <functional>
#include <memory>
#include <ostream>
#include <vector>

namespace arb::tournament {

// A file named besides the output folder's own (output/extra_output.hpp)
// and what it gets: each game's PGN as the game ends (-pgnout), or every
// line to and from the engines (--log, -log, through SessionOptions::engine_log).
// (-epdout: each game's final position, as fastchess writes it; the
// training samples of output.sample, -sample, which the session adds itself.)
enum class ExtraContent { GamePgn, EngineTraffic, FinalEpd, TrainingSample };
struct ExtraOutputSpec {
    output::ExtraOutputRequest file;
    ExtraContent content = ExtraContent::GamePgn;
};

struct SessionOptions {
    bool resume = false;      // the output folder holds a previous run of this config
    // --resume --rounds N: the run is grown to more rounds (its identity's
    // tournament.rounds may rise, never fall); otherwise any change is refused.
    bool grow_rounds = false;
    bool live = false;        // redraw a progress line in place (a terminal)
    bool quiet = false;       // no per-game lines
    RunnerParts parts;        // engines and game runner (real, or fakes in tests)
    std::function<int()> interrupts;  // signals received so far (null: none)
    output::WriteFunction write;      // every write to the output folder and the extra outputs (null: ::write; tests inject faults)
    // Opened and checked against the output folder before the first engine
    // starts (a bad one ends the run there), then written as games end; a
    // failed write stops the run like a record file's (exit 1 naming it).
    std::vector<ExtraOutputSpec> extra_outputs;
    // What the engines' TrafficLog writes to (RunnerParts); the EngineTraffic output becomes its sink.
    std::shared_ptr<engine::EngineLog> engine_log;
    // The fastchess layout's PV warnings joined by " :: " instead of newlines (fastchess's -testEnv).
    bool test_env = false;
    std::string command = "run";      // the command the messages name: "arbiter run: ...", "arbiter match: ..."
};

struct SessionResult {
    int exit_code = 0;        // 0 complete, 1 error, 130 interrupted
    int games_recorded = 0;   // records in games.jsonl at the end
    int games_total = 0;      // games in the schedule
    bool interrupted = false;
    bool sprt_stopped = false;
    int engine_starts = 0;    // engine processes started by this run
};

SessionResult run_session(const config::LoadedConfig &loaded, const SessionOptions &options, std::ostream &out,
                          std::ostream &err);

}  // namespace arb::tournament
