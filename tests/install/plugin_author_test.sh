#!/usr/bin/env bash
# usage: plugin_author_test.sh BUILD_DIR LIBDIR PLUGIN_SOURCE
# The path of a plugin author outside the tree, as docs/writing-a-plugin.md
# tells it, from a fresh install and with the installed programs only (no
# build tree, no PATH, no ARBITER_PLUGIN_PATH): Breakthrough (PLUGIN_SOURCE)
# is built against the installed SDK package with -Wall -Wextra -Werror in
# Release, found by its path, installed beside the shipped plugins by
# arbiter_add_game_plugin's INSTALL, then listed, checked, checked against the
# reference and the mock engine through {arbiter_bin}, played, and played in
# a tournament; the installed configs, books and example plugin are there.
set -euo pipefail
build=$1 libdir=$2 plugin_source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
fail() { echo "plugin_author: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
plugins="$prefix/$libdir/arbiter/plugins"
for f in bin/arbiter bin/arbiter-engine bin/arbiter-mock-engine share/arbiter/configs/othello.yaml \
         share/arbiter/configs/books/chess-8ply.epd share/arbiter/configs/openings/othello.txt \
         share/arbiter/examples/tictactoe/tictactoe.cpp share/arbiter/examples/tictactoe/CMakeLists.txt \
         share/arbiter/examples/engine/my_engine.cpp; do
  test -e "$prefix/$f" || fail "the install has no $f"
done

unset ARBITER_PLUGIN_PATH
arbiter="$prefix/bin/arbiter"  # the installed programs are reached by their folder, not from PATH
cd "$work"

# The author's project: the source and four lines of CMake, as in the guide.
mkdir -p breakthrough
cp "$plugin_source" breakthrough/breakthrough.cpp
cat > breakthrough/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(breakthrough LANGUAGES CXX)
find_package(ArbiterSDK 1.1 REQUIRED)
arbiter_add_game_plugin(breakthrough SOURCES breakthrough.cpp INSTALL)
target_compile_options(breakthrough PRIVATE -Wall -Wextra -Werror)
message(STATUS "plugin folder: ${ArbiterSDK_PLUGIN_DIR}; programs: ${ArbiterSDK_BIN_DIR}")
CMAKE
configured=$(cmake -S breakthrough -B breakthrough/build -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release)
grep -qF -- "-- plugin folder: $plugins; programs: $prefix/bin" <<<"$configured" ||
  fail "the package does not export the installed plugin and program folders: $configured"
cmake --build breakthrough/build >/dev/null
built="$work/breakthrough/build/breakthrough.so"
test -f "$built"

# Not installed yet: the unknown game says how to reach it, and its path does.
if out=$("$arbiter" perft --game breakthrough --depth 1 2>&1); then fail "an unknown game was found: $out"; fi
for hint in "unknown game 'breakthrough'" "--plugin-dir" "ARBITER_PLUGIN_PATH" "breakthrough.so" "$plugins"; do
  grep -qF -- "$hint" <<<"$out" || fail "the unknown-game message does not name $hint: $out"
done
# Perft by hand: the 8 front pieces of a side step forward, 2 ways at the edges and 3 elsewhere,
# 22 moves; the sides cannot meet within two plies, so 22 x 22.
[ "$("$arbiter" perft --game "$built" --depth 2 | tail -n 1)" = "perft 2 484" ] || fail "perft 2 is not 484"

cmake --install breakthrough/build >/dev/null
test -f "$plugins/breakthrough.so" || fail "INSTALL did not put the plugin in $plugins"

games=$("$arbiter" games)
grep -q "^breakthrough\b" <<<"$games" || fail "arbiter games does not list breakthrough: $games"
"$arbiter" plugin-check breakthrough --games 10 || fail "plugin-check breakthrough failed"

engine="{arbiter_bin}/arbiter-engine --game breakthrough --mode random"
out=$("$arbiter" check --game breakthrough --engine "$engine --seed 3" --positions 4 --games 1) ||
  fail "check of the reference engine failed: $out"
grep -qF "($prefix/bin/arbiter-engine) on breakthrough" <<<"$out" || fail "{arbiter_bin} is not the installed bin/: $out"
grep -q "PASS  rule edge 1 (no-straight-capture)" <<<"$out" || fail "check did not pass the rule edge: $out"
# The mock engine that ignores the rule is how an author sees the edge bite.
if out=$("$arbiter" check --game breakthrough --positions 4 --games 0 \
          --engine "{arbiter_bin}/arbiter-mock-engine --game breakthrough --misbehave ignore-rule=no-straight-capture"); then
  fail "check passed an engine that ignores no-straight-capture: $out"
fi
grep -q "FAIL  rule edge 1 (no-straight-capture)" <<<"$out" || fail "check did not name the rule: $out"

out=$("$arbiter" play --game breakthrough --engine "$engine --seed 1" --engine "$engine --seed 2" --tc 10+0.1 --quiet)
grep -q "^termination: game-rule$" <<<"$out" || fail "the game did not end by the rules: $out"

cat > breakthrough.yaml <<'YAML'
event: "Breakthrough smoke test"
game: breakthrough
engines:
  - {name: mcts, command: "{arbiter_bin}/arbiter-engine", args: [--game, breakthrough, --mode, mcts, --playouts, "50"]}
  - {name: random, command: "{arbiter_bin}/arbiter-engine", args: [--game, breakthrough, --mode, random]}
tournament: {rounds: 2, games_per_pairing: 2}
concurrency: 2
time_control: 10+0.1
YAML
"$arbiter" run breakthrough.yaml --out "$work/out" --quiet || fail "the tournament failed"
[ "$(grep -c '^\[Result ' "$work/out/games.pgn")" = 4 ] || fail "the tournament did not record 4 games"

# A shipped config runs from the install as from the checkout.
"$arbiter" run "$prefix/share/arbiter/configs/tictactoe.yaml" --rounds 1 --out "$work/ttt" --quiet ||
  fail "the installed tictactoe.yaml did not run"
echo "plugin_author: built against the installed SDK, installed beside the shipped plugins, checked and played"
