#!/usr/bin/env bash
# kill-after.sh N FILE COMMAND...: runs COMMAND and kills it with SIGKILL
# (no chance to clean up) as soon as FILE has N lines. Fails if COMMAND
# ends first.
n=$1 file=$2
shift 2
"$@" 2>/dev/null &
pid=$!
for _ in $(seq 2400); do
  if [[ -f "$file" && $(wc -l < "$file") -ge $n ]]; then
    kill -9 "$pid"
    wait "$pid" 2>/dev/null
    echo "killed after $n candidates"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { echo "finished before the kill"; exit 1; }
  sleep 0.05
done
kill -9 "$pid"
echo "timed out"
exit 1
