#!/usr/bin/env bash
# One device step (2026-12-05): the cluster schedules of L1 23 and 24 with
# foundry-reuse-read-only-loads (reuse-loads.tsv), and their DRAM bytes
# under ncu (profile-reuse.tsv). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version,memory.total --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/reuse-loads.tsv > "$OUT/reuse-loads.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/profile-schedules.sh \
  bench/kernelbench/parts/profile-reuse.tsv > "$OUT/profile-reuse.txt" 2>&1
