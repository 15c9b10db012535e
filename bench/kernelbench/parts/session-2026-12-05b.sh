#!/usr/bin/env bash
# One device step (2026-12-05): L1 23 and 24 through foundry-approx-math
# (approx-math.tsv); the online split and launch bounds of the session
# before (online-split.tsv, min-blocks.tsv); the DRAM traffic of the
# softmax cluster under ncu (profile.tsv). Results under $OUT.
set -u
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version,memory.total --format=csv > "$OUT/gpu.txt" 2>&1
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
for list in approx-math online-split min-blocks; do
  bash scripts/device-run.sh bash bench/kernelbench/parts/time-schedules.sh \
    "bench/kernelbench/parts/$list.tsv" > "$OUT/$list.txt" 2>&1
done
bash scripts/device-run.sh bash bench/kernelbench/parts/profile-schedules.sh \
  bench/kernelbench/parts/profile.tsv > "$OUT/profile.txt" 2>&1
