#!/usr/bin/env bash
# One device step, prepared 2026-12-06 for the H200 (the day's only run
# came on an H100): L1 23 with foundry-reuse-exponentials against the
# issue's bar (reuse-exps.tsv, a 60 s search), the f16/bf16 GEMMs and
# cuBLAS's on the same card, and the cluster kernel's launch statistics
# under ncu (filtered to it: foundry-run launches the candidate first).
# Results under $OUT (at most 8 files).
set -u
cd "$(dirname "$0")/../../.."
{ nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv
  cat device-bundle/evolve/COMMIT; } > "$OUT/gpu.txt" 2>&1
W0=$(mktemp -d)
{ python3 bench/kernelbench/parts/torch-ceilings.py copy
  python3 bench/kernelbench/parts/torch-ceilings.py half-gemm; } > "$OUT/torch.txt" 2>&1
for list in reuse-exps f16-gemm; do
  bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
    "bench/kernelbench/parts/$list.tsv" > "$OUT/$list.txt" 2>&1
done
DEADLINE=200 bash bench/kernelbench/device-harness.sh "$W0/search23" 60s 120 \
  bench/kernelbench/level1/23_softmax.mlir > "$W0/search23.log" 2>&1
{ tail -20 "$W0/search23.log"; cat "$W0/search23.md"; } > "$OUT/search23.txt" 2>&1
bash scripts/device-run.sh bash -c '
  W=$(mktemp -d)
  foundry-compile bench/kernelbench/level1/23_softmax.mlir -o "$W/c8" \
    --schedule="foundry-approx-math,foundry-invert-divisors,foundry-split-reduction{outputs=4096 parts=8 cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1,49152} target=result},foundry-reduce-threads{threads=1024 interleave=4 shuffle=true},foundry-tile-threads{sizes={0,48} interleave=4},foundry-vectorize,foundry-unroll{factor=12}" >/dev/null
  foundry-compile bench/kernelbench/level1/23_softmax.mlir --schedule= --widen-to-f64 -o "$W/ref" >/dev/null
  ncu --clock-control none --kernel-name regex:softmax --launch-count 1 \
    --section LaunchStats --section Occupancy --section SpeedOfLight \
    --section WarpStateStats \
    foundry-run "$W/c8/candidate-0.cubin" --reference "$W/ref/candidate-0.cubin" \
    --no-time --trials 1 --no-integrity -o "$W/r.json"' > "$OUT/ncu-c8.txt" 2>&1
