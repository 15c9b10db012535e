#===- compile-case.sh - One case of a schedule list, compiled -------------===#
#
# Sourced by time-schedules.sh and profile-schedules.sh. compile_case NAME
# KERNEL SCHEDULE compiles KERNEL's naive f64 reference once per kernel
# (into $WORK/reference-<kernel>) and the schedule (into $WORK/NAME, for
# $FOUNDRY_TARGET, default sm_90), logging into $WORK/NAME.log; prints why
# and returns 1 when either fails. Sets `reference` to the reference's
# folder. With $FOUNDRY_PRECOMPILED set (a folder that
# scripts/precompile-schedules.sh filled on the development machine), the
# case and its reference come from there and nothing is compiled: the GPU
# host then needs only foundry-run, not the bundle's LLVM libraries.
#
#===----------------------------------------------------------------------===#
compile_case() {
  local name=$1 kernel=$2 schedule=$3
  if [[ -n "${FOUNDRY_PRECOMPILED:-}" ]]; then
    reference=$FOUNDRY_PRECOMPILED/reference-$(basename "$kernel" .mlir)
    if [[ ! -f "$FOUNDRY_PRECOMPILED/$name/candidate-0.cubin" ]]; then
      echo "$name: not precompiled in $FOUNDRY_PRECOMPILED"; return 1
    fi
    rm -rf "${WORK:?}/$name"
    cp -r "$FOUNDRY_PRECOMPILED/$name" "$WORK/$name"
    return 0
  fi
  reference=$WORK/reference-$(basename "$kernel" .mlir)
  if [[ ! -f "$reference/candidate-0.cubin" ]] &&
     ! foundry-compile "$kernel" --schedule= --widen-to-f64 -o "$reference" \
       >"$WORK/$name.log" 2>&1; then
    echo "$name: reference compile failed"; tail -3 "$WORK/$name.log"
    return 1
  fi
  if ! foundry-compile "$kernel" --schedule="$schedule" \
       --target="${FOUNDRY_TARGET:-sm_90}" -o "$WORK/$name" \
       >>"$WORK/$name.log" 2>&1; then
    echo "$name: compile failed"; tail -3 "$WORK/$name.log"
    return 1
  fi
}
