#!/usr/bin/env python3
"""KernelBench level 1 and 2: foundry against PyTorch, problem by problem.

Runs on a GPU host with PyTorch, from the repository root, with the tools
of scripts/device-evolve-bundle.sh (run through scripts/device-run.sh):

  python3 bench/kernelbench/harness.py OUTDIR [PROBLEM.mlir ...]
      [--budget 60s] [--check-bytes 20e9] [--report DATE-h200]
      [--shard K/N] [--stop-after SECONDS] [--problem-timeout 300]
      [--suite kernelbench|models] [--fresh-library] [--library PATH]
      [--installed] [--launcher "mpirun -np 8"]

The same protocol runs the model kernels of bench/models (--suite models,
or their paths): their PyTorch functions are bench/models/torch_models.py's,
by file stem, on inputs of the kernel's element types (bf16 included).

For each problem (default: every full-size problem of bench/kernelbench
level1 and level2), in one process on one GPU:

1. PyTorch eager and torch.compile (default mode) are timed with the
   protocol of foundry-run (bench/torch_baseline.py).
2. foundry-evolve --target cuda searches with --budget-time BUDGET and
   otherwise the defaults a user gets, recording into OUTDIR/library.sqlite.
   Its best is verified and timed by foundry-run with KernelBench's
   protocol (100 timed runs; a best slower than 100 ms per run, as many
   runs as fit in about 10 s, at least 3).
3. Cross-check against PyTorch itself: foundry-run runs the best once and
   writes its inputs and output as .npy (--dump-npy). PyTorch computes the
   problem on the same inputs, and the outputs must agree within the
   tolerance the search checked at, |foundry - torch| <= atol + rtol *
   |torch|: the kernel's, or for a kernel whose naive fp32 schedule is
   itself further than that from f64, an atol of twice that schedule's
   error (report.json's "tolerance"; the table shows it). Problems
   whose inputs and outputs exceed --check-bytes are not cross-checked (the
   .npy files go through host memory and disk), and the report says so.
4. Where the time goes: foundry-run --launch-runs 10 times each launch of
   the best apart (result.json's "launches": kernel, grid, block, median
   ms), after and apart from the timing of step 2.

The PyTorch functions (torch_problems.py) are checked against the
problems' plain-Python references by check_torch.py; run it first.

On a host with several GPUs, run one harness per GPU, each with its own
CUDA_VISIBLE_DEVICES and --shard K/N (problem i goes to shard i mod N);
they share OUTDIR and its library. --stop-after starts no new problem once
that many seconds have passed, so a run cut off by a time limit loses no
half-done problem. --problem-timeout kills a search that runs that long
(a stalled child, say) and records the problem as failed.

On a cluster (docs/distributed.md, bench/slurm/): --installed runs the
foundry tools found on PATH instead of the bundle; as a Slurm job array each
task takes --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT with a
--library of its own (SQLite is never written from two hosts), merged at
the end with foundry-library import; as one MPI job, --launcher "mpirun -np
N" runs every search distributed over N ranks, one GPU each.

Each finished problem leaves OUTDIR/<level>/<stem>/result.json and is
skipped on the next run, so the table is built over several short runs.
--report-only rebuilds the report from what is there:
OUTDIR/report.md and report.json, or REPORT.md and REPORT.json with
--report (e.g. bench/results/2026-11-29-h200).
"""
import argparse
import glob
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))


MODELS = os.path.join(ROOT, "bench", "models")


def problems_default(suite="kernelbench"):
    """The full-size problems of a suite: KernelBench's level 1 and 2, or
    the model kernels of bench/models."""
    dirs = ([MODELS] if suite == "models" else
            [os.path.join(HERE, level) for level in ("level1", "level2")])
    paths = []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.mlir"))):
            if not path.endswith("_small.mlir"):
                paths.append(os.path.relpath(path, ROOT))
    return paths


def is_model(path):
    return os.path.basename(os.path.dirname(os.path.abspath(path))) == "models"


