#!/usr/bin/env bash
# ply_under_load.sh: what a user sees per ply, quiet and with every core busy.
#
# Plays tournaments through the real CLI (`arbiter run`, records written,
# clocks on) between two engines, and prints the wall time per ply:
#   generic   arbiter-engine --mode random (the SDK's UGI engine loop);
#   instant   bench_roundtrip --engine, a single-threaded engine that answers
#             with read(2)/write(2) and nothing else (the floor);
#   baseline  optionally, another arbiter-engine binary (e.g. an older build),
#             to compare engine loops in the same run.
# Each is measured quiet and then with one busy loop per core (nice 0), in
# alternating rounds so both see the same machine; ratios are within one run.
# Also prints games/s of the generic engine at concurrency 1, 2 and 2 x cores.
#
# Records go to a tmpfs (/dev/shm) unless BENCH_DIR says otherwise: a
# tic-tac-toe game is 5 to 9 plies, so one fdatasync per game on a disk would
# be most of the figure. The load average is printed before and after (the
# machine may be shared): repeat when it is high.
#
# Usage: bench/load/ply_under_load.sh [BUILD_DIR] [GAMES] [--baseline-engine PATH]
# Games are tic-tac-toe (the instant engine plays only that) and Othello.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build/release}
games=${2:-200}
baseline=
[ "${3:-}" = --baseline-engine ] && baseline=${4:?--baseline-engine needs a path}
build=$(cd "$build" && pwd)
bin=$build/bin
cores=$(nproc)
base=${BENCH_DIR:-/dev/shm}
[ -d "$base" ] || base=${TMPDIR:-/tmp}
work=$(mktemp -d "$base/ply-under-load.XXXX")
busy_pids=()
cleanup() { for p in "${busy_pids[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

start_load() { for _ in $(seq "$cores"); do (while :; do :; done) & busy_pids+=($!); done; }
stop_load() { for p in "${busy_pids[@]:-}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; busy_pids=(); }

# tournament GAME ENGINE_CMD CONCURRENCY -> prints "seconds plies"
tournament() {
    local game=$1 engine=$2 conc=$3 dir
    dir=$(mktemp -d "$work/run.XXXX")
    local args="[]"
    case $engine in
        generic) cmd=$bin/arbiter-engine; args="[--game, $game, --mode, random]" ;;
        baseline) cmd=$baseline; args="[--game, $game, --mode, random, --plugin-dir, $build/plugins]" ;;
        instant) cmd=$bin/bench_roundtrip; args="[--engine]" ;;
    esac
    cat > "$dir/c.yaml" <<YAML
event: load bench
game: {id: $game}
engines:
  - {name: a, command: "$cmd", args: $args}
  - {name: b, command: "$cmd", args: $args}
tournament: {type: round-robin, rounds: $((games / 2)), games_per_pairing: 2, seed: 1}
concurrency: $conc
time_control: 1000+1
output: {dir: $dir/out}
progress: {interval: 0}
YAML
    local t0 t1
    t0=$(date +%s%N)
    "$bin/arbiter" run "$dir/c.yaml" --quiet --force-concurrency >"$dir/log" 2>&1 || { cat "$dir/log" >&2; exit 1; }
    t1=$(date +%s%N)
    local plies
    plies=$(grep -o '"move":' "$dir/out/games.jsonl" | wc -l)
    echo "$(( (t1 - t0) / 1000 )) $plies"
}

per_ply() { awk -v us="$1" -v n="$2" 'BEGIN { printf "%.1f", us / n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "ply_under_load: $games games per figure, $cores cores, build $build, records in $base"
echo "  load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rounds=${ROUNDS:-3}
echo "  median of $rounds alternating rounds (ROUNDS=N to change)"
declare -A result samples
engines=(generic instant)
[ -n "$baseline" ] && engines+=(baseline)
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for _ in $(seq "$rounds"); do
    for game in tictactoe othello; do
        for engine in "${engines[@]}"; do
            [ "$engine" = instant ] && [ "$game" != tictactoe ] && continue
            read -r us n < <(tournament "$game" "$engine" 1)
            samples[$game,$engine,quiet]+=" $(per_ply "$us" "$n")"
            start_load
            read -r us n < <(tournament "$game" "$engine" 1)
            stop_load
            samples[$game,$engine,loaded]+=" $(per_ply "$us" "$n")"
        done
    done
done
for game in tictactoe othello; do
    for engine in "${engines[@]}"; do
        [ "$engine" = instant ] && [ "$game" != tictactoe ] && continue
        for load in quiet loaded; do result[$game,$engine,$load]=$(echo "${samples[$game,$engine,$load]}" | median); done
        echo "  $game $engine: quiet ${result[$game,$engine,quiet]} us/ply, loaded ${result[$game,$engine,loaded]} us/ply," \
             "loaded/quiet $(ratio "${result[$game,$engine,loaded]}" "${result[$game,$engine,quiet]}") (target <= 2)" \
             " [quiet:${samples[$game,$engine,quiet]}; loaded:${samples[$game,$engine,loaded]}]"
    done
done
echo "  tictactoe generic/instant: quiet $(ratio "${result[tictactoe,generic,quiet]}" "${result[tictactoe,instant,quiet]}")," \
     "loaded $(ratio "${result[tictactoe,generic,loaded]}" "${result[tictactoe,instant,loaded]}") (target loaded <= 1.5)"
if [ -n "$baseline" ]; then
    for game in tictactoe othello; do
        echo "  $game generic/baseline: quiet $(ratio "${result[$game,generic,quiet]}" "${result[$game,baseline,quiet]}")," \
             "loaded $(ratio "${result[$game,generic,loaded]}" "${result[$game,baseline,loaded]}")"
    done
fi
for conc in 1 2 $((2 * cores)); do
    read -r us n < <(tournament othello generic "$conc")
    echo "  othello generic at concurrency $conc: $(awk -v us="$us" -v g="$games" 'BEGIN { printf "%.1f", g / (us / 1e6) }') games/s"
done
echo "  load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
