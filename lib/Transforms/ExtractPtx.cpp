//===- ExtractPtx.cpp - Write the PTX of gpu.binary ops to a file --------===//
//
// This file implements foundry-extract-ptx: the PTX text that
// gpu-module-to-binary (format=isa) stores in the IR, written out for ptxas,
// the runner or a human.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYEXTRACTPTXPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

FailureOr<std::string> mlir::foundry::extractPtx(ModuleOp module) {
  std::string ptx;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (object && object.getFormat() == gpu::CompilationTarget::Assembly)
        ptx += object.getObject().getValue().str();
    }
  });
  if (ptx.empty())
    return module.emitError("foundry-extract-ptx: no PTX found: the module "
                            "has no gpu.binary in PTX form (no kernel, or "
                            "--foundry-to-nvvm did not run with format=isa)");
  // An unresolved libdevice call means the CUDA toolkit was not found when
  // the module was serialized; the PTX would not assemble.
  llvm::StringRef rest(ptx);
  size_t pos = rest.find("__nv_");
  if (pos != llvm::StringRef::npos && rest.contains(".extern .func")) {
    llvm::StringRef name = rest.substr(pos).take_while(
        [](char c) { return llvm::isAlnum(c) || c == '_'; });
    return module.emitError("foundry-extract-ptx: the PTX calls libdevice "
                            "function ")
           << name
           << " but libdevice was not linked; set CUDA_HOME to the CUDA "
              "toolkit (the directory holding nvvm/libdevice)";
  }
  return ptx;
}

namespace mlir::foundry {
namespace {
struct FoundryExtractPtxPass final
    : impl::FoundryExtractPtxPassBase<FoundryExtractPtxPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::string> ptx = extractPtx(getOperation());
    if (failed(ptx))
      return signalPassFailure();
    if (failed(writePassOutput(getOperation(), "foundry-extract-ptx", output,
                               *ptx)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
} // namespace mlir::foundry
