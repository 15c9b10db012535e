#!/usr/bin/env bash
#===- bench-compile-rate.sh - Candidates compiled to cubin per second -----===#
#
# The search's compile budget on this machine: foundry-compile builds every
# example kernel (full KernelBench shapes) under the naive schedule and the
# five reference schedules of schedule_check.py, through ptxas to a cubin,
# first on 1 thread then on all hardware threads, and prints candidates/s.
# A benchmark, not a test: it only prints figures.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
REPEAT=${REPEAT:-3}
list=$(mktemp)
trap 'rm -f "$list"' EXIT
{ echo naive; python3 scripts/schedule_check.py list; } > "$list"
echo "machine: $(nproc) hardware threads, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "ptxas: $(ptxas --version 2>/dev/null | tail -1 || echo none)"
for jobs in 1 "$(nproc)"; do
  for f in bench/kernelbench/level*/*.mlir; do
    [[ "$f" == *_small.mlir ]] && continue
    printf '%-45s j=%s: ' "$(basename "$f")" "$jobs"
    "$BUILD_DIR/bin/foundry-compile" "$f" --schedules="$list" -j "$jobs" \
      --repeat "$REPEAT" 2>&1 >/dev/null | grep -o '[0-9.]* compilations.*' || echo "(some candidates were rejected)"
  done
done
