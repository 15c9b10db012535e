#!/usr/bin/env bash
# One device step (planned 2026-12-06; the session's device time was spent):
# L1 23's cluster shapes with the reuse of the first pass's loads
# (cluster-shapes.tsv), and the first GPU run of foundry-mma's f16 path
# (f16-gemm.tsv, bf16 too: correctness against the f64 naive schedule, then time),
# and cuBLAS's f16 GEMM through PyTorch.
# Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
cp device-bundle/evolve/COMMIT "$OUT/COMMIT" 2>/dev/null
python3 - > "$OUT/copy.txt" 2>&1 <<'PY'
import torch
x = torch.empty(1 << 30, dtype=torch.uint8, device="cuda"); y = torch.empty_like(x)
for _ in range(3): y.copy_(x)
ts = []
for _ in range(20):
    a, b = torch.cuda.Event(True), torch.cuda.Event(True)
    a.record(); y.copy_(x); b.record(); torch.cuda.synchronize(); ts.append(a.elapsed_time(b))
ts.sort(); ms = ts[len(ts) // 2]
print(f"{torch.cuda.get_device_name()}: copy of 1 GiB {ms:.3f} ms, {2 * (1 << 30) / ms / 1e6:.0f} GB/s read+written")
PY
for list in cluster-shapes f16-gemm; do
  bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
    "bench/kernelbench/parts/$list.tsv" > "$OUT/$list.txt" 2>&1
done
# cuBLAS's f16 and bf16 GEMMs of the same shape through PyTorch (16-bit
# results: PyTorch has no f16 x f16 -> f32 matmul), CUDA events, median of 30 after 5 warm-up.
python3 - > "$OUT/torch-f16-gemm.txt" 2>&1 <<'PY'
import torch
for dtype in (torch.float16, torch.bfloat16):
    a = torch.randn(4096, 4096, device="cuda", dtype=dtype)
    b = torch.randn(4096, 4096, device="cuda", dtype=dtype)
    for _ in range(5):
        torch.matmul(a, b)
    times = []
    for _ in range(30):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    times.sort()
    print(f"torch {dtype} matmul 4096^3: median {times[15]:.4f} ms "
          f"({2 * 4096**3 / times[15] / 1e9:.1f} TFLOP/s)")
PY
