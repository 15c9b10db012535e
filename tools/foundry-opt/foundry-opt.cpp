//===- foundry-opt.cpp - The foundry optimizer driver --------------------===//
//
// An mlir-opt-style driver: the foundry dialect, passes and pipelines plus the
// upstream pieces kernels and lowering tails use. A pure function: IR in,
// IR or PTX out; no GPU, no network, no database.
//
//===----------------------------------------------------------------------===//

#include "foundry/InitAll.h"
#include "foundry/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "Kernel Foundry foundry-opt " << FOUNDRY_VERSION
       << " (built against LLVM/MLIR " << FOUNDRY_LLVM_VERSION << ")\n";
  });
  mlir::foundry::configureCudaToolkitPath();
  mlir::foundry::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::foundry::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Kernel Foundry optimizer driver\n", registry));
}
