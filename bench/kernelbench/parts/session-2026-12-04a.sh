#!/usr/bin/env bash
# One device step (H200, 2026-12-04): L1 23 and 24 with a row's parts as
# one thread-block cluster (foundry-split-reduction{cluster=true}) against
# the table's bests (TSV names the list under parts/, default
# cluster-softmax.tsv). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/${TSV:-cluster-softmax.tsv} > "$OUT/${TSV:-cluster-softmax.tsv}.txt" 2>&1
