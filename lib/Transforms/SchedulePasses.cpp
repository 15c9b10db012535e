//===- SchedulePasses.cpp - The passes a schedule may use -----------------===//

#include "foundry/Transforms/SchedulePasses.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

const std::vector<std::string> &mlir::foundry::schedulePassNames() {
  // The defs of class SchedulePass in Passes.td (sorted).
  static const std::vector<std::string> names = {
#include "foundry/Transforms/SchedulePassNames.inc"
  };
  return names;
}

std::optional<std::string> mlir::foundry::scheduleProblem(OpPassManager &pm) {
  for (Pass &pass : pm.getPasses()) {
    llvm::StringRef name = pass.getArgument();
    if (name.empty())
      return std::string("nests a pass pipeline; a schedule is a flat list "
                         "of schedule passes");
    if (!llvm::is_contained(schedulePassNames(), name))
      return "uses '" + name.str() + "', which is not a schedule pass";
  }
  return std::nullopt;
}