def torch_function(path):
    """The problem's PyTorch function, or None: bench/models kernels by file
    stem (torch_models.py), KernelBench problems by level and number
    (torch_problems.py)."""
    if is_model(path):
        if MODELS not in sys.path:
            sys.path.insert(0, MODELS)
        from torch_models import MODELS as functions
        stem = os.path.basename(path)[:-len(".mlir")]
        return functions.get(stem[:-len("_small")] if stem.endswith("_small")
                             else stem)
    from torch_baseline import problem_key
    from torch_problems import PROBLEMS, function
    key = problem_key(path)
    return function(key, path) if key in PROBLEMS else None


def load_npy(path):
    """A .npy file as foundry-run writes it, as a CUDA tensor: bf16 travels
    as its raw bits (uint16), read back as bfloat16."""
    import numpy as np
    import torch
    array = np.load(path)
    if array.dtype == np.uint16:
        return torch.from_numpy(array.view(np.int16)).view(
            torch.bfloat16).cuda()
    return torch.from_numpy(array).cuda()


def result_dir(outdir, path):
    level = os.path.basename(os.path.dirname(path))
    return os.path.join(outdir, level, os.path.basename(path)[:-5])


def commit():
    """The commit the bundled tools were built from (device-bundle/evolve/
    COMMIT, written by scripts/device-evolve-bundle.sh), else the git commit
    of the checkout the harness runs from, if it is one."""
    try:
        with open(os.path.join(ROOT, "device-bundle", "evolve", "COMMIT")) as f:
            return f.read().strip() or None
    except OSError:
        pass
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                              cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


# How tools run: through the bundle (scripts/device-run.sh), or as found on
# PATH (--installed); foundry-evolve after the --launcher prefix, if any.
TOOLS = {"installed": False, "launcher": []}


def run_tool(args, log, timeout=None):
    """Runs a bundled tool, its output appended to `log`; its exit status,
    or None when it ran past `timeout` seconds (then it and its children are
    killed, and the log says so)."""
    if args[0] == "foundry-evolve":
        args = TOOLS["launcher"] + args
    if not TOOLS["installed"]:
        args = ["bash", os.path.join(ROOT, "scripts", "device-run.sh")] + args
    with open(log, "a") as f:
        f.write("$ " + " ".join(args) + "\n")
        f.flush()
        child = subprocess.Popen(
            args,
            stdout=f, stderr=subprocess.STDOUT, cwd=ROOT,
            start_new_session=True)
        try:
            return child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            f.write(f"harness: killed after {timeout:.0f} s\n")
            return None
        except BaseException:
            # Interrupted (device-harness.sh's DEADLINE, Ctrl-C): the tool
            # runs in its own session, so stop it before giving up.
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            f.write("harness: interrupted\n")
            raise


def best_and_reference(evolve_dir):
    """The search's best.cubin and the cubin it checked candidates against
    (the f64 reference, or the naive schedule: report.json says which), or
    (None, None) when either is missing."""
    best = os.path.join(evolve_dir, "best.cubin")
    reference = (glob.glob(os.path.join(evolve_dir, "gpu-*", "reference.cubin"))
                 or glob.glob(os.path.join(evolve_dir, "gpu-*", "naive.cubin")))
    if not os.path.exists(best) or not reference:
        return None, None
    return best, reference[0]


