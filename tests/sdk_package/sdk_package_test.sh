#!/usr/bin/env bash
# usage: sdk_package_test.sh BUILD_DIR EXAMPLE_SOURCE_DIR ARBITER_BINARY C_PLUGIN_SOURCE
set -euo pipefail
build_dir=$1 example=$2 arbiter=$3 c_plugin=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/arbiter/game.h"
config=$(find "$work/prefix" -name ArbiterSDKConfig.cmake)
test -n "$config"
# CMAKE_PREFIX_PATH finds <prefix>/lib64/cmake only where CMake searches lib64
# (Fedora, not Debian), so the folder is also named directly.
sdk_dir=$(dirname "$config")

# A plugin author's build: only the installed package, no arbiter sources.
cmake -S "$example" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DArbiterSDK_DIR="$sdk_dir" \
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
cmake -S "$work/cgame" -B "$work/cgame/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DArbiterSDK_DIR="$sdk_dir" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cgame/build" >/dev/null
"$arbiter" plugin-check "$work/cgame/build/cgame.so" --games 5
echo "sdk_package: out-of-tree plugins (C++ on Arbiter::sdk, C on Arbiter::abi) built against the installed SDK and loaded"
