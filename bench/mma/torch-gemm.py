#!/usr/bin/env python3
"""cuBLAS (through PyTorch) on the GEMMs of bench/kernelbench/parts/wgmma-half.tsv.

Usage: torch-gemm.py [SIZE]

Times y = a @ b^T (b stored NxK, as nn.Linear stores its weight) and y = a @ b
(b stored KxN) for f16 and bf16 operands of SIZE^3 (default 4096) with
foundry-run's protocol: 3 warm-ups, then 30 runs, CUDA events around the call
only and a 256 MiB L2 flush before each run; prints the median and TFLOP/s.
torch.matmul of 16-bit operands returns 16-bit results; torch.mm with
out_dtype=torch.float32 (where this PyTorch has it) returns the f32
accumulator, as foundry's gemm_*16{_nt,}.mlir do (2 more bytes per output
element, 32 MiB at 4096). Also times, in eager and torch.compile, the bf16
Linear + bias + GELU and a bf16 gated MLP, silu(x Wg^T) * (x Wu^T) with x
SIZE x SIZE and Wg, Wu 11008 x SIZE (Llama-2-7B's), all in bf16.
"""
import statistics
import sys

import torch


def median_ms(fn, runs=30, warmups=3):
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    for _ in range(warmups):
        fn()
    times = []
    for _ in range(runs):
        flush.zero_()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    print(torch.cuda.get_device_name(), "torch", torch.__version__)
    for dtype in (torch.float16, torch.bfloat16):
        a = torch.randn(n, n, device="cuda", dtype=dtype)
        b = torch.randn(n, n, device="cuda", dtype=dtype)
        for layout, fn in (("a @ b^T (b NxK)", lambda: a @ b.t()),
                           ("a @ b (b KxN)", lambda: a @ b)):
            ms = median_ms(fn)
            print(f"{dtype} {n}^3 {layout}: median {ms:.4f} ms "
                  f"({2 * n ** 3 / ms / 1e9:.1f} TFLOP/s)")
        for layout, fn in (
                ("a @ b^T (b NxK) into f32",
                 lambda: torch.mm(a, b.t(), out_dtype=torch.float32)),
                ("a @ b (b KxN) into f32",
                 lambda: torch.mm(a, b, out_dtype=torch.float32))):
            try:
                ms = median_ms(fn)
            except (TypeError, RuntimeError) as error:
                print(f"{dtype} {n}^3 {layout}: not timed ({error})")
                continue
            print(f"{dtype} {n}^3 {layout}: median {ms:.4f} ms "
                  f"({2 * n ** 3 / ms / 1e9:.1f} TFLOP/s)")
    x = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    linear = torch.nn.Linear(n, n, device="cuda", dtype=torch.bfloat16)

    def gelu_linear(v):
        return torch.nn.functional.gelu(linear(v))

    compiled = torch.compile(gelu_linear)
    with torch.no_grad():
        for name, fn in (("eager", gelu_linear), ("torch.compile", compiled)):
            ms = median_ms(lambda: fn(x))
            print(f"bf16 Linear({n}, {n}) + bias + GELU on {n} rows, {name}: "
                  f"median {ms:.4f} ms")
    hidden = 11008
    wg = torch.randn(hidden, n, device="cuda", dtype=torch.bfloat16) / 64
    wu = torch.randn(hidden, n, device="cuda", dtype=torch.bfloat16) / 64

    def gated_mlp(v):
        return (torch.nn.functional.silu(torch.nn.functional.linear(v, wg)) *
                torch.nn.functional.linear(v, wu))

    compiled_mlp = torch.compile(gated_mlp)
    with torch.no_grad():
        for name, fn in (("eager", gated_mlp), ("torch.compile", compiled_mlp)):
            ms = median_ms(lambda: fn(x))
            print(f"bf16 gated MLP {n}x{n} -> {hidden}, {name}: "
                  f"median {ms:.4f} ms")


if __name__ == "__main__":
    main()
