#!/usr/bin/env bash
# One device step (2026-12-05): the cluster schedules of L1 23 and 24 with
# foundry-reuse-read-only-loads (reuse-loads.tsv), and their DRAM bytes
# under ncu (profile-reuse.tsv); a 60 s search of L1 23. Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version,memory.total --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/reuse-loads.tsv > "$OUT/reuse-loads.txt" 2>&1
bash scripts/device-run.sh bash bench/kernelbench/parts/profile-schedules.sh \
  bench/kernelbench/parts/profile-reuse.tsv > "$OUT/profile-reuse.txt" 2>&1
# Then a 60 s harness search of L1 23 (fresh library), the reduction
# expert proposing the online cluster split.
DEADLINE=240 bash bench/kernelbench/device-harness.sh "$OUT/search" 60s 200 \
  bench/kernelbench/level1/23_softmax.mlir > "$OUT/search.txt" 2>&1
rm -f "$OUT"/search/library.sqlite*