def cross_check(path, evolve_dir, work, log, check_bytes):
    """Runs the best once with --dump-npy and compares PyTorch's output."""
    import torch

    best, naive = best_and_reference(evolve_dir)
    if not best:
        return {"status": "skipped", "detail": "no verified best to run"}
    with open(os.path.join(evolve_dir, "best.json")) as f:
        manifest = json.load(f)["kernels"][0]
    total = sum(a["bytes"] for a in manifest["arguments"]
                if a["role"] != "workspace")
    if total > check_bytes:
        return {"status": "skipped",
                "detail": f"{total / 1e9:.1f} GB of inputs and outputs "
                          f"(limit {check_bytes / 1e9:.1f} GB)"}
    # The tolerance the search checked at: the kernel's, or for an
    # ill-conditioned kernel an atol widened to twice its naive fp32
    # schedule's error against f64 (report.json's "tolerance").
    atol = manifest.get("tolerance", {}).get("atol", 1e-4)
    rtol = manifest.get("tolerance", {}).get("rtol", 1e-4)
    widened = []
    try:
        with open(os.path.join(evolve_dir, "report.json")) as f:
            searched = json.load(f)["kernels"][0].get("tolerance", {})
        if searched.get("atol", atol) > atol:
            atol = searched["atol"]
            widened = [f"--atol={atol!r}"]
    except (OSError, ValueError, KeyError, IndexError):
        pass
    npy = os.path.join(work, "npy")
    shutil.rmtree(npy, ignore_errors=True)
    code = run_tool(["foundry-run", best, "--reference", naive, "--trials",
                     "1", "--no-time", "--no-integrity", "--dump-npy", npy,
                     "-o", os.path.join(work, "dump.json")] + widened, log)
    if code != 0:
        return {"status": "failed", "detail": f"foundry-run exited {code}"}
    try:
        inputs = [load_npy(os.path.join(npy, f"input{i}.npy")) for i in
                  range(len(glob.glob(os.path.join(npy, "input*.npy"))))]
        got = load_npy(os.path.join(npy, "output0.npy"))
        with torch.no_grad():
            want = torch_function(path)(*inputs).reshape(got.shape)
        diff = (got.double() - want.double()).abs()
        bad = ~(diff <= atol + rtol * want.double().abs())
        mismatches = int(bad.sum())
        result = {"status": "passed" if mismatches == 0 else "failed",
                  "atol": atol, "rtol": rtol,
                  "mismatches": mismatches, "elements": got.numel(),
                  "max_abs_diff": float(diff[torch.isfinite(diff)].max())
                  if torch.isfinite(diff).any() else float("nan")}
        if mismatches:
            index = int(bad.flatten().nonzero()[0])
            result["first_mismatch"] = {
                "index": index, "foundry": float(got.flatten()[index]),
                "torch": float(want.flatten()[index])}
        return result
    finally:
        shutil.rmtree(npy, ignore_errors=True)


def compress(path):
    """Replaces `path` with `path`.xz (nothing when it does not exist)."""
    import lzma
    if not os.path.exists(path):
        return
    with open(path, "rb") as f, lzma.open(path + ".xz", "wb", preset=9) as out:
        shutil.copyfileobj(f, out)
    os.remove(path)


