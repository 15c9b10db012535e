#!/usr/bin/env bash
# One device step (2026-12-06): foundry-mma's f16 and bf16 GEMMs again
# (f16-gemm.tsv), after session-2026-12-06a found them correct but failed
# by the precision integrity check (f16/bf16 mma on a 3xtf32 kernel, whose
# inputs are themselves f16/bf16: now allowed). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/f16-gemm.tsv > "$OUT/f16-gemm.txt" 2>&1
