#!/usr/bin/env bash
#===- device-harness.sh - KernelBench harness on every GPU of a host ------===#
#
# Runs on a GPU host from the repository root, with device-bundle/evolve
# built by scripts/device-evolve-bundle.sh:
#
#   bash bench/kernelbench/device-harness.sh RESULTS BUDGET STOP_AFTER \
#       [PROBLEM.mlir ...]
#
# Starts one bench/kernelbench/harness.py per GPU (CUDA_VISIBLE_DEVICES=K,
# --shard K/N) on the problems given (default: all), with --budget BUDGET
# and --stop-after STOP_AFTER seconds, all writing into RESULTS. The
# experience library travels as xz-compressed text: RESULTS/library.yaml.xz
# (or an uncompressed RESULTS/library.yaml) is imported into a fresh
# RESULTS/library.sqlite before the run (if present) and exported after it
# as RESULTS/library.yaml.xz, so the next run starts from what this one
# learned (compressed, a tenth of the size: the working tree and the tools
# travel to a GPU host in 64 MiB). Ends with the report RESULTS.md /
# RESULTS.json.
#
# With DEADLINE=SECONDS in the environment, a harness still running after
# that many seconds is interrupted (its current problem is lost, finished
# ones are kept), so the library export and the report still happen inside a
# machine's time limit.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/../.."
if [[ $# -lt 3 ]]; then
  echo "usage: $0 RESULTS BUDGET STOP_AFTER [PROBLEM.mlir ...]" >&2
  exit 2
fi
RESULTS=$1 BUDGET=$2 STOP_AFTER=$3
shift 3
mkdir -p "$RESULTS"
LIBRARY=$RESULTS/library.sqlite
bash scripts/device-run.sh true || exit 1  # unpack the tools once
rm -f "$LIBRARY" "$LIBRARY"-wal "$LIBRARY"-shm
if [[ -f "$RESULTS/library.yaml.xz" ]]; then
  xz -dc "$RESULTS/library.yaml.xz" > "$RESULTS/library.yaml" &&
    rm "$RESULTS/library.yaml.xz"
fi
# A library that does not import (written by another version, damaged)
# costs the searches their head start, not the run: they start empty, and
# the export at the end replaces it.
# The export at the end writes library.yaml anew, so a file that did not
# import is first moved aside, never overwritten: what it holds is kept.
if [[ -f "$RESULTS/library.yaml" ]] &&
   ! bash scripts/device-run.sh foundry-library import --library "$LIBRARY" \
       "$RESULTS/library.yaml"; then
  KEPT="$RESULTS/library.unimported-$(date -u +%Y%m%dT%H%M%SZ).yaml"
  mv "$RESULTS/library.yaml" "$KEPT"
  echo "warning: $RESULTS/library.yaml did not import; starting without a library (the file is kept as $KEPT)" >&2
  rm -f "$LIBRARY" "$LIBRARY"-wal "$LIBRARY"-shm
fi
GPUS=$(nvidia-smi -L | wc -l)
echo "$GPUS GPU(s); budget $BUDGET per problem; no new problem after $STOP_AFTER s"
for ((gpu = 0; gpu < GPUS; ++gpu)); do
  CUDA_VISIBLE_DEVICES=$gpu PYTHONUNBUFFERED=1 \
    timeout -s INT -k 20 "${DEADLINE:-infinity}" python3 \
    bench/kernelbench/harness.py "$RESULTS" "$@" --budget "$BUDGET" \
    --shard "$gpu/$GPUS" --stop-after "$STOP_AFTER" \
    > "$RESULTS/harness-gpu$gpu.log" 2>&1 &
done
wait
cat "$RESULTS"/harness-gpu*.log | grep -v "done earlier, skipped"
rm -f "$RESULTS"/harness-gpu*.log
bash scripts/device-run.sh foundry-library export --library "$LIBRARY" \
  -o "$RESULTS/library.yaml" &&
  xz -9 -f "$RESULTS/library.yaml"
rm -f "$LIBRARY" "$LIBRARY"-wal "$LIBRARY"-shm
python3 bench/kernelbench/harness.py "$RESULTS" --report-only \
  --report "$RESULTS" > /dev/null
