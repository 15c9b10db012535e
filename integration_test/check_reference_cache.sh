#!/usr/bin/env bash
#===- check_reference_cache.sh - the search's cached reference outputs -----===#
#
# On a GPU host, from the repository root, with device-bundle/evolve (run
# through scripts/device-run.sh): a short search of a small GEMM + epilogue
# kernel, whose candidates are checked against reference outputs the first
# evaluation computed and later ones read from the cache
# (foundry-run --reference-cache). Passes when several candidates passed
# their check, at least one of them not the naive schedule, the final
# verification (which computes its reference afresh) passed, and the cache
# was removed at the end. Exit status 0 only then.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-/tmp/reference-cache-check}
rm -rf "$OUT" && mkdir -p "$OUT"
bash scripts/device-run.sh foundry-evolve \
  bench/kernelbench/level2/12_gemm_multiply_leakyrelu_small.mlir \
  --target cuda --budget-evals 8 --library "$OUT/library.sqlite" \
  -o "$OUT/evolve" > "$OUT/log.txt" 2>&1 || { cat "$OUT/log.txt"; exit 1; }
python3 - "$OUT/evolve" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
report = json.load(open(os.path.join(out, "report.json")))
best = report["kernels"][0].get("best") or {}
history = [json.loads(l) for l in open(os.path.join(out, "history.jsonl"))]
passed = [h for h in history if h["ok"] and not h["cached"]]
tuned = [h for h in passed if h["genome"]]
leftover = glob.glob(os.path.join(out, "**", "reference-cache"), recursive=True)
print(f"reference cache: {len(passed)} candidates passed "
      f"({len(tuned)} tuned), verified={best.get('verified')}, "
      f"cache left={leftover}")
ok = len(passed) >= 3 and tuned and best.get("verified") and not leftover
sys.exit(0 if ok else 1)
PY
