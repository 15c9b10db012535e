#!/usr/bin/env bash
#===- library_transfer.sh - What the experience library saves a search ---===#
#
# Runs on the GPU host, from the repository root, with device-bundle/evolve
# built by scripts/device-evolve-bundle.sh:
#
#   bash bench/library_transfer.sh OUTDIR BUDGET A.mlir B.mlir [A2 B2 ...]
#
# For each pair of kernels (A, then B: a neighbour, same op graph at other
# shapes or same op family), four searches of foundry-evolve --target cuda,
# default settings, --seed 1:
#   A         A with an empty library (OUTDIR/pairN/lib-A.sqlite), BUDGET;
#   A-again   A again with a copy of A's library, 12 evaluations;
#   B-alone   B with an empty library, BUDGET;
#   B-after-A B with a copy of A's library, BUDGET.
# Then bench/library_transfer.py OUTDIR writes OUTDIR/summary.md: when A-again
# reaches A's best, and when B-after-A reaches B-alone's best (within 3%),
# counted in candidates and in evaluations (candidates not taken from the
# library's cache).
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."
OUTDIR=$1 BUDGET=$2
shift 2
if (( $# < 2 || $# % 2 != 0 )); then
  echo "usage: $0 OUTDIR BUDGET A.mlir B.mlir [A2 B2 ...]" >&2
  exit 2
fi
bash scripts/device-run.sh true || exit 1  # unpack the tools once
search() {  # NAME KERNEL LIBRARY BUDGET-FLAGS...
  local dir=$1 kernel=$2 library=$3
  shift 3
  echo "== $dir: $kernel $*"
  bash scripts/device-run.sh foundry-evolve "$kernel" --target cuda --seed 1 \
    --library "$library" -o "$dir" "$@" > "$dir.log" 2>&1
  echo "exit $?"; tail -2 "$dir.log"
  rm -f "$dir"/gpu-*/*.cubin
}
pair=0
while (( $# >= 2 )); do
  a=$1 b=$2
  shift 2
  pair=$((pair + 1))
  dir=$OUTDIR/pair$pair
  rm -rf "$dir"; mkdir -p "$dir"
  echo "$a $b" > "$dir/kernels.txt"
  search "$dir/A" "$a" "$dir/lib-A.sqlite" --budget-time "$BUDGET"
  cp "$dir/lib-A.sqlite" "$dir/lib-A-again.sqlite"
  cp "$dir/lib-A.sqlite" "$dir/lib-B-after-A.sqlite"
  search "$dir/A-again" "$a" "$dir/lib-A-again.sqlite" --budget-evals 12
  search "$dir/B-alone" "$b" "$dir/lib-B.sqlite" --budget-time "$BUDGET"
  search "$dir/B-after-A" "$b" "$dir/lib-B-after-A.sqlite" --budget-time "$BUDGET"
  rm -f "$dir"/*.sqlite*
done
python3 bench/library_transfer.py "$OUTDIR"
