#!/usr/bin/env bash
#===- check_npy_f64.sh - GPU results against the f64 CPU reference --------===#
#
# The second reference of issue 4, run where MLIR is (the development
# machine): for every small-shape candidate that run_candidates.sh judged on
# the GPU, foundry-cpu-run --check-npy computes the kernel in f64 on the
# CPU from the same inputs (.npy) and checks the GPU's outputs against it, so
# a miscompile shared by a schedule and the naive schedule still shows.
# Usage: check_npy_f64.sh RESULTS_DIR (holding small.txt and small-npy/).
# Prints one line per candidate and a summary; exits non-zero on a mismatch.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."
DIR=${1:?usage: check_npy_f64.sh RESULTS_DIR}
BIN=${FOUNDRY_BUILD_DIR:-build}/bin
passed=0 failed=0 index=0
while read -r candidate _; do
  stem=$(basename "$candidate"); stem=${stem%%.*}
  kernel=$(ls bench/kernelbench/level*/"$stem".mlir bench/kernelbench/odd/"$stem".mlir \
              test/Examples/Inputs/"$stem".mlir 2>/dev/null | head -1)
  npy="$DIR/small-npy/$index"
  index=$((index + 1))
  if [[ -z "$kernel" || ! -e "$npy/output0.npy" ]]; then
    echo "SKIP $(basename "$candidate") (no kernel source or no .npy)"
    continue
  fi
  if out=$("$BIN/foundry-cpu-run" "$kernel" --check-npy="$npy" --reference=f64 2>&1); then
    passed=$((passed + 1))
    echo "PASS $(basename "$candidate") $(echo "$out" | grep -o 'max_abs_err=[^ ]*' | head -1)"
  else
    failed=$((failed + 1))
    echo "FAIL $(basename "$candidate"): $out"
  fi
done < "$DIR/small.txt"
echo "f64 CPU reference: $passed passed, $failed failed"
exit $((failed > 0))
