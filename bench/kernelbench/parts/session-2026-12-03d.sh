#!/usr/bin/env bash
# One device step (H200, 2026-12-03, third session): fixed schedules of
# masked-tiles.tsv (ragged thread tiles under masks), then 60 s searches of
# L1 44 and L1 41 with the harness (fresh library). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/masked-tiles.tsv > "$OUT/masked-tiles.txt" 2>&1
DEADLINE=260 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 110 \
  bench/kernelbench/level1/44_average_pooling_1d.mlir \
  bench/kernelbench/level1/41_max_pooling_1d.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
