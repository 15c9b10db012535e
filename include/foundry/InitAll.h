//===- InitAll.h - Register everything foundry tools need -------*- C++ -*-===//
//
// The one project-wide registration point (torch-mlir style): dialects,
// external interface models, LLVM-IR translations, passes and pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_INITALL_H
#define FOUNDRY_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::foundry {

/// Adds the foundry dialect and exactly the upstream dialects, interface
/// models and LLVM-IR translations that kernels and lowering tails use.
void registerAllDialects(DialectRegistry &registry);

/// Registers the foundry passes and pipelines, and the upstream passes a
/// schedule or a hand-written lowering may name.
void registerAllPasses();

} // namespace mlir::foundry

#endif // FOUNDRY_INITALL_H
