// A run's identity: what decides which games a tournament plays and how (the
// game and its options, each engine's name, command, args, working folder,
// environment, options, protocol and time control, the time control, the
// schedule and its seeds, the openings, adjudication, SPRT, the shard, the
// event). It is fixed when the run starts, in OUT/identity.json beside the
// effective config, and every --resume compares the config it loaded
// (OUT/config.yaml, which a user may edit) with it field by field, and every
// recorded game with what the config says of it: a change is an error naming
// the field, the old value and the new. Only the number of rounds may grow,
// and only when asked for (--resume OUT --rounds N).
#pragma once

#include "config/config_loader.hpp"
#include "core/expected.hpp"
#include "match/finished_game.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arb::tournament {

inline constexpr const char *kIdentityFile = "identity.json";
// The field --resume --rounds N may change (to a larger value).
inline constexpr const char *kRoundsField = "tournament.rounds";

struct RunIdentity {
    // (field, value as JSON text) in a fixed order: "engine 2 name", "\"mcts\"".
    std::vector<std::pair<std::string, std::string>> fields;
};

RunIdentity run_identity(const config::LoadedConfig &loaded);

// identity.json: the fields and a digest of them (an FNV-1a hash, which
// tells an edited file from the one written, not a security measure).
std::string identity_file_text(const RunIdentity &identity);
// Reads identity.json back; a file that is not one, or whose digest does not
// match its fields, is an error naming it.
Expected<RunIdentity> parse_identity_file(const std::string &text, const std::string &file_name);
// identity.json of `dir`: nullopt when the folder has none (written by an
// arbiter before identities existed). Read without following a link, only
// from a regular file, and only up to a size no identity reaches.
Expected<std::optional<RunIdentity>> read_identity_file(const std::filesystem::path &dir);

// Each field of `was` that `now` gives another value, one line each:
// `engine 2 name: was "a", now "b"`. A field `was` lacks is not compared
// (an identity written by an older arbiter anchors fewer). With
// `rounds_may_grow`, a larger tournament.rounds is no change (a smaller one is).
std::vector<std::string> identity_changes(const RunIdentity &was, const RunIdentity &now, bool rounds_may_grow);

// What a recorded game says of the run (its engines' names, time controls,
// options, the engine seed) against what `config` would give that game, as
// identity_changes words it, with the record named by `where` ("OUT/games.jsonl,
// game 5"); empty when they agree. A record written before a fact was kept
// is not compared on it.
std::vector<std::string> recorded_game_changes(const match::FinishedGame &game, const config::TournamentConfig &config,
                                               const std::string &where);

// The game and variant one record of games.jsonl (its JSON line) names
// against `config`'s, worded the same way (a FinishedGame does not keep them).
std::vector<std::string> recorded_variant_changes(const std::string &json_line, const config::TournamentConfig &config,
                                                  const std::string &where);

}  // namespace arb::tournament