def launch_breakdown(evolve_dir, work, log):
    """The best's launches, each with its median ms over 10 runs of the
    timing protocol (foundry-run --launch-runs), or None when it fails."""
    best, reference = best_and_reference(evolve_dir)
    if not best:
        return None
    out = os.path.join(work, "launches.json")
    code = run_tool(["foundry-run", best, "--reference", reference, "--trials",
                     "1", "--no-integrity", "--no-baseline-timing", "--warmup",
                     "1", "--runs", "2", "--launch-runs", "10", "-o", out],
                    log)
    try:
        with open(out) as f:
            launches = json.load(f)["timing"]["launches"]["per_launch"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    finally:
        if os.path.exists(out):
            os.remove(out)
    if code != 0:
        return None
    return [{"kernel": l["kernel"], "grid": l["grid"], "block": l["block"],
             "median_ms": round(l["median_ms"], 4)} for l in launches]


def run_problem(path, outdir, args):
    from torch_baseline import (input_dtypes, input_inits, input_shapes,
                                problem_key, time_fn)
    import torch

    work = result_dir(outdir, path)
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "log.txt")
    key = ("models/" + os.path.basename(path)[:-5] if is_model(path)
           else problem_key(path))
    result = {"problem": os.path.basename(path)[:-5], "key": key,
              "path": path, "budget": args.budget, "commit": commit(),
              "device": torch.cuda.get_device_name()}
    started = time.time()
    fn = torch_function(path)
    # 1. PyTorch.
    if fn:
        # fp32 as the suite states it: no TF32 in matmuls nor in cuDNN
        # convolutions (cuDNN allows it by default).
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        inputs = [torch.empty(s, dtype=d, device="cuda")
                  for s, d in zip(input_shapes(path), input_dtypes(path))]
        inits = input_inits(path)
        try:
            result["eager"] = time_fn(fn, inputs, runs=args.runs, inits=inits)
            torch._dynamo.reset()
            result["compile"] = time_fn(torch.compile(fn), inputs,
                                        runs=args.runs, inits=inits)
        except Exception as e:  # an OOM or a compile failure is a result
            result["torch_error"] = f"{type(e).__name__}: {e}"[:500]
        del inputs
        torch.cuda.empty_cache()
    else:
        result["torch_error"] = "no PyTorch function for " + str(key)
    # 2. foundry-evolve.
    evolve_dir = os.path.join(work, "evolve")
    search_start = time.time()
    # A search that stalls (a hung child the search cannot reap, say) must
    # not take the rest of the run with it.
    # --fresh-library: every problem starts from an empty library of its
    # own (nothing learned from the problems before it in the run).
    library = (os.path.join(work, "library.sqlite") if args.fresh_library
               else args.library or os.path.join(outdir, "library.sqlite"))
    code = run_tool(["foundry-evolve", path, "--target", "cuda",
                     "--budget-time", args.budget, "--library", library,
                     "-o", evolve_dir], log, timeout=args.problem_timeout)
    if code is None:
        result["evolve_error"] = (f"foundry-evolve killed after "
                                  f"{args.problem_timeout:.0f} s")
    result["search_seconds"] = time.time() - search_start
    result["evolve_exit"] = code if code is not None else "killed"
    report = None
    try:
        with open(os.path.join(evolve_dir, "report.json")) as f:
            report = json.load(f)["kernels"][0]
    except (OSError, ValueError, IndexError):
        pass
    if report:
        best = report.get("best") or {}
        result.update(naive_ms=report["naive_ms"] or None,
                      structural_class=report.get("structural_class"),
                      strategies_tried=report.get("strategies_tried"),
                      restarts=report.get("restarts"),
                      reference=report.get("reference_schedule", "naive"),
                      foundry_ms=best.get("median_ms"),
                      verified=bool(best.get("verified")),
                      fraction_of_roofline=best.get("fraction_of_roofline"),
                      bottleneck=best.get("bottleneck"),
                      schedule=best.get("genome"),
                      evaluations=report.get("evaluations"),
                      stop_reason=report.get("stop_reason"))
    # 3. Cross-check against PyTorch.
    if result.get("verified") and fn:
        try:
            result["cross_check"] = cross_check(path, evolve_dir, work, log,
                                                args.check_bytes)
        except Exception as e:
            result["cross_check"] = {"status": "failed",
                                     "detail": f"{type(e).__name__}: {e}"[:500]}
    # 4. Where the best's time goes: each launch timed apart.
    if result.get("verified"):
        result["launches"] = launch_breakdown(evolve_dir, work, log)
    # Keep the results small: candidates' files go, the best stays.
    for d in glob.glob(os.path.join(evolve_dir, "gpu-*")):
        shutil.rmtree(d, ignore_errors=True)
    # The search's report.json (every island and generation) is kept
    # xz-compressed: it is a tenth of the size, and the results travel to
    # GPU hosts with the tools.
    compress(os.path.join(evolve_dir, "report.json"))
    result["seconds"] = time.time() - started
    with open(os.path.join(work, "result.json"), "w") as f:
        json.dump(result, f, indent=2)
    return result


def correct(r):
    check = (r.get("cross_check") or {}).get("status")
    return bool(r.get("verified")) and check in ("passed", "skipped")


