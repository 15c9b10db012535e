#!/usr/bin/env python3
"""Runs foundry's cubins on a GPU, checks them against PyTorch, times both.

A GPU-host check of schedules and the lowering tail, not the runtime of issue
4: for each X.cubin + X.json (from `foundry-to-nvvm{manifest=...}` and
ptxas), it fills the inputs with uniform [0, 1) values, poisons outputs and
workspaces with NaN, launches every kernel of the manifest in order through
the CUDA driver API (ctypes), and checks the outputs against a PyTorch
reference of the same KernelBench problem with the kernel's tolerance
(|out - ref| <= atol + rtol * |ref|, NaN fails). Then it times the launches
and the PyTorch reference (TF32 off) the same way: 3 warm-up runs, then the
median of 20 runs between CUDA events (no L2 flush). Prints one line per
cubin, a closing 'N passed, N failed' line, and writes results.json to the
folder given by --json; exits non-zero on any failure.

Usage: check_cubins.py DIR [--json OUT.json]   (DIR holds the cubin/json pairs)
"""
import ctypes
import json
import math
import os
import pathlib
import sys

import torch

REFERENCES = {
    "relu": lambda x: torch.relu(x),
    "softmax": lambda x: torch.softmax(x, dim=1),
    "square_matmul": lambda a, b: a @ b,
    "rmsnorm": lambda x: x / torch.sqrt(torch.mean(x * x, dim=1, keepdim=True) + 1e-5),
    "gemm_multiply_leakyrelu": lambda x, w, b: torch.nn.functional.leaky_relu(
        (x @ w.T + b) * 2.0, 0.1),
    "matmul_gelu_softmax": lambda x, w, b: torch.softmax(
        torch.nn.functional.gelu(x @ w.T + b), dim=1),
    # The op-family inputs of test/Examples/Inputs.
    "batch_matmul": lambda a, b: torch.bmm(a, b),
    "matvec": lambda a, x: a @ x,
    "reduce_middle": lambda x: x.sum(dim=1),
    "reduce_max_last": lambda x: x.amax(dim=1, keepdim=True),
    "conv2d_nchw": lambda x, w: torch.nn.functional.conv2d(x, w),
    "maxpool": lambda x: torch.nn.functional.max_pool2d(x, 2, 2),
    "layernorm": lambda x: torch.nn.functional.layer_norm(x, x.shape[-1:], eps=1e-5),
    "softmax_rows": lambda x: torch.softmax(x, dim=1),
    "matmul_3xtf32": lambda a, b: a @ b,
    "matmul_odd": lambda a, b: a @ b,
    "matmul_1000x1001x999": lambda a, b: a @ b,
}

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "f64": torch.float64}


RESULTS = []


