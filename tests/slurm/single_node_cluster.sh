# A private single-node SLURM cluster for tests, from Debian's packages
# (slurmctld slurmd slurm-client munge), without systemd or cgroups. Source
# this file, then: cluster_up DIR (exports SLURM_CONF), ..., cluster_down DIR.
# Everything lives in DIR (config, state, spool, logs, munge key and socket);
# the two daemons listen on free ports, so several clusters can run at once.
# Must run as root: slurmd starts the jobs as the user who submitted them.
# DIR and the folders above it must be searchable by all (munged checks).

cluster_missing_commands() {
  local c missing=()
  for c in slurmctld slurmd sbatch squeue sinfo scontrol munged mungekey; do
    command -v "$c" >/dev/null 2>&1 || missing+=("$c")
  done
  echo "${missing[*]}"
}

# A TCP port nobody listens on (from /proc/net/tcp*, state 0A = LISTEN).
cluster_free_port() {
  local port hex
  while :; do
    port=$((20000 + RANDOM % 40000))
    hex=$(printf '%04X' "$port")
    if ! awk -v h=":$hex" '$2 ~ h"$" && $4 == "0A" {found=1} END {exit !found}' /proc/net/tcp /proc/net/tcp6 2>/dev/null; then
      echo "$port"
      return
    fi
  done
}

cluster_log_tail() {
  local dir=$1 f
  for f in "$dir"/log/*.log; do
    [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }
  done
}

cluster_up() {
  local dir=$1 host cpus
  host=$(hostname -s)
  cpus=$(nproc)
  mkdir -p "$dir"/{state,spool,log,run}
  # munged refuses a socket folder other than 755 and a key folder other than 700.
  mkdir -p "$dir/munge/socket" "$dir/munge/key"
  chmod 755 "$dir" "$dir/munge" "$dir/munge/socket"
  chmod 700 "$dir/munge/key"
  mungekey --create --keyfile="$dir/munge/key/munge.key" >/dev/null
  munged --socket="$dir/munge/socket/munge.socket" --key-file="$dir/munge/key/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" || {
    echo "cluster_up: munged did not start" >&2; cluster_log_tail "$dir" >&2; return 1; }

  local ctld_port slurmd_port
  ctld_port=$(cluster_free_port)
  slurmd_port=$(cluster_free_port)
  while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(cluster_free_port); done
  cat >"$dir/slurm.conf" <<CONF
ClusterName=arbitertest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  # Clients must talk to this cluster only, whatever the caller's environment says.
  local v
  for v in $(compgen -e | grep '^SLURM_' || true); do unset "$v"; done
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -c -f "$SLURM_CONF" || { echo "cluster_up: slurmctld did not start" >&2; cluster_log_tail "$dir" >&2; return 1; }
  slurmd -f "$SLURM_CONF" || { echo "cluster_up: slurmd did not start" >&2; cluster_log_tail "$dir" >&2; return 1; }
  local i state
  for i in $(seq 1 300); do
    state=$(sinfo -h -o %T 2>/dev/null || true)
    [ "$state" = "idle" ] && return 0
    sleep 0.1
  done
  echo "cluster_up: the node did not become idle in 30 s (sinfo says '$state')" >&2
  cluster_log_tail "$dir" >&2
  return 1
}

# Waits until none of the jobs is queued or running (at most $2 seconds).
cluster_wait_jobs() {
  local jobs=$1 limit=$2 start=$SECONDS
  while [ -n "$(squeue -h -j "$jobs" 2>/dev/null)" ]; do
    if [ $((SECONDS - start)) -ge "$limit" ]; then
      echo "cluster_wait_jobs: jobs $jobs still queued or running after $limit s:" >&2
      squeue -j "$jobs" >&2 || true
      return 1
    fi
    sleep 0.2
  done
}

cluster_stop_pid() {
  local file=$1 pid i
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  [ -n "$pid" ] || return 0
  for i in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
}

cluster_down() {
  local dir=$1
  [ -f "$dir/slurm.conf" ] && SLURM_CONF="$dir/slurm.conf" scontrol shutdown >/dev/null 2>&1 || true
  cluster_stop_pid "$dir/run/slurmctld.pid"
  # scontrol shutdown stops slurmd too; only what did not stop in 10 s is killed.
  cluster_stop_pid "$dir/run/slurmd.pid"
  [ -S "$dir/munge/socket/munge.socket" ] && munged -s --socket="$dir/munge/socket/munge.socket" >/dev/null 2>&1 || true
  cluster_stop_pid "$dir/munge/munged.pid"
}
