#!/usr/bin/env bash
# usage: install_lib64_test.sh SOURCE_DIR WORK_DIR GENERATOR
set -euo pipefail
src=$1 work=$2 generator=$3
build="$work/build" prefix="$work/prefix"
rm -rf "$prefix"

cmake -S "$src" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_INSTALL_LIBDIR=lib64 \
      -DCMAKE_INSTALL_PREFIX="$prefix" -DARBITER_BUILD_TESTS=OFF -DARBITER_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j 2 >/dev/null
cmake --install "$build" >/dev/null

test -f "$prefix/lib64/arbiter/plugins/tictactoe.so"
test -f "$prefix/lib64/cmake/ArbiterSDK/ArbiterSDKConfig.cmake"
test ! -e "$prefix/lib"

# Nothing but the installed tree: no plugin path, and run from elsewhere.
unset ARBITER_PLUGIN_PATH
cd "$work"
games=$("$prefix/bin/arbiter" games)
echo "$games"
for id in tictactoe othello baghchal gess; do
  grep -q "^$id\b" <<<"$games" || { echo "install_lib64: the installed arbiter does not list $id" >&2; exit 1; }
done

engine="$prefix/bin/arbiter-engine --game tictactoe --mode random"
out=$("$prefix/bin/arbiter" play --game tictactoe --engine "$engine --seed 1" --engine "$engine --seed 2" --tc 10+0.1)
echo "$out"
grep -q "^termination: game-rule$" <<<"$out"
echo "install_lib64: the installed arbiter found its plugins in lib64 and played a game"
