#!/usr/bin/env bash
#===- update-docs.sh - Refresh docs/reference from the ODS-generated docs -===#
#
# `ninja -C build mlir-doc` generates the dialect and pass reference from
# the .td files; this copies it into docs/reference. With --check it only
# compares, and fails when the committed copy is stale.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
mkdir -p docs/reference
status=0
for pair in "Dialects/FoundryDialect.md:dialect.md" "FoundryPasses.md:passes.md"; do
  src="$BUILD_DIR/docs/${pair%%:*}"
  dst="docs/reference/${pair##*:}"
  if [ ! -f "$src" ]; then
    echo "update-docs: $src missing; run 'ninja -C $BUILD_DIR mlir-doc' first" >&2
    exit 1
  fi
  if [ "${1:-}" = "--check" ]; then
    if ! diff -q "$src" "$dst" >/dev/null 2>&1; then
      echo "update-docs: $dst is stale; run scripts/update-docs.sh and commit" >&2
      status=1
    fi
  else
    cp "$src" "$dst"
    echo "update-docs: wrote $dst"
  fi
done
exit $status
