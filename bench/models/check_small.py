#!/usr/bin/env python3
"""Checks the small model kernels against independent Python references.

  check_small.py [KERNEL_small.mlir ...] [--bin build/bin] [--seed 0]

Default: every bench/models/*_small.mlir. The reference of NAME_small.mlir
is bench/models/references/NAME.py, which defines `reference(*inputs)`:
the kernel's arguments as nested Python lists of floats, in order, returning
the output as a nested list (a float for a rank-0 result, ints for an i64
one). Plain Python, no numpy: it states the PyTorch semantics of the kernel
a second time, independently of the MLIR (torch_models.py states them a
third time, for the GPU harness).

As bench/kernelbench/check_small.py does, the script reads the argument and
result types from the func.func signature, draws each input as its
`foundry.init` says (uniform in [LOW, HIGH) without one, [0, 1) unless the
reference sets LOW and HIGH), computes the reference, writes inputs and
outputs as .npy files and runs `foundry-cpu-run --check-npy
--reference=f64`, which computes the kernel in f64 from the same inputs and
compares within the kernel's tolerance. Beyond f32 it handles bf16 inputs
(drawn, then rounded to the nearest bf16, the reference sees the rounded
values; written as their raw uint16 bits, '<u2', as foundry-run --dump-npy
writes them) and i64 results ('<i8'). Prints one line per kernel; exit
status 0 only if every kernel passes.
"""
import argparse
import glob
import importlib.util
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCES = os.path.join(HERE, "references")

# The signature parsing and nesting of bench/kernelbench/check_small.py (a
# module of the same name, so loaded under another).
_spec = importlib.util.spec_from_file_location(
    "kernelbench_check_small",
    os.path.join(os.path.dirname(HERE), "kernelbench", "check_small.py"))
_kernelbench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_kernelbench)
ARGUMENT, INIT, nest = _kernelbench.ARGUMENT, _kernelbench.INIT, _kernelbench.nest

# Element type -> (.npy descr, struct code).
NPY = {"f32": ("<f4", "f"), "bf16": ("<u2", "H"), "i64": ("<i8", "q")}


def write_npy(path, shape, flat, element):
    """Writes a C-order .npy file (numpy's format 1.0, without numpy); bf16
    values are given as their uint16 bits."""
    descr, code = NPY[element]
    dims = [str(d) for d in shape]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ",".join(dims) + ("," if len(dims) == 1 else ""))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%d%s" % (len(flat), code), *flat))


def round_f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def bf16_bits(v):
    """The bits of the bf16 nearest to v (ties to even), as a GPU's cvt.rn
    and foundry-cpu-run's fill round."""
    bits = struct.unpack("<I", struct.pack("<f", v))[0]
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16) & 0xFFFF


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def flatten(value):
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(flatten(v))
        return out
    return [value]


def parse_type(text):
    """tensor<2x3xbf16> -> ([2, 3], "bf16"); tensor<f32> -> ([], "f32")."""
    parts = text[len("tensor<"):-1].split("x")
    if parts[-1] not in NPY:
        raise ValueError("unsupported element type in " + text)
    return [int(p) for p in parts[:-1]], parts[-1]


SIGNATURE = re.compile(
    r"func\.func @\w+\((.*?)\)\s*->\s*\(?(.*?)\)?\s*(attributes\s*\{.*?\}\s*)?\{", re.S)


def load(kernel):
    """The kernel's argument types and inits, result types and reference
    module: ([((shape, element), init)], [(shape, element)], module)."""
    text = open(kernel).read()
    match = SIGNATURE.search(text)
    if not match:
        raise ValueError(kernel + ": no func.func signature found")
    args = []
    for tensor, attrs in ARGUMENT.findall(match.group(1)):
        init = INIT.search(attrs or "")
        args.append((parse_type(tensor),
                     (init.group(1), float(init.group(2)), float(init.group(3)))
                     if init else None))
    results = [parse_type(t) for t in re.findall(r"tensor<[^>]*>", match.group(2))]
    stem = os.path.basename(kernel)[:-len(".mlir")]
    if stem.endswith("_small"):
        stem = stem[:-len("_small")]
    if REFERENCES not in sys.path:
        sys.path.insert(0, REFERENCES)
    spec = importlib.util.spec_from_file_location(
        "reference_" + stem, os.path.join(REFERENCES, stem + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return args, results, module


def draw(args, module, seed):
    """Draws the inputs: (the values as flat lists, each as the kernel sees
    it, and what goes into the .npy file: bf16 bits or the f32 value)."""
    low, high = getattr(module, "LOW", 0.0), getattr(module, "HIGH", 1.0)
    rng = random.Random(seed)
    values, stored = [], []
    for (shape, element), init in args:
        count = 1
        for d in shape:
            count *= d
        if init is None:
            sample = lambda: rng.uniform(low, high)
        elif init[0] == "uniform":
            sample = lambda: rng.uniform(init[1], init[2])
        else:
            sample = lambda: rng.gauss(init[1], init[2])
        if element == "bf16":
            bits = [bf16_bits(sample()) for _ in range(count)]
            values.append([bf16_value(b) for b in bits])
            stored.append(bits)
        else:
            values.append([round_f32(sample()) for _ in range(count)])
            stored.append(values[-1])
    return values, stored


def check(kernel, bin_dir, seed):
    """Returns (passed, the tool's output)."""
    args, results, module = load(kernel)
    values, stored = draw(args, module, seed)
    outputs = module.reference(*[nest(v, shape) for v, ((shape, _), _) in zip(values, args)])
    if len(results) == 1:
        outputs = (outputs,)
    with tempfile.TemporaryDirectory() as tmp:
        for i, (flat, ((shape, element), _)) in enumerate(zip(stored, args)):
            write_npy(os.path.join(tmp, "input%d.npy" % i), shape, flat, element)
        for i, ((shape, element), out) in enumerate(zip(results, outputs)):
            flat = flatten(out)
            expected = 1
            for d in shape:
                expected *= d
            if len(flat) != expected:
                return False, "%s: reference output #%d has %d elements, the kernel %d\n" % (
                    module.__file__, i, len(flat), expected)
            if element == "i64":
                flat = [int(v) for v in flat]
            elif element == "bf16":
                flat = [bf16_bits(float(v)) for v in flat]
            else:
                flat = [float(v) for v in flat]
            write_npy(os.path.join(tmp, "output%d.npy" % i), shape, flat, element)
        run = subprocess.run([os.path.join(bin_dir, "foundry-cpu-run"), kernel,
                              "--check-npy=" + tmp, "--reference=f64"],
                             capture_output=True, text=True)
    output = run.stdout + run.stderr
    return run.returncode == 0 and "PASS" in run.stdout and "FAIL" not in run.stdout, output


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernels", nargs="*")
    parser.add_argument("--bin", default="build/bin")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    kernels = args.kernels or sorted(glob.glob(os.path.join(HERE, "*_small.mlir")))
    failed = 0
    for kernel in kernels:
        try:
            passed, output = check(kernel, args.bin, args.seed)
        except Exception as e:  # a reference that cannot run fails
            passed, output = False, "%s: %s\n" % (type(e).__name__, e)
        sys.stdout.write(output)
        print("%s %s" % ("PASS" if passed else "FAIL", os.path.basename(kernel)), flush=True)
        failed += not passed
    print("passed=%d failed=%d" % (len(kernels) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
