#!/usr/bin/env python3
"""Compile kernels under schedules, and check them on the CPU.

Two modes, both of which run every compilation in a child process so that a
crash is counted instead of ending the run:

  fixed   every kernel x the five reference schedules below: CPU equivalence
          with the naive schedule (foundry-cpu-run) and PTX -> cubin (ptxas,
          when present). Prints one line per case and a summary.
  random  N random schedules (seeded) over the kernels, option values drawn
          from valid and invalid ranges: counts clean results (exit 0),
          diagnosed rejections (exit 1 with an error) and crashes (anything
          else: signals, aborts, exit codes > 1, errors without a diagnostic).

  list    print the five reference schedules, one per line.

usage: schedule_check.py fixed  --bin BUILD/bin KERNEL.mlir...
       schedule_check.py random --bin BUILD/bin --count N --seed S KERNEL.mlir...
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

# Five distinct schedules that every supported kernel compiles under: block
# tiles only; block + one thread per element; register tiles with a k-loop;
# the same vectorized and unrolled; a row-per-block shape.
FIXED = [
    "foundry-tile-blocks{sizes=2,8}",
    "foundry-tile-blocks{sizes=2,8},foundry-tile-threads{sizes=1,1}",
    "foundry-tile-blocks{sizes=8,16},foundry-tile-threads{sizes=2,2},"
    "foundry-tile-reduction{sizes=4}",
    "foundry-tile-blocks{sizes=8,16},foundry-tile-threads{sizes=2,2},"
    "foundry-tile-reduction{sizes=4},foundry-vectorize,foundry-unroll{factor=2}",
    "foundry-tile-blocks{sizes=1,32},foundry-tile-threads{sizes=1,2},"
    "foundry-tile-reduction{sizes=3},foundry-vectorize,foundry-unroll{factor=3}",
]


def run(cmd, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def compile_cmd(binDir, kernel, schedule, ptx, chip="sm_90"):
    pipeline = ("builtin.module(foundry-outline-kernels,%s%sfoundry-to-nvvm{"
                "chip=%s},foundry-extract-ptx{output=%s})"
                % (schedule, "," if schedule else "", chip, ptx))
    return [os.path.join(binDir, "foundry-opt"), kernel,
            "--pass-pipeline=" + pipeline, "-o", os.devnull]


def first_error(text, code):
    """The first diagnostic line of a tool's output, else its last line."""
    lines = text.strip().splitlines()
    for line in lines:
        if "error:" in line or "FAIL" in line:
            return line
    return lines[-1] if lines else "exit %s" % code


