//===- Experts.h - The built-in experts, one per file ----------*- C++ -*-===//
//
// Each built-in expert turns a kernel's structure (KernelShape) and its
// parent's diagnosis into a schedule; builtinExperts() lists them in the
// islands' order.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_EVOLVE_EXPERTS_EXPERTS_H
#define FOUNDRY_LIB_EVOLVE_EXPERTS_EXPERTS_H

#include "foundry/Evolve/Search.h"

namespace mlir::foundry {

/// Block tiles only (the grid's shape against the machine).
Expert parallelismExpert();
/// Register tiles per thread, k-loops, vectorization and unrolling.
Expert computeExpert();
/// Coalesced access; GEMM operands staged in shared memory.
Expert memoryExpert();
/// Rows over blocks, reductions split over threads or blocks.
Expert reductionExpert();

/// True if the parent's diagnosed bottleneck is `bottleneck` ("memory",
/// "latency", "launch", ...).
bool parentIs(const ExpertRequest &request, llvm::StringRef bottleneck);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_EVOLVE_EXPERTS_EXPERTS_H
