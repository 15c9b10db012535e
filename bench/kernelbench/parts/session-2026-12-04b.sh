#!/usr/bin/env bash
# One device step (H200, 2026-12-04): 60 s harness searches of L1 23 and
# 24 (fresh library) with the reduction expert's cluster proposals for long
# softmax rows. Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
DEADLINE=500 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 400 \
  bench/kernelbench/level1/23_softmax.mlir \
  bench/kernelbench/level1/24_logsoftmax.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
