#!/usr/bin/env bash
# One device step (H200, 2026-12-04, second session): L1 23 with its
# division by the row sum as a multiplication by the reciprocal, and the
# cluster schedules with the output loop unrolled (softmax-reciprocal.tsv).
# Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/softmax-reciprocal.tsv > "$OUT/softmax-reciprocal.txt" 2>&1
