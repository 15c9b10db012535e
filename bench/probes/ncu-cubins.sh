#!/usr/bin/env bash
#===- ncu-cubins.sh - Nsight Compute on cases of cubins.sh ---------------===#
#
#   bash ncu-cubins.sh DIR OUTDIR NAME...
# Profiles one launch of each named case of DIR (bench/probes/cubins.sh) with
# ncu, clocks left as they are: speed of light, warp states, scheduler,
# memory and occupancy sections, as text in OUTDIR/NAME.ncu.txt.
#
#===----------------------------------------------------------------------===#
set -u
DIR=$1
OUTDIR=$2
shift 2
mkdir -p "$OUTDIR"
for name in "$@"; do
  naive=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$DIR/cases.tsv")
  kernel=$(python3 -c "import json,sys; print(json.load(open('$DIR/$name/candidate-0.json'))['kernels'][0]['launches'][0]['kernel'])")
  ncu --clock-control none --section SpeedOfLight --section WarpStateStats \
    --section SchedulerStats --section MemoryWorkloadAnalysis \
    --section Occupancy --section LaunchStats -k "regex:^${kernel}\$" \
    --launch-count 2 \
    "$DIR/foundry-run" "$DIR/$name/candidate-0.cubin" \
    --reference "$DIR/$naive/candidate-0.cubin" --no-time --trials 1 \
    --no-integrity -o /dev/null > "$OUTDIR/$name.ncu.txt" 2>&1
  echo "ncu $name: $(grep -c 'Section' "$OUTDIR/$name.ncu.txt") sections"
done
