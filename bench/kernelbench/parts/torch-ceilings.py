"""PyTorch's figures beside a device step, each a CUDA-event median.

    python3 torch-ceilings.py copy        # 1 GiB device-to-device copy
    python3 torch-ceilings.py half-gemm   # cuBLAS f16 and bf16 4096^3 matmuls

The copy's bytes read + written per second are the memory floor that the
bench results compare kernels with; the matmuls (16-bit results: PyTorch
has no f16 x f16 -> f32 matmul) the gap to cuBLAS.
"""
import sys

import torch


def median_ms(f, runs, warmups):
    for _ in range(warmups):
        f()
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(True), torch.cuda.Event(True)
        start.record()
        f()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


def copy():
    x = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    y = torch.empty_like(x)
    ms = median_ms(lambda: y.copy_(x), 20, 3)
    print(f"{torch.cuda.get_device_name()}: copy of 1 GiB {ms:.3f} ms, "
          f"{2 * (1 << 30) / ms / 1e6:.0f} GB/s read+written")


def half_gemm():
    for dtype in (torch.float16, torch.bfloat16):
        a = torch.randn(4096, 4096, device="cuda", dtype=dtype)
        b = torch.randn(4096, 4096, device="cuda", dtype=dtype)
        ms = median_ms(lambda: torch.matmul(a, b), 30, 5)
        print(f"torch {dtype} matmul 4096^3: median {ms:.4f} ms "
              f"({2 * 4096**3 / ms / 1e9:.1f} TFLOP/s)")


if __name__ == "__main__":
    {"copy": copy, "half-gemm": half_gemm}[sys.argv[1]]()
