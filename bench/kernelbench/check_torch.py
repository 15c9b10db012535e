#!/usr/bin/env python3
"""Checks the PyTorch function of every problem against its Python reference.

  check_torch.py [KERNEL_small.mlir ...]

bench/kernelbench/harness.py times and cross-checks foundry against the
PyTorch functions of torch_problems.py. Those are written by hand, so this
script checks each one against the problem's independent plain-Python
reference (references/<stem>.py, the one check_small.py checks the MLIR
against) on the small shapes, in float64 on the CPU. Run it where PyTorch
is installed (the GPU host) before trusting a harness table. Default: every
*_small.mlir of level1 and level2. Exit status 0 only if every problem
passes, within |torch - ref| <= 1e-4 + 1e-4 * |ref|.
"""
import glob
import importlib.util
import os
import random
import re
import struct
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "references"))
from check_small import flatten, nest, parse_shape  # noqa: E402
from torch_problems import PROBLEMS, function  # noqa: E402


def check(path):
    text = open(path).read()
    match = re.search(r"func\.func @\w+\((.*?)\)\s*->", text, re.S)
    shapes = [parse_shape(t) for t in re.findall(r"tensor<[^>]*>",
                                                 match.group(1))]
    stem = os.path.basename(path)[:-len("_small.mlir")]
    level = re.search(r"level(\d)", path).group(1)
    key = level + "/" + stem.split("_")[0]
    if key not in PROBLEMS:
        return "no PyTorch function for " + key
    spec = importlib.util.spec_from_file_location(
        "reference", os.path.join(HERE, "references", stem + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    low, high = getattr(module, "LOW", 0.0), getattr(module, "HIGH", 1.0)
    rng = random.Random(0)
    lists, tensors = [], []
    for shape in shapes:
        count = 1
        for d in shape:
            count *= d
        flat = [struct.unpack("<f", struct.pack("<f", rng.uniform(low, high)))[0]
                for _ in range(count)]
        lists.append(nest(flat, shape))
        tensors.append(torch.tensor(flat, dtype=torch.float64).reshape(shape))
    want = flatten(module.reference(*lists))
    with torch.no_grad():
        got = function(key, path)(*tensors)
    got = got.double().flatten().tolist() if got.dim() else [float(got)]
    if len(got) != len(want):
        return f"{len(got)} elements, the reference has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        if not abs(g - w) <= 1e-4 + 1e-4 * abs(w):
            return f"element {i}: torch {g}, reference {w}"
    return None


def main():
    paths = sys.argv[1:] or sorted(
        glob.glob(os.path.join(HERE, "level*", "*_small.mlir")))
    failures = 0
    for path in paths:
        try:
            why = check(path)
        except Exception as e:  # a function that cannot even run fails
            why = f"{type(e).__name__}: {e}"
        failures += why is not None
        print(f"{os.path.relpath(path, HERE)}: "
              f"{'PASS' if why is None else 'FAIL: ' + why}", flush=True)
    print(f"{len(paths) - failures} of {len(paths)} PyTorch functions match "
          f"their references")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
