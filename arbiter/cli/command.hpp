// The subcommands of `arbiter`: each takes its own arguments (after the
// subcommand name) and returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace arb::cli {

using Args = std::vector<std::string>;

int games_command(const Args &args);
int perft_command(const Args &args);
int play_command(const Args &args);
int run_command(const Args &args);
int match_command(const Args &args);
// The arbiter run under a name that starts with "fastchess": `match --game chess -output format=fastchess`.
int fastchess_command(const Args &args);
int merge_command(const Args &args);
int check_command(const Args &args);
int plugin_check_command(const Args &args);
int plugin_diff_command(const Args &args);
int report_command(const Args &args);
int rate_command(const Args &args);
// Hidden: the child of isolation mode (game/plugin_host.hpp); not in the usage.
int plugin_host_command(const Args &args);

// Exit codes shared by all commands.
enum ExitCode { kExitOk = 0, kExitFailure = 1, kExitUsage = 2 };

}  // namespace arb::cli
