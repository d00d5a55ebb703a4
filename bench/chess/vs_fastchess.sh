#!/usr/bin/env bash
# Side by side with fastchess on its own ground: the same Stockfish pair
# (Debian's stockfish, Skill Level 20 vs 10), the same EPD book, the same
# clock and concurrency under both tools. Not part of CI (it takes minutes
# and needs fastchess's source).
#
#   bench/chess/vs_fastchess.sh FASTCHESS_SRC [GAMES] [TC] [CONCURRENCIES...]
#     FASTCHESS_SRC  a checkout of github.com/Disservin/fastchess (fetched, not
#                    vendored); built here with its own makefile
#     GAMES          games per run (default 20, an even number: colour-swapped pairs)
#     TC             time control in both tools' syntax "base+inc" in seconds (default 2+0.02)
#     CONCURRENCIES  default: 1 and the number of cores
#
# For each concurrency it prints, per tool: wall time, games per second,
# time forfeits, the first engine's score with its 95% error (from the
# tool's own PGN, scored the same way for both), and the cost per ply at
# nodes=1 (engines answer at once: what is left is the tool's own cost).
set -euo pipefail
src=${1:?usage: $0 FASTCHESS_SRC [GAMES] [TC] [CONCURRENCIES...]}
games=${2:-20}
tc=${3:-2+0.02}
shift $(( $# < 3 ? $# : 3 ))
concurrencies=("$@")
[ ${#concurrencies[@]} -gt 0 ] || concurrencies=(1 "$(nproc)")
here=$(cd "$(dirname "$0")/../.." && pwd)
arbiter=${ARBITER:-$here/build/release/bin/arbiter}
sf=${STOCKFISH:-/usr/games/stockfish}
book=$here/configs/books/chess-8ply.epd
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$(cd "$src" && pwd)
# fastchess saves its state as config.json in the current folder: keep it out of the checkout.
cd "$work"

[ -x "$arbiter" ] || { echo "no $arbiter: build arbiter first" >&2; exit 1; }
[ -x "$sf" ] || { echo "no stockfish at $sf (apt-get install stockfish)" >&2; exit 1; }
if [ ! -x "$src/fastchess" ]; then
  echo "building fastchess in $src ..." >&2
  make -C "$src" -j"$(nproc)" >/dev/null
fi
fastchess=$src/fastchess
rounds=$((games / 2))

# The first engine's score and 95% error from a PGN's Result tags (trinomial,
# the same formula for both tools' files): "score% +- err%".
score() {
  awk -v first="$2" '
    /^\[White "/ { w = substr($0, 9, length($0) - 10) }
    /^\[Result "/ { r = substr($0, 10, length($0) - 11)
      p = -1
      if (r == "1-0") p = (w == first) ? 1 : 0
      else if (r == "0-1") p = (w == first) ? 0 : 1
      else if (r == "1/2-1/2") p = 0.5
      if (p >= 0) { n++; s += p; s2 += p * p } }
    END { if (n == 0) { print "no games"; exit }
          m = s / n; v = s2 / n - m * m
          printf "%.1f%% +- %.1f%% (%d games)", 100 * m, 196 * sqrt(v / n), n }' "$1"
}
forfeits() { grep -c -i 'time forfeit\|loses on time' "$1" || true; }
plies() { awk '/^\[PlyCount "/ { n += substr($0, 12) + 0 } END { print n + 0 }' "$1"; }

run_fastchess() {  # concurrency tc out.pgn
  "$fastchess" -engine cmd="$sf" name=sf-20 option."Skill Level"=20 -engine cmd="$sf" name=sf-10 option."Skill Level"=10 \
    -each tc="$2" option.Threads=1 option.Hash=16 proto=uci -rounds "$rounds" -games 2 -repeat \
    -concurrency "$1" -openings file="$book" format=epd order=sequential -pgnout file="$3" >/dev/null 2>&1
}
run_arbiter() {  # concurrency tc out-dir
  cat > "$work/sf.yaml" <<YAML
event: vs fastchess
game: {id: chess}
engines:
  - {name: sf-20, command: $sf, protocol: uci, options: {Threads: 1, Hash: 16, "Skill Level": 20}}
  - {name: sf-10, command: $sf, protocol: uci, options: {Threads: 1, Hash: 16, "Skill Level": 10}}
tournament: {type: round-robin, rounds: $rounds, games_per_pairing: 2, seed: 1}
openings: {file: $book, format: epd, order: sequential}
concurrency: $1
time_control: "$2"
YAML
  "$arbiter" run "$work/sf.yaml" --out "$3" --quiet >/dev/null 2>&1
}
seconds() { local s=$(date +%s.%N); "$@"; echo "$(date +%s.%N) - $s" | bc; }

printf '%-11s %-9s %9s %9s %9s  %-28s %s\n' tool conc wall_s games/s forfeits "sf-20 score" "us/ply at nodes=1"
for c in "${concurrencies[@]}"; do
  rm -rf "$work/a" "$work/f.pgn" "$work/a1" "$work/f1.pgn"
  tf=$(seconds run_fastchess "$c" "$tc" "$work/f.pgn")
  ta=$(seconds run_arbiter "$c" "$tc" "$work/a")
  # Overhead: both tools with engines that answer at once.
  s=$(date +%s.%N)
  "$fastchess" -engine cmd="$sf" name=sf-20 -engine cmd="$sf" name=sf-10 -each nodes=1 tc=10+0.1 proto=uci \
    -rounds "$rounds" -games 2 -repeat -concurrency "$c" -openings file="$book" format=epd order=sequential \
    -pgnout file="$work/f1.pgn" >/dev/null 2>&1 || true
  tf1=$(echo "$(date +%s.%N) - $s" | bc)
  ta1=$(seconds run_arbiter "$c" "nodes=1" "$work/a1")
  pf=$(plies "$work/f1.pgn"); pa=$(plies "$work/a1/games.pgn")
  printf '%-11s %-9s %9.1f %9.2f %9s  %-28s %s\n' fastchess "$c" "$tf" "$(echo "$games / $tf" | bc -l)" \
    "$(forfeits "$work/f.pgn")" "$(score "$work/f.pgn" sf-20)" "$(echo "$tf1 * 1000000 * $c / ($pf + 1)" | bc)"
  printf '%-11s %-9s %9.1f %9.2f %9s  %-28s %s\n' arbiter "$c" "$ta" "$(echo "$games / $ta" | bc -l)" \
    "$(forfeits "$work/a/games.pgn")" "$(score "$work/a/games.pgn" sf-20)" "$(echo "$ta1 * 1000000 * $c / ($pa + 1)" | bc)"
done
