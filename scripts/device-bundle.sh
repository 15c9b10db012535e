#!/usr/bin/env bash
#===- device-bundle.sh - Cubins + manifests of the examples for a GPU host -===#
#
# Lowers every bundled KernelBench kernel into device-bundle/cubins/ with the
# naive schedule (KERNEL.naive.{ptx,cubin,json}) and with each schedule that
# bench/kernelbench/schedules.txt lists for it, examples and their precision
# variants in bench/kernelbench/variants (KERNEL.sN.{...}, plus
# KERNEL.sN.schedule holding the schedule text), and the small shapes and
# op-family test inputs under the five reference schedules (KERNEL.fixedN). integration_test/
# check_cubins.py runs them on the GPU host, which needs only Python with
# PyTorch and the CUDA driver (no LLVM/MLIR); so does foundry-run, bundled
# with integration_test/run_candidates.sh.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
OUT=device-bundle/cubins
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
rm -rf "$OUT" && mkdir -p "$OUT"

# lower FILE SCHEDULE OUTNAME
lower() {
  local pipeline="builtin.module(foundry-outline-kernels,foundry.kernel(foundry-annotate-workload),"
  [[ -n "$2" ]] && pipeline+="$2,"
  pipeline+="foundry-to-nvvm{manifest=$OUT/$3.json},foundry-extract-ptx{output=$OUT/$3.ptx})"
  "$BUILD_DIR/bin/foundry-opt" "$1" --pass-pipeline="$pipeline" -o /dev/null
  "$PTXAS" -arch=sm_90 "$OUT/$3.ptx" -o "$OUT/$3.cubin"
  [[ -n "$2" ]] && printf '%s\n' "$2" > "$OUT/$3.schedule"
  echo "bundled $3"
}

# lower_listed FILE STEM: every schedule bench/kernelbench/schedules.txt
# lists for STEM, as STEM.sN.
lower_listed() {
  local n=0 name schedule
  while read -r name schedule; do
    [[ "$name" == "$2" ]] || continue
    n=$((n + 1))
    lower "$1" "$schedule" "$2.s$n"
  done < <(grep -v '^#' bench/kernelbench/schedules.txt)
}

for f in bench/kernelbench/level*/*.mlir bench/kernelbench/variants/*.mlir; do
  stem=$(basename "$f" .mlir)
  # Variants differ from their example only in the precision contract.
  [[ "$f" == */variants/* ]] || lower "$f" "" "$stem.naive"
  lower_listed "$f" "$stem"
done
# The small and odd shapes (ragged for every tile size) and the op-family
# test inputs
# under the five reference schedules of schedule_check.py.
mapfile -t FIXED < <(python3 scripts/schedule_check.py list)
for f in bench/kernelbench/level*/*_small.mlir bench/kernelbench/odd/*.mlir \
         test/Examples/Inputs/*.mlir; do
  stem=$(basename "$f" .mlir)
  [[ -e "$OUT/$stem.naive.cubin" ]] || lower "$f" "" "$stem.naive"
  for i in "${!FIXED[@]}"; do
    lower "$f" "${FIXED[$i]}" "$stem.fixed$i"
  done
  lower_listed "$f" "$stem"
done
cp integration_test/check_cubins.py "$OUT/"
# The runtime: foundry-run (static LLVMSupport, no MLIR: it runs on a bare
# GPU host), the candidates that must be rejected, and the batch script.
if [[ -x "$BUILD_DIR/bin/foundry-run" ]]; then
  mkdir -p device-bundle/bin device-bundle/cheats
  cp "$BUILD_DIR/bin/foundry-run" device-bundle/bin/
  cp integration_test/cheats/* device-bundle/cheats/
  cp integration_test/run_candidates.sh integration_test/run_cheats.sh \
    device-bundle/
fi
