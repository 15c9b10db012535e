#!/usr/bin/env bash
#===- precompile-schedules.sh - Compile a schedule list for the GPU host --===#
#
#   bash scripts/precompile-schedules.sh LIST OUTDIR
#
# Compiles every case of LIST (the format of
# bench/kernelbench/parts/time-schedules.sh: NAME<TAB>KERNEL<TAB>SCHEDULE)
# and each kernel's f64 naive reference with build/bin/foundry-compile
# into OUTDIR/NAME and OUTDIR/reference-<kernel> (cubin, PTX and launch
# manifest; $FOUNDRY_TARGET as there), and copies build/bin/foundry-run to
# OUTDIR. On the GPU host, time-schedules.sh with FOUNDRY_PRECOMPILED=OUTDIR
# and OUTDIR on PATH then runs them with nothing else: a carry of a few
# MiB instead of the whole tool bundle.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LIST=$1 OUTDIR=$2
export PATH=$ROOT/build/bin:$PATH
mkdir -p "$OUTDIR"
WORK=$(cd "$OUTDIR" && pwd)
source "$ROOT/bench/kernelbench/parts/compile-case.sh"
cd "$ROOT"
failed=0
while IFS=$'\t' read -r name kernel schedule; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  compile_case "$name" "$kernel" "$schedule" || failed=1
  rm -f "$WORK/$name.log"
done < "$LIST"
cp "$ROOT/build/bin/foundry-run" "$OUTDIR/"
git -C "$ROOT" rev-parse --short HEAD > "$OUTDIR/COMMIT"
du -sh "$OUTDIR"
exit $failed
