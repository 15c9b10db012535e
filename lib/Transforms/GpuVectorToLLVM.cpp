//===- GpuVectorToLLVM.cpp - Vector ops of GPU modules to LLVM -----------===//
//
// foundry-gpu-vector-to-llvm: what upstream convert-vector-to-llvm does, on
// a gpu.module, with the NVVM numbering of GPU address spaces (workgroup
// memory is address space 3), which the upstream pass lacks: the vector ops
// of vectorized schedules are lowered to 1-D vectors and converted before
// the GPU-to-NVVM conversion, which alone cannot lower n-D vectors.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYGPUVECTORTOLLVMPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry {
namespace {
struct FoundryGpuVectorToLLVMPass final
    : impl::FoundryGpuVectorToLLVMPassBase<FoundryGpuVectorToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    {
      RewritePatternSet patterns(ctx);
      populateVectorToOneDimPatterns(patterns);
      vector::populateVectorMaskOpLoweringPatterns(patterns);
      vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
      vector::populateVectorStepLoweringPatterns(patterns);
      vector::populateVectorFromElementsUnrollPatterns(patterns);
      vector::populateVectorToElementsUnrollPatterns(patterns);
      vector::populateVectorGatherLoweringPatterns(patterns);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    LLVMTypeConverter converter(ctx);
    populateGpuMemorySpaceAttributeConversions(
        converter, [](gpu::AddressSpace space) -> unsigned {
          switch (space) {
          case gpu::AddressSpace::Global:
            return static_cast<unsigned>(NVVM::NVVMMemorySpace::Global);
          case gpu::AddressSpace::Workgroup:
            return static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared);
          case gpu::AddressSpace::Private:
            return 0;
          }
          return 0;
        });
    RewritePatternSet patterns(ctx);
    populateVectorToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    target.addIllegalDialect<vector::VectorDialect>();
    // Everything else converts later; only the vector ops must go here.
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
