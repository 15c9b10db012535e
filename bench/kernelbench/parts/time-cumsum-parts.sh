#!/usr/bin/env bash
#===- time-cumsum-parts.sh - Time the parts of L1 #89 (cumsum) apart -----===#
#
# On the GPU host, with the tools on PATH (scripts/device-run.sh):
#   bash scripts/device-run.sh bash bench/kernelbench/parts/time-cumsum-parts.sh
# Compiles each part with foundry-compile and times it with foundry-run
# (30 runs, one correctness trial against the naive schedule), printing
# foundry-run's stage and the medians (candidate, then naive) in ms.
#
#===----------------------------------------------------------------------===#
set -u
DIR=$(cd "$(dirname "$0")" && pwd)
K=$DIR/../level1/89_cumsum.mlir
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
time_part() { # NAME KERNEL SCHEDULE
  if ! foundry-compile "$2" --schedule="$3" -o "$WORK/$1" >"$WORK/$1.log" 2>&1 ||
     ! foundry-compile "$2" --schedule= -o "$WORK/$1-naive" >>"$WORK/$1.log" 2>&1; then
    echo "$1: compile failed"; tail -3 "$WORK/$1.log"; return
  fi
  echo "== $1: ${3:-naive}"
  foundry-run "$WORK/$1/candidate-0.cubin" \
    --reference "$WORK/$1-naive/candidate-0.cubin" --runs 30 --trials 1 2>&1 |
    grep -E '"(median_ms|stage)"' | head -3
}
time_part block-totals "$DIR/89_cumsum_block_totals.mlir" ""
time_part offsets "$DIR/89_cumsum_offsets.mlir" ""
time_part last-level-naive "$DIR/89_cumsum_last_level.mlir" ""
time_part last-level-tiled "$DIR/89_cumsum_last_level.mlir" \
  "foundry-tile-blocks{sizes=1,2,16,0},foundry-tile-threads{sizes=0,1,1,1},foundry-vectorize"
time_part whole-one-output-per-thread "$K" \
  "foundry-tile-blocks{fuse=elementwise sizes=1,2,16,0},foundry-tile-threads{sizes=0,1,1,1},foundry-vectorize"
time_part whole-run-35-best "$K" \
  "foundry-tile-blocks{fuse=elementwise sizes=2,1,16,0},foundry-tile-threads{sizes=1,1,1,0},foundry-vectorize"
