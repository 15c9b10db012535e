#!/usr/bin/env bash
#===- device-sample.sh - A sample of bench/models on one GPU host ---------===#
#
# Runs on a GPU host from the repository root, with device-bundle/evolve
# built by scripts/device-evolve-bundle.sh (the device tool's $OUT as the
# first argument):
#
#   bash bench/models/device-sample.sh OUT BUDGET STOP_AFTER KERNEL.mlir...
#
# The harness's protocol (bench/kernelbench/harness.py): for each kernel,
# PyTorch eager and torch.compile timed, foundry-evolve --target cuda
# --budget-time BUDGET with default settings and an empty library of its
# own (--fresh-library), the best
# verified and cross-checked against PyTorch. Writes OUT/models.md and
# OUT/models.json (the table) and OUT/models-results.tar.xz (every
# problem's result.json, log and best, for bench/results/).
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/../.."
if [[ $# -lt 4 ]]; then
  echo "usage: $0 OUT BUDGET STOP_AFTER KERNEL.mlir..." >&2
  exit 2
fi
OUT=$1 BUDGET=$2 STOP_AFTER=$3
shift 3
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$OUT/gpu.txt"
RESULTS=$OUT/models
rm -rf "$RESULTS"
bash bench/kernelbench/device-harness.sh "$RESULTS" "$BUDGET" "$STOP_AFTER" \
  --fresh-library "$@"
# One archive: the device tool brings back few files.
find "$RESULTS" -name '*.sqlite*' -delete
tar -C "$OUT" -cJf "$OUT/models-results.tar.xz" models
rm -rf "$RESULTS"
ls -la "$OUT"
