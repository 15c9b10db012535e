#!/usr/bin/env python3
"""Summary of bench/library_transfer.sh: what the experience library saves.

Usage: library_transfer.py OUTDIR

For each OUTDIR/pairN (kernels A and B, four searches: A, A-again, B-alone,
B-after-A), reads each search's history.jsonl and writes OUTDIR/summary.md
and prints it: each search's best time, candidates and evaluations (those
not answered from the library's cache), and the first candidate within 3%
of the reference best (A's for A-again, B-alone's for B-after-A).
"""
import json
import os
import sys


def history(path):
    rows = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    rows.append(json.loads(line))
    except OSError:
        return None
    return rows


def best(rows):
    times = [r["median_ms"] for r in rows if r.get("ok") and r.get("median_ms")]
    return min(times) if times else None


def reached(rows, target):
    """(candidate index, evaluation index), 1-based, of the first passing
    candidate within 3% of `target`; evaluations skip cached answers."""
    evaluations = 0
    for i, r in enumerate(rows, 1):
        if not r.get("cached"):
            evaluations += 1
        if r.get("ok") and r.get("median_ms") and r["median_ms"] <= target * 1.03:
            return i, evaluations
    return None


def main():
    outdir = sys.argv[1]
    lines = ["| pair | search | kernel | best ms | candidates | evaluations "
             "| reaches the reference at (candidate / evaluation) |",
             "|---|---|---|---|---|---|---|"]
    for pair in sorted(d for d in os.listdir(outdir) if d.startswith("pair")):
        base = os.path.join(outdir, pair)
        try:
            with open(os.path.join(base, "kernels.txt")) as f:
                a, b = f.read().split()
        except (OSError, ValueError):
            continue
        runs = {name: history(os.path.join(base, name, "history.jsonl"))
                for name in ("A", "A-again", "B-alone", "B-after-A")}
        reference = {"A-again": best(runs["A"] or []),
                     "B-after-A": best(runs["B-alone"] or [])}
        for name, rows in runs.items():
            kernel = os.path.basename(a if name.startswith("A") else b)
            if rows is None:
                lines.append(f"| {pair} | {name} | {kernel} | missing | | | |")
                continue
            evaluations = sum(1 for r in rows if not r.get("cached"))
            where = ""
            if name in reference and reference[name]:
                hit = reached(rows, reference[name])
                where = (f"{hit[0]} / {hit[1]} (reference {reference[name]:.3f}"
                         " ms)") if hit else f"not reached ({reference[name]:.3f} ms)"
            top = best(rows)
            lines.append(f"| {pair} | {name} | {kernel} | "
                         f"{top:.3f} | {len(rows)} | {evaluations} | {where} |"
                         if top else
                         f"| {pair} | {name} | {kernel} | none passed | "
                         f"{len(rows)} | {evaluations} | {where} |")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(outdir, "summary.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
