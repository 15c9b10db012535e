#!/usr/bin/env bash
# kill-rank.sh RANK N FILE COMMAND...: runs COMMAND (an mpirun of
# foundry-evolve) and, once FILE (rank 0's history.jsonl) holds N candidates
# of rank RANK, kills that rank's process with SIGKILL (no chance to clean
# up). Then waits for COMMAND and prints its exit status. Fails if COMMAND
# ends first.
rank=$1 n=$2 file=$3
shift 3
"$@" 2>/dev/null &
pid=$!
# The rank's process: Open MPI names its rank in its environment; the
# children it forks (CPU runs of candidates) inherit it, so the one whose
# parent is not among them.
rank_pid() {
  local pids=() p
  for p in $(pgrep -f foundry-evolve); do
    { tr '\0' '\n' < "/proc/$p/environ"; } 2>/dev/null |
      grep -qx "OMPI_COMM_WORLD_RANK=$rank" && pids+=("$p")
  done
  for p in "${pids[@]}"; do
    parent=$({ awk '{print $4}' "/proc/$p/stat"; } 2>/dev/null)
    [[ " ${pids[*]} " == *" $parent "* ]] || { echo "$p"; return; }
  done
}
for _ in $(seq 2400); do
  if [[ -f "$file" ]] &&
     [[ $(grep -c "\"rank\":$rank," "$file") -ge $n ]]; then
    victim=$(rank_pid)
    [[ -n "$victim" ]] || { echo "no process of rank $rank"; exit 1; }
    kill -9 "$victim"
    echo "killed rank $rank"
    wait "$pid"
    echo "exit status $?"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { echo "finished before the kill"; exit 1; }
  sleep 0.05
done
kill -9 "$pid"
echo "timed out"
exit 1
