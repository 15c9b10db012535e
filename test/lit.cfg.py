# -*- Python -*-
# lit configuration of the foundry tests (no GPU needed).

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "FOUNDRY"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.foundry_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%foundry_src_root", config.foundry_src_root))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%foundry_tools_dir", config.foundry_tools_dir))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# FOUNDRY_CHECK_ROUNDTRIP=1 re-runs every test with foundry-opt checking that
# its output prints and parses back identically (the CIRCT switch).
foundry_opt_extra = []
if os.environ.get("FOUNDRY_CHECK_ROUNDTRIP") == "1":
    foundry_opt_extra.append("--verify-roundtrip")

tool_dirs = [config.foundry_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("foundry-opt", extra_args=foundry_opt_extra, unresolved="fatal"),
    ToolSubst("foundry-cpu-run", unresolved="fatal"),
    ToolSubst("foundry-evolve", unresolved="fatal"),
    ToolSubst("foundry-compile", unresolved="fatal"),
    ToolSubst("foundry-library", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Upstream mlir-opt with foundry loaded as a plugin (lib/Plugin).
config.substitutions.append(
    ("%foundry_plugin", os.path.join(config.foundry_obj_root, "lib",
                                     "FoundryPlugin.so")))
config.substitutions.append(
    ("%upstream_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# Debian's headless Chromium (scripts/setup.sh installs it) loads report.html.
chromium = shutil.which("chromium-headless-shell")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))

# The distributed search (foundry-evolve built with MPI, Open MPI's mpirun):
# %mpirun starts ranks on this machine, more of them than it has cores.
mpirun = shutil.which("mpirun")
if config.foundry_have_mpi == "ON" and mpirun:
    config.available_features.add("mpi")
    flags = ["--oversubscribe"]
    if os.geteuid() == 0:
        flags.append("--allow-run-as-root")
    config.substitutions.append(("%mpirun", " ".join([mpirun] + flags)))

# The fuzz targets (fuzz/): with the replay driver in the default build.
for target in ["kernel", "genome", "llm-reply", "import", "manifest"]:
    if os.path.exists(os.path.join(config.foundry_tools_dir,
                                   "foundry-fuzz-" + target)):
        config.available_features.add("fuzz-" + target)
        llvm_config.add_tool_substitutions(
            [ToolSubst("foundry-fuzz-" + target, unresolved="fatal")],
            tool_dirs)
config.substitutions.append(
    ("%fuzz_corpus", os.path.join(config.foundry_src_root, "fuzz", "corpus")))

# ptxas is optional: tests that assemble cubins say `REQUIRES: ptxas`.
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# foundry-run is built where cuda.h and nlohmann-json are found; its
# GPU-free behaviour (bad input) is tested under `REQUIRES: foundry-run`.
if os.path.exists(os.path.join(config.foundry_tools_dir, "foundry-run")):
    config.available_features.add("foundry-run")
    llvm_config.add_tool_substitutions(
        [ToolSubst("foundry-run", unresolved="fatal")], tool_dirs)

# A machine without the CUDA driver (CI): foundry-run and the cuda target of
# foundry-evolve must say so cleanly.
try:
    import ctypes
    ctypes.CDLL("libcuda.so.1")
except OSError:
    config.available_features.add("no-cuda-driver")
