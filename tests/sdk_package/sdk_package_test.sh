#!/usr/bin/env bash
# usage: sdk_package_test.sh BUILD_DIR EXAMPLE_SOURCE_DIR ARBITER_BINARY C_PLUGIN_SOURCE ENGINE_EXAMPLE_DIR
# Everything is found with -DCMAKE_PREFIX_PATH alone, as docs/writing-a-plugin.md says.
set -euo pipefail
build_dir=$1 example=$2 arbiter=$3 c_plugin=$4 engine_example=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/arbiter/game.h"
# The package is architecture-independent: share/cmake, searched everywhere.
test -f "$work/prefix/share/cmake/ArbiterSDK/ArbiterSDKConfig.cmake"

# A plugin author's build: only the installed package, no arbiter sources.
cmake -S "$example" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" >/dev/null
plugin="$work/build/tictactoe.so"
test -f "$plugin"

out=$("$arbiter" perft --game "$plugin" --depth 9)
echo "$out"
[ "$(echo "$out" | tail -n 1)" = "perft 9 127872" ]
"$arbiter" plugin-check "$plugin" --games 5

# A plugin in plain C: a C-only project (no C++ compiler enabled) gets
# Arbiter::abi from the package, without the C++20 requirement of Arbiter::sdk.
mkdir -p "$work/cgame"
cp "$c_plugin" "$work/cgame/cgame.c"
cat > "$work/cgame/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(cgame LANGUAGES C)
find_package(ArbiterSDK 1.1 REQUIRED)
if(NOT TARGET Arbiter::abi OR NOT TARGET Arbiter::sdk)
  message(FATAL_ERROR "the package lacks Arbiter::abi or Arbiter::sdk")
endif()
get_target_property(features Arbiter::abi INTERFACE_COMPILE_FEATURES)
if(features)
  message(FATAL_ERROR "Arbiter::abi requires compile features: ${features}")
endif()
arbiter_add_game_plugin(cgame SOURCES cgame.c)
set_target_properties(cgame PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_options(cgame PRIVATE -Wall -Wextra -pedantic -Werror)
CMAKE
cmake -S "$work/cgame" -B "$work/cgame/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cgame/build" >/dev/null
"$arbiter" plugin-check "$work/cgame/build/cgame.so" --games 5
# An engine: the UGI helpers come with Arbiter::sdk.
cmake -S "$engine_example" -B "$work/engine" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/engine" >/dev/null
answer=$(printf 'ugi\nisready\nposition startpos moves b2\ngo movetime 10\nquit\n' | "$work/engine/my-engine")
echo "$answer"
grep -qx "id name my-engine 1.0" <<<"$answer"
grep -qx "ugiok" <<<"$answer"
grep -qx "readyok" <<<"$answer"
grep -qx "bestmove a1" <<<"$answer"

echo "sdk_package: out-of-tree plugins (C++ on Arbiter::sdk, C on Arbiter::abi) built against the installed SDK and loaded, and an engine on the UGI helpers answered"
