//===- SchedulePasses.cpp - The passes a schedule may use -----------------===//

#include "foundry/Transforms/SchedulePasses.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

const std::vector<std::string> &mlir::foundry::schedulePassNames() {
  static const std::vector<std::string> names = {"foundry-tile-blocks",
                                                 "foundry-tile-reduction",
                                                 "foundry-tile-threads",
                                                 "foundry-tile-warps",
                                                 "foundry-tile-warpgroups",
                                                 "foundry-reduce-threads",
                                                 "foundry-promote",
                                                 "foundry-vectorize",
                                                 "foundry-unroll",
                                                 "foundry-mma",
                                                 "foundry-split-reduction",
                                                 "foundry-split-k",
                                                 "foundry-pad",
                                                 "foundry-im2col",
                                                 "foundry-transpose-a",
                                                 "foundry-transpose-b",
                                                 "foundry-fold-pad",
                                                 "foundry-tile-phases",
                                                 "foundry-invert-divisors",
                                                 "foundry-decompose-arg-reductions",
                                                 "foundry-launch-bounds",
                                                 "foundry-approx-math"};
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
