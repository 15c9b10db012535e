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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "Kernel Foundry foundry-opt " << FOUNDRY_VERSION
       << " (built against LLVM/MLIR " << FOUNDRY_LLVM_VERSION << ")\n";
  });
  // Kernels can be huge (KernelBench shapes, generated IR): by default an
  // error names its location but does not print the whole failing op.
  llvm::SmallVector<char *> args(argv, argv + argc);
  static char quietDiagnostics[] = "--mlir-print-op-on-diagnostic=false";
  bool userChose = llvm::any_of(args, [](llvm::StringRef arg) {
    return arg.contains("mlir-print-op-on-diagnostic");
  });
  if (!userChose)
    args.insert(args.begin() + 1, quietDiagnostics);

  mlir::foundry::configureCudaToolkitPath();
  mlir::foundry::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::foundry::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(),
                        "Kernel Foundry optimizer driver\n", registry));
}
