#!/usr/bin/env bash
#===- softmax-cpu.sh - foundry's CPU target against NumPy, on this machine ===#
#
# A benchmark, not a test: prints figures, asserts nothing. Times, on this
# machine's cores, a 256x16384 softmax (KernelBench L1 23's computation at a
# size the CPU runs in tens of milliseconds):
#   - foundry's naive schedule (one core: it has no block loops),
#   - a searched schedule: foundry-evolve --target cpu --budget-evals N with
#     an empty library, its best re-timed with foundry-cpu-run,
#   - NumPy's softmax (x - max, exp, sum, divide) where NumPy is installed.
# Usage: bench/cpu/softmax-cpu.sh [EVALS] [OUTDIR]   (defaults 24, out/cpu-bench)
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/../.."
EVALS=${1:-24}
OUT=${2:-out/cpu-bench}
BIN=${FOUNDRY_BUILD_DIR:-build}/bin
mkdir -p "$OUT"
KERNEL=$OUT/softmax_256x16384.mlir
sed 's/4096x393216/256x16384/g; s/tensor<4096xf32>/tensor<256xf32>/g' \
  bench/kernelbench/level1/23_softmax.mlir > "$KERNEL"

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u +%F)"
echo "commit: $(git rev-parse --short HEAD)"
"$BIN/foundry-cpu-run" "$KERNEL" --time=20 | grep median
rm -rf "$OUT/evolve"
"$BIN/foundry-evolve" "$KERNEL" --target cpu --budget-evals "$EVALS" \
  --library none -o "$OUT/evolve" 2>&1 | grep '^@'
BEST=$(sed -n 's/.*schedule = #foundry.schedule<"\(.*\)">.*/\1/p' "$OUT/evolve/best.mlir" | head -1)
echo "best schedule: $BEST"
"$BIN/foundry-cpu-run" "$KERNEL" --schedule="${BEST/foundry-naive/}" --time=20 \
  | grep -E 'median|PASS|FAIL'
python3 - <<'PY'
import time
try:
    import numpy as np
except ImportError:
    print("numpy: not installed on this machine, not compared")
    raise SystemExit(0)
x = np.random.default_rng(0).uniform(-1, 1, (256, 16384)).astype(np.float32)
def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
softmax(x)
times = []
for _ in range(20):
    start = time.perf_counter()
    softmax(x)
    times.append((time.perf_counter() - start) * 1e3)
times.sort()
print(f"numpy {np.__version__}: median={times[len(times) // 2]:.4f} ms")
PY
