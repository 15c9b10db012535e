//===- KernelShape.cpp - A kernel's loop structure for the experts -------===//
//
// This file implements analyzeKernel: the structure of a kernel (its root
// op's loops, contractions, reductions and their axes, element types and
// layouts) that the schedule builders and experts reason about (the
// schedule prefixes that structure imposes are in Schedule/Reference.cpp).
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Search.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::foundry;

int64_t KernelShape::numParallel() const {
  return std::count(parallel.begin(), parallel.end(), true);
}

std::vector<int64_t> KernelShape::parallelExtents() const {
  std::vector<int64_t> result;
  for (size_t i = 0; i < extents.size(); ++i)
    if (parallel[i])
      result.push_back(extents[i]);
  return result;
}

/// Sets shape.gemmRowLoop / gemmColLoop from the root contraction `op`:
/// the columns are the loop of its output's innermost dimension, the rows
/// the innermost output loop of the other operand's kind (M or N). Leaves
/// the defaults where the output is not indexed by plain loops.
static void setGemmLoops(KernelShape &shape, linalg::LinalgOp op,
                         const linalg::ContractionDimensions &dims) {
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() < 2 || !out.isProjectedPermutation())
    return;
  unsigned col = out.getDimPosition(out.getNumResults() - 1);
  bool colFromLhs = llvm::is_contained(dims.m, col);
  if (!colFromLhs && !llvm::is_contained(dims.n, col))
    return;
  const SmallVector<unsigned, 2> &rowKind = colFromLhs ? dims.n : dims.m;
  std::optional<unsigned> row;
  for (unsigned i = 0; i + 1 < out.getNumResults(); ++i)
    if (llvm::is_contained(rowKind, out.getDimPosition(i)))
      row = out.getDimPosition(i);
  if (!row)
    return;
  // Loop index -> position among the parallel loops.
  auto position = [&](unsigned loop) {
    return static_cast<int64_t>(std::count(
        shape.parallel.begin(), shape.parallel.begin() + loop, true));
  };
  shape.gemmRowLoop = position(*row);
  shape.gemmColLoop = position(col);
  if (colFromLhs) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    shape.gemmSwapped = true;
    shape.gemmM = ShapedType::isDynamic(ranges[*row]) ? 0 : ranges[*row];
    shape.gemmN = ShapedType::isDynamic(ranges[col]) ? 0 : ranges[col];
  }
}

/// The fewest parts, from 2 to `most`, that divide `extent` and are at
/// least `wanted`; else the most that divide it; 0 when none does.
static int64_t dividingParts(int64_t extent, int64_t wanted, int64_t most) {
  int64_t best = 0;
  for (int64_t parts = 2; parts <= most; ++parts) {
    if (extent % parts)
      continue;
    best = parts;
    if (parts >= wanted)
      break;
  }
  return best;
}

