#!/usr/bin/env bash
# One device step (2026-12-05): 60 s harness searches of L1 23 and 24
# (fresh library) with foundry-approx-math among the proposals' kernel
# rewrites. Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
DEADLINE=500 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 400 \
  bench/kernelbench/level1/23_softmax.mlir \
  bench/kernelbench/level1/24_logsoftmax.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
