//===- MmaContractions.cpp - Warp contractions to mma.sync ---------------===//
//
// This file implements the mma.sync lowering of MmaContractions.h: upstream's
// vector-to-nvgpu conversion of foundry-mma's warp contractions, bf16
// contractions carried through it as f16 ones and rebuilt as bf16 mma.sync,
// and 3xtf32's split of each f32 mma.sync into three.
//
//===----------------------------------------------------------------------===//

#include "MmaContractions.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Conversion/VectorToGPU/VectorToGPU.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/NVGPU/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::foundry;

/// True for the contractions foundry-mma makes: f32 m16n8k8 (A 16x8, B
/// 8x8), and f16 or bf16 m16n8k16 (A 16x16, B 16x8 or 8x16).
static bool isMmaContraction(vector::ContractionOp contract) {
  ArrayRef<int64_t> lhs = contract.getLhsType().getShape(),
                    rhs = contract.getRhsType().getShape();
  Type element = contract.getLhsType().getElementType();
  if (element.isF32())
    return lhs == ArrayRef<int64_t>{16, 8} && rhs == ArrayRef<int64_t>{8, 8};
  return isHalfFloat(element) && lhs == ArrayRef<int64_t>{16, 16} &&
         (rhs == ArrayRef<int64_t>{16, 8} || rhs == ArrayRef<int64_t>{8, 16});
}

/// The location mark of bf16 contractions carried through upstream's
/// conversion to nvgpu.mma.sync (which builds each mma at its
/// contraction's location).
static constexpr llvm::StringLiteral kBf16MmaMark = "foundry.mma_bf16";

/// Upstream's conversion of warp contractions to nvgpu.mma.sync (LLVM 22)
/// knows f16 fragments but not bf16 ones (nvgpu::getMmaSyncRegisterType),
/// and its nvgpu-to-NVVM lowering has no bf16 mma.sync. Their data movement
/// (ldmatrix, per-lane loads) does not depend on which 16-bit float it
/// moves, and their fragments are laid out alike (PTX ISA, "Matrix Fragments
/// for mma.m16n8k16"): each bf16 read feeding a contraction in `launch`
/// becomes an f16 read of the same memory, through an unrealized cast of
/// the memref (the LLVM lowering folds it: both memrefs lower to the same
/// descriptor), and each bf16 contraction an f16 one marked by its
/// location; bf16MmaToNVVM builds the marked mma.sync ops as bf16 ones.
/// Fails with a diagnostic on a read with other users, an operand that is
/// not read from memory, or a contraction that is not bf16 x bf16 into f32.
/// Returns how many contractions it marked.
static FailureOr<int64_t> retypeBf16Contractions(RewriterBase &rewriter,
                                                 gpu::LaunchOp launch) {
  SmallVector<vector::ContractionOp> contracts;
  launch.getBody().walk([&](vector::ContractionOp contract) {
    if (isMmaContraction(contract) &&
        contract.getLhsType().getElementType().isBF16())
      contracts.push_back(contract);
  });
  for (vector::ContractionOp contract : contracts)
    if (!contract.getRhsType().getElementType().isBF16() ||
        !getElementTypeOrSelf(contract.getAccType()).isF32())
      return contract.emitOpError(
          "foundry-map-forall-to-gpu: a bf16 mma.sync takes bf16 A and B "
          "into an f32 accumulator");
  MLIRContext *ctx = launch.getContext();
  Type f16 = Float16Type::get(ctx);
  llvm::SmallDenseMap<Value, Value> retyped;
  for (vector::ContractionOp contract : contracts) {
    for (OpOperand *operand :
         {&contract.getLhsMutable(), &contract.getRhsMutable()}) {
      Value value = operand->get();
      if (Value done = retyped.lookup(value)) {
        operand->set(done);
        continue;
      }
      auto read = value.getDefiningOp<vector::TransferReadOp>();
      if (!read || !isa<MemRefType>(read.getBase().getType()) ||
          !llvm::all_of(read->getUsers(), [](Operation *user) {
            return isa<vector::ContractionOp>(user);
          }))
        return contract.emitOpError(
            "foundry-map-forall-to-gpu: a bf16 mma.sync operand must be read "
            "from memory for the contractions alone");
      rewriter.setInsertionPoint(read);
      auto memrefType = cast<MemRefType>(read.getBase().getType());
      Value base = UnrealizedConversionCastOp::create(
                       rewriter, read.getLoc(),
                       MemRefType::get(memrefType.getShape(), f16,
                                       memrefType.getLayout(),
                                       memrefType.getMemorySpace()),
                       read.getBase())
                       .getResult(0);
      Value padding = arith::ConstantOp::create(rewriter, read.getLoc(), f16,
                                                rewriter.getZeroAttr(f16));
      Value f16Read = vector::TransferReadOp::create(
          rewriter, read.getLoc(),
          VectorType::get(read.getVectorType().getShape(), f16), base,
          read.getIndices(), read.getPermutationMapAttr(), padding,
          read.getMask(), read.getInBoundsAttr());
      retyped[value] = f16Read;
      operand->set(f16Read);
    }
    contract->setLoc(FusedLoc::get(ctx, {contract.getLoc()},
                                   StringAttr::get(ctx, kBf16MmaMark)));
  }
  return static_cast<int64_t>(contracts.size());
}

