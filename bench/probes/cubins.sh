#!/usr/bin/env bash
#===- cubins.sh - Compile schedules here for a GPU host without LLVM ------===#
#
#   bash bench/probes/cubins.sh LIST [OUT]
# LIST has one case per line, "NAME<TAB>KERNEL.mlir<TAB>SCHEDULE" ('#' lines
# are comments). Each case is compiled for sm_90a with foundry-compile into
# OUT/NAME/ (default device-bundle/probe/cubins), each kernel's naive
# schedule once into OUT/naive-<kernel>/, and foundry-run is copied next to
# them, so that bench/probes/run-cubins.sh can verify and time every case on
# a GPU host that has only the CUDA driver.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/../.."
LIST=$1
OUT=${2:-device-bundle/probe/cubins}
BIN=${FOUNDRY_BUILD_DIR:-build}/bin
rm -rf "$OUT" && mkdir -p "$OUT"
cp "$BIN/foundry-run" "$OUT/"
: > "$OUT/cases.tsv"
while IFS=$'\t' read -r name kernel schedule; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  naive=naive-$(basename "$kernel" .mlir)
  if [[ ! -d "$OUT/$naive" ]]; then
    "$BIN/foundry-compile" "$kernel" --schedule= --target=sm_90a \
      -o "$OUT/$naive" > "$OUT/$naive.log" 2>&1 ||
      { echo "$name: naive compile failed"; tail -3 "$OUT/$naive.log"; }
  fi
  if "$BIN/foundry-compile" "$kernel" --schedule="$schedule" --target=sm_90a \
       -o "$OUT/$name" > "$OUT/$name.log" 2>&1; then
    printf '%s\t%s\t%s\n' "$name" "$naive" "$schedule" >> "$OUT/cases.tsv"
    echo "compiled $name"
  else
    echo "$name: compile failed"; grep -m3 error "$OUT/$name.log" || tail -3 "$OUT/$name.log"
  fi
done < "$LIST"
cp bench/probes/run-cubins.sh "$OUT/"
