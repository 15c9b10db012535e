//===- BuiltinExperts.cpp - The heuristic experts -------------------------===//
//
// The four built-in experts (parallelism, compute, memory, reduction), one
// file each: each turns a kernel's structure and its parent's diagnosis
// into a schedule through the builders of Schedule/.
//
//===----------------------------------------------------------------------===//

#include "Experts/Experts.h"

using namespace mlir;
using namespace mlir::foundry;

bool mlir::foundry::parentIs(const ExpertRequest &request,
                             llvm::StringRef bottleneck) {
  return request.diagnosis && request.diagnosis->bottleneck == bottleneck;
}

std::vector<Expert> mlir::foundry::builtinExperts() {
  return {parallelismExpert(), computeExpert(), memoryExpert(),
          reductionExpert()};
}
