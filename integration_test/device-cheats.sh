#!/usr/bin/env bash
#===- device-cheats.sh - The PTX cheats with the evolve bundle -----------===#
#
#   bash integration_test/device-cheats.sh OUT_DIR
#
# On a GPU host, from the repository root, with device-bundle/evolve
# (scripts/device-evolve-bundle.sh): compiles the 37x300 ReLU naive and
# under a tiled schedule (the honest candidate) with the bundled
# foundry-compile, then runs integration_test/run_cheats.sh with the bundled
# foundry-run. Lighter than scripts/device-bundle.sh, which lowers every
# example first.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: device-cheats.sh OUT_DIR}
mkdir -p "$OUT"
KERNEL=bench/kernelbench/level1/19_relu_small.mlir
RUN="bash scripts/device-run.sh"
$RUN foundry-compile "$KERNEL" -o "$OUT/naive" > "$OUT/naive.json"
$RUN foundry-compile "$KERNEL" -o "$OUT/good" \
  --schedule='foundry-tile-blocks{sizes={1,256} target=result},foundry-tile-threads{sizes={1,4}},foundry-vectorize' \
  > "$OUT/good.json"
PREFIX=${FOUNDRY_PREFIX:-/tmp/foundry-prefix}
bash integration_test/run_cheats.sh "$PREFIX/bin/foundry-run" \
  "$OUT/naive/candidate-0.cubin" "$OUT/good/candidate-0.cubin" "$OUT/cheats"
