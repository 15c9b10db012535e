#!/usr/bin/env python3
"""Checks the PyTorch function of every model kernel against its Python
reference.

  check_torch.py [KERNEL_small.mlir ...]

torch_models.py states each kernel's semantics in PyTorch for a GPU
harness; references/<stem>.py states them in plain Python, and
check_small.py checks the MLIR against those. This script closes the loop:
on the small shapes, with the inputs check_small.py draws, each PyTorch
function (on the CPU, f32 arguments as float64, bf16 ones as bfloat16)
must agree with the reference within |torch - ref| <= 1e-4 + 1e-4 * |ref|
(exactly, for integer results). Run it where PyTorch is installed (the GPU
host). Default: every bench/models/*_small.mlir. Exit status 0 only if
every kernel passes.
"""
import glob
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check_small import draw, flatten, load, nest  # noqa: E402
from torch_models import function  # noqa: E402


def check(path):
    args, results, module = load(path)
    values, _ = draw(args, module, seed=0)
    lists, tensors = [], []
    for flat, ((shape, element), _) in zip(values, args):
        lists.append(nest(flat, shape))
        dtype = torch.bfloat16 if element == "bf16" else torch.float64
        tensors.append(torch.tensor(flat, dtype=dtype).reshape(shape))
    want = flatten(module.reference(*lists))
    stem = os.path.basename(path)[:-len(".mlir")]
    with torch.no_grad():
        got = function(stem)(*tensors)
    if results[0][1] == "i64":
        if got.dtype != torch.int64:
            return f"result dtype {got.dtype}, the kernel's is i64"
        got = got.flatten().tolist()
        return None if got == [int(w) for w in want] else f"indices {got}, reference {want}"
    got = got.double().flatten().tolist() if got.dim() else [float(got)]
    if len(got) != len(want):
        return f"{len(got)} elements, the reference has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        if not abs(g - w) <= 1e-4 + 1e-4 * abs(w):
            return f"element {i}: torch {g}, reference {w}"
    return None


def main():
    paths = sys.argv[1:] or sorted(glob.glob(os.path.join(HERE, "*_small.mlir")))
    failures = 0
    for path in paths:
        try:
            why = check(path)
        except Exception as e:  # a function that cannot even run fails
            why = f"{type(e).__name__}: {e}"
        failures += why is not None
        print(f"{os.path.basename(path)}: {'PASS' if why is None else 'FAIL: ' + why}",
              flush=True)
    print(f"passed={len(paths) - failures} failed={failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
