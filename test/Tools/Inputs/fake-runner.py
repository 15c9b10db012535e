#!/usr/bin/env python3
"""A stand-in for foundry-run in tests of foundry-evolve's cuda target on a
machine without a GPU: answers as foundry-run would, from rules on the file
names and arguments alone, and logs every call to $FAKE_RUNNER_LOG.

Rules: the naive schedule (a cubin equal to naive.cubin) takes 10 ms and is
0.5 off the f64 reference (reference.cubin) at 3 elements: it fails the
check unless --atol is at least 0.5; every other candidate takes 1 ms and
passes. With $FAKE_RUNNER_FINAL_FAILURES = N, the first N final
verifications (result file final*) of tuned candidates fail the check; with
$FAKE_RUNNER_FINAL_CRASH set, those of tuned candidates exit 1 without a
result, as a crashed runner does."""
import json
import os
import sys

args = sys.argv[1:]
reference = os.path.basename(args[args.index("--reference") + 1])
output = args[args.index("-o") + 1]
atol = None
for arg in args:
    if arg.startswith("--atol="):
        atol = float(arg[len("--atol="):])
with open(args[0], "rb") as a, open(
        os.path.join(os.path.dirname(args[0]), "naive.cubin"), "rb") as b:
    naive = a.read() == b.read()
final = os.path.basename(output).startswith("final")
log_path = os.environ["FAKE_RUNNER_LOG"]
with open(log_path, "a") as log:
    log.write(f"{'final ' if final else ''}{'naive' if naive else 'tuned'} "
              f"vs {reference}{'' if atol is None else f' atol {atol:g}'}\n")
error = 0.5 if naive else 0.0
ok = error <= (atol if atol is not None else 1e-4)
if final and not naive and os.environ.get("FAKE_RUNNER_FINAL_CRASH"):
    sys.exit(1)
if final and not naive:
    # The k-th tuned candidate to reach the final verification fails while
    # k <= N.
    with open(log_path) as log:
        k = sum(line.startswith("final tuned") for line in log)
    if k <= int(os.environ.get("FAKE_RUNNER_FINAL_FAILURES", "0")):
        ok, error = False, 0.25
result = {
    "ok": ok,
    "stage": "done" if ok else "correctness",
    "errors": [] if ok else [f"output #0: 3 of 1073 elements outside the "
                             f"tolerance; max abs error {error:g}"],
    "outputs": [{"elements": 1073, "mismatches": 0 if ok else 3,
                 "max_abs_error": error}],
    "ceilings": {"copy_bytes_per_second": 4.0e12,
                 "fp32_flops_per_second": 6.0e13},
}
if ok:
    result["timing"] = {"candidate": {"median_ms": 10.0 if naive else 1.0}}
    # The roofline's counts, from the launch manifest beside the cubin, as
    # foundry-run reports them (it reads the same fields).
    try:
        with open(os.path.splitext(args[0])[0] + ".json") as manifest:
            workload = json.load(manifest)["kernels"][0]["workload"]
        result["roofline"] = {"flops": workload["flops"],
                              "bytes": workload["bytes"]}
    except (OSError, KeyError, IndexError, ValueError):
        pass
with open(output, "w") as out:
    json.dump(result, out)
