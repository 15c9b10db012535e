#!/usr/bin/env python3
"""Runs foundry's naive cubins on a GPU and compares them with PyTorch.

A GPU-host sanity check of the lowering tail, not the runtime of issue 4: for
each KERNEL.cubin + KERNEL.json (from `foundry-to-nvvm="manifest=..."` and
ptxas), it fills the inputs with uniform [0, 1) values, poisons outputs and
workspaces with NaN, launches every kernel of the manifest in order through
the CUDA driver API (ctypes), and checks the outputs against a PyTorch
reference of the same KernelBench problem with the kernel's tolerance
(|out - ref| <= atol + rtol * |ref|, NaN fails). Prints one line per kernel
and a closing 'N passed, N failed' line; exits non-zero on any failure.

Usage: check_naive.py DIR   (DIR holds the .cubin/.json pairs)
"""
import ctypes
import json
import math
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
}

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "f64": torch.float64}


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
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    for launch in kernel["launches"]:
        func = ctypes.c_void_p()
        err = cuda.cuModuleGetFunction(ctypes.byref(func), module,
                                       launch["kernel"].encode())
        if err:
            return f"{path.name}: no function {launch['kernel']} ({err})", False
        ptrs = [ctypes.c_void_p(buffers[i].data_ptr()) for i in launch["args"]]
        params = (ctypes.c_void_p * len(ptrs))(
            *[ctypes.cast(ctypes.pointer(p), ctypes.c_void_p) for p in ptrs])
        g, b = launch["grid"], launch["block"]
        err = cuda.cuLaunchKernel(func, g[0], g[1], g[2], b[0], b[1], b[2],
                                  launch["dynamic_shared_memory"], None, params, None)
        if err:
            return f"{path.name}: cuLaunchKernel {launch['kernel']} failed ({err})", False
    stop.record()
    torch.cuda.synchronize()
    ms = start.elapsed_time(stop)

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
    cuda.cuModuleUnload(module)
    shape = "x".join(str(d) for d in kernel["arguments"][0]["shape"])
    return (f"{path.name}: @{name} {shape} {len(kernel['launches'])} launches "
            f"{ms:.3f} ms (one run, no L2 flush) max|err| {worst:.3e} "
            f"{'PASS' if ok else 'FAIL'}"), ok


def main():
    folder = pathlib.Path(sys.argv[1])
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.zeros(1, device="cuda")  # creates the primary context
    cuda = ctypes.CDLL("libcuda.so.1")
    cuda.cuModuleLoadData.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    cuda.cuModuleGetFunction.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p]
    cuda.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    cuda.cuModuleUnload.argtypes = [ctypes.c_void_p]
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    passed = failed = 0
    for cubin in sorted(folder.glob("*.cubin")):
        line, ok = check(cuda, cubin)
        print(line, flush=True)
        passed += ok
        failed += not ok
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