/// The mma.sync ops of contractions retypeBf16Contractions marked become
/// nvvm.mma.sync m16n8k16 on bf16 operands (A four 32-bit registers, B two,
/// each two bf16: the f16 fragments' bits; C and D four f32), row-major A,
/// column-major B. Returns how many it built.
static int64_t bf16MmaToNVVM(RewriterBase &rewriter, gpu::LaunchOp launch) {
  SmallVector<nvgpu::MmaSyncOp> mmas;
  launch.getBody().walk([&](nvgpu::MmaSyncOp mma) {
    auto fused = dyn_cast<FusedLoc>(mma.getLoc());
    auto mark = fused ? dyn_cast_or_null<StringAttr>(fused.getMetadata())
                      : StringAttr();
    if (mark && mark.getValue() == kBf16MmaMark)
      mmas.push_back(mma);
  });
  for (nvgpu::MmaSyncOp mma : mmas) {
    auto fused = cast<FusedLoc>(mma.getLoc());
    Location loc = fused.getLocations().front();
    rewriter.setInsertionPoint(mma);
    Type i32 = rewriter.getI32Type(), f32 = rewriter.getF32Type();
    // Each row of an f16 fragment (vector<2xf16>) is one 32-bit register.
    auto registers = [&](Value fragment) {
      auto type = cast<VectorType>(fragment.getType());
      SmallVector<Value> regs;
      for (int64_t i = 0; i < type.getDimSize(0); ++i) {
        Value row = vector::ExtractOp::create(rewriter, loc, fragment,
                                              ArrayRef<int64_t>{i});
        Value bits = vector::BitCastOp::create(rewriter, loc,
                                               VectorType::get({1}, i32), row);
        regs.push_back(vector::ExtractOp::create(rewriter, loc, bits,
                                                 ArrayRef<int64_t>{0}));
      }
      return regs;
    };
    SmallVector<Value> a = registers(mma.getMatrixA()),
                       b = registers(mma.getMatrixB()), c;
    auto cType = cast<VectorType>(mma.getMatrixC().getType());
    for (int64_t i = 0; i < cType.getDimSize(0); ++i)
      for (int64_t j = 0; j < cType.getDimSize(1); ++j)
        c.push_back(vector::ExtractOp::create(rewriter, loc, mma.getMatrixC(),
                                              ArrayRef<int64_t>{i, j}));
    auto structType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(c.size(), f32));
    Value d = NVVM::MmaOp::create(
        rewriter, loc, structType, a, b, c, ArrayRef<int64_t>{16, 8, 16},
        std::nullopt, std::nullopt,
        std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                      NVVM::MMATypes::bf16},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    SmallVector<Value> elements;
    for (int64_t i = 0; i < static_cast<int64_t>(c.size()); ++i)
      elements.push_back(LLVM::ExtractValueOp::create(rewriter, loc, d, i));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(mma, cType, elements);
  }
  return static_cast<int64_t>(mmas.size());
}

