#!/usr/bin/env bash
#===- build.sh - Set up and build Kernel Foundry --------------------------===#
#
# Installs what is missing (scripts/setup.sh), configures with CMake + Ninja
# into build/ (or $FOUNDRY_BUILD_DIR) and builds every tool and test binary.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release
fi
# Two cores and heavy MLIR headers: one job per core keeps memory in check.
ninja -C "$BUILD_DIR" -j "$(nproc)"
