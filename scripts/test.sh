#!/usr/bin/env bash
#===- test.sh - Build Kernel Foundry and run every test -------------------===#
#
# The README's test command and what .ci/run runs: setup, build, the lit
# suite (plain, then again with every foundry-opt call checking the
# print/parse round trip), a check that the generated reference docs are up
# to date, the GoogleTest unit tests through ctest, and the installed package
# used by another project (scripts/check-install.sh).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
LIT=/usr/lib/llvm-22/bin/lit

echo "== lit: test/"
"$LIT" -sv "$BUILD_DIR/test"

echo "== lit: test/ with FOUNDRY_CHECK_ROUNDTRIP=1"
FOUNDRY_CHECK_ROUNDTRIP=1 "$LIT" -s "$BUILD_DIR/test"

echo "== docs: reference generated from ODS is up to date"
ninja -C "$BUILD_DIR" mlir-doc >/dev/null
bash scripts/update-docs.sh --check

echo "== ctest: unit tests"
(cd "$BUILD_DIR" && ctest --output-on-failure)

echo "== install: find_package(Foundry) from another project, the plugin"
bash scripts/check-install.sh
