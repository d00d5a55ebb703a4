#!/usr/bin/env bash
# Installs what arbiter needs to build and test, from Debian 12 packages.
# Idempotent and quiet when everything is present. Run as root (or with sudo).
set -euo pipefail

packages=(
  g++ cmake ninja-build make pkg-config
  libboost1.81-dev libboost-program-options1.81-dev libboost-filesystem1.81-dev
  libyaml-cpp-dev catch2 libfmt-dev nlohmann-json3-dev zlib1g-dev
  grhino   # a real Othello engine (GTP), used by the end-to-end tests
  pgn-extract stockfish   # chess: the PGN checker of the chess end-to-end tests, and a real UCI engine
  slurmctld slurmd slurm-client munge   # a single-node SLURM cluster for the tests of deploy/slurm
  chromium python3   # the browser tests of report.html (headless, driven over the DevTools pipe)
)
# deploy/Containerfile installs the same list (tests/deploy checks it).

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
