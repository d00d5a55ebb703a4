#!/usr/bin/env bash
# usage: sdk_package_test.sh BUILD_DIR EXAMPLE_SOURCE_DIR ARBITER_BINARY
set -euo pipefail
build_dir=$1 example=$2 arbiter=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/arbiter/game.h"
test -f "$work/prefix/lib/cmake/ArbiterSDK/ArbiterSDKConfig.cmake" || test -n "$(find "$work/prefix" -name ArbiterSDKConfig.cmake)"

# A plugin author's build: only the installed package, no arbiter sources.
cmake -S "$example" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" >/dev/null
plugin="$work/build/tictactoe.so"
test -f "$plugin"

out=$("$arbiter" perft --game "$plugin" --depth 9)
echo "$out"
[ "$(echo "$out" | tail -n 1)" = "perft 9 127872" ]
"$arbiter" plugin-check "$plugin" --games 5
echo "sdk_package: out-of-tree plugin built against the installed SDK and loaded"
