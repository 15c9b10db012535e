//===- foundry-opt.cpp - The foundry optimizer driver --------------------===//
//
// An mlir-opt-style driver: the foundry dialect, passes and pipelines plus the
// upstream pieces kernels and lowering tails use. A pure function: IR in,
// IR or PTX out; no GPU, no network, no database. The input is read as
// untrusted (UntrustedInput.h): a regular file or stdin of at most 1 GiB,
// nested at most 512 levels deep, or an error before MLIR parses it.
//
//===----------------------------------------------------------------------===//

#include "foundry/InitAll.h"
#include "foundry/Pipelines/Pipelines.h"
#include "foundry/Support/UntrustedInput.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

/// Whether MLIR's parser survives `input`: MlirOptMain parses it where a
/// crash of the parser would take the process down, so it is parsed once
/// before, chunk by chunk as MlirOptMain will (--split-input-file), where a
/// crash is caught (runUntrustedParse). The diagnostics of this parse are
/// shown only when it crashes (MlirOptMain reports them again otherwise).
static bool parserSurvives(const llvm::MemoryBuffer &input,
                           const mlir::DialectRegistry &registry,
                           const mlir::MlirOptMainConfig &config) {
  bool crashed = false;
  auto parseChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                        llvm::raw_ostream &) {
    mlir::MLIRContext context(registry,
                              mlir::MLIRContext::Threading::DISABLED);
    context.allowUnregisteredDialects(
        config.shouldAllowUnregisteredDialects());
    context.printOpOnDiagnostic(false);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    std::string diagnostics;
    llvm::raw_string_ostream os(diagnostics);
    mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
    if (mlir::foundry::runUntrustedParse([&] {
          (void)mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
        }))
      return mlir::success();
    crashed = true;
    llvm::errs() << diagnostics;
    return mlir::failure();
  };
  (void)mlir::splitAndProcessBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getBuffer(),
                                       input.getBufferIdentifier(),
                                       /*RequiresNullTerminator=*/false),
      parseChunk, llvm::nulls(), config.inputSplitMarker());
  if (crashed)
    llvm::errs() << mlir::foundry::parserCrashedMessage(
                        input.getBufferIdentifier())
                 << "\n";
  return !crashed;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
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
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      static_cast<int>(args.size()), args.data(),
      "Kernel Foundry optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();

  // --show-dialects and --list-passes read no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""), registry, config));

  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  // Bad input is refused here, with the exit status of any other input
  // MLIR rejects (1).
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::foundry::readUntrustedMlir(inputFilename, error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (!parserSurvives(*input, registry, config))
    return EXIT_FAILURE;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
