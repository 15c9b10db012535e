"""Checks a search's bookkeeping of its best, whatever the timings were.

check_best.py OUTDIR [SCHEDULE_FILE]: prints, one per line, whether the
report's best is the fastest passing candidate the search recorded, whether
best.mlir holds its schedule, and whether best.mlir holds the kernel the
best compiled: the patched one when the best has an IR patch (the kernel
as written otherwise), and the report shows that patch. Writes the best's
schedule to SCHEDULE_FILE, for a replay.
"""
import json
import re
import sys

out = sys.argv[1]
kernel = json.load(open(f"{out}/report.json"))["kernels"][0]
passing = [c for c in kernel["candidates"] if c["ok"]]
best = kernel["best"]
print("best is the fastest passing",
      best["genome"] in [c["genome"] for c in passing]
      and best["median_ms"] == min(c["median_ms"] for c in passing))
schedule, _, patch = best["genome"].partition("\n")
text = open(f"{out}/best.mlir").read()
attr = re.search(r'schedule = #foundry.schedule<"([^"]*)">', text)
print("best.mlir holds its schedule",
      attr is not None and attr.group(1) == (schedule or "foundry-naive"))
body = text[text.index("foundry.kernel"):]
patch_body = patch[patch.index("foundry.kernel"):] if patch else ""
same_ops = lambda a, b: re.findall(r"\b(?:arith|math|linalg|tensor)\.\w+", a) == \
    re.findall(r"\b(?:arith|math|linalg|tensor)\.\w+", b)
report = open(f"{out}/report.md").read()
if patch:
    print("best.mlir holds the kernel it compiled", same_ops(body, patch_body),
          "report shows the patch", "The best rewrites the kernel" in report)
else:
    print("best.mlir holds the kernel it compiled", True,
          "report shows the patch", "The best rewrites the kernel" not in report)
if len(sys.argv) > 2:
    open(sys.argv[2], "w").write(schedule)
