#!/usr/bin/env bash
# One device step, 2026-12-06: elementwise epilogues fused into mma.sync
# and wgmma tiles (mma-epilogue.tsv: correctness against f64 and time,
# against the same GEMMs with the epilogue as a kernel of its own).
# Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
{ nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv
  cat device-bundle/evolve/COMMIT; } > "$OUT/gpu.txt" 2>&1
FOUNDRY_TARGET=sm_90a bash scripts/device-run.sh bash \
  bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/mma-epilogue.tsv > "$OUT/mma-epilogue.txt" 2>&1
