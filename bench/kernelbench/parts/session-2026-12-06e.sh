#!/usr/bin/env bash
# One device step, 2026-12-06: issue 5's library figure with today's code
# (bench/library_transfer.sh, 60 s searches: L2 12, its search again with
# its library, L2 9 alone and after L2 12's library), which also shows
# whether the searches take the fused epilogues. Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
{ nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv
  cat device-bundle/evolve/COMMIT; } > "$OUT/gpu.txt" 2>&1
W=$(mktemp -d)
bash bench/library_transfer.sh "$W/transfer" 60s \
  bench/kernelbench/level2/12_gemm_multiply_leakyrelu.mlir \
  bench/kernelbench/level2/9_matmul_subtract_multiply_relu.mlir \
  > "$OUT/transfer.log" 2>&1
cp "$W/transfer/summary.md" "$OUT/summary.md" 2>/dev/null
find "$W/transfer" -name report.md | sort | while read -r f; do
  echo "== $f"; sed -n 1,12p "$f"; grep "Diagnosis of the best" "$f"; done \
  > "$OUT/reports.txt"
tar -C "$W" -czf "$OUT/transfer.tar.gz" --exclude='*.cubin' \
  --exclude='*.sqlite' transfer
