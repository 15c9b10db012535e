#!/usr/bin/env bash
# One device step (2026-12-06): L1 23 after foundry-reuse-exponentials
# (reuse-exps.tsv, and a 60 s search); foundry-mma's f16 and bf16 GEMMs again
# (f16-gemm.tsv), after session-2026-12-06a found them correct but failed
# by the precision integrity check (f16/bf16 mma on a 3xtf32 kernel, whose
# inputs are themselves f16/bf16: now allowed). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
W0=$(mktemp -d)
python3 bench/kernelbench/parts/torch-ceilings.py copy > "$OUT/copy.txt" 2>&1
for list in reuse-exps f16-gemm; do
  bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
    "bench/kernelbench/parts/$list.tsv" > "$OUT/$list.txt" 2>&1
done
# L1 23 searched for 60 s under the KernelBench protocol (fresh library),
# PyTorch eager and torch.compile beside it.
DEADLINE=200 bash bench/kernelbench/device-harness.sh "$W0/search23" 60s 120 \
  bench/kernelbench/level1/23_softmax.mlir > "$OUT/search23.log" 2>&1
cp "$W0/search23.md" "$OUT/search23.md" 2>/dev/null
# L1 23's cluster schedule under Nsight Compute's launch statistics,
# occupancy and speed-of-light sections (the first launch: foundry-run
# launches the candidate before the reference): how many 8-block clusters
# the H200 keeps active at once, and how busy DRAM and the SMs are.
bash scripts/device-run.sh bash -c '
  W=$(mktemp -d)
  foundry-compile bench/kernelbench/level1/23_softmax.mlir -o "$W/c8" \
    --schedule="foundry-approx-math,foundry-invert-divisors,foundry-split-reduction{outputs=4096 parts=8 cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1,49152} target=result},foundry-reduce-threads{threads=1024 interleave=4 shuffle=true},foundry-tile-threads{sizes={0,48} interleave=4},foundry-vectorize,foundry-unroll{factor=12}" >/dev/null
  foundry-compile bench/kernelbench/level1/23_softmax.mlir --schedule= --widen-to-f64 -o "$W/ref" >/dev/null
  ncu --clock-control none --launch-count 1 --section LaunchStats \
    --section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section WarpStateStats --section SchedulerStats \
    foundry-run "$W/c8/candidate-0.cubin" --reference "$W/ref/candidate-0.cubin" \
    --no-time --trials 1 --no-integrity -o "$W/r.json"' > "$OUT/ncu-c8.txt" 2>&1
# A 60 s search of the f16 GEMM (default settings, fresh library): the
# experts' m16n8k16 proposals (KernelShape::halfGemm) against SIMT.
W=$(mktemp -d)
bash scripts/device-run.sh foundry-evolve bench/kernelbench/parts/gemm_f16.mlir \
  --target cuda --budget-time 60s --library "$W/library.sqlite" -o "$W/search" \
  > "$OUT/search-f16.log" 2>&1
cp "$W/search/report.md" "$OUT/search-f16-report.md" 2>/dev/null
