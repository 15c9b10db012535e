#!/usr/bin/env bash
#===- device-mpi-one-rank.sh - mpirun -np 1 against a plain search (GPU) --===#
#
#   bash integration_test/device-mpi-one-rank.sh OUT_DIR [KERNEL.mlir]
#
# On a GPU host with Open MPI's mpirun, from the repository root, with
# device-bundle/evolve: the same seeded cuda-target search of the 37x300
# ReLU run plainly and as one MPI rank. One rank is the search of one
# process: the first generation must hold the same candidates. (The cuda
# target evaluates a generation in the order its candidates finish
# compiling, so the order varies from run to run, plain or not, and the
# budget must cover the whole first generation: 4 islands x 6 + the naive
# schedule. Run on 2026-12-07 with --budget-evals 12, the two runs
# evaluated different halves of the same proposals.)
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: device-mpi-one-rank.sh OUT_DIR [KERNEL.mlir]}
KERNEL=${2:-bench/kernelbench/level1/19_relu_small.mlir}
mkdir -p "$OUT"
RUN="bash scripts/device-run.sh"
FLAGS=(--target cuda --budget-evals 30 --seed 5 --library none)
$RUN foundry-evolve "$KERNEL" "${FLAGS[@]}" -o "$OUT/plain" 2> "$OUT/plain.log"
echo "plain rc=$?"
$RUN mpirun --allow-run-as-root -np 1 foundry-evolve "$KERNEL" "${FLAGS[@]}" \
  -o "$OUT/one-rank" 2> "$OUT/one-rank.log"
echo "one rank rc=$?"
python3 - "$OUT/plain/report.json" "$OUT/one-rank/report.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["kernels"][0] for p in sys.argv[1:])
first = lambda k: sorted((c["island"], c["hash"]) for c in k["candidates"]
                         if c["generation"] == 0)
print("same first generation:", first(a) == first(b),
      len(first(a)))
for name, k in (("plain", a), ("one rank", b)):
    best = k["best"] or {}
    print(f"{name}: naive {k['naive_ms']:.4f} ms, best {best.get('median_ms')} ms "
          f"{best.get('genome')!r}, {len(k['candidates'])} candidates")
PY
