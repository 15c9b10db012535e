//===- SchedulePasses.h - The passes a schedule may use -----------*- C++ -*-===//
//
// A schedule is a flat pipeline of foundry-* schedule passes (DESIGN.md);
// the tools add the lowering tails themselves. These are the names, and the
// check every tool that takes a schedule applies before running it.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TRANSFORMS_SCHEDULEPASSES_H
#define FOUNDRY_TRANSFORMS_SCHEDULEPASSES_H

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::foundry {

/// The foundry passes a schedule may use (the search space), by pipeline
/// name.
const std::vector<std::string> &schedulePassNames();

/// Why the parsed pipeline `pm` (on builtin.module) is not a schedule, or
/// nullopt when it is one: a nested pipeline (`builtin.module(...)` or
/// `func.func(...)`, whose passes would run on ops the kernels are not
/// nested in, and so never run), or a pass that is not a schedule pass (a
/// lowering tail, which the tools add themselves).
std::optional<std::string> scheduleProblem(OpPassManager &pm);

} // namespace mlir::foundry

#endif // FOUNDRY_TRANSFORMS_SCHEDULEPASSES_H
