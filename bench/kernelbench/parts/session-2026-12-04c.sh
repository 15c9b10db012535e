#!/usr/bin/env bash
# One device step (H200, 2026-12-04): a 60 s harness search of L1 42
# (2-D max-pool) with the windowed-rows rule for 2-D pools (5518ec7),
# fresh library. Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
DEADLINE=300 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 200 \
  bench/kernelbench/level1/42_max_pooling_2d.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
