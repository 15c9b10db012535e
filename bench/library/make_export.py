#!/usr/bin/env python3
"""Writes a foundry-library export (version 1) of one kernel with N distinct
candidates, for measuring `foundry-library import` at scale.

make_export.py N OUT.yaml [--libllvm PATH]

Each candidate's genome is a valid schedule (a block tiling of its own
sizes); its genome_hash is the xxh3-64 digest of the genome as written,
which import accepts (an older export's hash). The digest is LLVM's own
llvm::xxh3_64bits, called in libLLVM through ctypes, so no hash is
reimplemented here.
"""
import argparse
import ctypes

parser = argparse.ArgumentParser()
parser.add_argument("count", type=int)
parser.add_argument("out")
parser.add_argument("--libllvm", default="/usr/lib/llvm-22/lib/libLLVM.so.22.1")
args = parser.parse_args()

lib = ctypes.CDLL(args.libllvm)
xxh3 = getattr(lib, "_ZN4llvm11xxh3_64bitsENS_8ArrayRefIhEE")
xxh3.restype = ctypes.c_uint64
xxh3.argtypes = [ctypes.c_char_p, ctypes.c_size_t]

KEY = "0123456789abcdef"
with open(args.out, "w") as out:
    out.write("version: 1\nkernels:\n")
    out.write(f"  - kernel_key: {KEY}\n    exact_key: {KEY}\n"
              f"    graph_key: {KEY}\n    family_key: {KEY}\n"
              "    name: scale\n    op_graph: generic\n"
              "    shape_bucket: \"64x64\"\n    family: elementwise\n"
              "    target: sm_90\n")
    out.write("candidates:\n")
    for i in range(args.count):
        genome = (f"foundry-tile-blocks{{sizes={{{i // 1024 + 1},"
                  f"{i % 1024 + 1}}}}}")
        digest = "%016x" % xxh3(genome.encode(), len(genome))
        out.write(f"  - kernel: {KEY}\n    genome_hash: {digest}\n"
                  f"    genome: \"{genome}\"\n    stage: ok\n    ok: true\n"
                  f"    median_ms: {0.001 * (i + 1):.6f}\n"
                  "    diagnosis: \"\"\n")
    out.write("insights: []\n")