/// Splits every f32 (tf32) nvgpu.mma.sync in `launch` into the three products
/// of 3xtf32: with x = hi(x) + lo(x), hi(x) the value truncated to tf32's 10
/// mantissa bits, A*B ~= lo(A)*hi(B) + hi(A)*lo(B) + hi(A)*hi(B), each on the
/// tensor cores with fp32 accumulation (the small products first), added to
/// the running sum in fp32. Source of the scheme: the 3xTF32 mode of NVIDIA
/// CUTLASS ("fast accurate fp32 emulation").
static void splitInto3xTf32(RewriterBase &rewriter, gpu::LaunchOp launch) {
  SmallVector<nvgpu::MmaSyncOp> mmas;
  launch.getBody().walk([&](nvgpu::MmaSyncOp mma) {
    if (mma.getTf32Enabled())
      mmas.push_back(mma);
  });
  for (nvgpu::MmaSyncOp mma : mmas) {
    rewriter.setInsertionPoint(mma);
    Location loc = mma.getLoc();
    auto split = [&](Value x) -> std::pair<Value, Value> {
      auto type = cast<VectorType>(x.getType());
      auto intType = VectorType::get(type.getShape(), rewriter.getI32Type());
      Value bits = arith::BitcastOp::create(rewriter, loc, intType, x);
      // tf32 keeps the top 19 bits (sign, 8 exponent, 10 mantissa).
      Value mask = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              intType,
              rewriter.getI32IntegerAttr(static_cast<int32_t>(0xFFFFE000))));
      Value hiBits = arith::AndIOp::create(rewriter, loc, bits, mask);
      Value hi = arith::BitcastOp::create(rewriter, loc, type, hiBits);
      Value lo = arith::SubFOp::create(rewriter, loc, x, hi);
      return {hi, lo};
    };
    auto [aHi, aLo] = split(mma.getMatrixA());
    auto [bHi, bLo] = split(mma.getMatrixB());
    auto product = [&](Value a, Value b, Value c) {
      auto next = cast<nvgpu::MmaSyncOp>(rewriter.clone(*mma));
      next.getMatrixAMutable().assign(a);
      next.getMatrixBMutable().assign(b);
      next.getMatrixCMutable().assign(c);
      return next.getResult();
    };
    // The three products of this k-step go into a fresh accumulator, then
    // into the running sum with one round-to-nearest fp32 addition: mma.sync
    // accumulates with truncation, whose bias over thousands of k-steps
    // would otherwise grow with the running sum.
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(mma.getMatrixC().getType()));
    Value step = product(aLo, bHi, zero);
    step = product(aHi, bLo, step);
    step = product(aHi, bHi, step);
    rewriter.replaceOpWithNewOp<arith::AddFOp>(mma, mma.getMatrixC(), step);
  }
}

