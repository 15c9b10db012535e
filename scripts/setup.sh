#!/usr/bin/env bash
#===- setup.sh - Install what Kernel Foundry needs on Debian 12 -----------===#
#
# Installs the LLVM/MLIR 22 packages and the libraries foundry links against,
# non-interactively and idempotently (apt-get only installs what is missing).
# Reports whether the CUDA toolkit's ptxas is present: without it foundry still
# emits PTX, but cannot assemble cubins.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  cmake ninja-build g++ python3
  libyaml-cpp-dev libcurl4-openssl-dev libsqlite3-dev libgtest-dev
  lld-22 zlib1g-dev libzstd-dev nlohmann-json3-dev
  # The CPU target's parallel block loops (OpenMP runtime).
  libomp-22-dev
  # The check that report.html loads without errors (lit).
  chromium-headless-shell
  # libFuzzer for scripts/fuzz.sh (the fuzz targets with coverage).
  clang-22 libclang-rt-22-dev
  # The distributed search (foundry-evolve under mpirun) and its tests.
  openmpi-bin libopenmpi-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi

ptxas_path=""
if [ -x /usr/local/cuda/bin/ptxas ]; then
  ptxas_path=/usr/local/cuda/bin/ptxas
elif command -v ptxas >/dev/null 2>&1; then
  ptxas_path=$(command -v ptxas)
fi
if [ -n "$ptxas_path" ]; then
  echo "setup: ptxas found at $ptxas_path ($("$ptxas_path" --version | tail -1))"
else
  echo "setup: ptxas not found (looked in /usr/local/cuda/bin and PATH);" \
       "foundry will emit PTX but cannot assemble cubins"
fi
