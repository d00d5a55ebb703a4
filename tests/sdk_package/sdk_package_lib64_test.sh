#!/usr/bin/env bash
# usage: sdk_package_lib64_test.sh SOURCE_DIR EXAMPLE_SOURCE_DIR
# A build configured for lib64 (Fedora's layout) installs the SDK where
# CMAKE_PREFIX_PATH alone finds it, even with a CMake that does not search
# lib64 (Debian's): the package is architecture-independent and lives in
# share/cmake. Only the component "sdk" is installed, so nothing is built.
set -euo pipefail
source_dir=$1 example=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake -S "$source_dir" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_LIBDIR=lib64 \
      -DARBITER_BUILD_TESTS=OFF -DARBITER_BUILD_BENCH=OFF >/dev/null
grep -q '^CMAKE_INSTALL_LIBDIR:PATH=lib64$' "$work/build/CMakeCache.txt"
cmake --install "$work/build" --component sdk --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/arbiter/game.h"
test -f "$work/prefix/share/cmake/ArbiterSDK/ArbiterSDKConfig.cmake"
test ! -e "$work/prefix/lib64/cmake" || { echo "sdk_package_lib64: the package went to lib64/cmake" >&2; exit 1; }
# The host and its plugins follow the libdir (installed_host runs an installed
# tree of the default libdir): the plugins are installed to lib64 and the host
# looks there from bin/.
grep -q '"../lib64/arbiter/plugins"' "$work/build/generated/install_layout.hpp"
grep -rqs --include=cmake_install.cmake 'lib64/arbiter/plugins' "$work/build/plugins"

# Whether this CMake searches lib64 or not, the prefix alone must do.
cmake -S "$example" -B "$work/plugin" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/plugin" >/dev/null
test -f "$work/plugin/tictactoe.so"
echo "sdk_package_lib64: a lib64 build's SDK was found with CMAKE_PREFIX_PATH alone"
