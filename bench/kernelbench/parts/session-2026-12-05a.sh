#!/usr/bin/env bash
# One device step (H200, planned 2026-12-04 and not run then: no device was
# lent; carried to the next session with one): L1 23 and 24 through
# foundry-split-reduction{online=true} for the softmax clusters, and
# 16-block clusters with foundry-launch-bounds{min-blocks=2}, which must
# reproduce the hand-edited PTX of 2026-12-04 (5.23 ms)
# (online-split.tsv). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/online-split.tsv > "$OUT/online-split.txt" 2>&1
