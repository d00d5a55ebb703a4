#!/usr/bin/env bash
# Fetches and builds Tiktaxx, a public UAI Ataxx engine by kz04px, at a fixed
# commit, for the Ataxx end-to-end tests (tests/ataxx/uai_engine_e2e_test.cpp)
# and configs/ataxx-tiktaxx.yaml. Needs the network once, git, g++, cmake and
# make (Debian packages git, g++, cmake, make); nothing else.
#
#   scripts/fetch-ataxx-engine.sh [DEST]     # default DEST: /opt/tiktaxx
#
# Leaves the engine at DEST/tiktaxx (the path the tests look at; any other
# place: export ARBITER_ATAXX_ENGINE=/path/to/tiktaxx) and its sources in
# DEST/src. Tiktaxx reads its protocol from the first word on stdin, so it
# speaks UAI when the host opens with 'uai'.
set -euo pipefail

dest=${1:-/opt/tiktaxx}
repo=https://github.com/kz04px/tiktaxx
commit=95dffff0327542c272d5c62e372534714ea3114a          # "Change binary name to 'tiktaxx'", 2023-12-19
libataxx_commit=2fe5d1517c9e66fefb78cef7b3c35e5f9f1bb9ee # its submodule libs/libataxx at that commit

mkdir -p "$dest"
src=$dest/src
if [ ! -d "$src/.git" ]; then
  git clone --quiet "$repo" "$src"
fi
# A second run reuses DEST/src and goes online only for what it lacks.
git -C "$src" cat-file -e "$commit^{commit}" 2>/dev/null || git -C "$src" fetch --quiet origin
git -C "$src" checkout --quiet "$commit"
if [ "$(git -C "$src/libs/libataxx" rev-parse HEAD 2>/dev/null)" != "$libataxx_commit" ]; then
  git -C "$src" submodule update --init --quiet libs/libataxx
fi
actual=$(git -C "$src/libs/libataxx" rev-parse HEAD)
if [ "$actual" != "$libataxx_commit" ]; then
  echo "fetch-ataxx-engine: libataxx is at $actual, expected $libataxx_commit" >&2
  exit 1
fi

# libataxx first (Tiktaxx's makefile links its static library), then Tiktaxx.
cmake -S "$src/libs/libataxx" -B "$src/libs/libataxx/build" -DCMAKE_BUILD_TYPE=Release \
      -DLIBATAXX_BUILD_EXAMPLES=OFF -DLIBATAXX_BUILD_TESTS=OFF >/dev/null
cmake --build "$src/libs/libataxx/build" --target ataxx_static >/dev/null
make -C "$src" >/dev/null
install -m 755 "$src/bin/tiktaxx" "$dest/tiktaxx"

# A quick look that it runs and agrees with the published perft.
out=$(printf 'uai\nisready\nperft 4\nquit\n' | "$dest/tiktaxx")
case "$out" in
  *"depth 4 nodes 155888"*) echo "tiktaxx built at $dest/tiktaxx (perft 4 = 155888)" ;;
  *) echo "fetch-ataxx-engine: $dest/tiktaxx did not answer perft 4 with 155888:" >&2; echo "$out" >&2; exit 1 ;;
esac
