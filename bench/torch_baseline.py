#!/usr/bin/env python3
"""PyTorch eager and torch.compile times of KernelBench problems on a GPU.

Usage: torch_baseline.py KERNEL.mlir... [-o RESULT.json]

Each problem's PyTorch function is in kernelbench/torch_problems.py; the
input shapes are read from the kernel's func.func signature, so PyTorch
and foundry see the same problem. Timing follows the protocol of foundry-run (docs/evaluation.md),
which is KernelBench's: 3 warm-ups, then 100 runs of which the first is
discarded, CUDA events around the call only, and before each run (outside
the events) fresh inputs (uniform [0, 1), or as an argument's foundry.init
says: a model's weights) and a 256 MiB L2 flush. fp32
matmuls stay true fp32 (PyTorch's default: allow_tf32 = False).
"""
import argparse
import json
import os
import re
import statistics
import sys

import torch


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "kernelbench"))
from check_small import argument_inits  # noqa: E402
from torch_problems import PROBLEMS, function  # noqa: E402

SIGNATURE = re.compile(r"func\.func @\w+\((.*?)\)\s*->")
TENSOR = re.compile(r"tensor<([0-9x]*?)x?(f32|f16|bf16|f64|i64|i32)>")
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "f64": torch.float64, "i64": torch.int64, "i32": torch.int32}


def problem_key(path):
    level = re.search(r"level(\d)", path)
    number = re.match(r"(\d+)_", os.path.basename(path))
    if not level or not number:
        return None
    return level.group(1) + "/" + number.group(1)


def input_dtypes(path):
    """PyTorch dtypes of the first func.func's arguments, in order."""
    with open(path) as f:
        match = SIGNATURE.search(f.read())
    if not match:
        raise ValueError(path + ": no func.func signature")
    return [DTYPES[t.group(2)] for t in TENSOR.finditer(match.group(1))]


def input_shapes(path):
    """Shapes of the first func.func's arguments, e.g. [[4096, 4096], ...]."""
    with open(path) as f:
        text = f.read()
    match = SIGNATURE.search(text)
    if not match:
        raise ValueError(path + ": no func.func signature")
    shapes = []
    for tensor in TENSOR.finditer(match.group(1)):
        dims = tensor.group(1)
        shapes.append([int(d) for d in dims.split("x")] if dims else [])
    return shapes


def input_inits(path):
    """How each argument is drawn: ("uniform", low, high) or ("normal",
    mean, std) from its foundry.init, else ("uniform", 0, 1) (torch.rand),
    in argument order."""
    with open(path) as f:
        match = SIGNATURE.search(f.read())
    return [init or ("uniform", 0.0, 1.0)
            for _, init in argument_inits(match.group(1) if match else "")]


def time_fn(fn, inputs, warmup=3, runs=100, flush_bytes=256 << 20,
            inits=None):
    """Times fn(*inputs); before every run the inputs are drawn afresh, as
    `inits` (input_inits) says, by default uniform in [0, 1)."""
    flush = torch.empty(flush_bytes // 4, dtype=torch.float32, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    times = []
    inits = inits or [("uniform", 0.0, 1.0)] * len(inputs)
    for run in range(warmup + runs):
        for x, (kind, a, b) in zip(inputs, inits):
            if kind == "normal":
                x.normal_(a, b)
            else:
                x.uniform_(a, b)
        flush.fill_(float(run))
        torch.cuda.synchronize()
        start.record()
        fn(*inputs)
        stop.record()
        stop.synchronize()
        if run >= warmup:
            times.append(start.elapsed_time(stop))
    times = times[1:]  # KernelBench discards the first trial.
    return {"runs": len(times), "median_ms": statistics.median(times),
            "mean_ms": statistics.fmean(times), "min_ms": min(times),
            "max_ms": max(times), "stddev_ms": statistics.pstdev(times)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="+")
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    results = {}
    for path in args.kernels:
        key = problem_key(path)
        stem = os.path.basename(path)[:-len(".mlir")]
        if key not in PROBLEMS:
            print(f"{path}: no PyTorch function for problem {key}",
                  file=sys.stderr)
            continue
        fn = function(key, path)
        inputs = [torch.empty(s, dtype=torch.float32, device="cuda")
                  for s in input_shapes(path)]
        entry = {"problem": key, "shapes": [list(x.shape) for x in inputs]}
        inits = input_inits(path)
        entry["eager"] = time_fn(fn, inputs, runs=args.runs, inits=inits)
        torch._dynamo.reset()
        entry["compile"] = time_fn(torch.compile(fn), inputs, runs=args.runs,
                                   inits=inits)
        results[stem] = entry
        print(f"{stem}: eager {entry['eager']['median_ms']:.4f} ms, "
              f"compile {entry['compile']['median_ms']:.4f} ms",
              file=sys.stderr, flush=True)
        del inputs
        torch.cuda.empty_cache()
    text = json.dumps({"device": torch.cuda.get_device_name(),
                       "torch": torch.__version__, "problems": results},
                      indent=2)
    if args.output == "-":
        print(text)
    else:
        with open(args.output, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
