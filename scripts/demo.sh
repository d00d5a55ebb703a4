#!/usr/bin/env bash
# Installs what building needs, builds the programs and plugins (no tests, no
# benchmarks: build/demo) and runs a demo tournament: four strengths of the
# generic engine playing Othello, round robin.
# Usage: scripts/demo.sh [config]   (default: configs/othello.yaml)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --build
cmake --preset demo >/dev/null
cmake --build --preset demo -j "$(nproc)"

config=${1:-configs/othello.yaml}
out="build/demo/out/$(basename "$config" .yaml)-$(date +%Y%m%d-%H%M%S)"
build/demo/bin/arbiter games
echo
exec build/demo/bin/arbiter run "$config" --out "$out"
