#!/usr/bin/env bash
# sprt_cli.sh: a long SPRT match through the real CLI keeps the arbiter's
# memory flat. Two instant single-threaded engines (bench_roundtrip --engine,
# tic-tac-toe, always the first empty square: every pair is WL, so the SPRT
# never decides) play N games at concurrency 2 with SPRT on, once for each N
# given; prints games/s and the arbiter's peak resident memory (GNU time).
# Records go to a tmpfs (/dev/shm) unless BENCH_DIR says otherwise, so that
# the figure is the arbiter's, not the disk's fdatasync per game.
#
# Usage: bench/tournament/sprt_cli.sh [BUILD_DIR] [N...]   (default: 10000 100000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../../build/release}" && pwd)
shift || true
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10000 100000)
base=${BENCH_DIR:-/dev/shm}
[ -d "$base" ] || base=${TMPDIR:-/tmp}
work=$(mktemp -d "$base/arbiter-sprt-cli.XXXX")
trap 'rm -rf "$work"' EXIT

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; records in $base"
printf '%9s %9s %9s %14s\n' games seconds games/s "peak RSS KiB"
for n in "${sizes[@]}"; do
    dir=$work/$n
    mkdir -p "$dir"
    cat > "$dir/c.yaml" <<YAML
event: sprt cli bench
game: {id: tictactoe}
engines:
  - {name: a, command: "$build/bin/bench_roundtrip", args: [--engine]}
  - {name: b, command: "$build/bin/bench_roundtrip", args: [--engine]}
tournament: {type: round-robin, rounds: $((n / 2)), games_per_pairing: 2}
concurrency: 2
time_control: 10000+100
sprt: {elo0: -5, elo1: 5, alpha: 0.05, beta: 0.05}
progress: {interval: 0}
output: {dir: $dir/out}
YAML
    /usr/bin/time -f '%e %M' -o "$dir/time" "$build/bin/arbiter" run "$dir/c.yaml" --quiet \
        --plugin-dir "$build/plugins" >"$dir/log" 2>&1 || { cat "$dir/log" >&2; exit 1; }
    grep -q "$n of $n games played" "$dir/log" || { echo "not all games played:" >&2; cat "$dir/log" >&2; exit 1; }
    read -r seconds rss < "$dir/time"
    printf '%9d %9.1f %9.0f %14d\n' "$n" "$seconds" "$(echo "$n / $seconds" | bc -l)" "$rss"
    rm -rf "$dir/out"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