/// The parts foundry-split-reduction{outputs=N} should cut the long
/// reductions of `body` into (each a block), or 0 for its default (every
/// iteration of the outermost reduction loop a part). The default suits
/// reductions whose inner loops hold the work (a BatchNorm's sums over
/// images); a row of one long loop (a softmax over a vocabulary) would
/// become one part per element. Then: the fewest parts, dividing every
/// such reduction's outermost loop, that give the target four blocks per
/// multiprocessor with at least 1024 elements each, or as many as keep
/// 1024 elements each. `more` gets the other counts withSplitFirst may
/// draw (KernelShape::splitPartsChoices), `loop` the split loop's extent
/// where it is every such reduction's only reduced loop
/// (KernelShape::splitLoop).
static int64_t partsForLongReductions(Block &body, int64_t outputs,
                                      const TargetInfo &target,
                                      std::vector<int64_t> &more,
                                      int64_t &loop) {
  constexpr int64_t kMinPart = 1024, kInnerWork = 4096;
  int64_t common = 0, innerMin = std::numeric_limits<int64_t>::max(),
          innerMax = 0, outerMax = 0;
  for (Operation &op : body) {
    if (!isSplittableReduction(op, outputs) ||
        cast<ShapedType>(op.getResult(0).getType()).getRank() == 0)
      continue;
    auto generic = cast<linalg::GenericOp>(op);
    int64_t outer = 0, inner = 1;
    for (auto [extent, iterator] : llvm::zip(generic.getStaticLoopRanges(),
                                             generic.getIteratorTypesArray())) {
      if (iterator != utils::IteratorType::reduction)
        continue;
      if (ShapedType::isDynamic(extent))
        return 0;
      if (outer == 0)
        outer = extent;
      else
        inner *= extent;
    }
    common = std::gcd(common, outer);
    innerMin = std::min(innerMin, inner);
    innerMax = std::max(innerMax, inner);
    outerMax = std::max(outerMax, outer);
  }
  if (common <= 0 || innerMin >= kInnerWork)
    return 0;
  int64_t wanted = llvm::divideCeil(4 * target.multiprocessors,
                                    std::max<int64_t>(outputs, 1));
  int64_t best = dividingParts(common, wanted, common / kMinPart);
  // Up to four times as many, each part still at least kMinPart long.
  for (int64_t parts = best + 1;
       best > 0 && parts <= std::min(4 * best, common / kMinPart); ++parts)
    if (common % parts == 0)
      more.push_back(parts);
  // Every long reduction reduces one loop of the same extent.
  if (best > 0 && innerMin == 1 && innerMax == 1 && outerMax == common)
    loop = common;
  return best;
}

/// KernelShape::columnSplitParts and columnSplitWidths for `root`, which
/// reduces along an outer axis, `contiguous` the loop of its input's
/// innermost dimension.
static void setColumnSplit(KernelShape &shape, linalg::LinalgOp root,
                           unsigned contiguous, const TargetInfo &target) {
  constexpr int64_t kMinRowsPerPart = 16, kMinOuterLoop = 1024;
  auto type = dyn_cast<RankedTensorType>(root->getResult(0).getType());
  if (!type || !type.hasStaticShape() || root->getNumResults() != 1)
    return;
  int64_t outputs = type.getNumElements();
  // One thread per output fills less than half of the resident threads.
  if (2 * outputs >= target.residentThreads() ||
      !isSplittableReduction(*root.getOperation(), outputs))
    return;
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  auto iterators = root.getIteratorTypesArray();
  auto outer = llvm::find(iterators, utils::IteratorType::reduction);
  int64_t rows = ranges[outer - iterators.begin()];
  if (ShapedType::isDynamic(rows) || rows < kMinOuterLoop ||
      ShapedType::isDynamic(ranges[contiguous]))
    return;
  int64_t wanted = llvm::divideCeil(target.residentThreads(), outputs);
  int64_t parts = dividingParts(rows, wanted, rows / kMinRowsPerPart);
  if (parts == 0)
    return;
  std::vector<int64_t> widths;
  for (int64_t width : {32, 64, 128, 256})
    if (ranges[contiguous] % width == 0)
      widths.push_back(width);
  if (widths.empty())
    return;
  shape.columnSplitParts = parts;
  shape.columnSplitWidths = std::move(widths);
}

