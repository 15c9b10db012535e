#!/usr/bin/env bash
# One device step (H200, 2026-12-03): the Welford norms with the
# approximate per-element division, the wgmma re-times, then 60 s searches
# of L1 33 and L1 87 with the harness (fresh library). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/welford-afn.tsv > "$OUT/welford-afn.txt" 2>&1
FOUNDRY_TARGET=sm_90a bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/wgmma-retime.tsv > "$OUT/wgmma-retime.txt" 2>&1
DEADLINE=230 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 70 \
  bench/kernelbench/level1/33_batchnorm.mlir \
  bench/kernelbench/level1/87_conv_pointwise_2d.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
