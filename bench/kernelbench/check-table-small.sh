#!/usr/bin/env bash
# Replays the schedules of a KernelBench results table on the CPU at the small
# shapes: for each problem of TABLE.json that has a schedule and a _small
# kernel, foundry-cpu-run checks that schedule against the f64 reference.
# A schedule that once passed on the GPU and now fails here is a regression of
# the passes (L2 6 was found this way).
#
#   bench/kernelbench/check-table-small.sh TABLE.json [BIN_DIR]
#
# Prints one line per problem (PASS, FAIL, or SKIP with the reason: no small
# kernel, no schedule, or a schedule with no CPU meaning, which
# foundry-cpu-run refuses) and a count; a crash is a FAIL. Exit status 1 when
# any FAIL.
set -u
table=${1:?usage: check-table-small.sh TABLE.json [BIN_DIR]}
bin=${2:-build/bin}
pass=0 fail=0 skip=0
while IFS=$'\t' read -r key path schedule; do
  small=${path%.mlir}_small.mlir
  if [[ -z $schedule ]]; then
    echo "SKIP $key: no schedule"; skip=$((skip + 1)); continue
  fi
  if [[ ! -f $small ]]; then
    echo "SKIP $key: no $small"; skip=$((skip + 1)); continue
  fi
  out=$("$bin/foundry-cpu-run" "$small" --reference=f64 --schedule="$schedule" 2>&1)
  rc=$?
  if [[ $rc -ge 128 ]]; then
    echo "FAIL $key: foundry-cpu-run crashed (exit $rc)"; fail=$((fail + 1))
  elif grep -q "FAIL" <<<"$out"; then
    echo "FAIL $key: $(grep -m1 FAIL <<<"$out")"; fail=$((fail + 1))
  elif [[ $rc -eq 0 ]] && grep -q "PASS" <<<"$out"; then
    echo "PASS $key"; pass=$((pass + 1))
  else
    echo "SKIP $key: $(head -c 300 <<<"$out" | tr '\n' ' ')"; skip=$((skip + 1))
  fi
done < <(python3 - "$table" <<'PY'
import json, sys
for p in json.load(open(sys.argv[1]))["problems"]:
    print("\t".join([p["key"], p["path"], p.get("schedule") or ""]))
PY
)
echo "passed=$pass failed=$fail skipped=$skip"
[[ $fail -eq 0 ]]
