#!/usr/bin/env bash
# Runs one tournament on Kubernetes: the config as a ConfigMap, the shared
# volume, the Indexed Job of shards, then (when all shards have completed) the
# merge Job. The results stay on the volume arbiter-results, in merged/.
#
#   deploy/kubernetes/run.sh CONFIG.yaml [OPENINGS_FILE] [TIMEOUT, default 24h]
#
# The config's openings file, if any, must be given as OPENINGS_FILE and be
# named openings.txt in the config (it sits beside tournament.yaml in /config).
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 CONFIG.yaml [OPENINGS_FILE] [TIMEOUT]" >&2
  exit 2
fi
here=$(dirname "$(realpath "$0")")
files=(--from-file=tournament.yaml="$1")
[ -n "${2:-}" ] && files+=(--from-file=openings.txt="$2")
timeout=${3:-24h}

kubectl create configmap arbiter-config "${files[@]}" --dry-run=client -o yaml | kubectl apply -f -
kubectl apply -f "$here/volume.yaml"
kubectl apply -f "$here/shards-job.yaml"
kubectl wait --for=condition=complete job/arbiter-shards --timeout="$timeout"
kubectl apply -f "$here/merge-job.yaml"
kubectl wait --for=condition=complete job/arbiter-merge --timeout=1h
kubectl logs job/arbiter-merge