def median_ms(fn, warmup=3, runs=20):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(stop))
    times.sort()
    return times[len(times) // 2]


def check(cuda, path):
    manifest = json.loads(path.with_suffix(".json").read_text())
    (kernel,) = manifest["kernels"]
    name = kernel["name"]
    reference = REFERENCES.get(name)
    if reference is None:
        return f"{path.name}: no PyTorch reference for @{name}", False

    gen = torch.Generator(device="cuda").manual_seed(0)
    buffers, inputs = [], []
    for arg in kernel["arguments"]:
        dtype = DTYPES[arg["element_type"]]
        if arg["role"] == "input":
            t = torch.rand(arg["shape"], generator=gen, device="cuda", dtype=dtype)
            inputs.append(t)
        else:
            t = torch.full(arg["shape"], float("nan"), device="cuda", dtype=dtype)
        buffers.append(t)

    module = ctypes.c_void_p()
    image = path.read_bytes()
    err = cuda.cuModuleLoadData(ctypes.byref(module), image)
    if err:
        return f"{path.name}: cuModuleLoadData failed ({err})", False
    prepared = []
    for launch in kernel["launches"]:
        func = ctypes.c_void_p()
        err = cuda.cuModuleGetFunction(ctypes.byref(func), module,
                                       launch["kernel"].encode())
        if err:
            return f"{path.name}: no function {launch['kernel']} ({err})", False
        ptrs = [ctypes.c_void_p(buffers[i].data_ptr()) for i in launch["args"]]
        params = (ctypes.c_void_p * len(ptrs))(
            *[ctypes.cast(ctypes.pointer(p), ctypes.c_void_p) for p in ptrs])
        prepared.append((func, launch, ptrs, params))

    def run_once():
        for func, launch, _, params in prepared:
            g, b = launch["grid"], launch["block"]
            err = cuda.cuLaunchKernel(func, g[0], g[1], g[2], b[0], b[1], b[2],
                                      launch["dynamic_shared_memory"], None, params, None)
            if err:
                raise RuntimeError(f"cuLaunchKernel {launch['kernel']} failed ({err})")

    try:
        run_once()
        torch.cuda.synchronize()
    except RuntimeError as e:
        return f"{path.name}: {e}", False

    outputs = [buffers[i] for i, a in enumerate(kernel["arguments"]) if a["role"] == "output"]
    expected = reference(*inputs)
    expected = expected if isinstance(expected, (list, tuple)) else [expected]
    atol, rtol = kernel["tolerance"]["atol"], kernel["tolerance"]["rtol"]
    ok = True
    worst = 0.0
    for out, ref in zip(outputs, expected):
        out64, ref64 = out.double(), ref.double()
        diff = (out64 - ref64).abs()
        bad = ~(diff <= atol + rtol * ref64.abs())  # NaN compares false: fails
        worst = max(worst, float(diff.nan_to_num(math.inf).max()))
        if bool(bad.any()):
            ok = False
    ms = median_ms(run_once) if ok else float("nan")
    torch_ms = median_ms(lambda: reference(*inputs))
    cuda.cuModuleUnload(module)
    shape = "x".join(str(d) for d in kernel["arguments"][0]["shape"])
    schedule_file = path.with_suffix(".schedule")
    schedule = schedule_file.read_text().strip() if schedule_file.exists() else "naive"
    RESULTS.append({"cubin": path.name, "kernel": name, "shape": shape,
                    "schedule": schedule, "launches": len(kernel["launches"]),
                    "ms": ms, "torch_ms": torch_ms, "max_abs_err": worst,
                    "passed": ok})
    return (f"{path.name}: @{name} {shape} {len(kernel['launches'])} launches "
            f"{ms:.3f} ms, torch {torch_ms:.3f} ms (median of 20) "
            f"max|err| {worst:.3e} {'PASS' if ok else 'FAIL'}"), ok


def main():
    folder = pathlib.Path(sys.argv[1])
    json_out = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--json" else None
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.zeros(1, device="cuda")  # creates the primary context
    cuda = ctypes.CDLL("libcuda.so.1")
    cuda.cuModuleLoadData.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    cuda.cuModuleGetFunction.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p]
    cuda.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    cuda.cuModuleUnload.argtypes = [ctypes.c_void_p]
    # A kernel that faults the GPU poisons the CUDA context: the check goes on
    # in a fresh process from the next cubin (state in the environment).
    start = int(os.environ.get("FOUNDRY_CHECK_START", "0"))
    partial = folder / "partial_results.jsonl"
    if start == 0:
        print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
        partial.unlink(missing_ok=True)
    cubins = sorted(folder.glob("*.cubin"))
    for index in range(start, len(cubins)):
        cubin = cubins[index]
        try:
            line, ok = check(cuda, cubin)
        except Exception as error:  # A CUDA fault: record it, restart.
            message = str(error).splitlines()[0]
            print(f"{cubin.name}: FAIL ({message})", flush=True)
            with partial.open("a") as f:
                f.write(json.dumps({"cubin": cubin.name, "passed": False,
                                    "error": message}) + "\n")
            env = dict(os.environ, FOUNDRY_CHECK_START=str(index + 1))
            os.execve(sys.executable, [sys.executable] + sys.argv, env)
        print(line, flush=True)
        with partial.open("a") as f:
            f.write(json.dumps(RESULTS[-1] if RESULTS and RESULTS[-1]["cubin"] == cubin.name
                               else {"cubin": cubin.name, "passed": ok,
                                     "error": line}) + "\n")
    results = [json.loads(l) for l in partial.read_text().splitlines()]
    passed = sum(r["passed"] for r in results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    if json_out:
        pathlib.Path(json_out).write_text(json.dumps(
            {"device": torch.cuda.get_device_name(), "torch": torch.__version__,
             "results": results}, indent=1))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
