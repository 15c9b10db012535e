#!/usr/bin/env bash
#===- check-install.sh - Use foundry as another project would -------------===#
#
# Installs the build into BUILD/install (cmake --install), then configures
# and builds examples/consumer against that tree alone (find_package(Foundry)
# with Foundry_DIR) and runs its tool: foundry's dialect and passes
# registered in a tool that is not foundry's, rebuilding a tuned kernel
# (a best.mlir) with foundry-apply-schedules. The installed foundry-opt and
# FoundryPlugin.so (in upstream mlir-opt) run the same kernel.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=$(realpath "${FOUNDRY_BUILD_DIR:-build}")
PREFIX=$BUILD_DIR/install
CONSUMER=$BUILD_DIR/consumer
KERNEL=test/Plugin/Inputs/best.mlir

rm -rf "$PREFIX"
cmake --install "$BUILD_DIR" --prefix "$PREFIX" >/dev/null
cmake -G Ninja -S examples/consumer -B "$CONSUMER" \
  -DFoundry_DIR="$PREFIX/lib/cmake/foundry" >/dev/null
ninja -C "$CONSUMER" >/dev/null

expect() { # NAME TEXT PATTERN
  if ! grep -q -- "$3" <<<"$2"; then
    echo "check-install: $1: no '$3' in its output:" >&2
    echo "$2" >&2
    exit 1
  fi
  echo "check-install: $1: ok"
}
expect "consumer-opt (find_package(Foundry))" \
  "$("$CONSUMER/consumer-opt" "$KERNEL" foundry-apply-schedules)" \
  'scf.forall .* step (8, 128)'
expect "installed foundry-opt" \
  "$("$PREFIX/bin/foundry-opt" "$KERNEL" --foundry-apply-schedules \
      --foundry-to-nvvm --foundry-extract-ptx -o /dev/null)" \
  '.visible .entry relu_kernel'
expect "installed FoundryPlugin.so in upstream mlir-opt" \
  "$(/usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin="$PREFIX/lib/FoundryPlugin.so" \
      --load-pass-plugin="$PREFIX/lib/FoundryPlugin.so" "$KERNEL" \
      --pass-pipeline='builtin.module(foundry-apply-schedules,foundry-to-nvvm,foundry-extract-ptx)' \
      -o /dev/null)" \
  '.visible .entry relu_kernel'
