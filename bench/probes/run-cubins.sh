#!/usr/bin/env bash
#===- run-cubins.sh - Verify and time the cases of cubins.sh on a GPU -----===#
#
#   bash run-cubins.sh DIR [RESULTS] [foundry-run options...]
# For every case of DIR/cases.tsv: foundry-run against its kernel's naive
# schedule (3 correctness trials on fresh uniform inputs, one more on normal
# inputs, then 30 timed runs), printing the stage, the largest errors and
# the medians (candidate, then naive) in ms. Full JSON results go to RESULTS
# (default DIR/results).
#
#===----------------------------------------------------------------------===#
set -u
DIR=$1
RESULTS=${2:-$DIR/results}
shift 2 2>/dev/null || shift $#
mkdir -p "$RESULTS"
while IFS=$'\t' read -r name naive schedule; do
  echo "== $name: $schedule"
  "$DIR/foundry-run" "$DIR/$name/candidate-0.cubin" \
    --reference "$DIR/$naive/candidate-0.cubin" --runs 30 --trials 3 "$@" \
    -o "$RESULTS/$name.json" > "$RESULTS/$name.log" 2>&1
  python3 - "$RESULTS/$name.json" <<'PY'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print("  no result:", e); sys.exit()
def find(o, key):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == key: yield v
            yield from find(v, key)
    elif isinstance(o, list):
        for v in o: yield from find(v, key)
print("  stage", r.get("stage"), "| max_abs", max(find(r, "max_abs_error"), default=None),
      "max_rel", max(find(r, "max_rel_error"), default=None),
      "| median ms", [round(v, 4) for v in find(r, "median_ms")])
if r.get("stage") != "ok":
    print("  ", str(r.get("error", r.get("message", "")))[:400])
PY
  "$DIR/foundry-run" "$DIR/$name/candidate-0.cubin" \
    --reference "$DIR/$naive/candidate-0.cubin" --trials 1 --no-time \
    --distribution normal --seed 7 -o "$RESULTS/$name.normal.json" \
    > /dev/null 2>&1
  python3 -c "
import json,sys
r=json.load(open('$RESULTS/$name.normal.json'))
def f(o,k):
    if isinstance(o,dict):
        for a,b in o.items():
            if a==k: yield b
            yield from f(b,k)
    elif isinstance(o,list):
        for b in o: yield from f(b,k)
print('  normal inputs: stage', r.get('stage'), 'max_abs', max(f(r,'max_abs_error'),default=None))
" 2>/dev/null || echo "  normal inputs: no result"
done < "$DIR/cases.tsv"
