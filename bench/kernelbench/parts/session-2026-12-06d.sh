#!/usr/bin/env bash
# One device step, 2026-12-06: elementwise epilogues fused into mma.sync
# and wgmma tiles (mma-epilogue.tsv: correctness against f64 and time,
# against the same GEMMs with the epilogue as a kernel of its own).
# Precompiled on the development machine:
#   FOUNDRY_TARGET=sm_90a bash scripts/precompile-schedules.sh \
#     bench/kernelbench/parts/mma-epilogue.tsv device-bundle/light
# and run with foundry-run alone (carry device-bundle/light). Results
# under $OUT.
set -u
cd "$(dirname "$0")/../../.."
LIGHT=$PWD/device-bundle/light
{ nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv
  cat "$LIGHT/COMMIT"; } > "$OUT/gpu.txt" 2>&1
PATH=$LIGHT:$PATH FOUNDRY_PRECOMPILED=$LIGHT bash \
  bench/kernelbench/parts/time-schedules.sh \
  bench/kernelbench/parts/mma-epilogue.tsv > "$OUT/mma-epilogue.txt" 2>&1
