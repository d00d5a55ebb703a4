#!/usr/bin/env bash
# Installs dependencies, builds arbiter twice (Release, then Debug with
# AddressSanitizer + UndefinedBehaviorSanitizer) and runs the whole test
# suite on each through ctest. This is what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
jobs=$(nproc)

echo "== Release build and tests"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

echo "== ASan + UBSan build and tests"
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"
