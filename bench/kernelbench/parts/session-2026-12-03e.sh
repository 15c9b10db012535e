#!/usr/bin/env bash
# One device step (H200, 2026-12-03, third session): avg-pool-rows.tsv
# (the windowed-rows rule on L1 44, the reverted vectorizer on L1 41), then
# a 60 s search of L1 44 with the harness (fresh library). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/avg-pool-rows.tsv > "$OUT/avg-pool-rows.txt" 2>&1
DEADLINE=200 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 60 \
  bench/kernelbench/level1/44_average_pooling_1d.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
