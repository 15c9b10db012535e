#!/usr/bin/env python3
"""Writes a ~100 MB MLIR input for the bad-input/huge-*.mlir tests.

Usage: gen_large.py MODE OUTPUT [MEGABYTES]

MODE is one of
  comments  MEGABYTES of `//` comment lines, then a function with a syntax
            error (a missing `:`) on the last-but-one line.
  ops       one func.func holding MEGABYTES of chained arith.addf ops, then an
            scf.execute_region that the outliner must reject.
  noreturn  one func.func holding MEGABYTES of chained arith.addf ops that
            returns nothing, which the outliner rejects *at the function*.
  dense     one func.func with a dense f32 constant written as a MEGABYTES hex
            string (valid), then a second function with a dynamic shape that
            the outliner must reject.

The generated files are never committed: lit writes them under Output/ (%t).
The last line of stdout is the line number the error is expected at; the tests
do not depend on it, it is only there for debugging.
"""
import sys

MODE = sys.argv[1]
OUT = sys.argv[2]
MB = int(sys.argv[3]) if len(sys.argv) > 3 else 100
SIZE = MB * 1024 * 1024


def comments(f):
    line = "// " + "x" * 76 + "\n"  # 80 bytes
    n = SIZE // len(line)
    chunk = line * 4096
    for _ in range(n // 4096):
        f.write(chunk)
    f.write(line * (n % 4096))
    f.write("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n")
    f.write("  return %x tensor<4xf32>\n")  # missing ':'
    f.write("}\n")
    return n + 2


def add_chain(f):
    """Writes %v1 .. %v(k-1), each the sum of the previous value with itself,
    about SIZE bytes in all; returns k."""
    k = SIZE // 60
    buf = []
    for i in range(1, k):
        buf.append("  %%v%d = arith.addf %%v%d, %%v%d : tensor<4xf32>\n" % (i, i - 1, i - 1))
        if len(buf) == 65536:
            f.write("".join(buf))
            buf = []
    f.write("".join(buf))
    return k


def ops(f):
    f.write("func.func @f(%v0: tensor<4xf32>) -> tensor<4xf32> {\n")
    k = add_chain(f)
    f.write("  %%r = scf.execute_region -> tensor<4xf32> {\n"
            "    scf.yield %%v%d : tensor<4xf32>\n  }\n" % (k - 1))
    f.write("  return %r : tensor<4xf32>\n}\n")
    return k + 1


def noreturn(f):
    f.write("func.func @f(%v0: tensor<4xf32>) {\n")
    add_chain(f)
    f.write("  return\n}\n")
    return 1


def dense(f):
    n = SIZE // 8  # 8 hex digits per f32
    f.write("func.func @big(%%x: tensor<%dxf32>) -> tensor<%dxf32> {\n" % (n, n))
    f.write('  %c = arith.constant dense<"0x')
    word = "0000803F"  # 1.0f, little endian
    block = word * 65536
    for _ in range(n // 65536):
        f.write(block)
    f.write(word * (n % 65536))
    f.write('"> : tensor<%dxf32>\n' % n)
    f.write("  %%r = arith.addf %%x, %%c : tensor<%dxf32>\n" % n)
    f.write("  return %%r : tensor<%dxf32>\n}\n" % n)
    f.write("func.func @dyn(%x: tensor<?xf32>) -> tensor<?xf32> {\n")
    f.write("  return %x : tensor<?xf32>\n}\n")
    return 6


with open(OUT, "w") as f:
    line = {"comments": comments, "ops": ops, "noreturn": noreturn, "dense": dense}[MODE](f)
print(line)
