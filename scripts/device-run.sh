#!/usr/bin/env bash
#===- device-run.sh - Run a command with the bundled tools on a GPU host ---===#
#
# On a GPU host without LLVM: unpacks device-bundle/evolve (built by
# scripts/device-evolve-bundle.sh) into $FOUNDRY_PREFIX (default
# /tmp/foundry-prefix), puts the tools and ptxas on PATH and the unpacked
# libraries on LD_LIBRARY_PATH, and runs the command given, e.g.
#
#   bash scripts/device-run.sh foundry-evolve KERNEL.mlir --target cuda
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUNDLE=$ROOT/device-bundle/evolve
PREFIX=${FOUNDRY_PREFIX:-/tmp/foundry-prefix}
if [[ ! -x "$PREFIX/bin/foundry-evolve" ]]; then
  mkdir -p "$PREFIX/bin"
  tar -C "$PREFIX" -xJf "$BUNDLE/libs.tar.xz"
  tar -C "$PREFIX/bin" -xJf "$BUNDLE/bin/tools.tar.xz"
  cp "$BUNDLE/bin/foundry-run" "$PREFIX/bin/"
  if [[ -d "$BUNDLE/lib" ]]; then
    mkdir -p "$PREFIX/lib"
    cp "$BUNDLE"/lib/*.so "$PREFIX/lib/"
  fi
  chmod +x "$PREFIX"/bin/*
fi
export LD_LIBRARY_PATH=$PREFIX/usr/lib/x86_64-linux-gnu:$PREFIX/usr/lib/llvm-22/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$PREFIX/bin:/usr/local/cuda/bin:$PATH
"$@"
