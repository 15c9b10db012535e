#!/usr/bin/env bash
#===- run_candidates.sh - Judge every bundled candidate with foundry-run ---===#
#
# On a GPU host: runs foundry-run --batch (one isolated child per candidate)
# over the cubins of scripts/device-bundle.sh, each against the naive
# schedule of its kernel, in three batches:
#   cheats  hand-written PTX that must be rejected, each with its own
#           diagnosis, each followed by a correct candidate that must still
#           pass (run_cheats.sh);
#   small   the small shapes and op-family inputs under every schedule, with
#           the default protocol (5 trials, integrity checks, 100 timed runs),
#           inputs and outputs kept as .npy for check_npy_f64.sh;
#   full    the KernelBench shapes, 2 trials and 30 timed runs (to fit the
#           device time of one session; the protocol is in each result).
# Usage: run_candidates.sh BUNDLE_DIR OUT_DIR [all|cheats|small|full].
# Exits non-zero when a cheat passes or a real candidate fails.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
BUNDLE=${1:?usage: run_candidates.sh BUNDLE_DIR OUT_DIR}
OUT=${2:?usage: run_candidates.sh BUNDLE_DIR OUT_DIR}
WHICH=${3:-all}
RUN="$BUNDLE/bin/foundry-run"
CUBINS="$BUNDLE/cubins"
mkdir -p "$OUT"

# The naive reference of a candidate: its kernel's, or for a precision
# variant (X_tf32, X_3xtf32) that of X.
reference() {
  local stem=${1%%.*}
  for s in "$stem" "${stem%_3xtf32}" "${stem%_tf32}"; do
    [[ -e "$CUBINS/$s.naive.cubin" ]] && { echo "$CUBINS/$s.naive.cubin"; return; }
  done
}

: > "$OUT/small.txt"
: > "$OUT/full.txt"
for cubin in "$CUBINS"/*.cubin; do
  name=$(basename "$cubin")
  [[ "$name" == *.naive.cubin ]] && continue
  ref=$(reference "$name")
  [[ -n "$ref" ]] || { echo "no reference for $name"; continue; }
  bytes=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['kernels'][0]['workload']['bytes'])" "${cubin%.cubin}.json")
  if (( bytes > 100000000 )); then
    echo "$cubin $ref" >> "$OUT/full.txt"
  else
    echo "$cubin $ref" >> "$OUT/small.txt"
  fi
done

status=0
if [[ $WHICH == all || $WHICH == cheats ]]; then
  echo "== cheats (each must FAIL with its diagnosis; the candidate after it must PASS)"
  bash "$BUNDLE/run_cheats.sh" "$RUN" "$CUBINS/19_relu_small.naive.cubin" \
    "$CUBINS/19_relu_small.fixed1.cubin" "$OUT/cheats" || status=1
fi
if [[ $WHICH == all || $WHICH == small ]]; then
  echo "== small shapes: $(wc -l < "$OUT/small.txt") candidates"
  "$RUN" --batch "$OUT/small.txt" -o "$OUT/small" --timeout 120 \
    --dump-npy "$OUT/small-npy" | tee "$OUT/small.log" || status=1
fi
if [[ $WHICH == all || $WHICH == full ]]; then
  echo "== KernelBench shapes: $(wc -l < "$OUT/full.txt") candidates"
  "$RUN" --batch "$OUT/full.txt" -o "$OUT/full" --timeout 300 --trials 2 --runs 30 | tee "$OUT/full.log" || status=1
fi
exit $status
