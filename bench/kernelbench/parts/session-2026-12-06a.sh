#!/usr/bin/env bash
# One device step (planned 2026-12-06; the session's device time was spent):
# L1 23's cluster shapes with the reuse of the first pass's loads
# (cluster-shapes.tsv), and the first GPU run of foundry-mma's f16 path
# (f16-gemm.tsv, bf16 too: correctness against the f64 naive schedule, then time),
# and cuBLAS's f16 GEMM through PyTorch.
# Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
python3 bench/kernelbench/parts/torch-ceilings.py copy > "$OUT/copy.txt" 2>&1
for list in cluster-shapes f16-gemm; do
  bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
    "bench/kernelbench/parts/$list.tsv" > "$OUT/$list.txt" 2>&1
done
# cuBLAS's f16 and bf16 GEMMs of the same shape through PyTorch (16-bit
# results: PyTorch has no f16 x f16 -> f32 matmul), CUDA events, median of 30 after 5 warm-up.
python3 bench/kernelbench/parts/torch-ceilings.py half-gemm > "$OUT/torch-f16-gemm.txt" 2>&1