def fixed(args):
    ptxas = shutil.which("ptxas") or (
        "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
    failed = 0
    rejections = 0
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        ptx = os.path.join(tmp, "k.ptx")
        for kernel in args.kernels:
            name = os.path.basename(kernel)
            for index, schedule in enumerate(FIXED):
                total += 1
                why = []
                code, out, err = run([os.path.join(args.bin, "foundry-cpu-run"),
                                      kernel, "--schedule=" + schedule])
                if code != 0 or "PASS" not in out or "FAIL" in out:
                    why.append("cpu: " + first_error(out + err, code))
                code, _, err = run(compile_cmd(args.bin, kernel, schedule, ptx))
                if code != 0:
                    why.append("ptx: " + first_error(err, code))
                elif ptxas:
                    code, _, err = run([ptxas, "-arch=sm_90", ptx, "-o",
                                        os.path.join(tmp, "k.cubin")])
                    if code != 0:
                        why.append("ptxas: " + err.strip())
                # A schedule pass refusing the kernel with its own diagnostic
                # (the schedule does not apply: a rank-0 loss has no loop to
                # tile) is a rejection, not a failure; anything else is.
                rejected = why and all(
                    re.search(r"error: .*foundry-(tile|reduce|promote|mma|"
                              r"vectorize|unroll|split)[a-z-]*: ", w)
                    for w in why)
                status = "REJECT" if rejected else "FAIL" if why else "PASS"
                failed += bool(why) and not rejected
                rejections += bool(rejected)
                print("%s %s schedule #%d%s%s" % (status, name, index,
                      " (cubin)" if ptxas and not why else "",
                      ": " + "; ".join(why) if why else ""))
    print("fixed schedules: %d passed, %d rejected by a schedule pass, %d failed"
          % (total - failed - rejections, rejections, failed))
    return 1 if failed else 0


def random_size(rng):
    # Mostly plausible sizes (ragged ones included), sometimes hostile ones.
    if rng.random() < 0.85:
        return rng.choice([0, 1, 2, 3, 4, 7, 8, 16, 32, 64, 128])
    return rng.choice([1000, 4096, -1, 1 << 40])


def random_sizes(rng):
    return ",".join(str(random_size(rng))
                    for _ in range(rng.choice([0, 1, 2, 2, 2, 3, 4, 5])))


def random_pass(rng):
    kind = rng.choice(["blocks", "threads", "warps", "reduction", "reduction",
                       "promote", "mma", "vectorize", "unroll", "rthreads",
                       "split", "pad", "im2col", "splitk", "transpose",
                       "phases", "warpgroups", "bounds"])
    if kind == "bounds":
        return "foundry-launch-bounds{min-blocks=%d max-registers=%d}" % (
            rng.choice([-1, 0, 1, 2, 3, 16, 32, 33]),
            rng.choice([-1, 0, 8, 16, 32, 64, 255, 256]))
    if kind == "phases":
        return "foundry-tile-phases{threads=%d width=%d}" % (
            rng.choice([-1, 0, 1, 7, 32, 256, 1024, 1025]),
            rng.choice([-1, 0, 1, 2, 3, 4, 8]))
    if kind == "transpose":
        return rng.choice(["foundry-transpose-a", "foundry-transpose-b"])
    if kind == "splitk":
        return "foundry-split-k{parts=%d}" % rng.choice(
            [-1, 0, 1, 2, 3, 4, 8, 64, 4096, 4097])
    if kind == "pad":
        return "foundry-pad{m=%d n=%d k=%d}" % tuple(
            rng.choice([-1, 0, 1, 8, 16, 32, 128, 1024, 1025])
            for _ in range(3))
    if kind == "im2col":
        return "foundry-im2col"
    if kind == "split":
        return "foundry-split-reduction{parts=%d outputs=%d%s}" % (
            rng.choice([-1, 0, 0, 1, 2, 3, 4, 8, 16, 37, 64, 1 << 40]),
            rng.choice([-1, 0, 1, 1, 8, 64, 4096]),
            (" welford=true" if rng.random() < 0.3 else "") +
            (" cluster=true" if rng.random() < 0.3 else ""))
    if kind == "rthreads":
        threads = rng.choice([0, 1, 7, 32, 48, 256, 1024, 4096])
        shuffle = " shuffle=true" if rng.random() < 0.5 else ""
        shuffle += " online=true" if rng.random() < 0.3 else ""
        shuffle += " welford=true" if rng.random() < 0.3 else ""
        if rng.random() < 0.5:
            return "foundry-reduce-threads{threads=%d interleave=%d%s}" % (
                threads, rng.choice([-1, 0, 1, 2, 4]), shuffle)
        return "foundry-reduce-threads{threads=%d%s}" % (threads, shuffle)
    if kind == "promote":
        return "foundry-promote{operands=%s padding=%s stages=%s}" % (
            rng.choice(["0", "1", "0,1", "2", "-1"]),
            rng.choice(["0", "0", "4", "8", "3", "-4", "4096"]),
            rng.choice(["1", "2", "2", "0", "3", "4", "5"]))
    if kind == "mma":
        return "foundry-mma"
    if kind == "vectorize":
        return "foundry-vectorize{max-elements=%d}" % rng.choice([0, 1, 64, 1024, 1 << 20, -5])
    if kind == "unroll":
        return "foundry-unroll{factor=%d}" % rng.choice([-1, 0, 1, 2, 3, 4, 8, 32, 33])
    sizes = random_sizes(rng)
    if kind == "threads" and sizes and rng.random() < 0.3:
        return "foundry-tile-threads{sizes=%s interleave=%d}" % (
            sizes, rng.choice([-1, 0, 1, 2, 4]))
    if kind == "blocks" and sizes and rng.random() < 0.25:
        # A split kernel: the contraction tiled alone (or a bad target),
        # with its init only, or its gathers too (an implicit GEMM).
        return "foundry-tile-blocks{target=%s sizes=%s fuse=%s}" % (
            rng.choice(["contraction", "contraction", "result", "reduction",
                        "transpose", "bogus"]),
            sizes, rng.choice(["all", "elementwise", "elementwise", "some"]))
    return "foundry-tile-%s%s" % (kind, "{sizes=%s}" % sizes if sizes else "")


def random_schedule(rng):
    # Mostly in the usual order, sometimes shuffled or repeated.
    passes = [random_pass(rng) for _ in range(rng.randint(1, 5))]
    if rng.random() < 0.6:
        order = {"foundry-im2col": -3, "foundry-transpose-a": -3,
                 "foundry-transpose-b": -3,
                 "foundry-pad{": -2,
                 "foundry-split-k": -1,
                 "blocks": 0, "promote": 2, "threads": 3, "warps": 3,
                 "warpgroups": 3,
                 "phases": 3,
                 "reduction": 1, "mma": 4, "vectorize": 5, "unroll": 6,
                 "reduce-threads": 1, "split": 0, "bounds": 7}
        passes.sort(key=lambda p: next(v for k, v in order.items() if k in p))
    return ",".join(passes)


def fuzz(args):
    rng = random.Random(args.seed)
    counts = {"ok": 0, "rejected": 0, "crash": 0}
    with tempfile.TemporaryDirectory() as tmp:
        ptx = os.path.join(tmp, "k.ptx")
        for i in range(args.count):
            kernel = rng.choice(args.kernels)
            schedule = random_schedule(rng)
            # sm_90a: warpgroup tiles (wgmma) compile too.
            code, _, err = run(compile_cmd(args.bin, kernel, schedule, ptx,
                                           chip="sm_90a"))
            if code == 0:
                counts["ok"] += 1
            elif code == 1 and "error:" in err:
                counts["rejected"] += 1
            else:
                counts["crash"] += 1
                print("CRASH (exit %s) %s --pass-pipeline='builtin.module("
                      "foundry-outline-kernels,%s,foundry-to-nvvm{chip=sm_90a})'"
                      "\n%s" %
                      (code, kernel, schedule, err[-2000:]))
    print("random schedules: %d run, %d compiled, %d rejected with a "
          "diagnostic, %d crashed" % (args.count, counts["ok"],
                                      counts["rejected"], counts["crash"]))
    return 1 if counts["crash"] else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["fixed", "random", "list"])
    parser.add_argument("--bin", default="build/bin", help="directory of foundry-opt")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("kernels", nargs="*")
    args = parser.parse_intermixed_args()
    if args.mode == "list":
        print("\n".join(FIXED))
        return 0
    if not args.kernels:
        parser.error("no kernels given")
    return fixed(args) if args.mode == "fixed" else fuzz(args)


if __name__ == "__main__":
    sys.exit(main())
