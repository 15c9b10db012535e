#!/usr/bin/env bash
#===- run-cubins.sh - Verify and time the cases of cubins.sh on a GPU -----===#
#
#   bash run-cubins.sh DIR [RESULTS] [foundry-run options...]
# For every case of DIR/cases.tsv: foundry-run against its kernel's naive
# schedule (3 correctness trials on fresh uniform inputs, then 30 timed
# runs; then one more trial on normal inputs), printing the stage, the
# largest errors and the medians (candidate, then naive) in ms. Full JSON
# results go to RESULTS (default DIR/results).
#
#===----------------------------------------------------------------------===#
set -u
DIR=$1
RESULTS=${2:-$DIR/results}
shift 2 2>/dev/null || shift $#
mkdir -p "$RESULTS"

# summary RESULT.json LABEL: one line of a foundry-run result.
summary() {
  python3 - "$1" "$2" <<'PY'
import json, sys
def find(o, key):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == key: yield v
            yield from find(v, key)
    elif isinstance(o, list):
        for v in o: yield from find(v, key)
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print("  %s: no result (%s)" % (sys.argv[2], e)); sys.exit()
print("  %s: stage %s | max_abs %s max_rel %s | median ms %s" % (
    sys.argv[2], r.get("stage"), max(find(r, "max_abs_error"), default=None),
    max(find(r, "max_rel_error"), default=None),
    [round(v, 4) for v in find(r, "median_ms")]))
if r.get("stage") not in ("ok", "done"):
    print("   ", str(r.get("errors", r.get("error", "")))[:400])
PY
}

while IFS=$'\t' read -r name naive schedule; do
  echo "== $name: $schedule"
  "$DIR/foundry-run" "$DIR/$name/candidate-0.cubin" \
    --reference "$DIR/$naive/candidate-0.cubin" --runs 30 --trials 3 "$@" \
    -o "$RESULTS/$name.json" > "$RESULTS/$name.log" 2>&1
  summary "$RESULTS/$name.json" uniform
  "$DIR/foundry-run" "$DIR/$name/candidate-0.cubin" \
    --reference "$DIR/$naive/candidate-0.cubin" --trials 1 --no-time \
    --distribution normal --seed 7 -o "$RESULTS/$name.normal.json" \
    > /dev/null 2>&1
  summary "$RESULTS/$name.normal.json" normal
done < "$DIR/cases.tsv"
