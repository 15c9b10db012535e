//===- consumer-opt.cpp - A tool of another project running foundry -------===//
//
//   consumer-opt KERNEL.mlir PIPELINE
//
// Registers the foundry dialect and passes next to the upstream dialects a
// kernel is written in, parses KERNEL.mlir, runs PIPELINE (the passes to run
// on the top-level module, comma-separated, foundry passes among them, e.g.
// "foundry-outline-kernels,foundry-apply-schedules") and prints the result:
// how a compiler embeds foundry through its installed package.
//
//===----------------------------------------------------------------------===//

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: consumer-opt KERNEL.mlir PIPELINE\n";
    return 2;
  }
  mlir::foundry::registerFoundryPasses();

  mlir::DialectRegistry registry;
  registry.insert<mlir::foundry::FoundryDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect>();
  mlir::linalg::registerTilingInterfaceExternalModels(registry);
  mlir::tensor::registerTilingInterfaceExternalModels(registry);
  mlir::MLIRContext context(registry);

  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], sourceMgr, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline(argv[2], pm, llvm::errs())) ||
      mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
