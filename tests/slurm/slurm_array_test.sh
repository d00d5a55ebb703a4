#!/usr/bin/env bash
# The SLURM deployment for real: brings up a private single-node SLURM
# cluster, submits a small tournament with deploy/slurm/submit.sh as a job
# array of 3 shards plus the dependent merge job, and compares the merged
# folder with an unsharded run of the same config:
#   - the same schedule (index, engines, opening, game pair of every game),
#     every index exactly once, each shard holding the games of its shard;
#   - the merged records are the shards' lines, in schedule order;
#   - games.pgn and the standings are what `arbiter run --resume` (the run's own
#     code) writes from the merged records.
# Then an SPRT over 2 shards with a shared folder: one decision, every task
# stopped within one pair of it, the merged standings showing it.
# Skips (exit 77) only when SLURM cannot run here: its programs are missing
# (scripts/install-deps.sh installs them) or the test is not root.
#
#   slurm_array_test.sh ARBITER_PROGRAM PLUGIN_DIR SOURCE_DIR
set -euo pipefail

arbiter=$(realpath "$1")
plugins=$(realpath "$2")
source_dir=$(realpath "$3")
shards=3
here=$(dirname "$(realpath "$0")")
# shellcheck source=single_node_cluster.sh
. "$here/single_node_cluster.sh"

missing=$(cluster_missing_commands)
if [ -n "$missing" ]; then
  echo "SKIP: SLURM cannot run here: missing $missing (scripts/install-deps.sh installs slurmctld slurmd slurm-client munge)"
  exit 77
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIP: SLURM cannot run here: slurmd must run as root to start jobs, and this test runs as $(id -un)"
  exit 77
fi

started=$SECONDS
work=$(mktemp -d /tmp/arbiter-slurm.XXXXXX)
chmod 755 "$work"  # munged wants every folder above its socket searchable by all
cleanup() {
  cluster_down "$work/cluster"
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

# A round-robin of three engines, 2 rounds: 12 games in 6 colour-swapped pairs.
cat >"$work/t.yaml" <<YAML
event: slurm test
game: tictactoe
engines:
  - {name: mcts-300, command: "{arbiter_bin}/arbiter-engine", args: [--game, tictactoe, --mode, mcts, --playouts, "300", --plugin-dir, "$plugins"]}
  - {name: mcts-50, command: "{arbiter_bin}/arbiter-engine", args: [--game, tictactoe, --mode, mcts, --playouts, "50", --plugin-dir, "$plugins"]}
  - {name: random, command: "{arbiter_bin}/arbiter-engine", args: [--game, tictactoe, --mode, random, --plugin-dir, "$plugins"]}
tournament: {type: round-robin, rounds: 2, games_per_pairing: 2, seed: 5}
concurrency: 1
time_control: 10+0.1
YAML
total=12

cluster_start=$SECONDS
cluster_up "$work/cluster"
echo "cluster up in $((SECONDS - cluster_start)) s (SLURM_CONF=$SLURM_CONF)"

jobs_start=$SECONDS
ARBITER=$arbiter ARBITER_ARGS="--plugin-dir $plugins" \
  "$source_dir/deploy/slurm/submit.sh" "$work/t.yaml" "$work/run" "$shards"
read -r array merge <"$work/run/logs/job-ids"
cluster_wait_jobs "$array,$merge" 240
jobs_seconds=$((SECONDS - jobs_start))
echo "job array and merge finished in $jobs_seconds s"
for f in "$work/run/logs"/*.log; do echo "--- $f"; cat "$f"; done
merge_state=$(scontrol show job "$merge" | grep -o 'JobState=[A-Z_]*' || true)
check "the merge job completed ($merge_state)" [ "$merge_state" = "JobState=COMPLETED" ]

# The unsharded run of the same config, timed for the per-game cost.
whole_start=$(date +%s.%N)
"$arbiter" run "$work/t.yaml" --out "$work/whole" --plugin-dir "$plugins" --quiet >"$work/whole.log"
whole_end=$(date +%s.%N)

# "index engines opening pair white black", one line per record, by index.
slots() {
  local line
  while IFS= read -r line; do
    [[ $line =~ \"index\":([0-9]+) ]] && printf '%s' "${BASH_REMATCH[1]}"
    [[ $line =~ \"engines\":\[([0-9]+),([0-9]+)\] ]] && printf ' %s,%s' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
    [[ $line =~ \"opening\":(-?[0-9]+) ]] && printf ' %s' "${BASH_REMATCH[1]}"
    [[ $line =~ \"pair\":([0-9]+) ]] && printf ' %s' "${BASH_REMATCH[1]}"
    [[ $line =~ \"white\":\"([^\"]*)\" ]] && printf ' %s' "${BASH_REMATCH[1]}"
    [[ $line =~ \"black\":\"([^\"]*)\" ]] && printf ' %s' "${BASH_REMATCH[1]}"
    printf '\n'
  done <"$1" | sort -n
}
merged=$work/run/merged
slots "$merged/games.jsonl" >"$work/merged.slots"
slots "$work/whole/games.jsonl" >"$work/whole.slots"
check "the merged folder holds $total games" [ "$(wc -l <"$work/merged.slots")" -eq "$total" ]
check "every schedule index once" [ "$(cut -d' ' -f1 "$work/merged.slots" | tr '\n' ' ')" = "$(seq -s ' ' 0 $((total - 1))) " ]
check "the same schedule as the unsharded run" diff "$work/whole.slots" "$work/merged.slots"

# Each shard's folder: its shard in the effective config, and exactly the game
# pairs p with ((p + p / N) mod N) + 1 = K (docs/scale-out.md).
for k in $(seq 1 "$shards"); do
  dir=$work/run/shard-$k
  check "shard-$k records its shard" grep -q "^shard: \"$k/$shards\"" "$dir/config.yaml"
  expected=$(awk -v n="$shards" -v k="$k" '{p = $4; if ((p + int(p / n)) % n + 1 == k) print $1}' "$work/whole.slots" | tr '\n' ' ')
  actual=$(slots "$dir/games.jsonl" | cut -d' ' -f1 | tr '\n' ' ')
  check "shard-$k holds the games of shard $k/$shards ($actual)" [ "$actual" = "$expected" ]
done
check "the merged records are the shards' own lines" \
  diff <(cat "$work"/run/shard-*/games.jsonl | sort) <(sort "$merged/games.jsonl")
