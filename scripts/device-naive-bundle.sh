#!/usr/bin/env bash
#===- device-naive-bundle.sh - Naive cubins + manifests for a GPU host ----===#
#
# Lowers every bundled KernelBench kernel with the naive schedule into
# device-bundle/naive/: KERNEL.cubin (ptxas, sm_90) and KERNEL.json (launch
# manifest). integration_test/check_naive.py runs them on the GPU host, which
# needs only Python with PyTorch and the CUDA driver (no LLVM/MLIR).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
OUT=device-bundle/naive
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
rm -rf "$OUT" && mkdir -p "$OUT"
for f in bench/kernelbench/level*/*.mlir; do
  name=$(basename "$f" .mlir)
  "$BUILD_DIR/bin/foundry-opt" "$f" --foundry-outline-kernels --foundry-annotate-workload \
    --foundry-to-nvvm="manifest=$OUT/$name.json" \
    --foundry-extract-ptx="output=$OUT/$name.ptx" -o /dev/null
  "$PTXAS" -arch=sm_90 "$OUT/$name.ptx" -o "$OUT/$name.cubin"
  echo "bundled $name"
done
cp integration_test/check_naive.py "$OUT/"
