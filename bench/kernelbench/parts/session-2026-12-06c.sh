#!/usr/bin/env bash
# One device step, 2026-12-06: issue 5's acceptance searches of the example
# kernels of bench/results/2026-11-29-h200-evolve.md with today's code
# (foundry-evolve, default settings, 60 s each, PyTorch eager and
# torch.compile timed in the same run), and the first runs of the
# tensor-core peaks the runner now measures (wgmma f16 and tf32: the
# ceilings.json of each search). GROUP a: the memory-bound kernels; b: the
# GEMM-based ones and cross-entropy. A kernel is not started past 420 s.
# Results under $OUT (at most 8 files).
set -u
cd "$(dirname "$0")/../../.."
K1=bench/kernelbench/level1 K2=bench/kernelbench/level2
case "${1:-a}" in
  a) KERNELS="$K1/19_relu.mlir $K1/23_softmax.mlir $K1/36_rmsnorm.mlir $K1/88_mingptnewgelu.mlir $K1/47_sum_reduction_over_a_dimension.mlir" ;;
  b) KERNELS="$K1/1_square_matmul.mlir $K2/12_gemm_multiply_leakyrelu.mlir $K2/9_matmul_subtract_multiply_relu.mlir $K2/99_matmul_gelu_softmax.mlir $K1/95_cross_entropy_loss.mlir" ;;
  *) echo "usage: $0 a|b" >&2; exit 2 ;;
esac
start=$(date +%s)
{ nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv
  cat device-bundle/evolve/COMMIT
  python3 bench/kernelbench/parts/torch-ceilings.py copy; } > "$OUT/gpu.txt" 2>&1
W=$(mktemp -d)
mkdir -p "$W/evolve"
PYTHONUNBUFFERED=1 python3 bench/torch_baseline.py $KERNELS \
  -o "$W/evolve/torch.json" > "$W/torch.log" 2>&1
for kernel in $KERNELS; do
  if (( $(date +%s) - start > 420 )); then
    echo "== $kernel: not started (past 420 s)"
    continue
  fi
  FOUNDRY_SKIP_TORCH=1 bash bench/h200_evolve.sh "$W/evolve" 60s "$kernel"
done > "$OUT/evolve.log" 2>&1
cp "$W/torch.log" "$OUT/torch.log"
cp "$W/evolve/summary.md" "$OUT/summary.md" 2>/dev/null
find "$W/evolve" -name ceilings.json | sort | while read -r f; do
  echo "== $f"; cat "$f"; echo; done > "$OUT/ceilings.txt"
tar -C "$W" -czf "$OUT/evolve.tar.gz" --exclude='*.cubin' evolve
echo "total $(( $(date +%s) - start )) s" >> "$OUT/evolve.log"