FailureOr<KernelShape> mlir::foundry::analyzeKernel(KernelOp kernel,
                                                    const TargetInfo &target) {
  // An argmax or argmin (one generic of two results, which no partial
  // reduction takes), a one-hot sum (an NLL loss picking each row's target
  // by comparing every class index), or a concatenation (which no block
  // tile fuses) is analyzed as what foundry-decompose-arg-reductions,
  // foundry-gather-one-hot-reductions and foundry-gather-concats make of
  // it, which every proposal then starts with (KernelShape::rewriteFirst).
  {
    OwningOpRef<KernelOp> rewritten = kernel.clone();
    std::vector<std::string> rewrites;
    if (decomposeArgReductions(rewritten->getOperation()) > 0)
      rewrites.push_back("foundry-decompose-arg-reductions");
    if (gatherOneHotReductions(rewritten->getOperation()) > 0)
      rewrites.push_back("foundry-gather-one-hot-reductions");
    if (gatherConcats(rewritten->getOperation()) > 0)
      rewrites.push_back("foundry-gather-concats");
    if (!rewrites.empty()) {
      FailureOr<KernelShape> shape = analyzeKernel(*rewritten, target);
      if (succeeded(shape))
        shape->rewriteFirst = llvm::join(rewrites, ",");
      return shape;
    }
  }
  Block &body = kernel.getBody().front();
  Operation *terminator = body.getTerminator();
  if (terminator->getNumOperands() == 0)
    return kernel.emitOpError("foundry-evolve: the kernel returns nothing");
  Value value = skipTensorReshapes(terminator->getOperand(0));
  auto root = value.getDefiningOp<linalg::LinalgOp>();
  if (!root)
    return kernel.emitOpError(
        "foundry-evolve: the first result is not produced by a linalg op");
  KernelShape shape;
  shape.target = &target;
  for (auto [extent, iterator] :
       llvm::zip(root.getStaticLoopRanges(), root.getIteratorTypesArray())) {
    shape.extents.push_back(ShapedType::isDynamic(extent) ? 0 : extent);
    shape.parallel.push_back(iterator == utils::IteratorType::parallel);
  }
  shape.mergedRow = mergedReductionRow(root);
  // A loop is reduced when an operand computed from a reduction (through
  // any chain of linalg ops: RMSNorm's rsqrt(mean + eps)) does not vary
  // along it (its indexing map does not use the loop).
  shape.reduced.assign(shape.extents.size(), false);
  std::function<bool(Value, int)> fromReduction = [&](Value value, int depth) {
    auto producer = skipTensorReshapes(value).getDefiningOp<linalg::LinalgOp>();
    if (!producer || depth > 8)
      return false;
    if (producer.getNumReductionLoops() > 0)
      return true;
    return llvm::any_of(producer.getDpsInputOperands(), [&](OpOperand *in) {
      return fromReduction(in->get(), depth + 1);
    });
  };
  // The root and the elementwise ops it reads element for element (same
  // loops, identity maps: a ReLU(GELU(BatchNorm)) epilogue, whose
  // broadcast of the batch statistics is two ops below the root).
  std::function<void(linalg::LinalgOp, int)> markReduced =
      [&](linalg::LinalgOp op, int depth) {
        for (OpOperand *operand : op.getDpsInputOperands()) {
          if (!fromReduction(operand->get(), 0))
            continue;
          AffineMap map = op.getMatchingIndexingMap(operand);
          for (unsigned loop = 0; loop < map.getNumDims(); ++loop)
            if (shape.parallel[loop] && !map.isFunctionOfDim(loop))
              shape.reduced[loop] = true;
          auto producer = operand->get().getDefiningOp<linalg::LinalgOp>();
          if (depth < 8 && map.isIdentity() && producer &&
              producer.getNumLoops() == op.getNumLoops() &&
              producer.getNumReductionLoops() == 0 &&
              llvm::all_of(
                  producer.getIndexingMapsArray(),
                  [](AffineMap m) { return m.isProjectedPermutation(); }) &&
              producer
                  .getIndexingMapMatchingResult(cast<OpResult>(operand->get()))
                  .isIdentity())
            markReduced(producer, depth + 1);
        }
      };
  markReduced(root, 0);
  // The window: the root's own reductions, or those of the op whose result
  // it reads through an identity map with as many parallel loops.
  auto reducedElements = [](linalg::LinalgOp op) -> int64_t {
    int64_t product = 1;
    for (auto [extent, iterator] :
         llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray()))
      if (iterator == utils::IteratorType::reduction &&
          (ShapedType::isDynamic(extent) ||
           llvm::MulOverflow(product, extent, product)))
        return 0;
    return product;
  };
  if (root.getNumReductionLoops() > 0) {
    shape.window = reducedElements(root);
  } else {
    for (OpOperand *operand : root.getDpsInputOperands()) {
      auto producer = operand->get().getDefiningOp<linalg::LinalgOp>();
      if (!producer || producer.getNumReductionLoops() == 0 ||
          producer.getNumParallelLoops() != root.getNumLoops() ||
          !root.getMatchingIndexingMap(operand).isIdentity())
        continue;
      AffineMap result =
          producer.getIndexingMapMatchingResult(cast<OpResult>(operand->get()));
      SmallVector<unsigned> parallelLoops;
      producer.getParallelDims(parallelLoops);
      if (result.isProjectedPermutation() &&
          llvm::equal(result.getResults(), parallelLoops,
                      [](AffineExpr expr, unsigned loop) {
                        auto dim = dyn_cast<AffineDimExpr>(expr);
                        return dim && dim.getPosition() == loop;
                      })) {
        shape.window = reducedElements(producer);
        break;
      }
    }
  }
  shape.initFromReduction = llvm::any_of(
      root.getDpsInits(), [&](Value init) { return fromReduction(init, 0); });
  shape.contraction = linalg::isaContractionOpInterface(root);
  shape.multiResultRoot =
      root.getNumDpsInits() > 1 && root.getNumReductionLoops() > 0;
  if (root.getNumReductionLoops() > 0 && !shape.contraction &&
      root.getNumDpsInputs() > 0) {
    AffineMap input = root.getMatchingIndexingMap(root.getDpsInputOperand(0));
    auto innermost = input.getNumResults() > 0
                         ? dyn_cast<AffineDimExpr>(input.getResults().back())
                         : nullptr;
    shape.reducesOuterAxis =
        innermost && shape.parallel[innermost.getPosition()];
    if (shape.reducesOuterAxis && target.isGpu())
      setColumnSplit(shape, root, innermost.getPosition(), target);
  }
  kernel.walk([&](linalg::LinalgOp op) {
    shape.hasReduction |= op.getNumReductionLoops() > 0;
  });
  // A row maximum of x (acc = maximumf(x, acc)) read, together with x
  // itself, by an op that takes an exp: the first half of a softmax.
  kernel.walk([&](linalg::GenericOp max) {
    Block &maxBody = max.getRegion().front();
    if (max.getNumReductionLoops() == 0 || max.getNumDpsInputs() != 1 ||
        max.getNumDpsInits() != 1 || maxBody.getOperations().size() != 2 ||
        !isa<arith::MaximumFOp>(maxBody.front()))
      return;
    Value x = max.getDpsInputs()[0];
    for (Operation *user : max->getResult(0).getUsers()) {
      auto exp = dyn_cast<linalg::GenericOp>(user);
      if (exp && llvm::is_contained(exp.getDpsInputs(), x) &&
          llvm::any_of(exp.getRegion().front(), llvm::IsaPred<math::ExpOp>))
        shape.softmax = true;
    }
  });
  // Only variances over the innermost loop (rows): a BatchNorm1d's column
  // statistics after an nn.Linear GEMM (scaled or not) read the bias and
  // scale fused into the variance's body, indexed like its output, which
  // foundry-reduce-threads{welford=true} refuses.
  kernel.walk([&](linalg::GenericOp op) {
    shape.variance |=
        isSquaredDeviationSum(op) &&
        op.getIteratorTypesArray().back() == utils::IteratorType::reduction;
  });
  shape.tensorCores = kernel.getEffectivePrecision() != Precision::ieee;
  for (Operation &op : body) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || generic.getNumDpsInits() != 1 ||
        generic.getNumReductionLoops() == 0 ||
        linalg::isaContractionOpInterface(generic))
      continue;
    auto type = dyn_cast<RankedTensorType>(generic->getResult(0).getType());
    if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
        type.getNumElements() > 4096)
      continue;
    int64_t serial = 1;
    for (auto [extent, iterator] : llvm::zip(generic.getStaticLoopRanges(),
                                             generic.getIteratorTypesArray()))
      if (iterator == utils::IteratorType::reduction &&
          (ShapedType::isDynamic(extent) ||
           llvm::MulOverflow(serial, extent, serial)))
        serial = std::numeric_limits<int64_t>::max();
    // Seconds per launch for the naive schedule, or fewer outputs than the
    // target has multiprocessors, so that one block each leaves most of
    // them idle (LayerNorm over 4M-element rows into 16 outputs).
    if (serial > (int64_t{1} << 22) ||
        (serial >= (int64_t{1} << 16) &&
         type.getNumElements() < target.multiprocessors))
      shape.longReductionOutputs =
          std::max(shape.longReductionOutputs, type.getNumElements());
  }
  int64_t scalarReductions = 0;
  for (Operation &op : body) {
    if (!isSplittableReduction(op, /*maxOutputs=*/1))
      continue;
    auto linalgOp = cast<linalg::GenericOp>(op);
    if (++scalarReductions > 1) {
      shape.scalarReduction.clear();
      break;
    }
    for (int64_t extent : linalgOp.getStaticLoopRanges())
      shape.scalarReduction.push_back(ShapedType::isDynamic(extent) ? 0
                                                                    : extent);
  }
  bool anyContraction = false, otherReduction = false;
  int64_t contractionLoops = 0, contractions = 0;
  kernel.walk([&](linalg::LinalgOp op) {
    otherReduction |=
        op.getNumReductionLoops() > 0 && !linalg::isaContractionOpInterface(op);
    if (linalg::isaContractionOpInterface(op) &&
        op.getNumParallelLoops() >= 2) {
      if (!anyContraction) {
        contractionLoops = op.getNumParallelLoops();
        FailureOr<linalg::ContractionDimensions> dims =
            linalg::inferContractionDims(op);
        SmallVector<int64_t> ranges = op.getStaticLoopRanges();
        auto extent = [&](ArrayRef<unsigned> loops) {
          int64_t product = 1;
          for (unsigned loop : loops)
            if (ShapedType::isDynamic(ranges[loop]) ||
                llvm::MulOverflow(product, ranges[loop], product))
              return int64_t(0);
          return product;
        };
        shape.gemmKMajorA = kMajorRowOperand(op).has_value();
        // f16 and bf16 operands go on mma.sync m16n8k16 and wgmma
        // m64nNk16 into an f32 accumulator (foundry-mma refuses an f16
        // one); K-major operands on wgmma, as fp32 ones.
        shape.halfGemm =
            hasHalfFloatOperands(op) && op.getNumDpsInits() == 1 &&
            getElementTypeOrSelf(op.getDpsInits()[0].getType()).isF32();
        shape.gemmWgmma = hasWgmmaOperandLayout(op);
        shape.gemmKMajorB = kMajorColumnOperand(op).has_value();
        shape.gemmWgmmaAfterCopies = hasWgmmaOperandLayoutAfterCopies(op);
        if (succeeded(dims)) {
          shape.gemmM = extent(dims->m);
          shape.gemmN = extent(dims->n);
          shape.gemmK = extent(dims->k);
          if (op.getOperation() == root.getOperation())
            setGemmLoops(shape, op, *dims);
        }
      }
      anyContraction = true;
      contractions += op.getNumParallelLoops() == contractionLoops;
    }
  });
  // Long reductions into few outputs (BatchNorm's statistics), or a scalar
  // the rest of the kernel reads (a Frobenius norm): every schedule splits
  // them over blocks first, as kernels of their own, and the rest of the
  // kernel is then tiled as an elementwise op.
  if (shape.longReductionOutputs > 0 ||
      (!shape.scalarReduction.empty() && shape.numParallel() > 0)) {
    // A scalar whose outermost loop gives too few parts for two blocks per
    // multiprocessor (a Frobenius norm over 112 images) is split over the
    // two outermost loops.
    std::string parts;
    const std::vector<int64_t> &loops = shape.scalarReduction;
    if (shape.longReductionOutputs == 0 && loops.size() >= 3 && loops[0] > 0 &&
        loops[0] < 2 * target.multiprocessors && loops[1] > 1 &&
        loops[0] * loops[1] <= 65536)
      parts = " parts=" + std::to_string(loops[0] * loops[1]);
    if (shape.longReductionOutputs > 1)
      if (int64_t count = partsForLongReductions(
              body, shape.longReductionOutputs, target,
              shape.splitPartsChoices, shape.splitLoop))
        parts = " parts=" + std::to_string(count);
    shape.splitFirst =
        "foundry-split-reduction{outputs=" +
        std::to_string(std::max<int64_t>(1, shape.longReductionOutputs)) +
        parts + "}";
    // A variance and its mean's sum among them, split in one pass when a
    // proposal says welford=true.
    SmallVector<linalg::GenericOp> split;
    for (Operation &op : body)
      if (shape.longReductionOutputs > 1 &&
          isSplittableReduction(op, shape.longReductionOutputs))
        split.push_back(cast<linalg::GenericOp>(op));
    for (auto [d, dev] : llvm::enumerate(split))
      for (size_t s = 0; s < d; ++s)
        shape.splitVariance |=
            cast<ShapedType>(dev.getResult(0).getType()).getRank() > 0 &&
            matchVarianceOfSum(split[s], dev).has_value();
    shape.reduced.assign(shape.reduced.size(), false);
  }
  shape.invertDivisors = hasInvertibleDivisors(kernel);
  shape.approxMath = llvm::join(approximableMath(kernel), ",");
  for (Operation *pad : foldablePads(kernel))
    shape.foldPad |= llvm::none_of(pad->getUsers(), [](Operation *user) {
      return isIm2ColKind(user) ||
             linalg::isaContractionOpInterface(cast<linalg::LinalgOp>(user));
    });
  // A convolution foundry-im2col takes: the GEMM it becomes.
  if (!anyContraction) {
    // Exactly one, which the pass can rewrite (it fails on the others).
    SmallVector<Operation *> convs;
    kernel.walk([&](Operation *op) {
      if (isIm2ColKind(op))
        convs.push_back(op);
    });
    if (convs.size() == 1 && isIm2ColConvolution(convs.front())) {
      auto conv = cast<linalg::LinalgOp>(convs.front());
      ArrayRef<int64_t> f =
          cast<ShapedType>(conv.getDpsInputOperand(1)->get().getType())
              .getShape();
      ArrayRef<int64_t> o =
          cast<ShapedType>(conv.getDpsInitOperand(0)->get().getType())
              .getShape();
      shape.im2col = true;
      shape.im2colRoot = conv.getOperation() == root.getOperation();
      // bf16 or f16 images and filters into f32, as for a contraction: the
      // GEMM's k-steps are 16 deep and its staged rows padded by 16 bytes.
      shape.halfGemm =
          hasHalfFloatOperands(conv) &&
          getElementTypeOrSelf(conv.getDpsInits()[0].getType()).isF32();
      if (isa<linalg::Conv1DNcwFcwOp>(conv.getOperation())) {
        // Lifted to a 2-D convolution of one image row (foundry-im2col).
        shape.gemmM = f[0];
        shape.gemmN = o[2];
        shape.gemmK = f[1] * f[2];
      } else if (isa<linalg::Conv2DNchwFchwOp>(conv.getOperation())) {
        shape.gemmM = f[0];
        shape.gemmN = o[2] * o[3];
        shape.gemmK = f[1] * f[2] * f[3];
      } else if (isa<linalg::Conv3DNcdhwFcdhwOp>(conv.getOperation())) {
        shape.gemmM = f[0];
        shape.gemmN = o[2] * o[3] * o[4];
        shape.gemmK = f[1] * f[2] * f[3] * f[4];
      } else {
        shape.gemmM = o[1] * o[2];
        shape.gemmN = o[3];
        shape.gemmK = f[0] * f[1] * f[2] * f[3] / o[3];
      }
    }
  }
  // One convolution, not the root, with other ops reducing after it.
  if (!anyContraction) {
    SmallVector<linalg::LinalgOp> convs;
    bool otherReductions = false;
    kernel.walk([&](linalg::LinalgOp op) {
      if (isFilterConvolution(op))
        convs.push_back(op);
      else
        otherReductions |= op.getNumReductionLoops() > 0;
    });
    if (convs.size() == 1 && otherReductions &&
        convs.front().getOperation() != root.getOperation()) {
      for (auto [extent, iterator] :
           llvm::zip(convs.front().getStaticLoopRanges(),
                     convs.front().getIteratorTypesArray()))
        if (iterator == utils::IteratorType::parallel)
          shape.splitConvolution.push_back(extent);
      if (llvm::any_of(shape.splitConvolution, ShapedType::isDynamic))
        shape.splitConvolution.clear();
    }
  }
  // The reductions foundry-tile-blocks{target=reduction} takes, in order
  // (a pooling window, then a global average: a MaxPool3d, then an
  // AdaptiveAvgPool3d(1)).
  Operation *rootOp = root.getOperation();
  for (Operation &op : body) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || &op == rootOp || linalgOp.getNumReductionLoops() == 0 ||
        linalg::isaContractionOpInterface(linalgOp) ||
        isFilterConvolution(linalgOp))
      continue;
    ReductionPhase phase;
    for (auto [extent, iterator] : llvm::zip(linalgOp.getStaticLoopRanges(),
                                             linalgOp.getIteratorTypesArray()))
      (iterator == utils::IteratorType::parallel ? phase.parallel
                                                 : phase.reduction)
          .push_back(ShapedType::isDynamic(extent) ? 0 : extent);
    phase.mergedRow = mergedReductionRow(linalgOp);
    shape.reductionPhases.push_back(std::move(phase));
  }
  shape.gemmContractions = contractions;
  bool anyReduced = llvm::any_of(shape.reduced, [](bool r) { return r; });
  shape.gemm = anyContraction && shape.numParallel() >= 2 && !anyReduced;
  // A contraction followed by a reduction over its output (not the root
  // itself, a plain GEMM), also where the root only combines reduced
  // values (a logsumexp's log(sum) + max).
  if (anyContraction && !shape.gemm &&
      !linalg::isaContractionOpInterface(root) &&
      (anyReduced || root.getNumReductionLoops() > 0 || otherReduction)) {
    shape.splitContractionLoops = contractionLoops;
    shape.splitContractions = contractions;
  }
  return shape;
}

