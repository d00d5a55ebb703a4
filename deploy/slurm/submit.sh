#!/usr/bin/env bash
# Submits a tournament to SLURM as a job array of N shards and a merge job
# that runs when every shard has finished successfully. Prints the two job ids.
#
#   deploy/slurm/submit.sh CONFIG.yaml OUTDIR N [sbatch options...]
#
# OUTDIR must be on a filesystem every node sees; it receives shard-1 ..
# shard-N, logs/ and, after the merge, merged/. The sbatch options (e.g.
# --partition=..., --cpus-per-task=4, --time=...) go to the array; the merge job
# gets only --partition if given. ARBITER (the program, default arbiter on PATH)
# and ARBITER_ARGS (extra options such as --plugin-dir) are passed on.
# A config with sprt is one SPRT over all shards: they meet in OUTDIR/shared
# (ARBITER_SHARED, made here; set it to use another folder every node sees),
# stop starting game pairs once one of them has seen the decision, and the
# merge shows the decision (docs/scale-out.md, "One SPRT over the shards").
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 CONFIG.yaml OUTDIR N [sbatch options...]" >&2
  exit 2
fi
config=$(realpath "$1")
out=$(realpath -m "$2")
count=$3
shift 3
case "$count" in '' | *[!0-9]* | 0) echo "submit.sh: N must be a positive whole number, got '$count'" >&2; exit 2 ;; esac
here=$(dirname "$(realpath "$0")")
mkdir -p "$out/logs"

partition=()
for option in "$@"; do
  case "$option" in --partition=* | -p*) partition=("$option") ;; esac
done

# The jobs start in OUTDIR: a program given by a relative path is made absolute.
arbiter=${ARBITER:-arbiter}
case "$arbiter" in */*) arbiter=$(realpath "$arbiter") ;; esac
shared=${ARBITER_SHARED:-}
if [ -z "$shared" ] && grep -q '^sprt:' "$config"; then shared=$out/shared; fi
if [ -n "$shared" ]; then mkdir -p "$shared"; fi
export ARBITER=$arbiter ARBITER_CONFIG=$config ARBITER_OUT=$out ARBITER_ARGS=${ARBITER_ARGS:-} ARBITER_SHARED=$shared
array=$(sbatch --parsable --array="1-$count" --export=ALL --chdir="$out" \
  --output="$out/logs/shard-%a.log" "$@" "$here/shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --export=ALL --chdir="$out" \
  --output="$out/logs/merge.log" "${partition[@]}" "$here/merge.sbatch")
merge=${merge%%;*}
echo "shards: job array $array (1-$count); merge: job $merge; results in $out/merged"
echo "$array $merge" >"$out/logs/job-ids"
