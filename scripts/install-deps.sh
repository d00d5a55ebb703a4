#!/usr/bin/env bash
# Installs what arbiter needs, from Debian 12 packages. Run as root (or with sudo).
# Idempotent and quiet when everything is present.
#
#   scripts/install-deps.sh           what the build AND the whole test suite need
#   scripts/install-deps.sh --build   only what building the programs and plugins needs
#                                     (scripts/demo.sh: no test engines, SLURM or browser)
set -euo pipefail

# Building the programs, plugins and SDK.
build_packages=(
  g++ cmake ninja-build make pkg-config
  libboost1.81-dev libboost-program-options1.81-dev libboost-filesystem1.81-dev
  libyaml-cpp-dev libfmt-dev nlohmann-json3-dev zlib1g-dev
)
# The test suite on top of that.
test_packages=(
  catch2
  grhino   # a real Othello engine (GTP), used by the end-to-end tests
  pgn-extract stockfish   # chess: the PGN checker of the chess end-to-end tests, and a real UCI engine
  phalanx sjeng hoichess fairymax gnuchess   # chess engines that speak only xboard (tests/xboard)
  gpsshogi fairy-stockfish sjaakii   # shogi: real USI engines (gpsusi; fairy-stockfish's default variant is shogi)
  slurmctld slurmd slurm-client munge   # a single-node SLURM cluster for the tests of deploy/slurm
  chromium python3   # the browser tests of report.html (headless, driven over the DevTools pipe)
  fonts-ipafont-gothic   # a Japanese font: the browser test of the report drawing shogi in kanji
  python3-kubernetes   # the Kubernetes API schema the manifests of deploy/kubernetes are checked against
)
# deploy/Containerfile's build stage installs build_packages (tests/deploy checks it).

case "${1:-}" in
  --build) packages=("${build_packages[@]}") ;;
  "") packages=("${build_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: scripts/install-deps.sh [--build]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO=sudo; else
    echo "install-deps: need root to install: ${missing[*]}" >&2; exit 1
  fi
else
  SUDO=
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