def report(outdir, name):
    rows = []
    for path in sorted(glob.glob(os.path.join(outdir, "*", "*",
                                              "result.json"))):
        with open(path) as f:
            rows.append(json.load(f))
        # Each row links to its search's report.html, relative to the table.
        html = os.path.join(os.path.dirname(path), "evolve", "report.html")
        rows[-1]["report_html"] = (
            os.path.relpath(html, os.path.dirname(os.path.abspath(name)))
            if os.path.exists(html) else None)

    def order(r):
        number = r["problem"].split("_")[0]
        return (r["path"].split("/")[-2],
                int(number) if number.isdigit() else 0, r["problem"])
    rows.sort(key=order)

    def ms(r, which):
        return (r.get(which) or {}).get("median_ms")

    def speedup(r, which):
        t = ms(r, which) if which in ("eager", "compile") else r.get(which)
        return t / r["foundry_ms"] if t and r.get("foundry_ms") else None

    summary = {}
    for level in sorted({r["path"].split("/")[-2] for r in rows}):
        group = [r for r in rows if f"/{level}/" in "/" + r["path"]]
        entry = {"problems": len(group),
                 "correct": sum(correct(r) for r in group)}
        for base in ("eager", "compile"):
            ups = [speedup(r, base) for r in group
                   if correct(r) and speedup(r, base)]
            for p in (0, 1, 1.5, 2):
                entry[f"fast_{p}_vs_{base}"] = (
                    sum(1 for r in group if correct(r) and speedup(r, base)
                        and speedup(r, base) > p) / len(group)
                    if group else 0)
            entry[f"geomean_vs_{base}"] = (
                math.exp(sum(math.log(u) for u in ups) / len(ups))
                if ups else None)
        entry["search_seconds"] = sum(r.get("search_seconds", 0)
                                      for r in group)
        summary[level] = entry

    def f(v, spec=".3f"):
        return format(v, spec) if isinstance(v, (int, float)) else "-"

    lines = [
        "# foundry vs PyTorch: " + ", ".join(summary) + " on " +
        ", ".join(sorted({r.get("device") or "?" for r in rows})), "",
        "Generated by `bench/kernelbench/harness.py` (its docstring has the "
        "protocol). Budget per problem: " +
        ", ".join(sorted({r.get("budget", "?") for r in rows})) +
        " of foundry-evolve with default settings. fast_p: the fraction of "
        "all problems of the level that are correct (verified by foundry-run "
        "and, where run, matching PyTorch's output) and more than p times "
        "faster. Geometric means are over the correct problems. The "
        "problems with a matmul declare `#foundry.precision<3xtf32>` "
        "(bench/kernelbench/README.md): their roofline column counts "
        "their FLOPs against a third of the tf32 tensor-core peak measured "
        "at the start of the search (three products per multiply-add; "
        "runners before 2026-12-06 measured no tensor-core peak and gave "
        "the memory floor only); PyTorch runs them in fp32 with TF32 "
        "off.", "",
        "| level | problems | correct | fast_0 / fast_1 / fast_1.5 / fast_2 "
        "vs eager | vs compile | geomean vs eager | vs compile | search s |",
        "|---|---|---|---|---|---|---|---|"]
    for level, e in summary.items():
        lines.append(
            f"| {level} | {e['problems']} | {e['correct']} | " +
            " / ".join(f(e[f'fast_{p}_vs_eager'], '.2f')
                       for p in (0, 1, 1.5, 2)) + " | " +
            " / ".join(f(e[f'fast_{p}_vs_compile'], '.2f')
                       for p in (0, 1, 1.5, 2)) +
            f" | {f(e['geomean_vs_eager'], '.2f')}x | "
            f"{f(e['geomean_vs_compile'], '.2f')}x | "
            f"{f(e['search_seconds'], '.0f')} |")
    lines += ["", "| problem | eager ms | compile ms | foundry ms | naive ms "
              "| vs eager | vs compile | roofline | PyTorch check | "
              "schedule |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        check = r.get("cross_check") or {}
        status = check.get("status", "-")
        if status == "skipped":
            status = "skipped: " + check.get("detail", "")
        elif status == "failed":
            status = "FAILED: " + check.get(
                "detail", f"{check.get('mismatches')} of "
                          f"{check.get('elements')} differ")
        if status in ("passed", "failed") and check.get("atol", 1e-4) > 1e-4:
            # An ill-conditioned kernel, checked at the search's widened
            # tolerance (twice its naive fp32 schedule's error).
            status += f" (atol {check['atol']:.1e})"
        foundry = (f(r.get("foundry_ms")) if r.get("verified")
                   else "none (" + str(r.get("stop_reason") or
                                       f"exit {r.get('evolve_exit')}") + ")")
        problem = f"{r['path'].split('/')[-2]}/{r['problem']}"
        if r.get("report_html"):
            problem = f"[{problem}]({r['report_html']})"
        lines.append(
            f"| {problem} | "
            f"{f(ms(r, 'eager'))} | {f(ms(r, 'compile'))} | {foundry} | "
            f"{f(r.get('naive_ms'))} | {f(speedup(r, 'eager'), '.2f')}x | "
            f"{f(speedup(r, 'compile'), '.2f')}x | "
            f"{f((r.get('fraction_of_roofline') or 0) * 100, '.0f')}% | "
            f"{status} | `{r.get('schedule') or 'naive'}` |")
        if r.get("torch_error"):
            lines.append(f"|  | PyTorch: {r['torch_error'][:120]} |||||||||")
    text = "\n".join(lines) + "\n"
    with open(name + ".md", "w") as out:
        out.write(text)
    with open(name + ".json", "w") as out:
        json.dump({"summary": summary, "problems": rows}, out, indent=2)
    print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("problems", nargs="*")
    parser.add_argument("--budget", default="60s")
    parser.add_argument("--fresh-library", action="store_true",
                        help="each problem searches with an empty library "
                             "of its own")
    parser.add_argument("--suite", choices=("kernelbench", "models"),
                        default="kernelbench",
                        help="the problems run when none are given")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--check-bytes", type=float, default=20e9)
    parser.add_argument("--report", default="")
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--shard", default="0/1",
                        help="K/N: run only problems i with i mod N == K")
    parser.add_argument("--problem-timeout", type=float, default=300,
                        help="seconds after which a problem's search is "
                             "killed (recorded as a failure)")
    parser.add_argument("--stop-after", type=float, default=0,
                        help="seconds after which no new problem starts")
    parser.add_argument("--library", default="",
                        help="the experience library (default "
                             "OUTDIR/library.sqlite); one per array task")
    parser.add_argument("--installed", action="store_true",
                        help="run the foundry tools on PATH, not the bundle")
    parser.add_argument("--launcher", default="",
                        help="command that starts foundry-evolve's ranks, "
                             "e.g. 'mpirun -np 8' or 'srun'")
    args = parser.parse_intermixed_args()
    TOOLS["installed"] = args.installed
    TOOLS["launcher"] = args.launcher.split()
    try:
        shard, shards = (int(v) for v in args.shard.split("/"))
        if not 0 <= shard < shards:
            raise ValueError
    except ValueError:
        parser.error(f"--shard {args.shard!r}: expected K/N with 0 <= K < N")
    os.makedirs(args.outdir, exist_ok=True)
    started = time.time()
    if not args.report_only:
        paths = args.problems or problems_default(args.suite)
        for index, path in enumerate(paths):
            if index % shards != shard:
                continue
            if args.stop_after and time.time() - started > args.stop_after:
                print(f"stopped after {args.stop_after:.0f} s; "
                      f"{path} and later problems not started", flush=True)
                break
            if os.path.exists(os.path.join(result_dir(args.outdir, path),
                                           "result.json")):
                print(f"{path}: done earlier, skipped", flush=True)
                continue
            print(f"{path}: running", flush=True)
            r = run_problem(path, args.outdir, args)
            print(f"{path}: foundry {r.get('foundry_ms')} ms, eager "
                  f"{(r.get('eager') or {}).get('median_ms')} ms, compile "
                  f"{(r.get('compile') or {}).get('median_ms')} ms, check "
                  f"{(r.get('cross_check') or {}).get('status')}, "
                  f"{r['seconds']:.0f} s", flush=True)
    report(args.outdir, args.report or os.path.join(args.outdir, "report"))


if __name__ == "__main__":
    main()
