#!/usr/bin/env bash
#===- h200_evolve.sh - foundry-evolve vs PyTorch on a GPU host -----------===#
#
# Runs on the GPU host, from the repository root, with device-bundle/evolve
# built by scripts/device-evolve-bundle.sh:
#
#   bash bench/h200_evolve.sh OUTDIR BUDGET KERNEL.mlir...
#
# For each kernel: PyTorch eager and torch.compile timed with foundry-run's
# protocol (bench/torch_baseline.py), then foundry-evolve --target cuda
# with --budget-time BUDGET (e.g. 90s) and default settings otherwise,
# recording into OUTDIR/library.sqlite (or $FOUNDRY_LIBRARY). Writes
# OUTDIR/torch.json, OUTDIR/<stem>/{report.json,report.md,history.jsonl,
# best.*}, OUTDIR/<stem>.log and OUTDIR/summary.{md,json}
# (bench/evolve_summary.py). The candidates' cubins are deleted to keep the
# results small.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."
OUTDIR=$1 BUDGET=$2
shift 2
LIBRARY=${FOUNDRY_LIBRARY:-$OUTDIR/library.sqlite}
mkdir -p "$OUTDIR"
if [[ -z "${FOUNDRY_SKIP_TORCH:-}" ]]; then
  PYTHONUNBUFFERED=1 python3 bench/torch_baseline.py "$@" \
    -o "$OUTDIR/torch.json" 2>&1 | tee "$OUTDIR/torch.log"
fi
for kernel in "$@"; do
  stem=$(basename "$kernel" .mlir)
  echo "== $stem: foundry-evolve --budget-time $BUDGET"
  start=$(date +%s)
  bash scripts/device-run.sh foundry-evolve "$kernel" --target cuda \
    --budget-time "$BUDGET" --library "$LIBRARY" -o "$OUTDIR/$stem" \
    > "$OUTDIR/$stem.log" 2>&1
  echo "exit $? after $(( $(date +%s) - start )) s"
  tail -3 "$OUTDIR/$stem.log"
  rm -f "$OUTDIR/$stem"/gpu-*/*.cubin
done
python3 bench/evolve_summary.py "$OUTDIR"
