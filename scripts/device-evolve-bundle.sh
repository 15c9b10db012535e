#!/usr/bin/env bash
#===- device-evolve-bundle.sh - foundry-evolve for a bare GPU host ---------===#
#
# Builds device-bundle/evolve/, everything a GPU host without LLVM needs to
# run foundry-evolve on the cuda target: stripped foundry-evolve,
# foundry-library and foundry-compile (bin/tools.tar.xz; they link
# libLLVM.so.22.1; foundry-compile for bench/kernelbench/parts/
# time-schedules.sh) and foundry-run
# (links only static LLVMSupport), plus libLLVM.so.22.1, libz3.so.4 and
# libyaml-cpp.so.0.7 from the Debian packages of the exact versions
# installed here (libs.tar.xz, about 35 MB). libcurl and libsqlite3 are on
# the host. scripts/device-run.sh unpacks it there and runs a command.
# MLIR itself is linked statically, so libMLIR.so does not travel.
# The tools are rebuilt first, and $OUT/COMMIT names the source they were
# built from (the commit, "-dirty" with uncommitted changes), which the
# harness records in each result.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FOUNDRY_BUILD_DIR:-build}
OUT=device-bundle/evolve
mkdir -p "$OUT/bin"
ninja -C "$BUILD_DIR" foundry-evolve foundry-library foundry-compile foundry-run \
  $(ninja -C "$BUILD_DIR" -t targets all | grep -q '^FoundryMpiExchange:' &&
    echo FoundryMpiExchange)
git describe --always --dirty --abbrev=7 > "$OUT/COMMIT"
# foundry-evolve, foundry-library and foundry-compile share most of their
# code (MLIR and LLVM linked in): one solid tarball with a dictionary larger
# than any packs the others almost for free (9.6 MB for the first two
# against 12.4 MB compressed apart; 12.9 MB with foundry-compile, on
# 2026-12-02).
rm -rf "$OUT/bin"
mkdir -p "$OUT/bin"
work=$(mktemp -d)
for tool in foundry-evolve foundry-library foundry-compile; do
  strip -o "$work/$tool" "$BUILD_DIR/bin/$tool"
done
tar -C "$work" -cf - foundry-evolve foundry-library foundry-compile |
  xz -9e --lzma2=preset=9e,dict=192MiB > "$OUT/bin/tools.tar.xz"
rm -rf "$work"
strip -o "$OUT/bin/foundry-run" "$BUILD_DIR/bin/foundry-run"
# The MPI exchange foundry-evolve loads under mpirun (it links the host's
# libmpi.so.40; built where MPI is found).
rm -rf "$OUT/lib"
if [[ -f "$BUILD_DIR/lib/libFoundryMpiExchange.so" ]]; then
  mkdir -p "$OUT/lib"
  strip -o "$OUT/lib/libFoundryMpiExchange.so" \
    "$BUILD_DIR/lib/libFoundryMpiExchange.so"
fi
# The libraries the tools load, from the Debian packages at the installed
# version, in one tarball at xz's strongest setting (a megabyte less than
# the packages: the working tree and the bundle must travel in 64 MiB).
if [[ ! -f "$OUT/libs.tar.xz" ]]; then
  work=$(mktemp -d)
  for package in libllvm22 libz3-4 libyaml-cpp0.7; do
    version=$(dpkg-query -W -f='${Version}' "$package")
    (cd "$work" && apt-get download "$package=$version" &&
     dpkg -x "$work/${package}_"*.deb "$work/root")
  done
  tar -C "$work/root" -cf - usr/lib | xz -9e -T0 > "$OUT/libs.tar.xz"
  rm -rf "$work"
fi
rm -rf "$OUT/debs"
du -sh "$OUT"
