#!/usr/bin/env bash
#===- time-schedules.sh - Time fixed schedules of KernelBench kernels ----===#
#
# On the GPU host, with the tools on PATH (scripts/device-run.sh):
#   bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh LIST
# LIST has one case per line, "NAME<TAB>KERNEL.mlir<TAB>SCHEDULE" (paths
# from the repository root; '#' lines are comments). Each case is compiled
# with foundry-compile and timed with foundry-run (30 runs, one correctness
# trial against the kernel computed in f64 under the naive schedule, as
# foundry-evolve checks, compiled once per kernel: an fp32 naive sum over
# millions of elements is itself off by 1e-3), printing foundry-run's stage,
# the candidate's median in ms and each launch's median over 10 more runs
# (--launch-runs). The reference is not timed (--no-baseline-timing: L1
# 33's takes 2 s a run); TIME_REFERENCE=1 times it too. FOUNDRY_TARGET (default sm_90) is the
# candidates' chip: sm_90a for schedules with warpgroup (wgmma) tiles.
# Each kernel's registers per thread and spill bytes (ptxas -v, from
# foundry-compile's record) are printed beside the schedule. (Until
# 2026-12-05 a fourth column edited `.minnctapersm N` into the PTX by hand;
# foundry-launch-bounds{min-blocks=N} in the schedule does it now.)
# Each case's foundry-run is killed after CASE_TIMEOUT seconds (default
# 90), which the case then reports as "no result".
#
#===----------------------------------------------------------------------===#
set -u
LIST=$1
WORK=$(mktemp -d)
BASELINE=(--no-baseline-timing)
[[ -n "${TIME_REFERENCE:-}" ]] && BASELINE=(--baseline-runs 30)
trap 'rm -rf "$WORK"' EXIT
source "$(dirname "$0")/compile-case.sh"
while IFS=$'\t' read -r name kernel schedule; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  compile_case "$name" "$kernel" "$schedule" || continue
  echo "== $name: $schedule"
  python3 - "$WORK/$name/candidate-0.json" <<'PY'
import json, sys
for kernel, r in sorted(json.load(open(sys.argv[1])).get("resources", {}).items()):
    print(f"  {kernel}: {r.get('registers', 0)} registers, spills "
          f"{r.get('spill_store_bytes', 0)}+{r.get('spill_load_bytes', 0)} bytes")
PY
  # A kernel that hangs (a wrong mbarrier phase, say) ends its case only.
  timeout "${CASE_TIMEOUT:-90}" foundry-run "$WORK/$name/candidate-0.cubin" \
    --reference "$reference/candidate-0.cubin" --runs 30 --trials 1 \
    --launch-runs 10 "${BASELINE[@]}" -o "$WORK/$name.json" >>"$WORK/$name.log" 2>&1
  python3 - "$WORK/$name.json" <<'PY'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except (OSError, ValueError) as e:
    print(f"  no result: {e}"); sys.exit()
t = r.get("timing", {})
print(f"  stage {r['stage']}  candidate "
      f"{t.get('candidate', {}).get('median_ms', 0):.4f} ms  reference "
      f"{t.get('baseline_start', {}).get('median_ms', 0):.4f} ms")
for e in r.get("errors", []):
    print(f"  error: {e}")
for c in r.get("checks", []):
    if c.get("status") == "failed":
        print(f"  check {c.get('name')}: {c.get('detail')}")
for l in t.get("launches", {}).get("per_launch", []):
    print(f"    {l['median_ms']:9.4f} ms  {l['kernel']}  grid {l['grid']}"
          f"  block {l['block']}")
PY
done < "$LIST"
