#!/usr/bin/env bash
#===- fuzz.sh - Run foundry's libFuzzer targets --------------------------===#
#
#   bash scripts/fuzz.sh [--seconds N] [--jobs J] [--out DIR] [--merge]
#                        [TARGET...]
#
# Configures build-fuzz/ (Clang 22, FOUNDRY_ENABLE_FUZZERS=ON: foundry's code
# instrumented for coverage), builds the
# targets of fuzz/ and runs each for N seconds (default 600) from its seed
# corpus in fuzz/corpus/TARGET, J targets at a time (default 1). TARGETs
# default to all: kernel genome llm-reply import manifest.
#
# Writes DIR (default out/fuzz-DATE): TARGET.log (libFuzzer's output),
# corpus/TARGET (what the run added), crash-*/timeout-*/oom-* inputs, and
# summary.md: executions, seconds, new corpus inputs and findings per
# target. With --merge, the inputs that reach new coverage are merged into
# fuzz/corpus/TARGET (commit them). Exits 1 when any target found an input
# that crashes, hangs or exhausts memory.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=600 JOBS=1 OUT="" MERGE=0 TARGETS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) SECONDS_PER_TARGET=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --merge) MERGE=1; shift ;;
    -h|--help) sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(kernel genome llm-reply import manifest)
for t in "${TARGETS[@]}"; do
  [[ -d fuzz/corpus/$t ]] || { echo "fuzz.sh: no target '$t' (fuzz/corpus/$t)" >&2; exit 2; }
done
OUT=${OUT:-out/fuzz-$(date -u +%Y-%m-%d-%H%M)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

BUILD_DIR=${FOUNDRY_FUZZ_BUILD_DIR:-build-fuzz}
# Sanitizers beside libFuzzer's coverage (FOUNDRY_FUZZ_SANITIZERS; none by
# default, see CMakeLists.txt).
SANITIZERS=${FOUNDRY_FUZZ_SANITIZERS:-}
for tool in clang-22 clang++-22; do
  command -v "$tool" >/dev/null ||
    { echo "fuzz.sh: $tool not found (scripts/setup.sh installs it)" >&2; exit 2; }
done
if [[ ! -f $BUILD_DIR/build.ninja ]]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DFOUNDRY_ENABLE_FUZZERS=ON -DFOUNDRY_BUILD_UNITTESTS=OFF \
    -DFOUNDRY_FUZZ_SANITIZERS="$SANITIZERS" >/dev/null
fi
ninja -C "$BUILD_DIR" -j "$(nproc)" foundry-fuzzers

# The runtime (and so the manifest target) is built only with cuda.h.
RUN=()
for t in "${TARGETS[@]}"; do
  if [[ -x $BUILD_DIR/bin/foundry-fuzz-$t ]]; then RUN+=("$t")
  else echo "fuzz.sh: foundry-fuzz-$t was not built (no CUDA headers?); skipped" >&2
  fi
done

run_one() {
  local t=$1 dict=()
  mkdir -p "$OUT/corpus/$t"
  [[ $t == manifest || $t == import ]] || dict=(-dict=fuzz/mlir.dict)
  # The first corpus folder takes what the run finds; the tree's seeds are
  # read only. A sanitizer's leak check stays off: MLIR keeps registries
  # alive.
  ASAN_OPTIONS=detect_leaks=0 "$BUILD_DIR/bin/foundry-fuzz-$t" \
    -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=30 \
    -rss_limit_mb=4096 -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$OUT/$t-" "$OUT/corpus/$t" "fuzz/corpus/$t" \
    >"$OUT/$t.log" 2>&1 || true
}

echo "fuzz.sh: ${RUN[*]}, ${SECONDS_PER_TARGET} s each, $JOBS at a time -> $OUT"
running=0
for t in "${RUN[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [[ $running -ge $JOBS ]]; then wait -n; running=$((running - 1)); fi
done
wait

status=0
{
  echo "# Fuzzing: $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores"
  echo
  echo "libFuzzer (clang 22, coverage instrumentation of foundry's code; sanitizers: ${SANITIZERS:-none}), ${SECONDS_PER_TARGET} s per target, $JOBS at a time."
  echo
  echo "| target | executions | seconds | exec/s | seed inputs | new inputs | peak RSS MB | crashes, hangs, OOMs |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  for t in "${RUN[@]}"; do
    log=$OUT/$t.log
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    execs=$(stat number_of_executed_units) rate=$(stat average_exec_per_sec)
    rss=$(stat peak_rss_mb)
    elapsed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    seeds=$(find "fuzz/corpus/$t" -type f | wc -l)
    added=$(find "$OUT/corpus/$t" -type f | wc -l)
    found=$(find "$OUT" -maxdepth 1 -name "$t-*" -type f | wc -l)
    # A target that stopped on a finding prints no "Done" line.
    if [[ $found == 0 && -z $elapsed ]]; then
      found="no end of run (see $t.log)"
    fi
    echo "| $t | ${execs:-?} | ${elapsed:-?} | ${rate:-?} | $seeds | $added | ${rss:-?} | $found |"
    [[ $found == 0 ]] || status=1
  done
} > "$OUT/summary.md"
cat "$OUT/summary.md"

if [[ $MERGE == 1 ]]; then
  for t in "${RUN[@]}"; do
    ASAN_OPTIONS=detect_leaks=0 "$BUILD_DIR/bin/foundry-fuzz-$t" -merge=1 \
      -max_len=65536 "fuzz/corpus/$t" "$OUT/corpus/$t" >"$OUT/$t.merge.log" 2>&1
  done
  echo "fuzz.sh: merged into fuzz/corpus/ ($(find fuzz/corpus -type f | wc -l) inputs)"
fi
exit $status
