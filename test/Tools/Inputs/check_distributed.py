"""Checks a distributed search's report.json against its library.

check_distributed.py REPORT LIBRARY [PLAIN_REPORT]: prints, one per line,
what the report says of the ranks, whether the library holds every
candidate some rank evaluated exactly once and nothing else, and (with
PLAIN_REPORT, a search of one process with the same seed) whether the first
generation is the same.
"""
import json
import sqlite3
import sys

kernel = json.load(open(sys.argv[1]))["kernels"][0]
distributed = kernel["distributed"]
members = distributed["members"]
print("ranks", distributed["ranks"], "gpus", distributed["gpus"])
print("ranks that evaluated", sum(1 for m in members if m["evaluations"] > 0))
print("lost", [m["rank"] for m in members if m["lost"]])
candidates = kernel["candidates"]
print("candidates from ranks", sorted({c["rank"] for c in candidates}))
fresh = [c for c in candidates if not c["cached"]]
# Each rank evaluates the naive schedule for itself; rank 0 keeps its own.
fresh_hashes = {c["hash"] for c in fresh}
db = sqlite3.connect(sys.argv[2])
rows = [h for (h,) in db.execute("SELECT genome_hash FROM candidates")]
print("library rows", len(rows) == len(set(rows)),
      "every candidate once", set(rows) == fresh_hashes)
counted = {m["rank"]: m["evaluations"] for m in members}
by_rank = {}
for c in fresh:
    by_rank[c["rank"]] = by_rank.get(c["rank"], 0) + 1
print("each rank's count received",
      all(by_rank.get(r, 0) == n for r, n in counted.items()
          if not next(m for m in members if m["rank"] == r)["lost"]))
if len(sys.argv) > 3:
    plain = json.load(open(sys.argv[3]))["kernels"][0]["candidates"]
    first = lambda cs: sorted((c["island"], c["hash"]) for c in cs
                              if c["generation"] == 0 and c["genome"])
    a, b = first(plain), first(candidates)
    print("same first generation", a == b, len(a))
