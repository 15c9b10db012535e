#!/usr/bin/env bash
# One device step (H200, 2026-12-04, fifth session): L1 23 through
# foundry-invert-divisors, and 2 blocks per SM for 16-block clusters
# (min-blocks.tsv; the 4th column edits the PTX). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/min-blocks.tsv > "$OUT/min-blocks.txt" 2>&1
