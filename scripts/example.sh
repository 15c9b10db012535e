#!/usr/bin/env bash
#===- example.sh - The main job on a bundled example kernel ---------------===#
#
# The main job on a KernelBench kernel (plain func.func on tensors): foundry-opt
# takes it through outlining, workload annotation and the GPU lowering tail
# with the naive schedule, to PTX for sm_90 and, when the CUDA toolkit's ptxas
# is present, to a cubin with its resource usage; then foundry-evolve searches
# schedules for its small variant on the CPU target (this machine may have no
# GPU; the cuda target's results on the H200 are in bench/results/).
#
# Usage: scripts/example.sh [KERNEL.mlir] [OUTDIR]
#   defaults: bench/kernelbench/level1/23_softmax.mlir, out/
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."

KERNEL=${1:-bench/kernelbench/level1/23_softmax.mlir}
OUT=${2:-out}
echo "== set-up and build (the first build takes about 10 minutes on 2 cores; log: $OUT/build.log)"
mkdir -p "$OUT"
if ! bash scripts/build.sh >"$OUT/build.log" 2>&1; then
  tail -n 30 "$OUT/build.log"
  echo "example.sh: the build failed; the full log is $OUT/build.log" >&2
  exit 1
fi
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
OPT="$BUILD_DIR/bin/foundry-opt"
name=$(basename "$KERNEL" .mlir)
mkdir -p "$OUT"

echo "== $KERNEL"
"$OPT" "$KERNEL" --foundry-outline-kernels --foundry-annotate-workload \
  -o "$OUT/$name.kernel.mlir"
grep -o 'foundry.kernel @[a-z_0-9]*\|#foundry.workload<[^>]*>' "$OUT/$name.kernel.mlir"

"$OPT" "$OUT/$name.kernel.mlir" --foundry-to-nvvm \
  --foundry-extract-ptx="output=$OUT/$name.ptx" -o "$OUT/$name.nvvm.mlir"
echo "PTX: $OUT/$name.ptx ($(grep -c '\.visible \.entry' "$OUT/$name.ptx") kernels, $(grep -m1 '^\.target' "$OUT/$name.ptx"))"

PTXAS=$(command -v ptxas || true)
[ -z "$PTXAS" ] && [ -x /usr/local/cuda/bin/ptxas ] && PTXAS=/usr/local/cuda/bin/ptxas
if [ -n "$PTXAS" ]; then
  "$PTXAS" -arch=sm_90 -v "$OUT/$name.ptx" -o "$OUT/$name.cubin" 2>&1 \
    | grep -E "Compiling|registers|spill" | sed 's/^ptxas info *: //'
  echo "cubin: $OUT/$name.cubin"
else
  echo "ptxas not found: PTX written, no cubin (install the CUDA toolkit to assemble)"
fi

# The search, on the CPU target for now: the small variant of the kernel
# (same computation, small shapes) through foundry-evolve.
SMALL="${KERNEL%.mlir}_small.mlir"
if [ -e "$SMALL" ]; then
  echo "== foundry-evolve $SMALL (CPU target, 24 candidates)"
  "$BUILD_DIR/bin/foundry-evolve" "$SMALL" --target cpu --budget-evals 24 \
    --library "$OUT/foundry-library.sqlite" -o "$OUT/evolve" 2>&1 \
    | grep -E '^@|^foundry-evolve: wrote'
  cat "$OUT/evolve/report.md"
fi
