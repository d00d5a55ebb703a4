#!/usr/bin/env bash
# sprt_cli.sh: a long SPRT match through the real CLI keeps the arbiter's
# memory flat. Two instant single-threaded engines (bench_roundtrip --engine,
# tic-tac-toe, always the first empty square: every pair is WL, so the SPRT
# never decides) play N games at concurrency 2 with SPRT on. While it runs,
# the arbiter's resident memory is sampled and printed as the records pass
# 10k, 50k, 100k, ... games; then games/s and the peak (VmHWM).
# Records go to a tmpfs (/dev/shm) unless BENCH_DIR says otherwise, so that
# the figure is the arbiter's, not the disk's fdatasync per game.
#
# Usage: bench/tournament/sprt_cli.sh [BUILD_DIR] [N]   (default: 200000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../../build/release}" && pwd)
n=${2:-200000}
base=${BENCH_DIR:-/dev/shm}
[ -d "$base" ] || base=${TMPDIR:-/tmp}
work=$(mktemp -d "$base/arbiter-sprt-cli.XXXX")
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

cat > "$work/c.yaml" <<YAML
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
output: {dir: $work/out}
YAML

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; records in $base; $n games"
status_field() { awk -v f="$1:" '$1 == f { print $2 }' "/proc/$pid/status" 2>/dev/null || true; }
t0=$(date +%s%N)
"$build/bin/arbiter" run "$work/c.yaml" --quiet --plugin-dir "$build/plugins" >"$work/log" 2>&1 &
pid=$!
marks=(10000 50000 100000 150000 200000 400000 800000)
next=0
line_bytes=0
hwm=0
printf '%10s %12s\n' "~games" "RSS KiB"
while kill -0 "$pid" 2>/dev/null; do
    rss=$(status_field VmRSS); h=$(status_field VmHWM)
    [ -n "$h" ] && hwm=$h
    size=$(stat -c %s "$work/out/games.jsonl" 2>/dev/null || echo 0)
    if [ "$line_bytes" -eq 0 ] && [ "$size" -gt 0 ]; then
        line_bytes=$(head -n 1 "$work/out/games.jsonl" | wc -c)
    fi
    if [ "$line_bytes" -gt 0 ] && [ -n "$rss" ]; then
        games=$((size / line_bytes))
        while [ "$next" -lt ${#marks[@]} ] && [ "$games" -ge "${marks[$next]}" ] && [ "${marks[$next]}" -lt "$n" ]; do
            printf '%10d %12d\n' "$games" "$rss"
            next=$((next + 1))
        done
        last_rss=$rss
    fi
    sleep 0.1
done
wait "$pid" || { cat "$work/log" >&2; exit 1; }
pid=
t1=$(date +%s%N)
grep -q "$n of $n games played" "$work/log" || { echo "not all games played:" >&2; cat "$work/log" >&2; exit 1; }
seconds=$(echo "($t1 - $t0) / 1000000000" | bc -l)
printf '%10s %12d  (last sample)\n' "end" "${last_rss:-0}"
printf 'games %d in %.1f s: %.0f games/s; peak RSS (VmHWM) %d KiB\n' "$n" "$seconds" "$(echo "$n / $seconds" | bc -l)" "$hwm"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
