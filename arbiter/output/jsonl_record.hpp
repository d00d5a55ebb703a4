// A finished game as one line of JSON (games.jsonl): every fact of the
// record, per-move times and scores included. This file is the source of
// truth for --resume, so parsing is strict and round-trips exactly.
#pragma once

#include "core/expected.hpp"
#include "match/finished_game.hpp"

#include <string>

namespace arb::output {

// The "schema" field of every line (docs/records.md). 2: sides named side0/side1
// (schema 1, without the field, named them white/black; still read).
inline constexpr int kJsonlSchema = 2;

struct RecordContext {
    std::string game_id;        // plugin id
    std::string variant;        // "othello" or "othello capture=mandatory"
    std::string event;          // the tournament's event (valid UTF-8), as the PGN's Event tag; empty: not written
};

// One line, without the trailing newline.
std::string to_json_line(const match::FinishedGame &game, const RecordContext &context);
Expected<match::FinishedGame> parse_json_line(const std::string &line);

}  // namespace arb::output
