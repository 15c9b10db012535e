#!/usr/bin/env bash
#===- wgmma-half.sh - wgmma on f16/bf16 GEMMs against cuBLAS, one call ----===#
#
# On the GPU host, from the repository root, with PRE a folder that
#   FOUNDRY_TARGET=sm_90a bash scripts/precompile-schedules.sh \
#     bench/kernelbench/parts/wgmma-half.tsv PRE
# filled on the development machine:
#   bash bench/mma/wgmma-half.sh PRE OUT [LIST]
# (LIST: a part of the list, default all of it.)
# (foundry-run from PRE or from PATH, e.g. through scripts/device-run.sh.)
# Writes OUT/gpu.txt, OUT/torch.txt (cuBLAS through PyTorch) and
# OUT/schedules.txt (each schedule verified against the f64 reference and
# timed by foundry-run), all in one call on one card.
#
#===----------------------------------------------------------------------===#
set -u
PRE=$(cd "$1" && pwd) OUT=$2
LIST=${3:-bench/kernelbench/parts/wgmma-half.tsv}
cd "$(dirname "$0")/../.."
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$OUT/gpu.txt"
python3 bench/mma/torch-gemm.py > "$OUT/torch.txt" 2>&1
PATH=$PRE:$PATH FOUNDRY_PRECOMPILED=$PRE \
  bash bench/kernelbench/parts/time-schedules.sh \
  "$LIST" > "$OUT/schedules.txt" 2>&1
python3 bench/mma/torch-gemm.py > "$OUT/torch-after.txt" 2>&1
cat "$OUT/gpu.txt" "$OUT/torch.txt" "$OUT/schedules.txt" "$OUT/torch-after.txt"
