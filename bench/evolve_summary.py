#!/usr/bin/env python3
"""Summary table of bench/h200_evolve.sh results: foundry vs PyTorch.

Usage: evolve_summary.py OUTDIR [FIRST_OUTDIR]

Reads OUTDIR/torch.json and OUTDIR/<stem>/report.json, writes
OUTDIR/summary.md and OUTDIR/summary.json: per kernel the naive and best
times (the best verified with the full protocol), speedups over naive,
PyTorch eager and torch.compile, the fraction of the roofline, the
evaluations and seconds the search took. With FIRST_OUTDIR (an earlier
search of the same kernels whose candidates are in the library this one
used), also how many evaluations this search needed to reach the earlier
best (within 3%), as a fraction of the earlier search's evaluations.
"""
import json
import os
import sys


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def reached(history, target_ms):
    """1-based index of the first passing candidate within 3% of target."""
    for i, c in enumerate(history, 1):
        if c.get("ok") and c["median_ms"] <= target_ms * 1.03:
            return i
    return None


def main():
    outdir = sys.argv[1]
    first = sys.argv[2] if len(sys.argv) > 2 else None
    torch_times = (load(os.path.join(outdir, "torch.json")) or {}).get(
        "problems", {})
    rows = []
    for stem in sorted(os.listdir(outdir)):
        report = load(os.path.join(outdir, stem, "report.json"))
        if not report:
            continue
        for k in report["kernels"]:
            best = k.get("best") or {}
            row = {"problem": stem, "kernel": k["kernel"],
                   "naive_ms": k["naive_ms"],
                   "best_ms": best.get("median_ms"),
                   "verified": best.get("verified", False),
                   "fraction_of_roofline": best.get("fraction_of_roofline"),
                   "bottleneck": best.get("bottleneck"),
                   "schedule": best.get("genome"),
                   "evaluations": k.get("evaluations"),
                   "seconds": k.get("seconds"),
                   "stop_reason": k.get("stop_reason")}
            t = torch_times.get(stem, {})
            row["eager_ms"] = t.get("eager", {}).get("median_ms")
            row["compile_ms"] = t.get("compile", {}).get("median_ms")
            if first:
                earlier = load(os.path.join(first, stem, "report.json"))
                if earlier and earlier["kernels"][0].get("best"):
                    target = earlier["kernels"][0]["best"]["search_median_ms"] \
                        or earlier["kernels"][0]["best"]["median_ms"]
                    n = reached(k["candidates"], target)
                    total = earlier["kernels"][0]["evaluations"]
                    row["reached_first_best_at"] = n
                    row["first_evaluations"] = total
            rows.append(row)

    def ratio(a, b):
        return a / b if a and b else None

    def fmt(v, spec):
        return format(v, spec) if v is not None else "-"

    lines = ["| problem | naive ms | foundry ms | vs naive | eager ms | "
             "vs eager | compile ms | vs compile | roofline | evals | "
             "search s |", "|" + "---|" * 11]
    for r in rows:
        r["speedup_naive"] = ratio(r["naive_ms"], r["best_ms"])
        r["speedup_eager"] = ratio(r["eager_ms"], r["best_ms"])
        r["speedup_compile"] = ratio(r["compile_ms"], r["best_ms"])
        lines.append(
            f"| {r['problem']} | {fmt(r['naive_ms'], '.3f')} | "
            f"{fmt(r['best_ms'], '.3f')}{'' if r['verified'] else ' (unverified)'} | "
            f"{fmt(r['speedup_naive'], '.2f')}x | {fmt(r['eager_ms'], '.3f')} | "
            f"{fmt(r['speedup_eager'], '.2f')}x | {fmt(r['compile_ms'], '.3f')} | "
            f"{fmt(r['speedup_compile'], '.2f')}x | "
            f"{fmt(r['fraction_of_roofline'] and 100 * r['fraction_of_roofline'], '.0f')}% | "
            f"{r['evaluations']} | {fmt(r['seconds'], '.0f')} |")
    lines.append("")
    for r in rows:
        lines.append(f"- {r['problem']}: `{r['schedule'] or 'naive'}` "
                     f"({r['bottleneck'] or '-'}; {r['stop_reason']})")
        if "reached_first_best_at" in r:
            n, total = r["reached_first_best_at"], r["first_evaluations"]
            lines.append(
                f"  - with the library: reached the first search's best at "
                f"evaluation {n} of the first search's {total}"
                + (f" ({100 * n / total:.0f}%)" if n else ""))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(outdir, "summary.md"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "summary.json"), "w") as f:
        json.dump(rows, f, indent=2)
    print(text)


if __name__ == "__main__":
    main()
