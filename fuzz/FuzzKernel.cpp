//===- FuzzKernel.cpp - libFuzzer target: kernel files --------------------===//
//
// What every tool does with a kernel file once read: the nesting check, the
// MLIR parser and verifier, the outlining of func.func on tensors
// (parseKernels), then what walks any kernel that got through: its
// fingerprint (the library's keys) and its workload (the roofline).
//
//===----------------------------------------------------------------------===//

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Fingerprint/Fingerprint.h"
#include "foundry/InitAll.h"
#include "foundry/Target/Compile.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::foundry;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    return r;
  }();
  // A context per input: what one input makes (attributes, types) never
  // changes how the next one parses.
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz.mlir"),
      llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  std::string error;
  OwningOpRef<ModuleOp> module = parseKernels(sourceMgr, &context, error);
  if (!module)
    return 0;
  for (KernelOp kernel : module->getOps<KernelOp>()) {
    (void)fingerprintKernel(kernel, "cuda");
    (void)computeWorkload(kernel);
  }
  return 0;
}
