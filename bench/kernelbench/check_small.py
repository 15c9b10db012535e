#!/usr/bin/env python3
"""Checks a small KernelBench kernel against an independent Python reference.

  check_small.py KERNEL_small.mlir [--bin build/bin] [--seed 0]

The reference is bench/kernelbench/references/<stem without _small>.py, which
defines `reference(*inputs)`: inputs as nested Python lists of floats (the
kernel's arguments, in order), returning the output as a nested list (or a
tuple of them for several results). Plain Python, no numpy: it states the
PyTorch semantics of the problem a second time, independently of the MLIR.

The script reads the argument and result shapes from the func.func signature,
draws inputs uniformly in [low, high) (KernelBench's torch.rand is [0, 1);
some problems need other ranges, set by `LOW`/`HIGH` in the reference file)
or as an argument's `foundry.init` says (a model parameter's initialization),
computes the reference, writes both as .npy files and runs
`foundry-cpu-run --check-npy --reference=f64`, which computes the MLIR kernel
in f64 on the CPU from the same inputs and compares within the kernel's
tolerance. Exit status 0 only on PASS.
"""
import argparse
import importlib.util
import os
import random
import re
import struct
import subprocess
import sys
import tempfile


def write_npy(path, shape, flat, descr="<f4"):
    """Writes a C-order .npy file (numpy's format 1.0, without numpy)."""
    dims = [str(d) for d in shape]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ",".join(dims) + ("," if len(dims) == 1 else ""))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    code = {"<f4": "f", "<f8": "d", "<i4": "i"}[descr]
    values = [int(v) for v in flat] if code == "i" else flat
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def nest(flat, shape):
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0]
    return [nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def flatten(value):
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(flatten(v))
        return out
    return [float(value)]


def parse_shape(text):
    # tensor<2x3xf32> -> [2, 3]; tensor<f32> -> []
    inner = text[len("tensor<"):-1]
    parts = inner.split("x")
    if parts[-1] != "f32":
        raise SystemExit("only f32 tensors are supported, got " + text)
    return [int(p) for p in parts[:-1]]


ARGUMENT = re.compile(r"%\w+\s*:\s*(tensor<[^>]*>)\s*(\{[^}]*\})?")
INIT = re.compile(r'foundry\.init\s*=\s*"\s*(uniform|normal)\s*\(([^,]+),([^)]+)\)')


def argument_inits(args_text):
    """For each argument of a func.func argument list (the text between its
    parentheses): its tensor type and its foundry.init as (kind, a, b), kind
    "uniform" (a, b = low, high) or "normal" (a, b = mean, std), or None
    without one."""
    found = []
    for tensor, attrs in ARGUMENT.findall(args_text):
        init = INIT.search(attrs or "")
        found.append((tensor, (init.group(1), float(init.group(2)),
                               float(init.group(3))) if init else None))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernel")
    parser.add_argument("--bin", default="build/bin")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    text = open(args.kernel).read()
    match = re.search(r"func\.func @\w+\((.*?)\)\s*->\s*\(?(.*?)\)?\s*(attributes\s*\{.*?\}\s*)?\{",
                      text, re.S)
    if not match:
        raise SystemExit(args.kernel + ": no func.func signature found")
    # An argument's foundry.init (a model parameter's initialization) decides
    # how its values are drawn, as foundry-run does on the GPU.
    args_found = argument_inits(match.group(1))
    arg_shapes = [parse_shape(t) for t, _ in args_found]
    inits = [init for _, init in args_found]
    result_shapes = [parse_shape(t) for t in re.findall(r"tensor<[^>]*>", match.group(2))]

    stem = os.path.basename(args.kernel)[:-len(".mlir")]
    if stem.endswith("_small"):
        stem = stem[:-len("_small")]
    ref_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "references")
    ref_path = os.path.join(ref_dir, stem + ".py")
    # Shared operators (references/_ops.py) import by name.
    sys.path.insert(0, ref_dir)
    spec = importlib.util.spec_from_file_location("reference", ref_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    low, high = getattr(module, "LOW", 0.0), getattr(module, "HIGH", 1.0)

    rng = random.Random(args.seed)
    inputs, flats = [], []
    for shape, init in zip(arg_shapes, inits):
        count = 1
        for d in shape:
            count *= d
        if init is None:
            draw = lambda: rng.uniform(low, high)
        elif init[0] == "uniform":
            draw = lambda: rng.uniform(init[1], init[2])
        else:
            draw = lambda: rng.gauss(init[1], init[2])
        # Round through f32 so that Python and the kernel see the same values.
        flat = [struct.unpack("<f", struct.pack("<f", draw()))[0]
                for _ in range(count)]
        flats.append(flat)
        inputs.append(nest(flat, shape))
    outputs = module.reference(*inputs)
    if len(result_shapes) == 1:
        outputs = (outputs,)
    with tempfile.TemporaryDirectory() as tmp:
        for i, (shape, flat) in enumerate(zip(arg_shapes, flats)):
            write_npy(os.path.join(tmp, "input%d.npy" % i), shape, flat)
        for i, (shape, out) in enumerate(zip(result_shapes, outputs)):
            flat = flatten(out)
            expected = 1
            for d in shape:
                expected *= d
            if len(flat) != expected:
                raise SystemExit("%s: reference output #%d has %d elements, the kernel %d"
                                 % (ref_path, i, len(flat), expected))
            write_npy(os.path.join(tmp, "output%d.npy" % i), shape, flat)
        run = subprocess.run([os.path.join(args.bin, "foundry-cpu-run"), args.kernel,
                              "--check-npy=" + tmp, "--reference=f64"],
                             capture_output=True, text=True)
    sys.stdout.write(run.stdout)
    sys.stderr.write(run.stderr)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
