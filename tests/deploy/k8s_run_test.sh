#!/usr/bin/env bash
# deploy/kubernetes/run.sh against a scripted kubectl (no cluster here): it
# names every object and folder after the tournament, refuses a name that is no
# DNS label, stops at once when the shards' Job fails (exit 1, no merge), and
# runs the merge only after the shards completed.
# usage: k8s_run_test.sh SOURCE_DIR
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
# The fake kubectl logs each call and every manifest it is given, and reports
# the condition in $work/state.<job> (Complete or Failed) for `get job -o jsonpath`.
cat > "$work/bin/kubectl" <<'FAKE'
#!/usr/bin/env bash
echo "kubectl $*" >> "$FAKE_DIR/calls"
case "$1 $2" in
  "create configmap") echo "apiVersion: v1"; echo "kind: ConfigMap"; echo "metadata: {name: $3}" ;;
  "label --local") cat ;;
  "apply -f") if [ "$3" = - ]; then cat >> "$FAKE_DIR/applied"; else cat "$3" >> "$FAKE_DIR/applied"; fi; echo "---" >> "$FAKE_DIR/applied" ;;
  "get job")
    job=$3
    if [ "${4:-}" != "-o" ]; then [ -f "$FAKE_DIR/exists.$job" ]; exit; fi
    cat "$FAKE_DIR/state.$job" 2>/dev/null || true ;;
  "logs "*) echo "log of $*" ;;
esac
FAKE
chmod +x "$work/bin/kubectl"
export PATH="$work/bin:$PATH" FAKE_DIR="$work" ARBITER_K8S_POLL_SECONDS=0
printf 'event: x\n' > "$work/Chess_Gauntlet.v2.yaml"
fail() { echo "FAIL: $*"; echo "--- calls"; cat "$work/calls" 2>/dev/null; exit 1; }
passed=0

# 1. Success: names from the config's file name, merge after the shards.
echo "Complete " > "$work/state.arbiter-shards-chess-gauntlet-v2"
echo "Complete " > "$work/state.arbiter-merge-chess-gauntlet-v2"
bash "$src/deploy/kubernetes/run.sh" "$work/Chess_Gauntlet.v2.yaml" > "$work/out" 2>&1 || fail "run.sh failed: $(cat "$work/out")"
grep -q "name: arbiter-shards-chess-gauntlet-v2" "$work/applied" || fail "shards Job not named after the tournament"
grep -q "name: arbiter-merge-chess-gauntlet-v2" "$work/applied" || fail "merge Job not named after the tournament"
grep -q "out=/results/chess-gauntlet-v2/shard-" "$work/applied" || fail "shard folders not under the tournament's folder"
grep -q "name: arbiter-config-chess-gauntlet-v2" "$work/applied" || fail "ConfigMap not named after the tournament"
! grep -q "TOURNAMENT" "$work/applied" || fail "a template word was left in a manifest"
shards_line=$(grep -n "arbiter-shards-chess-gauntlet-v2" "$work/applied" | head -1 | cut -d: -f1)
merge_line=$(grep -n "arbiter-merge-chess-gauntlet-v2" "$work/applied" | head -1 | cut -d: -f1)
[ "$shards_line" -lt "$merge_line" ] || fail "merge applied before the shards"
passed=$((passed + 1))

# 2. A failed shards Job: exit 1 at once, its logs shown, no merge applied.
rm -f "$work/applied" "$work/calls"
echo "Failed " > "$work/state.arbiter-shards-t2"
if timeout 20 bash "$src/deploy/kubernetes/run.sh" --name t2 "$work/Chess_Gauntlet.v2.yaml" > "$work/out" 2>&1; then
  fail "run.sh succeeded although the shards failed"
fi
grep -q "job arbiter-shards-t2 failed" "$work/out" || fail "no failure message: $(cat "$work/out")"
grep -q "logs -l job-name=arbiter-shards-t2" "$work/calls" || fail "failed pods' logs not shown"
! grep -q "arbiter-merge" "$work/applied" || fail "merge applied after a failure"
passed=$((passed + 1))

# 3. A bad name, and a tournament whose Jobs exist already: refused before anything is applied.
rm -f "$work/applied"
set +e
bash "$src/deploy/kubernetes/run.sh" --name "Bad_Name" "$work/Chess_Gauntlet.v2.yaml" > "$work/out" 2>&1; rc=$?
set -e
[ $rc -eq 2 ] || fail "bad name: exit $rc, expected 2"
grep -q "not a DNS label" "$work/out" || fail "bad name: no message"
touch "$work/exists.arbiter-shards-t3"
set +e
bash "$src/deploy/kubernetes/run.sh" --name t3 "$work/Chess_Gauntlet.v2.yaml" > "$work/out" 2>&1; rc=$?
set -e
[ $rc -eq 1 ] || fail "existing Job: exit $rc, expected 1"
grep -q "exists already" "$work/out" || fail "existing Job: no message"
[ ! -e "$work/applied" ] || fail "something applied although refused"
passed=$((passed + 1))

echo "$passed passed, 0 failed"
