#!/usr/bin/env bash
#===- staging.sh - Tensor-core GEMM schedules: direct vs shared, padded -----===#
#
# Measures what foundry-promote's padding and stages do for mma.sync GEMMs:
# the same 3xtf32 warp tiles fed straight from global memory, from shared
# memory (cp.async + ldmatrix), with padded rows, and double-buffered,
# including tiles over the 48 KB of static shared memory.
#
#   bash bench/mma/staging.sh compile DIR   # here: foundry-compile + ptxas
#   bash bench/mma/staging.sh run DIR       # GPU host: foundry-run each
#
# `compile` writes DIR/<problem>.<n>.cubin (+ manifest) and the naive
# reference of each problem; `run` times each with foundry-run (one
# correctness trial against the naive schedule, 100 timed runs) and prints one line per
# schedule: problem, median ms, verdict, schedule.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/../.."
MODE=${1:?usage: staging.sh compile|run DIR}
DIR=${2:?usage: staging.sh compile|run DIR}
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}

# problem|target|epilogue (L2 12 keeps its epilogue apart: target=contraction).
PROBLEMS=(
  "level1/1_square_matmul||"
  "level2/12_gemm_multiply_leakyrelu| target=contraction|,foundry-tile-blocks{sizes=4,256},foundry-tile-threads{sizes=1,4},foundry-vectorize"
)
# Tensor-core schedules: warp tiles fed from global memory, then staged in
# shared memory (unpadded, padded, double-buffered); for the plain matmul,
# the SIMT register-tiled GEMM with one and two stages too.
schedules() {
  local t=$1 e=$2 name=$3
  local mma=",foundry-tile-reduction{sizes=8},foundry-mma"
  echo "foundry-tile-blocks{sizes=128,128$t},foundry-tile-warps{sizes=64,32}$mma$e"
  # Over 48 KB (dynamic shared memory): 32-deep k-steps with two stages,
  # 64-deep k-steps with one and two.
  for staging in "32 0 1" "32 4 1" "16 4 1" "16 4 2" "32 4 2" "64 4 1" "64 4 2"; do
    read -r k pad stages <<< "$staging"
    echo "foundry-tile-blocks{sizes=128,128$t},foundry-tile-reduction{sizes=$k},foundry-promote{operands=0,1 padding=$pad stages=$stages},foundry-tile-warps{sizes=64,32}$mma$e"
  done
  echo "foundry-tile-blocks{sizes=128,256$t},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 padding=4 stages=2},foundry-tile-warps{sizes=64,32}$mma$e"
  for stages in 1 2; do
    echo "foundry-tile-blocks{sizes=64,64$t},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 padding=4 stages=$stages},foundry-tile-warps{sizes=32,32}$mma$e"
  done
  if [[ -z "$t" ]]; then
    for stages in 1 2; do
      echo "foundry-tile-blocks{sizes=64,64},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 stages=$stages},foundry-tile-threads{sizes=4,4},foundry-tile-reduction{sizes=8},foundry-vectorize,foundry-unroll{factor=2}"
    done
  fi
}

case "$MODE" in
compile)
  mkdir -p "$DIR"
  for entry in "${PROBLEMS[@]}"; do
    IFS='|' read -r problem target epilogue <<< "$entry"
    name=$(basename "$problem")
    file=bench/kernelbench/$problem.mlir
    "$BUILD_DIR/bin/foundry-compile" "$file" -o "$DIR/tmp" > /dev/null
    mv "$DIR/tmp/candidate-0.cubin" "$DIR/$name.naive.cubin"
    mv "$DIR/tmp/candidate-0.json" "$DIR/$name.naive.json"
    mv "$DIR/tmp/candidate-0.ptx" "$DIR/$name.naive.ptx"
    n=0
    while read -r schedule; do
      n=$((n + 1))
      "$BUILD_DIR/bin/foundry-compile" "$file" --schedule="$schedule" \
        -o "$DIR/tmp" > "$DIR/$name.$n.compile.json"
      mv "$DIR/tmp/candidate-0.cubin" "$DIR/$name.$n.cubin"
      mv "$DIR/tmp/candidate-0.json" "$DIR/$name.$n.json"
      echo "$schedule" > "$DIR/$name.$n.schedule"
    done < <(schedules "$target" "$epilogue" "$name")
  done
  rm -rf "$DIR/tmp"
  ;;
run)
  # FOUNDRY_RUN: the command that runs foundry-run (words split), e.g.
  # "bash scripts/device-run.sh foundry-run" with the evolve bundle.
  read -ra RUN <<< "${FOUNDRY_RUN:-foundry-run}"
  for cubin in "$DIR"/*.[0-9].cubin "$DIR"/*.[0-9][0-9].cubin; do
    [[ -e "$cubin" ]] || continue
    stem=${cubin%.cubin}
    name=$(basename "${stem%.*}")
    out=$("${RUN[@]}" "$cubin" --reference "$DIR/$name.naive.cubin" --trials 1 \
      --runs 100 --no-baseline-timing 2>&1) || true
    median=$(python3 -c 'import json,sys
try:
  r=json.loads(sys.stdin.read()); t=r.get("timing",{}).get("candidate",{})
  print("%.3f %s" % (t.get("median_ms",0), "passed" if r.get("ok") else "FAILED: "+"; ".join(r.get("errors",[]))[:200]))
except Exception as e: print("0 no-result")' <<< "$out")
    echo "$name $median $(cat "$stem.schedule")"
  done
  ;;
*)
  echo "usage: staging.sh compile|run DIR" >&2
  exit 2
  ;;
esac