std::string mlir::foundry::describeStructure(const KernelShape &shape,
                                             llvm::StringRef family) {
  std::vector<std::string> facts;
  if (shape.gemm)
    facts.push_back(shape.contraction ? "GEMM"
                                      : "GEMM with an elementwise epilogue");
  if (shape.splitContractionLoops > 0)
    facts.push_back(
        std::to_string(std::max<int64_t>(shape.splitContractions, 1)) +
        " contraction(s) followed by a reduction of their output");
  if (shape.halfGemm)
    facts.push_back("f16/bf16 operands");
  if (shape.im2col)
    facts.push_back("convolution as an im2col GEMM");
  if (!shape.splitConvolution.empty())
    facts.push_back("convolution followed by reductions");
  if (!shape.scalarReduction.empty())
    facts.push_back("reduction to a scalar");
  if (shape.longReductionOutputs > 0)
    facts.push_back("long reductions into at most " +
                    std::to_string(shape.longReductionOutputs) + " outputs");
  if (shape.softmax)
    facts.push_back("row softmax");
  if (shape.variance)
    facts.push_back("variance");
  if (shape.multiResultRoot)
    facts.push_back("reduction with several results");
  if (llvm::StringRef(shape.rewriteFirst)
          .contains("foundry-decompose-arg-reductions"))
    facts.push_back("argmax/argmin (foundry-decompose-arg-reductions)");
  if (llvm::StringRef(shape.rewriteFirst)
          .contains("foundry-gather-one-hot-reductions"))
    facts.push_back(
        "one-hot sum read as a gather (foundry-gather-one-hot-reductions)");
  if (llvm::StringRef(shape.rewriteFirst).contains("foundry-gather-concats"))
    facts.push_back("concatenation read in place (foundry-gather-concats)");
  if (shape.reducesOuterAxis)
    facts.push_back(shape.columnSplitParts > 0
                        ? "reduction along an outer axis into too few "
                          "outputs for the threads"
                        : "reduction along an outer axis");
  if (shape.initFromReduction)
    facts.push_back("scan");
  if (facts.empty())
    facts.push_back(shape.hasReduction ? "reduction" : "elementwise");
  if (shape.contraction || shape.gemm || shape.im2col)
    facts.push_back(shape.tensorCores ? "tensor cores allowed"
                                      : "no tensor cores (ieee)");
  return family.str() + ": " + llvm::join(facts, ", ");
}
