#!/usr/bin/env bash
# Installs dependencies, builds arbiter (Release) and runs a demo tournament:
# four strengths of the generic engine playing Othello, round robin.
# Usage: scripts/demo.sh [config]   (default: configs/othello.yaml)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"

config=${1:-configs/othello.yaml}
out="build/release/demo/$(basename "$config" .yaml)-$(date +%Y%m%d-%H%M%S)"
build/release/bin/arbiter games
echo
exec build/release/bin/arbiter run "$config" --out "$out"
