#!/usr/bin/env bash
#===- run_cheats.sh - The PTX cheats through foundry-run on a GPU host ---===#
#
#   run_cheats.sh FOUNDRY_RUN REFERENCE GOOD OUT_DIR
#
# Runs each hand-written cheat of integration_test/cheats/ (relu_small.*,
# the 37x300 ReLU) against REFERENCE (the kernel's naive schedule, a .cubin
# or .ptx with its .json manifest beside it), each followed by GOOD, an
# honest candidate that must still pass (a faulting or hanging child never
# affects the next). Each cheat must fail with the diagnosis listed below:
# its stage (crash, timeout, correctness) or the integrity check that
# failed. Writes OUT_DIR/cheats.md (one row per cheat) and exits non-zero
# when a cheat passes, fails for another reason, or GOOD fails.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
RUN=${1:?usage: run_cheats.sh FOUNDRY_RUN REFERENCE GOOD OUT_DIR}
REF=${2:?usage}
GOOD=${3:?usage}
OUT=${4:?usage}
CHEATS=$(cd "$(dirname "$0")/cheats" && pwd)
mkdir -p "$OUT"

# cheat  distribution  expected (stage:NAME or check:NAME)
EXPECTED="
noop        uniform  check:every-output-written
fault       uniform  stage:launch
hang        uniform  stage:timeout
zero        uniform  stage:correctness
partial     uniform  check:every-output-written
write-input uniform  check:inputs-read-only
stale       uniform  check:every-output-written
cache       uniform  check:calls-and-globals
lowprec     uniform  check:precision
zeroskip    wide     check:every-output-written
"

status=0
echo "| cheat | draw | expected | verdict | diagnosis | honest candidate after it |" > "$OUT/cheats.md"
echo "|---|---|---|---|---|---|" >> "$OUT/cheats.md"
for distribution in uniform wide; do
  list=$OUT/cheats-$distribution.txt
  : > "$list"
  while read -r cheat draw expected; do
    [[ -n $cheat && $draw == "$distribution" ]] || continue
    echo "$CHEATS/relu_small.$cheat.ptx $REF" >> "$list"
    echo "$GOOD $REF" >> "$list"
  done <<< "$EXPECTED"
  "$RUN" --batch "$list" -o "$OUT/$distribution" --timeout 20 --runs 10 \
    --distribution "$distribution" > "$OUT/cheats-$distribution.log" 2>&1
  cat "$OUT/cheats-$distribution.log"
done

# Judge each pair from its result JSON: "PASS|FAIL CANDIDATE stage=S -> R".
python3 - "$OUT" "$EXPECTED" <<'PY' >> "$OUT/cheats.md" || status=1
import json, re, sys
out, expected = sys.argv[1], sys.argv[2]
rows = [l.split() for l in expected.strip().splitlines()]
bad = 0
for distribution in ("uniform", "wide"):
    lines = [l for l in open(f"{out}/cheats-{distribution}.log")
             if re.match(r"^(PASS|FAIL) ", l)]
    cheats = [r for r in rows if r[1] == distribution]
    if len(lines) != 2 * len(cheats):
        print(f"| ({distribution}) | | | {len(lines)} results for "
              f"{len(cheats)} cheats | | |")
        bad += 1
        continue
    for (cheat, draw, want), line, after in zip(cheats, lines[0::2],
                                                lines[1::2]):
        verdict = line.split()[0]
        result = json.load(open(line.rsplit("-> ", 1)[1].strip()))
        failed = [c["name"] for c in result.get("checks", [])
                  if c.get("status") == "failed"]
        kind, name = want.split(":")
        got = (result.get("stage") == name if kind == "stage"
               else name in failed)
        diagnosis = "stage " + result.get("stage", "?") + (
            "; failed: " + ", ".join(failed) if failed else "")
        honest = after.split()[0]
        ok = verdict == "FAIL" and got and honest == "PASS"
        bad += not ok
        print(f"| {cheat} | {draw} | {want} | {verdict} | {diagnosis} | "
              f"{honest} |" + ("" if ok else " **wrong**"))
sys.exit(1 if bad else 0)
PY
cat "$OUT/cheats.md"
echo "cheats: $([[ $status == 0 ]] && echo 'all rejected as expected' || echo FAILED)"
exit $status
