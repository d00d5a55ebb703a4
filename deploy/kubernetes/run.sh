#!/usr/bin/env bash
# Runs one tournament on Kubernetes: the config as a ConfigMap, the shared
# volume, the Indexed Job of shards, then (when all shards have completed) the
# merge Job. The results stay on the volume arbiter-results, in NAME/merged/.
#
#   deploy/kubernetes/run.sh [--name NAME] CONFIG.yaml [OPENINGS_FILE] [TIMEOUT, default 24h]
#
# NAME (default: the config's file name without .yaml) names the Jobs
# (arbiter-shards-NAME, arbiter-merge-NAME), the ConfigMap (arbiter-config-NAME)
# and the folder on the volume (/results/NAME), so tournaments never share
# shards. It must be a DNS label: lower-case letters, digits and '-'.
# The script stops as soon as a Job fails (exit 1, with the failed pods' logs),
# and at TIMEOUT (exit 1). The config's openings file, if any, must be given as
# OPENINGS_FILE and be named openings.txt in the config (it sits beside
# tournament.yaml in /config).
#
# Clean-up once the results are copied out (the volume keeps them otherwise):
#   kubectl delete job,configmap -l arbiter/tournament=NAME
set -euo pipefail
usage() { echo "usage: $0 [--name NAME] CONFIG.yaml [OPENINGS_FILE] [TIMEOUT]" >&2; exit 2; }
name=
if [ "${1:-}" = --name ]; then [ $# -ge 2 ] || usage; name=$2; shift 2; fi
[ $# -ge 1 ] || usage
config=$1
[ -n "$name" ] || name=$(basename "$config" .yaml | tr 'A-Z_.' 'a-z--')
if ! [[ "$name" =~ ^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$ ]]; then
  echo "run.sh: tournament name '$name' is not a DNS label (a-z, 0-9, '-', at most 42 characters); give one with --name" >&2
  exit 2
fi
here=$(dirname "$(realpath "$0")")
files=(--from-file=tournament.yaml="$config")
[ -n "${2:-}" ] && files+=(--from-file=openings.txt="$2")
timeout=${3:-24h}
render() { sed "s/TOURNAMENT/$name/g" "$here/$1"; }

if kubectl get job "arbiter-shards-$name" >/dev/null 2>&1; then
  echo "run.sh: job arbiter-shards-$name exists already; delete it first (kubectl delete job,configmap -l arbiter/tournament=$name) or choose another --name" >&2
  exit 1
fi
kubectl create configmap "arbiter-config-$name" "${files[@]}" --dry-run=client -o yaml |
  kubectl label --local -f - "arbiter/tournament=$name" -o yaml | kubectl apply -f -
kubectl apply -f "$here/volume.yaml"

# Waits until job $1 completes (exit 0) or fails (exit 1, logs shown): kubectl
# wait takes one condition, so both are polled.
wait_for() {
  local job=$1 limit=$2 start now state
  start=$(date +%s)
  while :; do
    state=$(kubectl get job "$job" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}')
    case " $state " in
      *" Complete "*) return 0 ;;
      *" Failed "*)
        echo "run.sh: job $job failed; its pods' last lines:" >&2
        kubectl logs -l "job-name=$job" --tail=20 --prefix >&2 || true
        return 1 ;;
    esac
    now=$(date +%s)
    if [ $((now - start)) -ge "$limit" ]; then echo "run.sh: job $job not done after $TIMEOUT_TEXT" >&2; return 1; fi
    sleep "${ARBITER_K8S_POLL_SECONDS:-10}"
  done
}
seconds() {  # 90, 90s, 30m, 24h -> seconds
  case "$1" in *h) echo $(( ${1%h} * 3600 ));; *m) echo $(( ${1%m} * 60 ));; *s) echo "${1%s}";; *) echo "$1";; esac
}
TIMEOUT_TEXT=$timeout
render shards-job.yaml | kubectl apply -f -
wait_for "arbiter-shards-$name" "$(seconds "$timeout")"
render merge-job.yaml | kubectl apply -f -
TIMEOUT_TEXT=1h
wait_for "arbiter-merge-$name" 3600
kubectl logs "job/arbiter-merge-$name"
echo "run.sh: results in /results/$name/merged on the volume arbiter-results"
