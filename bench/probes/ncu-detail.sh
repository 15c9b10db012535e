#!/usr/bin/env bash
# ncu-detail.sh DIR OUTDIR NAME: source-level stall sampling and SASS of one case.
set -u
DIR=$1; OUTDIR=$2; name=$3
mkdir -p "$OUTDIR"
naive=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$DIR/cases.tsv")
kernel=$(python3 -c "import json; print(json.load(open('$DIR/$name/candidate-0.json'))['kernels'][0]['launches'][0]['kernel'])")
ncu --clock-control none --section SourceCounters --section WarpStateStats \
  --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
  --section SpeedOfLight -k "regex:^${kernel}\$" --launch-count 1 \
  --print-details all \
  "$DIR/foundry-run" "$DIR/$name/candidate-0.cubin" \
  --reference "$DIR/$naive/candidate-0.cubin" --no-time --trials 1 \
  --no-integrity -o /dev/null > "$OUTDIR/$name.detail.txt" 2>&1
cuobjdump -sass "$DIR/$name/candidate-0.cubin" > "$OUTDIR/$name.sass" 2>&1
echo "detail $(wc -l < "$OUTDIR/$name.detail.txt") lines, sass $(wc -l < "$OUTDIR/$name.sass") lines"