LogicalResult foundry::lowerMmaContractions(RewriterBase &rewriter,
                                            gpu::LaunchOp launch) {
  bool any = false;
  launch.getBody().walk([&](vector::ContractionOp contract) {
    any |= isMmaContraction(contract);
  });
  if (!any)
    return success();
  // Upstream's conversion (LLVM 22) takes every scalar arith.addi, muli,
  // subi, divsi, divui, addf, mulf, subf, divf, maximumf, minimumf, negf
  // and extf under its root for an elementwise op on mma fragments, and
  // fails on it: those on integers (a gather's 32-bit index arithmetic,
  // rewriteAsGather) and on floats (a fused epilogue's lanes,
  // fuseWarpEpilogue) become the LLVM ops arith-to-llvm would make of them.
  SmallVector<Operation *> scalarOps;
  launch.getBody().walk([&](Operation *op) {
    if (isa<arith::AddIOp, arith::MulIOp, arith::SubIOp, arith::DivSIOp,
            arith::DivUIOp>(op) &&
        isa<IntegerType>(op->getResult(0).getType()))
      scalarOps.push_back(op);
    if (isa<arith::AddFOp, arith::MulFOp, arith::SubFOp, arith::DivFOp,
            arith::MaximumFOp, arith::MinimumFOp, arith::NegFOp, arith::ExtFOp>(
            op) &&
        isa<FloatType>(op->getResult(0).getType()))
      scalarOps.push_back(op);
  });
  for (Operation *op : scalarOps) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op)) {
      // (arith.extf takes fast-math flags in LLVM 22, optionally: absent,
      // none.)
      arith::FastMathFlagsAttr given = fastmath.getFastMathFlagsAttr();
      auto flags = LLVM::FastmathFlagsAttr::get(
          op->getContext(),
          convertArithFastMathFlagsToLLVM(given ? given.getValue()
                                                : arith::FastMathFlags::none));
      Value replacement =
          TypeSwitch<Operation *, Value>(op)
              .Case([&](arith::AddFOp add) {
                return LLVM::FAddOp::create(rewriter, loc, add.getLhs(),
                                            add.getRhs(), flags);
              })
              .Case([&](arith::MulFOp mul) {
                return LLVM::FMulOp::create(rewriter, loc, mul.getLhs(),
                                            mul.getRhs(), flags);
              })
              .Case([&](arith::SubFOp sub) {
                return LLVM::FSubOp::create(rewriter, loc, sub.getLhs(),
                                            sub.getRhs(), flags);
              })
              .Case([&](arith::DivFOp div) {
                return LLVM::FDivOp::create(rewriter, loc, div.getLhs(),
                                            div.getRhs(), flags);
              })
              .Case([&](arith::MaximumFOp max) {
                return LLVM::MaximumOp::create(rewriter, loc, max.getLhs(),
                                               max.getRhs(), flags);
              })
              .Case([&](arith::MinimumFOp min) {
                return LLVM::MinimumOp::create(rewriter, loc, min.getLhs(),
                                               min.getRhs(), flags);
              })
              .Case([&](arith::NegFOp neg) {
                return LLVM::FNegOp::create(rewriter, loc, neg.getOperand(),
                                            flags);
              })
              .Default([&](Operation *) { return Value(); });
      if (replacement) {
        rewriter.replaceOp(op, replacement);
        continue;
      }
    }
    if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
      rewriter.replaceOp(
          op, LLVM::FPExtOp::create(rewriter, loc, ext.getType(), ext.getIn()));
      continue;
    }
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    Value replacement =
        TypeSwitch<Operation *, Value>(op)
            .Case([&](arith::AddIOp) {
              return LLVM::AddOp::create(rewriter, loc, lhs, rhs);
            })
            .Case([&](arith::MulIOp) {
              return LLVM::MulOp::create(rewriter, loc, lhs, rhs);
            })
            .Case([&](arith::SubIOp) {
              return LLVM::SubOp::create(rewriter, loc, lhs, rhs);
            })
            .Case([&](arith::DivSIOp) {
              return LLVM::SDivOp::create(rewriter, loc, lhs, rhs);
            })
            .Default([&](Operation *) {
              return LLVM::UDivOp::create(rewriter, loc, lhs, rhs);
            });
    rewriter.replaceOp(op, replacement);
  }
  FailureOr<int64_t> bf16Contractions =
      retypeBf16Contractions(rewriter, launch);
  if (failed(bf16Contractions))
    return failure();
  RewritePatternSet prepare(launch.getContext());
  populatePrepareVectorToMMAPatterns(prepare, /*useNvGpu=*/true);
  if (failed(applyPatternsGreedily(launch, std::move(prepare))))
    return launch.emitOpError("foundry-map-forall-to-gpu: mma preparation "
                              "did not converge");
  if (failed(convertVectorToNVVMCompatibleMMASync(rewriter, launch)))
    return launch.emitOpError("foundry-map-forall-to-gpu: cannot lower the "
                              "warp contractions to mma.sync");
  // The conversion leaves the old vector loop-carried values behind: drop
  // the now unused loop results and dead ops.
  // The f32 mma.sync ops run as tf32 (upstream pattern sets tf32Enabled).
  {
    RewritePatternSet cleanup(launch.getContext());
    scf::ForOp::getCanonicalizationPatterns(cleanup, launch.getContext());
    nvgpu::populateMmaSyncF32ToTF32Patterns(cleanup,
                                            nvgpu::MmaSyncF32Lowering::TF32);
    (void)applyPatternsGreedily(launch, std::move(cleanup));
  }
  bool left = false;
  launch.getBody().walk([&](vector::ContractionOp contract) {
    left |= isMmaContraction(contract);
  });
  if (left)
    return launch.emitOpError("foundry-map-forall-to-gpu: some warp "
                              "contractions did not become mma.sync");
  auto func = launch->getParentOfType<func::FuncOp>();
  auto precision =
      func ? func->getAttrOfType<PrecisionAttr>("foundry.precision") : nullptr;
  if (precision && precision.getValue() == Precision::tf32x3)
    splitInto3xTf32(rewriter, launch);
  // Each marked contraction became one mma.sync at its location (upstream's
  // conversion builds them there): otherwise an f16 mma would run on bf16
  // bits.
  if (int64_t built = bf16MmaToNVVM(rewriter, launch);
      built != *bf16Contractions)
    return launch.emitOpError("foundry-map-forall-to-gpu: ")
           << *bf16Contractions << " bf16 warp contractions became " << built
           << " bf16 mma.sync ops";
  return success();
}
