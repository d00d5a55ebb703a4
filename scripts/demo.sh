#!/usr/bin/env bash
# Installs dependencies, builds arbiter (Release) and runs a demo tournament.
# Usage: scripts/demo.sh [config]   (default: configs/othello.yaml)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"

config=${1:-configs/othello.yaml}
if [ -f "$config" ] && build/release/bin/arbiter run --help >/dev/null 2>&1; then
  exec build/release/bin/arbiter run "$config" --out "build/release/demo-$(date +%Y%m%d-%H%M%S)"
fi
# Until tournaments are available: one game between two generic engines.
exec build/release/bin/arbiter play --game othello \
  --engine "build/release/bin/arbiter-engine --game othello --mode mcts --playouts 200 --seed 1" \
  --engine "build/release/bin/arbiter-engine --game othello --mode random --seed 2"