check "the merged records are in schedule order" \
  [ "$(slots "$merged/games.jsonl" | cut -d' ' -f1)" = "$(while IFS= read -r l; do [[ $l =~ \"index\":([0-9]+) ]] && echo "${BASH_REMATCH[1]}"; done <"$merged/games.jsonl")" ]
check "the merged config has no shard" bash -c "! grep -q '^shard:' '$merged/config.yaml'"

# What an unsharded run writes from these games: resume the merged folder
# (nothing is left to play), which rewrites the PGN and the standings.
cp -r "$merged" "$work/rerun"
rm -f "$work/rerun/games.pgn" "$work/rerun/standings.txt" "$work/rerun/standings.json"
"$arbiter" run --resume "$work/rerun" --plugin-dir "$plugins" --quiet >"$work/rerun.log"
check "resuming the merged folder plays no game" grep -q "12 of 12 games played" "$work/rerun.log"
for f in games.pgn standings.txt standings.json; do
  check "merged $f is what the run writes" diff "$merged/$f" "$work/rerun/$f"
done

# One SPRT over the shards: scripted engines of a known strength difference
# (weak forfeits half its games), the same job files with a shared folder. Every
# task stops within one game pair of the decision (one game at a time), and the
# merge job's standings show it.
cat >"$work/sprt.yaml" <<YAML
event: slurm sprt
game: tictactoe
engines:
  - {name: strong, command: "{arbiter_bin}/arbiter-mock-engine", args: [--game, tictactoe, --plugin-dir, "$plugins"]}
  - {name: weak, command: "{arbiter_bin}/arbiter-mock-engine", args: [--game, tictactoe, --plugin-dir, "$plugins", --lose-probability, "0.5"]}
tournament: {rounds: 400, games_per_pairing: 2}
concurrency: 1
time_control: 10+0.1
sprt: {elo0: 0, elo1: 15}
YAML
sprt_start=$SECONDS
# As many shards as the node runs at once: the count waits for every shard's pairs in turn.
sprt_shards=2
ARBITER=$arbiter ARBITER_ARGS="--plugin-dir $plugins" \
  "$source_dir/deploy/slurm/submit.sh" "$work/sprt.yaml" "$work/sprt" "$sprt_shards"
read -r sprt_array sprt_merge <"$work/sprt/logs/job-ids"
cluster_wait_jobs "$sprt_array,$sprt_merge" 240
sprt_seconds=$((SECONDS - sprt_start))
for f in "$work/sprt/logs"/*.log; do echo "--- $f"; cat "$f"; done
sprt_state=$(scontrol show job "$sprt_merge" | grep -o 'JobState=[A-Z_]*' || true)
check "the SPRT's merge job completed ($sprt_state)" [ "$sprt_state" = "JobState=COMPLETED" ]
decision=$work/sprt/shared/decision.json
check "the shards wrote one decision" [ -s "$decision" ]
# Once decision.json exists, a task starts at most one more pair (a look just
# before the file was made) besides the one it is playing (one game at a time).
decided_ms=$(grep -o '"time_ms":[0-9]*' "$decision" | cut -d: -f2)
for k in $(seq 1 "$sprt_shards"); do
  started_after=$({ grep -o '"game_in_pairing":[0-9]*\|"started_ms":[0-9]*' "$work/sprt/shard-$k/games.jsonl" || true; } |
    paste - - | awk -v t="$decided_ms" '{ split($1, g, ":"); split($2, s, ":"); if (g[2] % 2 == 0 && s[2] > t + 1) n++ } END { print n + 0 }')
  check "shard $k started at most one pair after the decision ($started_after)" [ "$started_after" -le 1 ]
  check "shard $k says it was stopped by the SPRT" grep -q "stopped by SPRT" "$work/sprt/logs/shard-$k.log"
done
check "the merged standings show the decision" grep -q "^SPRT over all shards: H[01] accepted at LLR" \
  "$work/sprt/merged/standings.txt"
check "the merge says the games past the decision" grep -q "past the decision (overshoot)" "$work/sprt/merged/standings.txt"

figures=$(awk -v a="$whole_start" -v b="$whole_end" -v n="$total" \
  'BEGIN { printf "unsharded run of %d games %.2f s (%.3f s per game, engine start-up included)", n, b - a, (b - a) / n }')
echo "figures: whole test $((SECONDS - started)) s; job array of $shards shards + merge $jobs_seconds s; SPRT array + merge $sprt_seconds s; $figures"
if [ "$failures" -ne 0 ]; then
  echo "$failures checks failed"
  cluster_log_tail "$work/cluster"
  exit 1
fi
echo "all checks passed"
