#!/usr/bin/env bash
#===- profile-schedules.sh - Memory traffic of fixed schedules under ncu ---===#
#
# On a GPU host, with foundry's tools on PATH (scripts/device-run.sh), for
# each line `NAME<TAB>KERNEL.mlir<TAB>SCHEDULE` of the list given (as
# time-schedules.sh reads): compiles the schedule, counts the global loads
# and stores in its SASS (cuobjdump), and runs it once under Nsight Compute
# (--clock-control none: the clocks as the timings see them) for its DRAM
# bytes read and written, its L2 hit rate and its duration. Each kernel
# launch of the candidate and of its naive f64 reference is profiled: the
# candidate's are those whose grid is the one its manifest names.
#
#===----------------------------------------------------------------------===#
set -u
LIST=$1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
source "$(dirname "$0")/compile-case.sh"
METRICS=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum,sm__inst_executed.sum,launch__registers_per_thread
while IFS=$'\t' read -r name kernel schedule; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  compile_case "$name" "$kernel" "$schedule" || continue
  echo "== $name: $schedule"
  sass=$WORK/$name.sass
  cuobjdump --dump-sass "$WORK/$name/candidate-0.cubin" >"$sass" 2>&1
  echo "  SASS: $(grep -cE '\bLDG\.' "$sass") LDG, $(grep -cE '\bSTG\.' "$sass") STG, $(grep -cE '\bMUFU\.EX2' "$sass") MUFU.EX2, $(grep -cE '^\s+/\*[0-9a-f]+\*/' "$sass") instructions"
  ncu --clock-control none --metrics "$METRICS" --csv \
    foundry-run "$WORK/$name/candidate-0.cubin" \
    --reference "$reference/candidate-0.cubin" --no-time --trials 1 \
    --no-integrity -o "$WORK/$name.json" >"$WORK/$name.csv" 2>"$WORK/$name.ncu.err"
  python3 - "$WORK/$name.csv" "$WORK/$name/candidate-0.json" <<'PY'
import csv, io, json, sys
text = open(sys.argv[1]).read()
start = text.find('"ID"')
if start < 0:
    print("  no ncu output:", text[-300:].replace("\n", " | ")); sys.exit()
grids = {str(tuple(l["grid"])) for k in json.load(open(sys.argv[2]))["kernels"]
         for l in k["launches"]}
rows = {}
for r in csv.DictReader(io.StringIO(text[start:])):
    key = (r["ID"], r["Kernel Name"], r["Grid Size"], r["Block Size"])
    rows.setdefault(key, {})[r["Metric Name"]] = (r["Metric Value"], r["Metric Unit"])
for (i, kernel, grid, block), m in rows.items():
    g = str(tuple(int(x) for x in grid.strip("()").split(",")))
    who = "candidate" if g in grids else "reference"
    def v(name):
        value, unit = m.get(name, ("?", ""))
        return f"{value} {unit}".strip()
    print(f"  [{who}] {kernel} grid {grid} block {block}: "
          f"DRAM read {v('dram__bytes_read.sum')}, written {v('dram__bytes_write.sum')}, "
          f"L2 hit {v('lts__t_sector_hit_rate.pct')}, {v('gpu__time_duration.sum')}, "
          f"{v('sm__inst_executed.sum')} warp instructions, "
          f"{v('launch__registers_per_thread')} registers")
PY
  tail -2 "$WORK/$name.ncu.err" | sed 's/^/  ncu: /'
done < "$LIST"
