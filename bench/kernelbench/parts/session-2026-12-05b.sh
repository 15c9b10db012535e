#!/usr/bin/env bash
# One device step (2026-12-05): L1 23 and 24 through foundry-approx-math
# (approx-math.tsv); the online split and launch bounds of the session
# before (online-split.tsv, min-blocks.tsv); the DRAM traffic of the
# softmax cluster under ncu (profile.tsv). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version,memory.total --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
python3 bench/kernelbench/parts/torch-ceilings.py copy > "$OUT/copy.txt" 2>&1
for list in approx-math online-split min-blocks; do
  bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
    "bench/kernelbench/parts/$list.tsv" > "$OUT/$list.txt" 2>&1
done
bash scripts/device-run.sh bash bench/kernelbench/parts/profile-schedules.sh \
  bench/kernelbench/parts/profile.tsv > "$OUT/profile.txt" 2>&1
