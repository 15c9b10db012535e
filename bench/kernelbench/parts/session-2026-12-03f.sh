#!/usr/bin/env bash
# One device step (H200, 2026-12-03, third session): L1 42 thread-tile
# probes (pool2d-rows.tsv), then 60 s harness searches of L1 34, 35, 38 and
# 39 (fresh library), whose table rows predate the Welford passes. Results
# under $OUT.
set -u
cd "$(dirname "$0")/../../.."
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/pool2d-rows.tsv > "$OUT/pool2d-rows.txt" 2>&1
DEADLINE=480 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 330 \
  bench/kernelbench/level1/34_instancenorm.mlir \
  bench/kernelbench/level1/35_groupnorm.mlir \
  bench/kernelbench/level1/38_l1norm.mlir \
  bench/kernelbench/level1/39_l2norm.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
