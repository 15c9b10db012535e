//===- Search.cpp - Multi-island evolutionary search over schedules -------===//
//
// This file implements the kernel analysis, genome normalization, the
// built-in experts and the island search of foundry-evolve on the CPU
// target.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Search.h"

#include "foundry/Evolve/LlmExpert.h"

#include "foundry/Runtime/Compare.h"
#include "foundry/Target/Compile.h"
#include "foundry/Target/CpuRunner.h"
#include "foundry/Target/IsolatedCompile.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <future>
#include <limits>
#include <map>
#include <set>
#include <thread>

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

FailureOr<KernelShape> mlir::foundry::analyzeKernel(KernelOp kernel) {
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
  // loops, identity maps: L2 #41's ReLU(GELU(BatchNorm)), whose broadcast
  // of the batch statistics is two ops below the root).
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
  // Only variances over the innermost loop (rows): BatchNorm's column
  // statistics after a GEMM (L2 33, 39, 41) read the bias and scale fused
  // into the variance's body, indexed like its output, which
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
    // Seconds per launch for the naive schedule, or so few outputs that one
    // block each leaves most of the GPU's 132 SMs idle (LayerNorm over
    // 4M-element rows into 16 outputs).
    if (serial > (int64_t{1} << 22) ||
        (serial >= (int64_t{1} << 16) && type.getNumElements() < 128))
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
        // f16 and bf16 operands go on mma.sync m16n8k16 only (foundry-mma's
        // warpgroup tiles take f32).
        // (Into an f32 accumulator: foundry-mma refuses an f16 one.)
        shape.halfGemm =
            hasHalfFloatOperands(op) && op.getNumDpsInits() == 1 &&
            getElementTypeOrSelf(op.getDpsInits()[0].getType()).isF32();
        shape.gemmWgmma = !shape.halfGemm && hasWgmmaOperandLayout(op);
        shape.gemmKMajorB = kMajorColumnOperand(op).has_value();
        shape.gemmWgmmaAfterCopies =
            !shape.halfGemm && hasWgmmaOperandLayoutAfterCopies(op);
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
    // SM (a Frobenius norm over 112 images) is split over the two
    // outermost loops.
    std::string parts;
    const std::vector<int64_t> &loops = shape.scalarReduction;
    if (shape.longReductionOutputs == 0 && loops.size() >= 3 && loops[0] > 0 &&
        loops[0] < 264 && loops[1] > 1 && loops[0] * loops[1] <= 65536)
      parts = " parts=" + std::to_string(loops[0] * loops[1]);
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
  // (a pooling window, then a global average: L2 8).
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

std::string mlir::foundry::referenceScheduleFor(const KernelShape &shape,
                                                std::string &reason) {
  constexpr int64_t kMaxSerialIterations = int64_t{1} << 24;
  if (shape.scalarReduction.empty()) {
    if (shape.longReductionOutputs == 0)
      return "";
    reason = "the naive schedule reduces long rows (more than 2^22 "
             "elements, or 2^16 into fewer than 128 outputs) into at most " +
             std::to_string(shape.longReductionOutputs) +
             " outputs, one thread each (up to seconds per launch); it is "
             "not timed";
    return "foundry-split-reduction{outputs=" +
           std::to_string(shape.longReductionOutputs) + "}";
  }
  // The product of the extents; an unknown extent (0) or an overflow counts
  // as above the limit.
  int64_t iterations = 1;
  bool exact = true;
  for (int64_t extent : shape.scalarReduction)
    if (extent <= 0 || llvm::MulOverflow(iterations, extent, iterations)) {
      exact = false;
      iterations = kMaxSerialIterations + 1;
      break;
    }
  if (iterations <= kMaxSerialIterations && shape.longReductionOutputs == 0)
    return "";
  reason =
      "the naive schedule reduces " +
      (exact ? std::to_string(iterations) : std::string("more than 2^24")) +
      " elements on one thread (seconds per launch); it is not timed";
  if (shape.longReductionOutputs > 0)
    return "foundry-split-reduction{outputs=" +
           std::to_string(shape.longReductionOutputs) + "}";
  return "foundry-split-reduction";
}

std::string mlir::foundry::withSplitFirst(const KernelShape &shape,
                                          std::string schedule,
                                          std::mt19937 &rng) {
  if (shape.splitFirst.empty() || schedule.empty() ||
      schedule.find("foundry-split-reduction") != std::string::npos)
    return schedule;
  std::string prefix = shape.splitFirst;
  if (shape.splitVariance && rng() % 2) {
    prefix.insert(prefix.size() - 1, " welford=true");
    size_t reduce = schedule.find("foundry-reduce-threads{");
    if (reduce != std::string::npos) {
      constexpr llvm::StringLiteral kOff = "welford=false";
      size_t close = schedule.find('}', reduce);
      llvm::StringRef options = llvm::StringRef(schedule).slice(reduce, close);
      if (size_t off = options.find(kOff); off != llvm::StringRef::npos)
        schedule.replace(reduce + off, kOff.size(), "welford=true");
      else if (!options.contains("welford=true"))
        schedule.insert(close, " welford=true");
    }
  }
  return prefix + "," + schedule;
}

/// A random element of `choices`.
template <typename T>
static T pick(const std::vector<T> &choices, std::mt19937 &rng) {
  return choices[std::uniform_int_distribution<size_t>(0, choices.size() -
                                                              1)(rng)];
}

/// "a,b,c" of the parallel loops' block tile sizes: innermost from
/// `inner`, the others from `outer`, never larger than the loop.
static std::string blockSizes(const KernelShape &shape,
                              const std::vector<int64_t> &outer,
                              const std::vector<int64_t> &inner,
                              std::mt19937 &rng,
                              std::vector<int64_t> *chosen = nullptr) {
  std::vector<int64_t> extents = shape.parallelExtents();
  std::vector<bool> reduced;
  for (size_t i = 0; i < shape.extents.size(); ++i)
    if (shape.parallel[i])
      reduced.push_back(shape.reduced[i]);
  std::vector<int64_t> picked;
  for (size_t i = 0; i < extents.size(); ++i) {
    int64_t size = pick(i + 1 == extents.size() ? inner : outer, rng);
    if (extents[i] > 0)
      size = std::min(size, extents[i]);
    // Reduced loops stay whole in each block.
    picked.push_back(reduced[i] ? 0 : size);
  }
  // An innermost loop shorter than the `inner` size drawn (a scan's blocks
  // of 8) leaves the rest of it to the loops outside: the block tile then
  // spans whole inner loops up to that many elements, not 8 x 2 x 2.
  int64_t want = pick(inner, rng);
  for (size_t i = extents.size(); i-- > 0;) {
    if (reduced[i] || extents[i] <= 0 || want <= 1)
      break;
    int64_t size = std::min(want, extents[i]);
    if (i + 1 < extents.size() && size <= picked[i])
      break;
    picked[i] = size;
    if (size < extents[i])
      break;
    want /= size;
  }
  // At most three tiled loops (grid x, y, z). The extra ones stay whole:
  // first those whose tile already is the whole loop, then the shortest
  // (innermost first among equals). Leaving the outermost whole instead
  // gave a cumsum's last level (32768x256x16x8) blocks of all 32768 rows.
  int64_t tiled = llvm::count_if(picked, [](int64_t s) { return s != 0; });
  for (size_t i = picked.size(); i-- > 0 && tiled > 3;)
    if (picked[i] != 0 && picked[i] == extents[i]) {
      picked[i] = 0;
      --tiled;
    }
  auto length = [&](size_t i) {
    return extents[i] > 0 ? extents[i] : std::numeric_limits<int64_t>::max();
  };
  while (tiled > 3) {
    std::optional<size_t> shortest;
    for (size_t i = picked.size(); i-- > 0;)
      if (picked[i] != 0 && (!shortest || length(i) < length(*shortest)))
        shortest = i;
    picked[*shortest] = 0;
    --tiled;
  }
  std::vector<std::string> sizes;
  for (int64_t size : picked)
    sizes.push_back(std::to_string(size));
  if (chosen)
    chosen->insert(chosen->end(), picked.begin(), picked.end());
  return llvm::join(sizes, ",");
}

/// Per-thread tile sizes dividing `block` sizes: 1, 2 or 4 elements (up to
/// 8 along the innermost loop), at most `maxSize`, keeping at most 1024
/// threads.
static std::string threadSizes(const std::vector<int64_t> &block,
                               std::mt19937 &rng, int64_t maxSize) {
  std::vector<std::string> sizes;
  int64_t threads = 1;
  for (size_t i = 0; i < block.size(); ++i) {
    std::vector<int64_t> options;
    for (int64_t size : {1, 2, 4, 8})
      if (size <= maxSize && (size < 8 || i + 1 == block.size()))
        options.push_back(size);
    // A loop the block keeps whole is walked whole by each thread.
    if (block[i] == 0) {
      sizes.push_back("0");
      continue;
    }
    int64_t size = std::min(pick(options, rng), block[i]);
    while (threads * ((block[i] + size - 1) / size) > 1024)
      size *= 2;
    threads *= (block[i] + size - 1) / size;
    sizes.push_back(std::to_string(size));
  }
  return llvm::join(sizes, ",");
}

/// The positions of a GEMM's row and column loops among its `loops`
/// parallel loops: KernelShape::gemmRowLoop and gemmColLoop when `shape`
/// gives them, else the two innermost.
static std::pair<int64_t, int64_t> gemmRowAndColumn(const KernelShape *shape,
                                                    int64_t loops) {
  if (shape && shape->gemmRowLoop >= 0 && shape->gemmColLoop >= 0 &&
      shape->gemmRowLoop < loops && shape->gemmColLoop < loops)
    return {shape->gemmRowLoop, shape->gemmColLoop};
  return {loops - 2, loops - 1};
}

/// Per parallel loop of a GEMM over `loops` parallel loops: `row` at its
/// row loop, `col` at its column loop (gemmRowAndColumn), `other`
/// everywhere else (batch loops, and the outer loops of a GEMM whose rows
/// or columns span several).
static std::vector<std::string>
gemmLoopSizes(const KernelShape *shape, int64_t loops, const std::string &other,
              const std::string &row, const std::string &col) {
  auto [rowLoop, colLoop] = gemmRowAndColumn(shape, loops);
  std::vector<std::string> sizes(loops, other);
  sizes[rowLoop] = row;
  sizes[colLoop] = col;
  return sizes;
}

/// Block tiles of a GEMM (gemmLoopSizes at block level) over more than
/// three parallel loops tile more loops than the grid has dimensions (a
/// pointwise convolution: image, rows, image row, columns): its row loop,
/// when at most 128 long, then stays whole in each block (size 0) instead.
static std::vector<std::string> fitGrid(const KernelShape &shape,
                                        std::vector<std::string> blocks) {
  int64_t tiled = llvm::count_if(
      blocks, [](const std::string &size) { return size != "0"; });
  int64_t row = gemmRowAndColumn(&shape, blocks.size()).first;
  std::vector<int64_t> extents = shape.parallelExtents();
  if (tiled > 3 && row >= 0 && extents.size() == blocks.size() &&
      extents[row] > 0 && extents[row] <= 128)
    blocks[row] = "0";
  return blocks;
}

/// After a GEMM tiled as a kernel of its own (`target=contraction`: padded,
/// or on the tensor cores with MmaTiles::fuseEpilogue off), the elementwise
/// epilogue: 4x256 block tiles, 4 consecutive elements per thread; "" when
/// the GEMM is the root.
static std::string ownKernelEpilogue(const KernelShape &shape) {
  if (shape.contraction)
    return "";
  std::vector<std::string> rows = gemmLoopSizes(nullptr, shape.numParallel(),
                                                "1", "4", "256"),
                           lanes = gemmLoopSizes(nullptr, shape.numParallel(),
                                                 "0", "1", "4");
  return ",foundry-tile-blocks{sizes=" + llvm::join(rows, ",") +
         "},foundry-tile-threads{sizes=" + llvm::join(lanes, ",") +
         "},foundry-vectorize";
}

/// The tile sizes of a GEMM on the tensor cores.
struct MmaTiles {
  int64_t blockM, blockN, warpM;
  /// Depth of the k-steps staged in shared memory (rows padded by 4 f32,
  /// which keeps ldmatrix's 8 row reads on different banks); 0: operands
  /// read from global memory.
  int64_t stagedK = 0;
  /// Tile buffers per operand (foundry-promote's stages; two put the next
  /// k-step's copies in flight while this one computes).
  int64_t stages = 1;
  /// Operands computed per tile (foundry-tile-blocks{fuse=elementwise}):
  /// a convolution's im2col gather into the staged tile, an implicit GEMM.
  bool fuseOperands = false;
  /// Warpgroup tiles of warpM x warpN on wgmma (foundry-tile-warpgroups)
  /// instead of warp tiles on mma.sync: K-major operands (shape.gemmWgmma)
  /// staged without padding, the k-step taken whole.
  bool warpgroups = false;
  int64_t warpN = 0;
  /// A 2-D GEMM's elementwise epilogue (KernelShape::gemm) tiled with it
  /// (`foundry-tile-blocks` of the root): the GPU tail stores the
  /// accumulators into the output tile and runs the epilogue there, one
  /// kernel (fuseWarpEpilogue). Off: the GEMM is a kernel of its own and
  /// the epilogue another (ownKernelEpilogue). On an H100 (2026-12-06,
  /// bench/results/2026-12-06-h100-mma-epilogue.md, version 5), fused on
  /// warpgroup tiles L2 12 took 1.321 and 1.308 ms against 1.346 and 1.352
  /// split, L2 9 1.330 and 1.319 against 1.338 and 1.336; on warp tiles L2
  /// 12 2.198 ms against 2.174.
  bool fuseEpilogue = false;
};

/// The tensor-core GEMM of a schedule over `loops` parallel loops (leading
/// batch loops tile 1): block tiles, optionally staged operands, warp tiles
/// of warpM x warpN (32 when 0), k-steps of 8 on mma.sync (m16n8k8 tf32;
/// 16 for f16 and bf16 operands, `half`, on m16n8k16, their staged rows
/// padded by 8 elements, 16 bytes, instead of 4). With `ownKernel` the
/// contraction is tiled alone (`target=contraction`), its result going through
/// memory. With `shape`, its row and column loops are tiled (gemmLoopSizes).
static std::string mmaGemm(int64_t loops, bool ownKernel, const MmaTiles &t,
                           bool half, const KernelShape *shape = nullptr) {
  std::vector<std::string> blocks = gemmLoopSizes(
      shape, loops, "1", std::to_string(t.blockM), std::to_string(t.blockN));
  if (shape)
    blocks = fitGrid(*shape, std::move(blocks));
  std::vector<std::string> warps =
      gemmLoopSizes(shape, loops, "0", std::to_string(t.warpM),
                    std::to_string(t.warpN ? t.warpN : 32));
  std::string schedule =
      "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
      (ownKernel ? " target=contraction" : "") +
      (ownKernel && t.fuseOperands ? " fuse=elementwise}" : "}");
  if (t.warpgroups) {
    std::vector<std::string> groups = gemmLoopSizes(
        shape, loops, "0", std::to_string(t.warpM), std::to_string(t.warpN));
    return schedule +
           ",foundry-tile-reduction{sizes=" + std::to_string(t.stagedK) +
           "},foundry-promote{operands=0,1 stages=" + std::to_string(t.stages) +
           "},foundry-tile-warpgroups{sizes=" + llvm::join(groups, ",") +
           "},foundry-mma";
  }
  if (t.stagedK)
    schedule += ",foundry-tile-reduction{sizes=" + std::to_string(t.stagedK) +
                "},foundry-promote{operands=0,1 padding=" + (half ? "8" : "4") +
                " stages=" + std::to_string(t.stages) + "}";
  return schedule + ",foundry-tile-warps{sizes=" + llvm::join(warps, ",") +
         "},foundry-tile-reduction{sizes=" + (half ? "16" : "8") +
         "},foundry-mma";
}

/// The best tensor-core GEMM tiles measured: 128x128 block tiles over
/// 32-deep k-steps staged in rows padded by 4 and double-buffered (72 KB of
/// dynamic shared memory), 64x32 warp tiles: 2.35 ms for the 4096^3 matmul
/// in 3xtf32 on the H200 (2.57 ms with one stage), 2.29 ms for L2 12's GEMM
/// (2026-11-30, bench/results/2026-11-30-h200-mma-staging.md).
static constexpr MmaTiles kBestMmaTiles{128, 128, 64, /*stagedK=*/32,
                                        /*stages=*/2};

/// The wgmma GEMM tiles measured best: 128x128 block tiles over 32-deep
/// k-steps in 128-byte swizzled shared tiles, four stages (the GPU tail's
/// own pipeline), two 64x128 warpgroup tiles: 1.34 ms for L1 17 and 1.36 to
/// 1.56 ms for the GEMMs of L2 9, 12, 22, 29, 30 and 33 in 3xtf32 on the
/// H200, against 2.29 to 2.52 ms for those with kBestMmaTiles (2026-12-02,
/// bench/results/2026-12-02-h200-wgmma.md).
static constexpr MmaTiles kBestWgmmaTiles{
    128,          128,   64,   /*stagedK=*/32,
    /*stages=*/4, false, true, 128};

/// "foundry-pad{m=BM n=BN k=BK}," when the kernel's first contraction
/// (KernelShape::gemmM/N/K) is not a multiple of the block tile BM x BN and
/// the k-step BK, else "": tiles that do not divide leave dynamic shapes,
/// which shared-memory staging and the tensor cores refuse.
static std::string padFor(const KernelShape &shape, int64_t bm, int64_t bn,
                          int64_t bk) {
  // f16 and bf16 k-steps are 16 deep (m16n8k16).
  if (shape.halfGemm)
    bk = std::max<int64_t>(bk, 16);
  if (shape.gemmM <= 0 || shape.gemmN <= 0 || shape.gemmK <= 0 ||
      (shape.gemmM % bm == 0 && shape.gemmN % bn == 0 && shape.gemmK % bk == 0))
    return "";
  // foundry-pad's m is the first operand's loop: the columns when swapped.
  if (shape.gemmSwapped)
    std::swap(bm, bn);
  return "foundry-pad{m=" + std::to_string(bm) + " n=" + std::to_string(bn) +
         " k=" + std::to_string(bk) + "},";
}

/// The tiling of one copy made by foundry-transpose-a or -b, a kernel of
/// its own: 32x32 block tiles of 64 threads, each reading 4 rows of 4
/// elements and writing 4 rows of 4 (16-byte accesses on both sides where
/// 32 divides the copy; scalar ones in the tail tiles of L1 8's, checked in
/// PTX) instead of the naive mapping's one element per row read. On the H200,
/// with the naive copy of its 4096x4096 B, L1 1 took 1.54 ms against 1.36
/// ms for L1 17, the same GEMM on a B stored NxK (2026-12-02,
/// bench/results/2026-11-30-h200-kernelbench-runs.md, runs 52 to 54).
static constexpr llvm::StringLiteral kTransposeTiling =
    ",foundry-tile-blocks{sizes=32,32 target=transpose},"
    "foundry-tile-threads{sizes=4,4},foundry-vectorize";

/// The tensor-core GEMM of a GEMM kernel (shape.gemm) and its epilogue:
/// its A copied M-major first where it is K-major (shape.gemmKMajorA), on
/// warpgroup tiles its B copied NxK where it is KxN (shape.gemmKMajorB),
/// padded where the tiles do not divide it, and then tiled as a kernel of
/// its own (the padded result is read back through a slice); the copies
/// are tiled last (kTransposeTiling).
static std::string mmaGemmKernel(const KernelShape &shape, const MmaTiles &t) {
  bool copyB = t.warpgroups && shape.gemmKMajorB;
  std::string before =
      (shape.gemmKMajorA ? "foundry-transpose-a," : "") +
      std::string(copyB ? "foundry-transpose-b," : "") +
      padFor(shape, t.blockM, t.blockN, t.stagedK ? t.stagedK : 8);
  bool fused = t.fuseEpilogue && shape.gemm && !shape.contraction &&
               shape.numParallel() == 2 && before.empty();
  bool ownKernel = (!shape.contraction && !fused) || !before.empty();
  std::string schedule =
      before +
      mmaGemm(shape.numParallel(), ownKernel, t, shape.halfGemm, &shape) +
      (fused ? "" : ownKernelEpilogue(shape));
  for (int copy = 0, copies = int(shape.gemmKMajorA) + int(copyB);
       copy < copies; ++copy)
    schedule += kTransposeTiling;
  return schedule;
}

/// The block tiling of a SIMT GEMM kernel's contraction, `blocks` per
/// parallel loop, after `pad` (padFor's, or ""): a padded contraction is
/// read back through a slice, so it is tiled as a kernel of its own, and
/// its epilogue (ownKernelEpilogue) then follows the GEMM's passes.
static std::string simtGemmBlocks(const std::string &pad,
                                  llvm::ArrayRef<std::string> blocks) {
  return pad + "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
         (pad.empty() ? "}" : " target=contraction}");
}

/// A GEMM schedule for the row and column loops (gemmLoopSizes; the other
/// parallel loops get tile 1): a BM x BN block tile, a TM x TN register tile
/// per thread (32 to 1024 threads), a k-loop; with `promote`, a KB-deep k-loop
/// around A and B tiles promoted to shared memory first; with `mma`
/// (allowed precisions only), warp tiles on tensor cores instead (with
/// `promote`, reading padded shared-memory tiles).
static std::string gemmSchedule(const KernelShape &shape, std::mt19937 &rng,
                                bool promote, bool mma, int64_t maxThreadTile) {
  int64_t bm = 0, bn = 0, tm = 0, tn = 0;
  for (int attempt = 0; attempt < 64; ++attempt) {
    bm = pick<int64_t>({32, 64, 128}, rng);
    bn = pick<int64_t>({32, 64, 128}, rng);
    std::vector<int64_t> tiles;
    for (int64_t t : {2, 4, 8})
      if (t <= maxThreadTile)
        tiles.push_back(t);
    tm = pick(tiles, rng);
    tn = pick(tiles, rng);
    int64_t threads = (bm / tm) * (bn / tn);
    if (threads >= 32 && threads <= 1024)
      break;
  }
  std::vector<std::string> blocks =
      fitGrid(shape, gemmLoopSizes(&shape, shape.numParallel(), "1",
                                   std::to_string(bm), std::to_string(bn)));
  if (mma) {
    // The epilogue fused into the tiles one time in two.
    MmaTiles tiles{bm, bn, 0};
    tiles.fuseEpilogue = rng() % 2;
    if (promote) {
      tiles.stagedK = pick<int64_t>({16, 32}, rng);
      tiles.stages = 1 + rng() % 2;
    }
    tiles.warpM = std::min<int64_t>(bm, 32 * (1 + rng() % 2));
    return mmaGemmKernel(shape, tiles);
  }
  // Staged tiles must divide the GEMM: where they do not, it is padded
  // and tiled as a kernel of its own, its epilogue after it.
  int64_t kb = pick<int64_t>({16, 32}, rng);
  std::string pad = promote ? padFor(shape, bm, bn, kb) : "";
  std::string schedule = simtGemmBlocks(pad, blocks);
  if (promote)
    schedule += ",foundry-tile-reduction{sizes=" + std::to_string(kb) +
                "},foundry-promote{operands=0,1 stages=" +
                std::to_string(1 + rng() % 2) + "}";
  std::vector<std::string> threads = gemmLoopSizes(
      &shape, shape.numParallel(), "0", std::to_string(tm), std::to_string(tn));
  schedule += ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
              "},foundry-tile-reduction{sizes=" +
              std::to_string(pick<int64_t>({4, 8}, rng)) +
              "},foundry-vectorize";
  if (rng() % 2)
    schedule += ",foundry-unroll{factor=2}";
  if (!pad.empty())
    schedule += ownKernelEpilogue(shape);
  return schedule;
}

/// A block tile along N for a convolution's GEMM that divides its N
/// (OH*OW, per image) when no power of two from 64 does, and the warp tile
/// along N that divides it (a multiple of mma.sync's n8, at most 4 warps
/// across): {0, 0} when there is none. Without it, foundry-pad pads N and
/// a kernel of its own copies the padded result out. On the H200
/// (2026-12-02, bench/results/2026-12-02-h200-conv-launches.md), L2 7's
/// GEMM (N = 30x62x62 = 115320) took 4.31 ms on 32x120 block tiles of
/// three 32x40 warp tiles against 5.12 ms on 32x64 tiles over N padded to
/// 115328, and its epilogue the same 1.0 ms either way.
static std::pair<int64_t, int64_t> dividingTileN(int64_t n) {
  if (n <= 0 || n % 64 == 0)
    return {0, 0};
  // Powers of two from 64 cannot divide n here; the rest, near 128 first.
  for (int64_t block :
       {120, 112, 96, 144, 160, 192, 200, 240, 80, 72, 56, 48, 40}) {
    if (n % block)
      continue;
    for (int64_t warp : {64, 56, 48, 40, 32, 24, 16, 8})
      if (block % warp == 0 && block / warp <= 4)
        return {block, warp};
  }
  return {0, 0};
}

/// A schedule for a kernel with a convolution that foundry-im2col rewrites
/// as a GEMM (shape.im2col): that GEMM as a kernel of its own, one image
/// per block row of the grid; on the tensor cores where the precision
/// allows (padded to the tiles first: OH*OW is rarely a multiple of 8), else
/// register-tiled in SIMT. Mostly, the GEMM gathers its own tiles
/// (fuse=elementwise: into the staged tiles on the tensor cores three times
/// in four, per thread in SIMT one time in two) instead of reading an
/// im2col tensor written by a kernel before it. Then, with `epilogue`, the rest
/// of the kernel where the convolution is not the root and the root has 4 loops
/// (N, C, H, W): 4 output rows per block, one element per thread; 5 loops (N,
/// C, D, H, W): one depth slice per block, 2x2 elements per thread. Block tiles
/// along M stay near the GEMM's M (16 output channels are not padded to 128).
static std::string im2colSchedule(const KernelShape &shape, std::mt19937 &rng,
                                  bool epilogue = true) {
  int64_t fitM = 16;
  while (fitM < shape.gemmM && fitM < 128)
    fitM *= 2;
  std::string schedule = "foundry-im2col,";
  if (shape.tensorCores) {
    MmaTiles tiles = kBestMmaTiles;
    if (rng() % 2) {
      tiles.blockN = pick<int64_t>({64, 128}, rng);
      tiles.stagedK = rng() % 2 ? 32 : 0;
    }
    tiles.blockM = std::min(tiles.blockM, fitM);
    tiles.warpM = std::min(tiles.warpM, tiles.blockM);
    // One time in two, block tiles that divide N where N needs padding
    // for the powers of two (dividingTileN).
    if (auto [blockN, warpN] = dividingTileN(shape.gemmN);
        blockN && rng() % 2) {
      tiles.blockN = blockN;
      tiles.warpN = warpN;
    }
    // The gather is computed into the staged tile (4-byte cp.async copies
    // per element), with one or two stages. Three times in four: 0.7x to
    // 0.9x the time of the best GEMMs over an im2col tensor for L1 50, 54,
    // 67 and L2 1 with one stage (H200, 2026-12-01,
    // bench/results/2026-12-01-h200-implicit-gemm.md).
    if (rng() % 4) {
      tiles.fuseOperands = true;
      tiles.stagedK = pick<int64_t>({16, 32, 32}, rng);
      tiles.stages = pick<int64_t>({1, 2}, rng);
    }
    schedule += padFor(shape, tiles.blockM, tiles.blockN,
                       tiles.stagedK ? tiles.stagedK : 8) +
                mmaGemm(3, /*ownKernel=*/true, tiles, shape.halfGemm);
  } else {
    int64_t bm = std::min<int64_t>(64, fitM), bn = 64;
    schedule += "foundry-tile-blocks{sizes=1," + std::to_string(bm) + "," +
                std::to_string(bn) + " target=contraction" +
                (rng() % 2 ? " fuse=elementwise" : "") +
                "},foundry-tile-threads{sizes=0," +
                std::to_string(std::min<int64_t>(4, bm)) +
                ",4},foundry-tile-reduction{sizes=" +
                std::to_string(pick<int64_t>({4, 8}, rng)) +
                "},foundry-vectorize";
  }
  if (epilogue && !shape.im2colRoot && shape.numParallel() == 4 &&
      shape.extents.size() == 4 && shape.extents[3] > 0 &&
      shape.extents[3] * 4 <= 1024)
    schedule += ",foundry-tile-blocks{sizes=1,1,4,0},foundry-tile-threads{"
                "sizes=0,0,1,1}";
  // After a 3-D convolution (N, C, D, H, W): one depth slice per block,
  // 2x2 outputs per thread, vectorized. On the H200 (2026-12-02,
  // bench/results/2026-12-02-h200-conv-launches.md) L2 7's epilogue (bias
  // and four activations over 64x32x30x62x62) took 0.644 ms against
  // 1.017 ms under the naive mapping and 0.81 ms with one output per thread.
  if (epilogue && !shape.im2colRoot && shape.numParallel() == 5 &&
      shape.extents.size() == 5 && shape.extents[3] > 0 &&
      shape.extents[4] > 0 &&
      ((shape.extents[3] + 1) / 2) * ((shape.extents[4] + 1) / 2) <= 1024)
    schedule += ",foundry-tile-blocks{sizes=1,1,1,0,0},foundry-tile-threads{"
                "sizes=0,0,1,2,2},foundry-vectorize";
  return schedule;
}

/// Split-K (foundry-split-k) for a plain GEMM whose output tiles leave
/// most of the GPU's 132 SMs idle while its reduction is long (L1 6:
/// 256x256 outputs, K = 524288, four 128x128 tiles): the smallest power of
/// two of parts that gives two blocks per SM, each part at least 1024 deep,
/// then the partial GEMMs (part loop tile 1) on the tensor cores where the
/// precision allows, else in SIMT, then the sum of the parts, 4x256
/// outputs per block. "" when the GEMM does not need it or the tiles do
/// not divide it.
static std::string splitKSchedule(const KernelShape &shape, std::mt19937 &rng) {
  if (!shape.gemm || !shape.contraction || shape.numParallel() != 2 ||
      shape.gemmM <= 0 || shape.gemmN <= 0 || shape.gemmK <= 0)
    return "";
  MmaTiles tiles = kBestMmaTiles;
  if (!shape.tensorCores || rng() % 2)
    tiles.blockM = tiles.blockN = 64;
  if (shape.gemmM % tiles.blockM || shape.gemmN % tiles.blockN)
    return "";
  int64_t blocks = (shape.gemmM / tiles.blockM) * (shape.gemmN / tiles.blockN);
  if (blocks >= 132)
    return "";
  int64_t parts = 2;
  while (blocks * parts < 264 && shape.gemmK / (parts * 2) >= 1024)
    parts *= 2;
  int64_t step = shape.tensorCores ? tiles.stagedK : 32;
  if (shape.gemmK % (parts * step) != 0 || shape.gemmK / parts < 1024)
    return "";
  std::string schedule =
      "foundry-split-k{parts=" + std::to_string(parts) + "},";
  if (shape.tensorCores) {
    tiles.warpM = std::min(tiles.warpM, tiles.blockM);
    schedule += mmaGemm(3, /*ownKernel=*/true, tiles, shape.halfGemm);
  } else {
    schedule += "foundry-tile-blocks{sizes=1,64,64 target=contraction},"
                "foundry-tile-reduction{sizes=32},foundry-promote{operands="
                "0,1},foundry-tile-threads{sizes=0,4,4},foundry-tile-"
                "reduction{sizes=8},foundry-vectorize";
  }
  return schedule + ",foundry-tile-blocks{sizes=4,256},foundry-tile-threads{"
                    "sizes=1,4},foundry-vectorize";
}

/// The first phase of a split kernel: the contraction tiled as a GEMM of
/// its own (`loops` parallel loops, leading batch loops tile 1), distributed
/// over threads with a register tile and a k-loop, optionally staged in
/// shared memory, or (`mma`, 2-D only) on the tensor cores, with the
/// measured best tiles where `best` (kBestWgmmaTiles when the operands are
/// K-major, shape.gemmWgmma, else kBestMmaTiles), else those one time in
/// three; "" when `loops` is 0.
static std::string splitGemmPrefix(const KernelShape &shape, bool mma,
                                   std::mt19937 &rng, bool best) {
  int64_t loops = shape.splitContractionLoops;
  if (loops < 2)
    return "";
  int64_t bm = pick<int64_t>({32, 64, 128}, rng),
          bn = pick<int64_t>({32, 64, 128}, rng);
  if (mma && loops == 2) {
    // The measured best (kBestWgmmaTiles for K-major operands, else
    // kBestMmaTiles), else a random draw.
    if (best || rng() % 3 == 0) {
      const MmaTiles &tiles = shape.gemmWgmma ? kBestWgmmaTiles : kBestMmaTiles;
      return padFor(shape, tiles.blockM, tiles.blockN, tiles.stagedK) +
             mmaGemm(loops, /*ownKernel=*/true, tiles, shape.halfGemm) + ",";
    }
    MmaTiles tiles{std::max<int64_t>(bm, 64), std::max<int64_t>(bn, 64), 0};
    tiles.stagedK = rng() % 2 ? 32 : 0;
    tiles.warpM = 32 * (1 + rng() % 2);
    return padFor(shape, tiles.blockM, tiles.blockN,
                  tiles.stagedK ? tiles.stagedK : 8) +
           mmaGemm(loops, /*ownKernel=*/true, tiles, shape.halfGemm) + ",";
  }
  int64_t tm = 4, tn = 4;
  std::vector<std::string> blocks(loops - 2, "1"), threads(loops - 2, "0");
  blocks.push_back(std::to_string(bm));
  blocks.push_back(std::to_string(bn));
  threads.push_back(std::to_string(tm));
  threads.push_back(std::to_string(tn));
  std::string prefix = "foundry-tile-blocks{target=contraction sizes=" +
                       llvm::join(blocks, ",") + "}";
  if (rng() % 2)
    prefix += ",foundry-tile-reduction{sizes=" +
              std::to_string(pick<int64_t>({16, 32}, rng)) +
              "},foundry-promote{operands=0,1}";
  return prefix + ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
         "},foundry-tile-reduction{sizes=" +
         std::to_string(pick<int64_t>({4, 8}, rng)) + "},foundry-vectorize,";
}

/// The first phase of a kernel whose convolution other ops reduce after
/// (KernelShape::splitConvolution): the convolution as a kernel of its own,
/// one output per thread along its innermost loops (whole in a block up to
/// 1024 threads; the innermost coalesced), its outer loops block tiles of 1
/// (at most three tiled loops; the largest first, the filters one time in
/// two left to each thread instead, which reuses each input for all of
/// them), ending with ","; "" for other kernels.
static std::string splitConvolutionPrefix(const KernelShape &shape,
                                          std::mt19937 &rng) {
  const std::vector<int64_t> &loops = shape.splitConvolution;
  size_t count = loops.size();
  if (count < 2)
    return "";
  std::vector<std::string> blocks(count, "0"), threads(count, "0");
  int64_t tiled = 0;
  // The innermost loop (output columns), whole up to 128 outputs.
  int64_t w = loops[count - 1], bw = w;
  int64_t tw = rng() % 2 && w >= 64 ? 2 : 1;
  if (w > 128) {
    bw = 128;
    ++tiled;
  }
  // A whole loop is left untiled (0): only three loops can be tiled.
  blocks[count - 1] = bw == w ? "0" : std::to_string(bw);
  threads[count - 1] = std::to_string(tw);
  int64_t lanes = (bw + tw - 1) / tw;
  // The next loop (output rows), whole if the block keeps at most 1024
  // threads.
  size_t inner = count - 1;
  if (count >= 3) {
    inner = count - 2;
    int64_t h = loops[inner], bh = h;
    if (h * lanes > 1024) {
      bh = 1;
      while (bh * 2 * lanes <= 1024)
        bh *= 2;
      ++tiled;
    }
    blocks[inner] = bh == h ? "0" : std::to_string(bh);
    threads[inner] = "1";
  }
  // The outer loops: tiles of 1, largest first, while tiled loops remain.
  std::vector<size_t> outer;
  for (size_t i = 0; i < inner; ++i)
    outer.push_back(i);
  llvm::stable_sort(outer,
                    [&](size_t a, size_t b) { return loops[a] > loops[b]; });
  bool filtersPerThread = rng() % 2;
  for (size_t i : outer) {
    if (tiled >= 3 || (filtersPerThread && i == 1 && count > 2))
      continue;
    blocks[i] = "1";
    ++tiled;
  }
  return "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
         " target=contraction},foundry-tile-threads{sizes=" +
         llvm::join(threads, ",") + "},foundry-vectorize,";
}

/// The GEMM phases of a kernel whose contractions are followed by a
/// reduction over their outputs (KernelShape::splitContractionLoops): each
/// of its `splitContractions` contractions tiled as a kernel of its own, in
/// order (splitGemmPrefix; all on the tensor cores or none, `mma`), ending
/// with ","; "" for other kernels. The seed of an island (`initial`) puts
/// them all on the tensor cores where the precision allows, with
/// kBestMmaTiles: L2 45's two chained GEMMs ended at 64x64 and 128x64
/// tiles without staging after a 60 s search (9.37 ms, 0.93x eager, on
/// the H200, 2026-11-30), where both GEMMs at kBestMmaTiles' rate would
/// take about 7 ms. What lies between chained contractions (bias,
/// activation) is left to the naive mapping.
static std::string splitGemmPhases(const KernelShape &shape, bool initial,
                                   std::mt19937 &rng) {
  bool mma = shape.tensorCores && (initial || rng() % 2);
  std::string prefix = splitGemmPrefix(shape, mma, rng, initial);
  for (int64_t c = 1; c < shape.splitContractions && !prefix.empty(); ++c)
    prefix += splitGemmPrefix(shape, mma, rng, initial);
  return prefix;
}

/// The row foundry-reduce-threads splits over `threads` threads taking
/// `width`-element pieces, for a block tile whose innermost reduction loop
/// has `innermost` elements and whose reduction loops the pass would merge
/// (ReductionPhase::mergedRow) `merged`: the innermost loop, or, where it
/// holds fewer than threads x width elements or is no multiple of them
/// (the pass then merges: a group norm's (channel, h, w)), the merged
/// loops. 0 if unknown.
static int64_t threadRow(int64_t innermost, int64_t merged, int64_t threads,
                         int64_t width) {
  if (innermost <= 0)
    return 0;
  if (innermost >= threads * width && innermost % (threads * width) == 0)
    return innermost;
  return merged > 0 ? merged : innermost;
}

/// A row (threadRow) that `threads` x `width` does not divide (65535 =
/// 255 x 257; a group of 3 channels of 22x30x30: 59400) is split over a
/// thread count that does instead, drawn from those from 64 to 512 (1024
/// for single elements) that take the widest pieces of 4, 2 or 1 elements
/// (L2 23's groups: 330 threads of 4-element pieces took 0.28 ms, 270 of
/// them 0.32 ms, 990 threads of one element 0.40 ms, on the H200 on
/// 2026-12-02). Leaves them as they are where none does.
static void fitThreadsToRow(int64_t row, int64_t &threads, int64_t &width,
                            std::mt19937 &rng) {
  if (row <= 0 || row % (threads * width) == 0)
    return;
  for (int64_t pieces : {4, 2, 1}) {
    std::vector<int64_t> counts;
    for (int64_t count = 64; count <= (pieces == 1 ? 1024 : 512); ++count)
      if (row % (count * pieces) == 0)
        counts.push_back(count);
    if (counts.empty())
      continue;
    threads = pick(counts, rng);
    width = pieces;
    return;
  }
}

/// The width of the pieces a row's threads take in turn: 4 elements half
/// the time, 1 or 2 otherwise. On the H200 (2026-12-02, bench/results/
/// 2026-12-02-h200-norm-collapse.md) 4-element pieces beat 2 and 1 on
/// every GroupNorm row measured (L2 21: 1.90 ms against 2.14 with 2; L2 23:
/// 0.28 against 0.40 with 1).
static int64_t pickPieceWidth(std::mt19937 &rng) {
  return pick<int64_t>({1, 2, 4, 4}, rng);
}

/// The options of foundry-reduce-threads for `threads` threads,
/// interleaved in `width`-element pieces when `width` > 0; one time in two
/// (on a GPU, when the threads that get work are whole warps: all of them,
/// or as many as the reduction's `extent`, 0 if unknown) each warp
/// combines its partial results by shuffles first. Three times in four, a
/// softmax's maximum and sum of exp are one pass (online=true): L1 23's
/// softmax over rows of 393216 took 4.74 ms instead of 6.22 (H200,
/// 2026-12-01, same threads: one read of the row less). One time in two, a
/// variance's sum of squared deviations joins the mean's pass
/// (welford=true) where the block tiles hold whole rows (`rowTiles`).
static std::string reduceThreads(const KernelShape &shape, int64_t threads,
                                 int64_t width, int64_t extent,
                                 std::mt19937 &rng, bool rowTiles = false) {
  int64_t working =
      width > 0 || extent <= 0 ? threads : std::min(threads, extent);
  bool shuffle = shape.warpShuffles && working % kWarpSize == 0 && rng() % 2;
  bool online = shape.softmax && rng() % 4 != 0;
  // Only for whole rows in block tiles: split reductions (partial results
  // over blocks) keep the variance's reduction in a kernel of its own.
  bool welford = rowTiles && shape.variance && rng() % 2;
  return "foundry-reduce-threads{threads=" + std::to_string(threads) +
         (width > 0 ? " interleave=" + std::to_string(width) : std::string()) +
         (shuffle ? " shuffle=true" : "") + (online ? " online=true" : "") +
         (welford ? " welford=true" : "") + "}";
}

/// A schedule for a kernel reduced to a scalar (`shape.scalarReduction`:
/// the extents of its reduction, outermost first): partial results over
/// blocks along the outermost loop (one per iteration, or a divisor of it),
/// each block's reductions split over its threads (reduceThreads),
/// interleaved when the extents divide.
static std::string scalarReductionSchedule(const KernelShape &shape,
                                           std::mt19937 &rng) {
  const std::vector<int64_t> &loops = shape.scalarReduction;
  int64_t outer = loops.front();
  std::vector<int64_t> parts = {0};
  if (loops.size() == 1 || rng() % 4 == 0)
    for (int64_t count : {64, 256, 1024, 4096})
      if (outer > count && outer % count == 0)
        parts.push_back(count);
  int64_t count = pick(parts, rng);
  int64_t threads = pick<int64_t>({128, 256, 512, 1024}, rng);
  int64_t width = pick<int64_t>({1, 2, 4}, rng);
  // Interleaving needs threads x width to divide the loop each block
  // splits (the innermost one) and the parts the final block combines.
  int64_t inner = loops.size() > 1 ? loops.back() : 0;
  int64_t combined = count ? count : outer;
  int64_t unit = threads * width;
  bool interleave = rng() % 4 != 0 && combined % unit == 0 &&
                    (inner == 0 || inner % unit == 0);
  std::string schedule = "foundry-split-reduction";
  if (count)
    schedule += "{parts=" + std::to_string(count) + "}";
  schedule += "," + reduceThreads(shape, threads, interleave ? width : 0,
                                  loops.back(), rng);
  // Small vectors: a thread's whole chunk in one vector (up to 1024
  // elements, with the loss's transcendentals unrolled) gives megabytes of
  // PTX that ptxas takes minutes on.
  if (interleave)
    schedule += ",foundry-vectorize{max-elements=" +
                std::to_string(pick<int64_t>({16, 64, 128}, rng)) + "}";
  return schedule;
}

/// Block and thread tile sizes ("a,b,c" each) that give each thread one
/// output of an op with parallel loops of extents `parallel` (or two along
/// the second-innermost loop, with more than four loops): the innermost
/// loop whole in the block and the next one tiled to about 256 threads
/// (whole if shorter and other loops are left for the grid); with more
/// than four loops, the innermost two whole (the grid has three
/// dimensions). std::nullopt when that does not fit a block.
static std::optional<std::pair<std::string, std::string>>
outputPerThreadTiles(llvm::ArrayRef<int64_t> parallel, std::mt19937 &rng) {
  size_t rank = parallel.size();
  if (rank < 2)
    return std::nullopt;
  std::vector<std::string> blocks(rank, "1"), perThread(rank, "0");
  int64_t inner = parallel[rank - 1];
  int64_t threads = inner;
  blocks[rank - 1] = "0";
  perThread[rank - 1] = "1";
  if (rank - 1 <= 3) {
    int64_t next = parallel[rank - 2];
    int64_t tile = std::min(next, std::max<int64_t>(1, 256 / inner));
    blocks[rank - 2] = tile == next && rank > 2 ? "0" : std::to_string(tile);
    perThread[rank - 2] = "1";
    threads *= tile;
  } else {
    if (rank - 2 > 3)
      return std::nullopt;
    int64_t rows = pick<int64_t>({1, 2}, rng);
    blocks[rank - 2] = "0";
    perThread[rank - 2] = std::to_string(rows);
    threads *= llvm::divideCeil(parallel[rank - 2], rows);
  }
  if (threads > kMaxThreadsPerBlock)
    return std::nullopt;
  return std::make_pair(llvm::join(blocks, ","), llvm::join(perThread, ","));
}

/// Each reduction before the root (KernelShape::reductionPhases) tiled as
/// a kernel of its own, in order (foundry-tile-blocks{target=reduction
/// fuse=elementwise}: the elementwise ops before it computed in its tile).
/// A window of at most 64 elements (a max-pool, a scan's block totals) or
/// a reduction into more than 2^20 outputs (a scan's offsets): one output
/// per thread, the innermost loop whole in the block and the next one
/// tiled to about 256 threads (with more than four loops, the innermost
/// two whole: the grid has three dimensions). A longer reduction into
/// fewer outputs (a global average): one output per block, split over its
/// threads. Ends with ","; "" when a phase has dynamic extents or does not
/// fit a block. On the H200, 2026-12-01: L2 8 (3-D convolution, max-pool,
/// global average) 4.73 ms with both under the naive mapping, 3.99 ms tiled
/// so; L1 89 (a three-level blocked cumsum) 5.86 -> 4.98 ms.
static std::string reductionPhasesSchedule(const KernelShape &shape,
                                           std::mt19937 &rng) {
  std::string schedule;
  for (const ReductionPhase &phase : shape.reductionPhases) {
    size_t rank = phase.parallel.size();
    if (rank == 0 || llvm::is_contained(phase.parallel, 0) ||
        llvm::is_contained(phase.reduction, 0))
      return "";
    auto product = [](const std::vector<int64_t> &extents) {
      int64_t result = 1;
      for (int64_t extent : extents)
        if (llvm::MulOverflow(result, extent, result))
          return std::numeric_limits<int64_t>::max();
      return result;
    };
    int64_t window = product(phase.reduction),
            outputs = product(phase.parallel);
    if (window <= 64 || outputs > (int64_t{1} << 20)) {
      std::optional<std::pair<std::string, std::string>> tiles =
          outputPerThreadTiles(phase.parallel, rng);
      if (!tiles)
        return "";
      schedule += "foundry-tile-blocks{sizes=" + tiles->first +
                  " target=reduction fuse=elementwise},foundry-tile-threads{"
                  "sizes=" +
                  tiles->second + "},";
      continue;
    }
    if (rank > 3)
      return "";
    std::vector<std::string> blocks(rank, "1");
    // Interleaved one time in two where the row (threadRow: the loops
    // merged where the innermost is short) takes the threads.
    int64_t threads = pick<int64_t>({32, 64, 128, 256}, rng);
    int64_t width = pickPieceWidth(rng);
    int64_t row =
        threadRow(phase.reduction.back(), phase.mergedRow, threads, width);
    fitThreadsToRow(row, threads, width, rng);
    bool interleave = rng() % 2 && row % (threads * width) == 0;
    schedule +=
        "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
        " target=reduction fuse=elementwise}," +
        reduceThreads(shape, threads, interleave ? width : 0, row, rng) + ",";
  }
  return schedule;
}

/// The block tiling of the root, `sizes` ("a,b,c", one per parallel
/// loop), with its producers fused, but only those without reductions
/// where the root accumulates onto a reduction's result
/// (KernelShape::initFromReduction).
static std::string tileRootBlocks(const KernelShape &shape,
                                  llvm::StringRef sizes) {
  return ("foundry-tile-blocks{sizes=" + sizes +
          (shape.initFromReduction ? " fuse=elementwise}" : "}"))
      .str();
}

/// For a root that reduces a window of 2 to 64 elements into each output,
/// or reads such a reduction element for element (a pooling:
/// KernelShape::window), with two or three parallel loops: block tiles of 8
/// rows of the second-innermost parallel loop by 128 of the innermost (1 along
/// the others), each thread taking 4 of those rows at one innermost position.
/// With four (NCHW), an innermost loop of at most 1024 and at least 4
/// channels: blocks of 4 channels by one whole innermost row, each thread 4
/// channels at one position. "" otherwise.
static std::string windowRowsPerThread(const KernelShape &shape) {
  if (shape.gemm)
    return "";
  int64_t window = shape.window;
  std::vector<int64_t> extents = shape.parallelExtents();
  size_t rank = extents.size();
  if (window < 2 || window > 64 || rank < 2 || rank > 4 ||
      llvm::is_contained(extents, 0))
    return "";
  std::vector<std::string> blocks(rank, "1"), threads(rank, "1");
  // Four loops (a 2-D pool, NCHW): foundry-tile-blocks tiles three, so the
  // innermost stays whole, one thread per element of it, and each thread
  // takes 4 of the channels (the second loop) at one position.
  if (rank == 4) {
    if (extents[3] > 1024 || extents[1] < 4)
      return "";
    blocks[1] = "4";
    blocks[3] = "0";
    threads[0] = "0"; // foundry-tile-threads also maps at most 3 loops.
    threads[1] = "4";
    return tileRootBlocks(shape, llvm::join(blocks, ",")) +
           ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
           "},foundry-vectorize";
  }
  if (extents[rank - 2] < 8)
    return "";
  blocks[rank - 2] = "8";
  blocks[rank - 1] = "128";
  threads[rank - 2] = "4";
  return tileRootBlocks(shape, llvm::join(blocks, ",")) +
         ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
         "},foundry-vectorize";
}

/// Rows in block tiles (`blocks`, one size per parallel loop), each row's
/// reductions (over `row` elements, 0 if unknown) split over threads
/// (reduceThreads).
static std::string rowsOverThreads(const KernelShape &shape,
                                   llvm::ArrayRef<std::string> blocks,
                                   int64_t threads, int64_t width, int64_t row,
                                   std::mt19937 &rng) {
  return tileRootBlocks(shape, llvm::join(blocks, ",")) + "," +
         reduceThreads(shape, threads, width, row, rng, /*rowTiles=*/true);
}

/// A softmax or log-softmax (KernelShape::softmax) over rows of at least
/// 2^16 elements, each reduced whole (two parallel loops, the inner one
/// reduced by the producers): a row's 8 parts as one thread-block cluster
/// (foundry-split-reduction{cluster=true}), each part over 1024 threads,
/// 4 consecutive elements at a time, the same pieces of the part in every
/// pass (so that a thread's loads of the first pass serve the second from
/// registers), its statistics shuffled per warp. `reduced` and `extents`
/// are the root's parallel loops' (reduced over by a producer; extent). "" for
/// other kernels, or where the row's part is not a multiple of 4096 elements or
/// over 64 per thread. On the H200 (2026-12-04,
/// bench/results/2026-12-04-h200-cluster-softmax.md): L1 24's log-softmax over
/// rows of 393216 in 4.38 ms against 4.67 with one row per block; L1 23's
/// softmax 5.49 against 4.74 (one exp and one division more per element, for
/// one block per SM): the search decides. A softmax divides by the reciprocal
/// of its row sum (foundry-invert-divisors, shape.invertDivisors), and the
/// output pass is unrolled over a thread's pieces: 4.47 ms for L1 23
/// (bench/results/2026-12-04-h200-softmax-reciprocal.md). Each part's
/// maximum and sum of exp relative to it come from one pass, shared over one
/// cluster barrier (online=true): on an H100 (2026-12-05,
/// bench/results/2026-12-05-h100-approx-math.md) L1 23 6.19 -> 6.04 ms, L1
/// 24 5.39 -> 4.80.
static std::string clusterRowsSchedule(const KernelShape &shape,
                                       const std::vector<bool> &reduced,
                                       llvm::ArrayRef<int64_t> extents) {
  constexpr int64_t kParts = 8, kThreads = 1024, kWidth = 4;
  // The inner loop is the reduced one, the outer one the rows.
  if (!shape.softmax || shape.gemm || extents.size() != 2 || reduced[0] ||
      !reduced[1] || extents[0] < 2 || extents[1] < (int64_t{1} << 16))
    return "";
  int64_t part = extents[1] / kParts;
  if (extents[1] % kParts != 0 || part % (kThreads * kWidth) != 0 ||
      part / kThreads > 64)
    return "";
  std::string threads = std::to_string(kThreads);
  std::string width = std::to_string(kWidth);
  // The output pass unrolled over a thread's pieces of the part.
  int64_t pieces = part / kThreads / kWidth;
  std::string unroll =
      pieces > 1 ? ",foundry-unroll{factor=" + std::to_string(pieces) + "}"
                 : "";
  return std::string(shape.invertDivisors ? "foundry-invert-divisors," : "") +
         "foundry-split-reduction{outputs=" + std::to_string(extents[0]) +
         " parts=" + std::to_string(kParts) +
         " cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1," +
         std::to_string(part) +
         "} target=result},foundry-reduce-threads{threads=" + threads +
         " interleave=" + width +
         " shuffle=true},foundry-tile-threads{sizes={0," +
         std::to_string(part / kThreads) + "} interleave=" + width +
         "},foundry-vectorize" + unroll;
}

/// The diagnosis of the parent, if it has one and it says `bottleneck`.
static bool parentIs(const ExpertRequest &request, llvm::StringRef bottleneck) {
  return request.diagnosis && request.diagnosis->bottleneck == bottleneck;
}

/// The parent's schedule with ptxas asked for one more block per SM than
/// its registers allowed (foundry-launch-bounds{min-blocks=N}), when the
/// parent's diagnosed occupancy was bound by registers, its schedule bounds
/// nothing yet and N blocks of its threads fit the 2048 of an SM; else "".
/// On the H200, 2026-12-04: L1 23's 16-block clusters of 1024 threads, 64
/// registers and one block per SM, took 6.32 ms; with two blocks per SM (32
/// registers, by the same directive edited into the PTX) 5.23 ms.
static std::string withMoreBlocksPerSm(const ExpertRequest &request) {
  const Diagnosis *d = request.diagnosis;
  if (!d || request.parent.empty() || d->occupancy.limiter != "registers" ||
      d->threadsPerBlock <= 0 ||
      llvm::StringRef(request.parent).contains("foundry-launch-bounds"))
    return "";
  int64_t blocks = d->occupancy.blocksPerSm + 1;
  if (blocks * d->threadsPerBlock > kMaxThreadsPerSm)
    return "";
  return request.parent +
         ",foundry-launch-bounds{min-blocks=" + std::to_string(blocks) + "}";
}

std::vector<Expert> mlir::foundry::builtinExperts() {
  std::vector<Expert> experts;
  // Parallelism: block tiles only (grid shape vs the machine); mutation
  // re-draws the block tile, smaller when the parent's grid left SMs idle,
  // larger when it was launch-bound. After a parent whose registers bound
  // its occupancy, one time in two, the parent with one more block per SM.
  experts.push_back(
      {"parallelism", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0)
           return std::string();
         if (std::string bounded = withMoreBlocksPerSm(request);
             !bounded.empty() && rng() % 2)
           return bounded;
         // A GEMM needs a register tile to be worth timing: parallelism
         // picks its grid through the block tile of a GEMM schedule, or
         // splits its reduction when its tiles are too few for the SMs.
         if (shape.gemm) {
           if (rng() % 2)
             if (std::string splitK = splitKSchedule(shape, rng);
                 !splitK.empty())
               return splitK;
           return gemmSchedule(shape, rng, false, false,
                               parentIs(request, "latency") ? 4 : 8);
         }
         std::vector<int64_t> outer = {1, 2, 4, 8, 16, 32},
                              inner = {16, 32, 64, 128, 256};
         if (parentIs(request, "latency"))
           outer = {1, 2, 4}, inner = {16, 32, 64};
         else if (parentIs(request, "launch"))
           outer = {8, 16, 32}, inner = {128, 256};
         return tileRootBlocks(shape, blockSizes(shape, outer, inner, rng));
       }});
  // Compute: register tiles per thread, a k-loop for contractions,
  // vectorization and unrolling; after spills, small register tiles only.
  experts.push_back(
      {"compute", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0)
           return std::string();
         bool spilled = request.diagnosis && request.diagnosis->spillBytes > 0;
         if (shape.gemm)
           return gemmSchedule(shape, rng, false,
                               shape.tensorCores && rng() % 2, spilled ? 4 : 8);
         // A convolution as a GEMM (im2col), one time in two.
         if (shape.im2col && rng() % 2)
           return im2colSchedule(shape, rng);
         // A root reducing a short window into each output (a max-pool),
         // one time in two: 4 rows of the second-innermost parallel loop
         // per thread, the innermost one element per thread over 128
         // threads (neighbouring threads on neighbouring elements). On the
         // H200, 2026-12-03: L1 41 2.33 ms so, 4.91 with the search's one
         // output per thread; L1 42 (2-D) 2.08 ms, 3.40 with one output per
         // thread.
         if (std::string pool = windowRowsPerThread(shape);
             !pool.empty() && rng() % 2)
           return pool;
         std::vector<int64_t> block;
         // Block sizes first: the thread tile depends on them.
         std::string blocks =
             blockSizes(shape, {4, 8, 16, 32}, {16, 32, 64}, rng, &block);
         std::string threads = threadSizes(block, rng, spilled ? 2 : 8);
         std::string schedule = tileRootBlocks(shape, blocks) +
                                ",foundry-tile-threads{sizes=" + threads + "}";
         // The root's own reduction loop (a contraction's k, a sum over a
         // middle dimension) in steps, so that each thread has several
         // independent loads in flight per step.
         if (llvm::is_contained(shape.parallel, false))
           schedule += ",foundry-tile-reduction{sizes=" +
                       std::to_string(pick<int64_t>({2, 4, 8}, rng)) + "}";
         schedule += ",foundry-vectorize";
         if (!spilled && rng() % 2)
           schedule += ",foundry-unroll{factor=" +
                       std::to_string(pick<int64_t>({2, 4}, rng)) + "}";
         return schedule;
       }});
  // Memory: coalesced access along the innermost loop (one element per
  // thread per step, consecutive threads on consecutive elements).
  experts.push_back(
      {"memory", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0)
           return std::string();
         // GEMMs: A and B tiles staged through shared memory. The seed of
         // an island (request.initial) is, and any other fresh proposal is
         // one time in three, a classic configuration. On the tensor
         // cores: kBestMmaTiles (on the H200, 2026-11-30: L1 2 and 17,
         // whose searches did not draw it, came out 3% slower than their
         // earlier rows with it; L1 16 ended at 3.03 ms with 64x32 tiles
         // where L1 18, the same A and sizes, reached 2.38 ms with it).
         // In SIMT: 64x64 block tiles over 32-deep k-steps in shared
         // memory, 4x4 register tiles, 8-deep inner k-steps (the
         // hand-written schedule of bench/kernelbench/schedules.txt: 4.50
         // ms on 2026-11-29, where random draws stopped at 5.85 ms).
         // On wgmma warpgroup tiles (kBestWgmmaTiles) where both operands
         // are K-major, or become so by copies (foundry-transpose-a, -b):
         // for those with copies, the seed of an island and one other
         // proposal in two, as the copy's cost on the H200 is not measured
         // yet (L1 16's copy of A cost 0.1 ms beside a 2.3 ms GEMM).
         if (shape.gemm && request.parent.empty() && shape.tensorCores &&
             (request.initial || rng() % 3 == 0)) {
           bool wgmma = shape.gemmWgmma || (shape.gemmWgmmaAfterCopies &&
                                            (request.initial || rng() % 2));
           MmaTiles tiles = wgmma ? kBestWgmmaTiles : kBestMmaTiles;
           // The epilogue fused: in the seed on warpgroup tiles (measured
           // faster there), one time in two otherwise.
           tiles.fuseEpilogue =
               request.initial ? wgmma : bool(rng() % 2);
           return mmaGemmKernel(shape, tiles);
         }
         if (shape.gemm && request.parent.empty() &&
             (request.initial || rng() % 3 == 0)) {
           std::vector<std::string> blocks = fitGrid(
                                        shape, gemmLoopSizes(
                                                   &shape, shape.numParallel(),
                                                   "1", "64", "64")),
                                    threads = gemmLoopSizes(&shape,
                                                            shape.numParallel(),
                                                            "0", "4", "4");
           std::string pad = padFor(shape, 64, 64, 32);
           return simtGemmBlocks(pad, blocks) +
                  ",foundry-tile-reduction{sizes=32},foundry-promote{"
                  "operands=0,1},foundry-tile-threads{sizes=" +
                  llvm::join(threads, ",") +
                  "},foundry-tile-reduction{sizes=8},foundry-vectorize,"
                  "foundry-unroll{factor=2}" +
                  (pad.empty() ? "" : ownKernelEpilogue(shape));
         }
         if (shape.gemm)
           return gemmSchedule(
               shape, rng, true, shape.tensorCores && rng() % 2,
               request.diagnosis && request.diagnosis->spillBytes > 0 ? 4 : 8);
         std::vector<int64_t> block;
         std::string blocks =
             blockSizes(shape, {1, 2, 4}, {64, 128, 256}, rng, &block);
         std::string schedule = tileRootBlocks(shape, blocks);
         // One element per thread. An innermost loop left whole in the
         // block (short: blockSizes leaves such loops whole first) is spread
         // over the threads too, so that neighbouring threads still touch
         // neighbouring elements, where the threads stay within 1024 and
         // the thread tile within three loops (loops of block tile 1 need
         // none).
         std::vector<bool> spread;
         int64_t threads = 1;
         for (int64_t size : block) {
           threads *= std::max<int64_t>(size, 1);
           spread.push_back(size > 1);
         }
         std::vector<int64_t> extents = shape.parallelExtents();
         for (size_t i = block.size(); i-- > 0;) {
           if (block[i] != 0)
             continue;
           if (extents[i] <= 0 || threads * extents[i] > kMaxThreadsPerBlock ||
               llvm::count(spread, true) >= 3)
             break;
           spread[i] = true;
           threads *= extents[i];
         }
         // A block of one element still needs a thread tile.
         if (llvm::none_of(spread, [](bool s) { return s; }))
           for (size_t i = 0; i < block.size(); ++i)
             spread[i] = block[i] != 0;
         std::vector<std::string> sizes;
         for (bool s : spread)
           sizes.push_back(s ? "1" : "0");
         schedule += ",foundry-tile-threads{sizes=" + llvm::join(sizes, ",") +
                     "},foundry-vectorize";
         return schedule;
       }});
  // Reduction: one row per block, the reduction split over threads,
  // interleaved when the row divides (always after a memory-bound parent:
  // interleaving is what coalesces the row).
  experts.push_back(
      {"reduction", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0 && !shape.scalarReduction.empty())
           return scalarReductionSchedule(shape, rng);
         // A contraction with one parallel loop (a matrix-vector product)
         // is a row reduction too; GEMMs are not.
         if (!shape.hasReduction || shape.numParallel() == 0 || shape.gemm ||
             (shape.contraction && shape.numParallel() > 1) ||
             shape.multiResultRoot)
           return std::string();
         // After a contraction, the GEMM first, as a kernel of its own.
         std::string prefix = splitGemmPhases(shape, request.initial, rng);
         // A convolution before a norm (L2 17's InstanceNorm): one time in
         // two, the convolution as an im2col GEMM kernel first, else (and
         // for the convolutions im2col does not take) as direct loops.
         if (prefix.empty() && shape.im2col && !shape.im2colRoot && rng() % 2)
           prefix = im2colSchedule(shape, rng, /*epilogue=*/false) + ",";
         if (prefix.empty())
           prefix = splitConvolutionPrefix(shape, rng);
         // After a convolution, one time in two, the reductions before the
         // root as kernels of their own (fused into the root's tile, a
         // pooling window would be split over threads like a row).
         bool afterConvolution = !shape.splitConvolution.empty() ||
                                 (shape.im2col && !shape.im2colRoot);
         if (afterConvolution && !prefix.empty() &&
             !shape.reductionPhases.empty() && rng() % 2) {
           std::string phases = reductionPhasesSchedule(shape, rng);
           prefix += phases;
           // A root that reduces nothing then (a softmax's division): one
           // output per thread.
           std::optional<std::pair<std::string, std::string>> tiles =
               outputPerThreadTiles(shape.parallelExtents(), rng);
           // One loop (L2 23's mean per image after its GroupNorm): blocks
           // of up to 256 consecutive outputs.
           if (!tiles && shape.parallelExtents().size() == 1 &&
               shape.parallelExtents().front() > 0)
             tiles = std::make_pair(std::to_string(std::min<int64_t>(
                                        256, shape.parallelExtents().front())),
                                    std::string("1"));
           if (!phases.empty() &&
               llvm::all_of(shape.parallel, [](bool p) { return p; }) && tiles)
             return prefix + tileRootBlocks(shape, tiles->first) +
                    ",foundry-tile-threads{sizes=" + tiles->second +
                    "},foundry-vectorize";
         }

         // A blocked scan (a root accumulating onto reductions over its
         // rows): one time in two, one row per block (the outermost loop),
         // each level a phase of its own over the block's threads: every
         // level computed once per row, the row read from memory twice.
         // 512 or 1024 threads (256 were slower on the H200, and spilled
         // once vectorized), vector tiles three times in four, the output
         // written 4 consecutive elements per thread one time in two (on
         // the H200, L1 89: 2.62 ms against 3.04 with one, 2.91 with 8).
         if (shape.initFromReduction && prefix.empty() && rng() % 2) {
           int64_t threads = pick<int64_t>({512, 1024, 1024}, rng);
           int64_t width = pick<int64_t>({1, 4, 4, 8}, rng);
           return "foundry-tile-blocks{sizes=1},foundry-tile-phases{"
                  "threads=" +
                  std::to_string(threads) +
                  (width > 1 ? " width=" + std::to_string(width) : "") + "}" +
                  (rng() % 4 ? ",foundry-vectorize" : "");
         }

         // One row per block: size 1 along the loops the reduction keeps
         // (at most three), the reduced ones whole; without a known reduced
         // loop, the innermost is the row.
         std::vector<bool> reduced;
         std::vector<int64_t> extents;
         for (size_t i = 0; i < shape.extents.size(); ++i)
           if (shape.parallel[i]) {
             reduced.push_back(shape.reduced[i]);
             extents.push_back(shape.extents[i]);
           }
         // No loop reduced by a producer: the root reduces itself (a sum
         // over a dimension, a matrix-vector product); its parallel loops
         // are the rows. Threads interleave over the innermost reduction
         // loop when it divides (coalesced when it is the row's contiguous
         // dimension).
         if (llvm::none_of(reduced, [](bool r) { return r; })) {
           std::vector<std::string> rows;
           int64_t tiled = 0;
           for (size_t i = 0; i < reduced.size(); ++i)
             rows.push_back(++tiled > 3 ? "0" : "1");
           int64_t threads = pick<int64_t>({32, 64, 128, 256}, rng);
           int64_t width = pickPieceWidth(rng);
           int64_t innermost = 0, merged = shape.mergedRow;
           for (size_t i = 0; i < shape.extents.size(); ++i)
             if (!shape.parallel[i])
               innermost = shape.extents[i];
           // A root that only combines reductions before it (L2 23's mean
           // of a GroupNorm's output): the block's reductions are those,
           // the first one's loops the row.
           if (innermost == 0 && !shape.reductionPhases.empty()) {
             const ReductionPhase &first = shape.reductionPhases.front();
             innermost = first.reduction.empty() ? 0 : first.reduction.back();
             merged = first.mergedRow;
           }
           int64_t row = threadRow(innermost, merged, threads, width);
           fitThreadsToRow(row, threads, width, rng);
           bool interleave = (rng() % 2 || parentIs(request, "memory")) &&
                             row > 0 && row % (threads * width) == 0;
           std::string schedule =
               prefix + rowsOverThreads(shape, rows, threads,
                                        interleave ? width : 0, row, rng);
           // A root with no reduction of its own (the reductions split off
           // first: a LayerNorm's or a Frobenius norm's normalization) keeps
           // its innermost loop whole in the block tile when it has more
           // than three loops; those elements are spread over the block's
           // threads, `width` consecutive ones each, instead of one thread
           // walking them all.
           int64_t inner = extents.empty() ? 0 : extents.back();
           if (!llvm::is_contained(shape.parallel, false) && rows.size() > 3 &&
               inner > 0) {
             while (width > 1 && (inner % width != 0 || inner / width < 32))
               width /= 2;
             if (inner / width <= kMaxThreadsPerBlock) {
               std::vector<std::string> lanes(rows.size(), "0");
               lanes.back() = std::to_string(width);
               schedule +=
                   ",foundry-tile-threads{sizes=" + llvm::join(lanes, ",") +
                   "},foundry-vectorize";
             }
           }
           return schedule;
         }
         // Long softmax rows: one time in two, a row's parts as a cluster.
         if (prefix.empty())
           if (std::string cluster =
                   clusterRowsSchedule(shape, reduced, extents);
               !cluster.empty() && rng() % 2)
             return cluster;
         std::vector<std::string> blocks, threadTile;
         int64_t rowLoops = 0;
         for (size_t i = 0; i < reduced.size(); ++i)
           blocks.push_back(reduced[i] || ++rowLoops > 3 ? "0" : "1");
         int64_t threads = pick<int64_t>({32, 64, 128, 256, 512}, rng);
         size_t inner = reduced.size();
         while (inner > 0 && !reduced[inner - 1])
           --inner;
         int64_t row = inner > 0 ? extents[inner - 1] : 0;
         // Interleaving (coalesced rows) needs threads x width to divide
         // the row the threads split: the innermost reduced loop, or the
         // reduced loops up to it merged (foundry-reduce-threads merges them
         // where it alone is too short).
         int64_t width = pickPieceWidth(rng);
         // The loops the producers reduce over are merged as they would
         // be in the first of them; without one, the root's reduced loops
         // up to the innermost, multiplied.
         int64_t merged = 0;
         if (!shape.reductionPhases.empty()) {
           merged = shape.reductionPhases.front().mergedRow;
         } else {
           merged = 1;
           for (size_t i = inner; i > 0 && reduced[i - 1]; --i)
             if (extents[i - 1] <= 0 ||
                 llvm::MulOverflow(merged, extents[i - 1], merged)) {
               merged = 0;
               break;
             }
         }
         int64_t split = threadRow(row, merged, threads, width);
         fitThreadsToRow(split, threads, width, rng);
         bool interleave = (rng() % 2 || parentIs(request, "memory")) &&
                           split > 0 && split % (threads * width) == 0;
         std::string schedule =
             prefix + rowsOverThreads(shape, blocks, threads,
                                      interleave ? width : 0, split, rng);
         // The elementwise part of the row spread over the same threads
         // (else each thread would keep a whole row), along the innermost
         // reduced loop.
         if (row <= 0)
           return schedule;
         for (size_t i = 0; i < reduced.size(); ++i)
           threadTile.push_back(
               i + 1 == inner ? std::to_string((row + threads - 1) / threads)
                              : "0");
         std::string pieces;
         if (row % (threads * 4) == 0 && rng() % 2)
           pieces = " interleave=4";
         else if (row % (threads * 4) != 0 && row % threads == 0 && rng() % 2)
           pieces = " interleave=1";
         return schedule +
                ",foundry-tile-threads{sizes=" + llvm::join(threadTile, ",") +
                pieces + "},foundry-vectorize";
       }});
  return experts;
}

/// The top-level passes of a schedule, each with its options, as slices of
/// it ("a{x=1,y=2},b" -> "a{x=1,y=2}", "b").
static llvm::SmallVector<llvm::StringRef>
topLevelPasses(llvm::StringRef schedule) {
  llvm::SmallVector<llvm::StringRef> passes;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= schedule.size(); ++i) {
    char c = i < schedule.size() ? schedule[i] : ',';
    if (c == '{')
      ++depth;
    else if (c == '}')
      --depth;
    else if (c == ',' && depth == 0) {
      if (llvm::StringRef pass = schedule.slice(start, i).trim(); !pass.empty())
        passes.push_back(pass);
      start = i + 1;
    }
  }
  return passes;
}

/// The top-level pass names of a schedule ("a{x=1},b" -> a, b).
static std::vector<std::string> passNames(llvm::StringRef schedule) {
  std::vector<std::string> names;
  for (llvm::StringRef pass : topLevelPasses(schedule))
    names.push_back(pass.take_until([](char ch) { return ch == '{'; }).str());
  return names;
}

std::pair<llvm::StringRef, llvm::StringRef>
mlir::foundry::splitAtEpilogue(llvm::StringRef schedule) {
  bool contraction = false;
  for (llvm::StringRef pass : topLevelPasses(schedule)) {
    if (!pass.starts_with("foundry-tile-blocks"))
      continue;
    if (pass.contains("target=contraction")) {
      contraction = true;
      continue;
    }
    if (!contraction)
      break;
    size_t at = pass.data() - schedule.data();
    return {schedule.take_front(at).rtrim().drop_back(),
            schedule.drop_front(at)};
  }
  return {llvm::StringRef(), llvm::StringRef()};
}

std::string mlir::foundry::spliceAtEpilogue(llvm::StringRef a,
                                            llvm::StringRef b, bool headFromA) {
  auto [aHead, aTail] = splitAtEpilogue(a);
  auto [bHead, bTail] = splitAtEpilogue(b);
  if (aHead.empty() || bHead.empty())
    return "";
  return headFromA ? (aHead + "," + bTail).str() : (bHead + "," + aTail).str();
}

bool mlir::foundry::fitsKernel(llvm::StringRef schedule,
                               const KernelShape &shape) {
  for (llvm::StringRef pass : topLevelPasses(schedule)) {
    if (pass.starts_with("foundry-im2col") ||
        pass.starts_with("foundry-split-k") ||
        pass.starts_with("foundry-split-reduction"))
      return true;
    if (!pass.starts_with("foundry-tile-blocks") ||
        pass.contains("target=contraction"))
      continue;
    size_t at = pass.find("sizes=");
    if (at == llvm::StringRef::npos)
      return true;
    // "sizes={1,0,64}" as normalized, or "sizes=1,0,64" as written.
    llvm::StringRef sizes = pass.drop_front(at + 6);
    bool braced = sizes.consume_front("{");
    sizes = sizes.take_until(
        [&](char c) { return c == '}' || (!braced && c == ' '); });
    int64_t count = sizes.trim().empty() ? 0 : sizes.count(',') + 1;
    return count == shape.numParallel();
  }
  return true;
}

std::string mlir::foundry::scheduleChange(llvm::StringRef parentGenome,
                                          llvm::StringRef childGenome) {
  GenomeParts parent = splitGenome(parentGenome),
              child = splitGenome(childGenome);
  std::multiset<std::string> from, to;
  for (std::string &name : passNames(parent.schedule))
    from.insert(std::move(name));
  for (std::string &name : passNames(child.schedule))
    to.insert(std::move(name));
  std::vector<std::string> parts;
  if (parent.patch != child.patch)
    parts.push_back(child.patch.empty()    ? "-patch"
                    : parent.patch.empty() ? "+patch"
                                           : "patch");
  for (const std::string &name : to)
    if (to.count(name) > from.count(name) &&
        !llvm::is_contained(parts, "+" + name))
      parts.push_back("+" + name);
  for (const std::string &name : from)
    if (from.count(name) > to.count(name) &&
        !llvm::is_contained(parts, "-" + name))
      parts.push_back("-" + name);
  return parts.empty() ? "options" : llvm::join(parts, " ");
}

/// An ill-conditioned kernel's candidates are checked against f64 at this
/// many times the naive fp32 schedule's largest error (Search::run).
static constexpr double kNaiveErrorFactor = 2;
/// At the end of a run's configuration (Search::runSuffix), what its
/// verdicts depend on: verdicts of runs that differ are not reused.
/// "codegen=N" (every target): what genomes compile to, raised with every
/// change that makes a genome string compile to other code (2: an im2col
/// gather is read through tensor.extract, fused into k-loops and shared
/// tiles, issued as cp.async with 32-bit indices; 3: foundry-tile-blocks{
/// target=reduction} takes pooling windows; 4: vector accesses wider than
/// 16 bytes proved aligned become 16-byte ones, shared memory aligned to
/// 16 bytes; 5: cuda candidates compile for sm_90a, and warpgroup tiles go
/// on wgmma; 6: foundry-split-reduction's partial results fuse the
/// elementwise ops that compute their inputs; 7: repeated loads of
/// read-only buffers reuse the first one's value,
/// foundry-reuse-read-only-loads; 8: approximate exps reuse an earlier exp
/// of the same lanes, foundry-reuse-exponentials), so that verdicts and
/// times measured on older code are measured again rather than reused.
static constexpr llvm::StringLiteral kCodegen = " codegen=8";
/// The chip cuda candidates compile for: the H200's sm_90 with its
/// architecture-specific instructions (wgmma).
static constexpr llvm::StringLiteral kCudaChip = "sm_90a";
/// How the cuda target judges candidates: "naive-error", an
/// ill-conditioned kernel's tolerance from the naive schedule's error
/// (before: a second check against its fp32 output).
static constexpr llvm::StringLiteral kCheckRule = " check=naive-error";

namespace {
/// The state of one search.
class Search {
public:
  Search(ModuleOp module, llvm::StringRef kernelName,
         const SearchOptions &options, ExperienceLibrary *library,
         const std::function<bool()> &stop)
      : module_(module), kernelName_(kernelName.str()), options_(options),
        library_(library), stop_(stop), rng_(options.seed),
        experts_(options.experts.empty() ? builtinExperts() : options.experts) {
  }
  /// A search that ended early (an error) still stops its compilations.
  ~Search() { stopCompiling(); }

  FailureOr<SearchResult> run();

private:
  /// The library's verdict on genome `hash` for this kernel, if it can be
  /// reused: only one reached by the same code generation (kCodegen) and,
  /// on the cuda target, against the same reference (its run's
  /// configuration says which; imported verdicts and runs of older code
  /// are evaluated again).
  std::optional<CandidateRecord> cachedVerdict(const std::string &hash) {
    if (!library_)
      return std::nullopt;
    std::optional<CandidateRecord> known =
        library_->findCandidate(fingerprint_.kernelKey(), hash);
    if (!known || known->run == run_)
      return known;
    auto [it, inserted] = trustedRuns_.try_emplace(known->run, false);
    if (inserted) {
      std::optional<std::string> configuration =
          library_->runConfiguration(known->run);
      it->second = configuration &&
                   llvm::StringRef(*configuration).ends_with(runSuffix());
    }
    return it->second ? known : std::nullopt;
  }

  /// What a run's configuration ends with: the reference and check rule on
  /// the cuda target, then the code generation.
  std::string runSuffix() const {
    return (options_.target == "cuda"
                ? " reference=" + options_.reference + kCheckRule.str()
                : std::string()) +
           kCodegen.str();
  }

  /// Seconds a candidate's ptxas may take: what is left of a time budget
  /// (at least 30 s, at most 300 s), so that one pathological PTX cannot
  /// stall the search past its budget.
  /// compile() of a cuda candidate: in a child process when
  /// options_.compileWorker is set (a crash or hang is then a result at
  /// stage "crash" or "timeout"), else here. The child gets two minutes for
  /// the MLIR pipeline on top of ptxas's own limit.
  CompileResult compileCandidate(llvm::StringRef source,
                                 llvm::StringRef schedule,
                                 const CompileOptions &compileOptions) const {
    if (options_.compileWorker.empty())
      return compile(source, schedule, compileOptions, kernelName_);
    CompileWorker worker;
    worker.program = options_.compileWorker;
    worker.timeoutSeconds = compileOptions.ptxasTimeoutSeconds + 120;
    // compileOptions.cancel, where set, kills the child.
    return compileInChildProcess(source, schedule, compileOptions, kernelName_,
                                 worker);
  }

  unsigned ptxasTimeout() const {
    if (options_.budgetSeconds <= 0)
      return 300;
    return unsigned(std::clamp(secondsLeft() + 10, 30.0, 300.0));
  }

  /// Seconds since the search started.
  double secondsElapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start_)
        .count();
  }

  /// Seconds left of --budget-time (negative once spent; meaningful only
  /// when there is a time budget).
  double secondsLeft() const {
    return options_.budgetSeconds - secondsElapsed();
  }

  bool outOfBudget() const {
    // Cached genomes cost nothing but still count a little, so that a
    // search that keeps rediscovering the same schedules ends.
    if (evaluations_ >= options_.budgetEvals ||
        int(result_.evaluated.size()) >= 4 * options_.budgetEvals)
      return true;
    if (options_.budgetSeconds > 0 && secondsLeft() <= 0)
      return true;
    // Without a GPU every candidate would end the same way.
    return noGpu_ || (stop_ && stop_());
  }
  /// Evaluates (or finds in the cache) `genome`; returns its record.
  Evaluated evaluate(const std::string &genome, const std::string &expert,
                     int island, int generation);
  /// A new genome from `expert` (mutating `parent` when given); its
  /// rationale, if the expert gave one, is left in lastRationale_.
  /// `initial`: ExpertRequest::initial (an island's first fresh seed).
  std::string propose(const Expert &expert, const Evaluated *parent,
                      bool initial = false);
  /// A library seed found at match `level`, fitted to this kernel: where
  /// the kernel tiles its contractions as kernels of their own and the seed
  /// comes from another kernel (an op graph or family match), the seed's
  /// contraction kernels with the reduction expert's epilogue for this one
  /// (another kernel's epilogue tiles other loops); "" for another
  /// kernel's seed that does not fit this one (fitsKernel); else the seed
  /// itself.
  std::string transplant(const std::string &seed, llvm::StringRef level);
  /// The block tile (first pass) of `a` with the rest of `b`'s schedule,
  /// or the reverse; "" when the two are not both passing, tiled schedules
  /// with different genomes.
  std::string crossover(const Evaluated &a, const Evaluated &b);
  /// The search's state for LLM experts (ExpertRequest::context).
  std::string contextText();
  /// The expert that mutates `parent`: chosen by its diagnosis half of the
  /// time (spills or compute-bound: compute; too few blocks or launch-bound:
  /// parallelism; memory-bound below 70%: reduction for kernels that reduce,
  /// else memory), at random otherwise.
  const Expert &chooseExpert(const Evaluated &parent);
  /// `schedule` with the kernel-level rewrites that apply and that it lacks
  /// in front, each one time in two: foundry-fold-pad for a kernel with a
  /// pad to fold (shape_.foldPad), foundry-invert-divisors for one with a
  /// loop-invariant divisor (shape_.invertDivisors).
  std::string withKernelRewrites(std::string schedule);
  /// The cpu target: runs `record.genome` through the JIT on inputs_ in a
  /// child process (runKernelOnCpuIsolated), checks it against naive_ (and
  /// a patched kernel also on otherInputs_) and times it; fills stage, ok,
  /// time and diagnosis.
  void evaluateOnCpu(Evaluated &record);
  /// The cpu target: inputs for the kernel's arguments from rng_, as each
  /// argument's foundry.init says, else uniform in [0, 1) or, with
  /// `normal`, standard normal.
  std::vector<std::vector<char>> makeCpuInputs(KernelOp kernel, bool normal);
  /// Stores `record` as this run's verdict in the library (the results
  /// cache); a failure is counted and reported, the search goes on.
  void recordInLibrary(const Evaluated &record);
  /// The cpu target: the best's time must be measured by this search. A
  /// best whose time is the library's is run again; if it is no longer the
  /// fastest (or fails), the next one is, until the best was timed here.
  void remeasureLibraryBest();
  /// cuda target: starts compiling the genomes not seen yet on a thread
  /// pool, so that evaluate() finds them compiled (or waits for them).
  void precompile(const std::vector<std::string> &genomes);
  /// True unless the genome of normal form `normal` is still being
  /// compiled by precompile().
  bool compiledYet(const std::string &normal);
  /// Of `genomes` not yet `taken`, the first one compiled (in order), once
  /// one is; SIZE_MAX when every one is taken or the budget is spent while
  /// waiting. A candidate whose ptxas takes half a minute no longer holds
  /// up the evaluation of the others compiled with it.
  size_t nextCompiled(const std::vector<std::string> &genomes,
                      std::vector<bool> &taken);
  /// Ends the compilations still running (their ptxas children are killed)
  /// and waits for the pool's threads.
  void stopCompiling();
  /// The cuda target: compiles `record.genome` for sm_90a and judges it with
  /// a foundry-run child; fills stage, ok, time and diagnosis.
  void evaluateOnGpu(Evaluated &record);
  /// Runs the foundry-run child on `cubin` against `reference` (a cubin)
  /// with `extra` arguments; its result goes to `<stem>.result.json` in the
  /// work directory. Returns the parsed result, or nothing (crash, timeout,
  /// no GPU: see `code`, `message`, `executionFailed`).
  std::optional<llvm::json::Value>
  runRunner(const std::string &cubin, const std::string &reference,
            const std::string &stem, const std::vector<std::string> &extra,
            int &code, std::string &message, bool &executionFailed);
  /// runRunner against referenceCubin_, at the search's tolerance
  /// (widenedAtol_ when set).
  std::optional<llvm::json::Value>
  runChecked(const std::string &cubin, const std::string &stem,
             const std::vector<std::string> &extra, int &code,
             std::string &message, bool &executionFailed);
  /// cuda target: the best candidate again with the full protocol
  /// (finalTrials, finalRuns; the naive schedule timed before and after
  /// with gpuRuns runs); its time replaces the search's rough one. A best
  /// that fails (more trials than the search gave it: a borderline check
  /// of an ill-conditioned kernel) is recorded as failed, in
  /// SearchResult::rejected and the library, and the next fastest passing
  /// candidate is verified in its place, up to kFinalAttempts of them and
  /// then the naive schedule.
  void verifyBest();
  /// The outcome of verifyFinal.
  enum class FinalVerdict {
    /// `best`'s time is replaced by the final one.
    Passed,
    /// The runner judged it: it failed (its diagnosis says why).
    Failed,
    /// No judgement: the runner crashed, timed out or found no GPU, or the
    /// candidate could not be compiled again (its diagnosis says which).
    NoVerdict
  };
  /// verifyBest for one candidate.
  FinalVerdict verifyFinal(Evaluated &best);
  /// Writes `result`'s cubin, manifest and PTX as `<stem>.{cubin,json,ptx}`
  /// in the work directory; returns the cubin path or "" with `error`.
  std::string writeCandidate(const CompileResult &result,
                             const std::string &stem, std::string &error);
  /// A copy of the module whose kernel has IR patch `patch` applied
  /// (applyPatch); null with `error` when the patch does not apply.
  OwningOpRef<ModuleOp> patchedModule(llvm::StringRef patch,
                                      std::string &error);
  /// The source compile() takes for `genome` (the kernel alone, in a
  /// module): kernelSource_, or the kernel with the genome's IR patch;
  /// "" with `error` when the patch does not apply.
  std::string sourceFor(llvm::StringRef genome, std::string &error);

  ModuleOp module_;
  std::string kernelName_;
  const SearchOptions &options_;
  ExperienceLibrary *library_;
  std::function<bool()> stop_;
  std::mt19937 rng_;
  std::vector<Expert> experts_;
  KernelShape shape_;
  KernelFingerprint fingerprint_;
  int64_t run_ = 0;
  /// The library run that --resume continues (0: none).
  int64_t resumedRun_ = 0;
  std::vector<std::vector<char>> inputs_;
  CpuRun naive_;
  /// The cpu target: a candidate's child process is killed after this long
  /// (10 s plus 10 times the naive schedule's compile and run).
  double cpuTimeoutSeconds_ = 0;
  /// The cpu target: a second set of inputs, normal where the kernel's
  /// foundry.init does not say otherwise, and the naive schedule's outputs
  /// on them by result number; made for the first IR patch. A patch must
  /// pass on both (a reference whose output is constant on inputs in
  /// [0, 1) would let a patch returning that constant through).
  std::vector<std::vector<char>> otherInputs_;
  std::vector<std::vector<char>> otherReference_;
  double atol_ = 0, rtol_ = 0;
  std::map<std::string, Evaluated> seen_;
  int evaluations_ = 0;
  bool noGpu_ = false;
  /// The cuda target: the kernel alone as MLIR text, and its naive cubin.
  std::string kernelSource_;
  /// sourceFor()'s patched sources, by patch.
  std::map<std::string, std::string, std::less<>> patchedSources_;
  std::string naiveCubin_;
  /// What candidates are checked against: naiveCubin_, or the reference's
  /// cubin (f64, and/or referenceScheduleFor's schedule).
  std::string referenceCubin_;
  /// When even the naive schedule fails the f64 check (an ill-conditioned
  /// kernel): the absolute tolerance every candidate is checked at instead
  /// of the kernel's (kNaiveErrorFactor x the naive schedule's largest
  /// error against f64). 0: the kernel's.
  double widenedAtol_ = 0;
  /// The naive schedule's largest absolute error against the reference
  /// over its outputs and trials, when it failed the check.
  double naiveMaxAbsError_ = 0;
  /// The naive schedule is too slow to run (referenceScheduleFor).
  bool naiveTooSlow_ = false;
  /// The hash of a genome evaluate() must evaluate again, whatever was
  /// cached (the naive schedule, once the reference changes).
  std::string recheck_;
  /// Library runs whose verdicts cachedVerdict() trusts.
  std::map<int64_t, bool> trustedRuns_;
  /// Compilations started ahead by precompile() on `compilePool_`, by
  /// normalized genome; evaluateOnGpu() takes each when it is done.
  std::map<std::string, std::shared_future<CompileResult>> compiling_;
  /// Set when the search ends: ptxas children still running are killed.
  /// Declared before the pool, whose tasks read it, so that it outlives it.
  std::atomic<bool> cancelCompiles_{false};
  std::unique_ptr<llvm::DefaultThreadPool> compilePool_;
  std::string lastRationale_;
  /// From the library's insights for this op family: per expert, its
  /// mutations' tries and improvements.
  std::map<std::string, std::pair<int64_t, int64_t>> expertSuccess_;
  /// Rationales of proposals, by genome as proposed.
  std::map<std::string, std::string> rationales_;
  std::vector<std::string> retrieved_;
  SearchResult result_;
  std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
};
} // namespace

/// Whether a genome's first block tiling is its first pass, so that its
/// head (through the first closing brace) and tail can be spliced: not
/// after foundry-im2col or foundry-transpose-a or -b, which have no options
/// (the head would be "foundry-im2col,foundry-pad{...", its tail the GEMM of
/// the im2col tensor, which no other genome's head computes; a
/// foundry-mma tail without the copy of a K-major A fails).
static bool splices(llvm::StringRef genome) {
  return !genome.contains("foundry-im2col") &&
         !genome.contains("foundry-transpose-a") &&
         !genome.contains("foundry-transpose-b");
}

/// `genome` split after its leading kernel-level rewrites
/// (foundry-fold-pad, foundry-invert-divisors, foundry-approx-math with its
/// options; each with the "," after it), and the rest.
static std::pair<llvm::StringRef, llvm::StringRef>
splitKernelRewrites(llvm::StringRef genome) {
  size_t end = 0;
  for (llvm::StringRef pass : topLevelPasses(genome)) {
    llvm::StringRef name = pass.take_until([](char c) { return c == '{'; });
    size_t after = pass.end() - genome.begin();
    if ((name != "foundry-fold-pad" && name != "foundry-invert-divisors" &&
         name != "foundry-approx-math") ||
        after >= genome.size() || genome[after] != ',')
      break;
    end = after + 1;
  }
  return {genome.take_front(end), genome.drop_front(end)};
}

/// `genome` split after its leading reductions tiled as kernels of their
/// own (reductionPhasesSchedule: pairs of foundry-tile-blocks{...
/// target=reduction...} and a foundry-tile-threads or
/// foundry-reduce-threads, each ending with "},"), and the rest.
static std::pair<llvm::StringRef, llvm::StringRef>
splitReductionPhases(llvm::StringRef genome) {
  size_t at = 0;
  while (true) {
    llvm::StringRef rest = genome.drop_front(at);
    auto [tiling, afterTiling] = rest.split("},");
    auto [threads, afterThreads] = afterTiling.split("},");
    if (!tiling.starts_with("foundry-tile-blocks{") ||
        !tiling.contains("target=reduction") || afterThreads.empty() ||
        !(threads.starts_with("foundry-tile-threads{") ||
          threads.starts_with("foundry-reduce-threads{")))
      break;
    at = genome.size() - afterThreads.size();
  }
  return {genome.take_front(at), genome.drop_front(at)};
}

/// `head` (a genome's first pass, through its closing brace) followed by
/// `tail` (the rest), or "" when the pair cannot compile: a block tiling of
/// the contraction alone (target=contraction, its own kernel) needs a second
/// foundry-tile-blocks for the epilogue, and any other block tiling forbids
/// one ("already tiled to blocks", after foundry-mma has worked on a warp tile
/// of the whole row).
static std::string splice(llvm::StringRef head, llvm::StringRef tail) {
  if (head.starts_with("foundry-tile-blocks{") &&
      head.contains("target=contraction") !=
          tail.contains("foundry-tile-blocks{"))
    return "";
  // A padded contraction is read back through a slice, which only a
  // contraction tiled as a kernel of its own leaves room for.
  llvm::StringRef tailFirst = tail.split("},").first;
  if (head.starts_with("foundry-pad{") &&
      !(tailFirst.starts_with("foundry-tile-blocks{") &&
        tailFirst.contains("target=contraction")))
    return "";
  return (head + "}," + tail).str();
}

std::string mlir::foundry::spliceSchedules(llvm::StringRef a, llvm::StringRef b,
                                           bool headFromA) {
  // The kernel-level rewrites in front (options-less passes) go with the
  // head.
  auto [aRewrites, aRewritten] = splitKernelRewrites(a);
  auto [bRewrites, bRewritten] = splitKernelRewrites(b);
  auto [aPhases, aRest] = splitReductionPhases(aRewritten);
  auto [bPhases, bRest] = splitReductionPhases(bRewritten);
  auto [aHead, aTail] = aRest.split("},");
  auto [bHead, bTail] = bRest.split("},");
  if (aTail.empty() || bTail.empty() || !splices(aRest) || !splices(bRest))
    return "";
  std::string spliced = headFromA ? splice(aHead, bTail) : splice(bHead, aTail);
  if (spliced.empty())
    return "";
  return (headFromA ? aRewrites : bRewrites).str() +
         (aPhases.empty() ? bPhases : aPhases).str() + spliced;
}

std::string Search::propose(const Expert &expert, const Evaluated *parent,
                            bool initial) {
  // Experts mutate schedules; a parent's IR patch stays with its children
  // unless the expert proposes one of its own (LLM experts may).
  GenomeParts parentParts =
      parent ? splitGenome(parent->genome) : GenomeParts();
  ExpertRequest request{shape_, parentParts.schedule.str(),
                        parent && parent->diagnosed ? &parent->diag : nullptr};
  request.initial = initial;
  request.context = [this] { return contextText(); };
  request.stop = stop_;
  if (options_.budgetSeconds > 0) {
    double left = secondsLeft();
    request.secondsLeft = left > 0 ? left : -1;
  }
  lastRationale_.clear();
  request.rationale = &lastRationale_;
  std::string proposal = expert.propose(request, rng_);
  if (proposal.empty())
    return proposal;
  GenomeParts proposalParts = splitGenome(proposal);
  std::string fresh = proposalParts.schedule.str();
  std::string patch = proposalParts.patch.empty() ? parentParts.patch.str()
                                                  : proposalParts.patch.str();
  // A GEMM followed by a reduction over its outputs: an expert's tiling of
  // the kernel's root cannot fuse the GEMM (the reduction needs all of its
  // rows), which would stay a naive kernel of its own (a second per launch
  // for L2 #41's 16384x4096x4096): the GEMM phases come first.
  // Likewise a convolution that other ops reduce after (L2 6's softmax
  // over its channels, then max-pools).
  if ((shape_.splitContractionLoops > 0 || !shape_.splitConvolution.empty()) &&
      !fresh.empty() &&
      !llvm::StringRef(fresh).contains("target=contraction") &&
      !llvm::StringRef(fresh).contains("foundry-im2col"))
    fresh = (shape_.splitContractionLoops > 0
                 ? splitGemmPhases(shape_, request.initial, rng_)
                 : splitConvolutionPrefix(shape_, rng_)) +
            fresh;
  // A root that accumulates onto reductions (a blocked scan's last level):
  // one time in two, those reductions as kernels of their own first.
  if (shape_.initFromReduction && !fresh.empty() &&
      !llvm::StringRef(fresh).contains("target=reduction") &&
      !llvm::StringRef(fresh).contains("foundry-tile-phases") && rng_() % 2)
    fresh = reductionPhasesSchedule(shape_, rng_) + fresh;
  fresh = withSplitFirst(shape_, std::move(fresh), rng_);
  if (!lastRationale_.empty())
    rationales_[joinGenome(fresh, patch)] = lastRationale_;
  // An expert that extends its parent's schedule (appends passes to it)
  // made its whole change: splicing could only drop it.
  if (request.parent.empty() || fresh.empty() || expert.mutatesWhole ||
      (fresh.size() > request.parent.size() &&
       llvm::StringRef(fresh).starts_with(request.parent)))
    return joinGenome(withKernelRewrites(fresh), patch);
  // A kernel whose contractions are kernels of their own (a GEMM or an
  // im2col convolution, then a norm), one time in two: the parent's
  // contraction kernels with the expert's epilogue, or the reverse, so that
  // the reduction expert refines the epilogue of the parent's GEMM instead
  // of drawing both anew (L2 23's 60 s searches, on the H200 on 2026-12-02,
  // never paired its best GEMM with the reduction tiling that took its
  // norm from 0.93 to 0.28 ms).
  if (rng_() % 2) {
    std::string spliced =
        spliceAtEpilogue(request.parent, fresh, /*headFromA=*/rng_() % 2);
    if (!spliced.empty() && fitsKernel(spliced, shape_))
      return joinGenome(withKernelRewrites(spliced), patch);
  }
  // Mutation: keep the parent's block tile, take the rest from the expert,
  // or the reverse (both are valid pipelines of the same passes). Reductions
  // tiled as kernels of their own before the root stay in front: the
  // parent's, else the expert's.
  std::string mutated = spliceSchedules(request.parent, fresh, rng_() % 2);
  return joinGenome(withKernelRewrites(mutated.empty() ? fresh : mutated),
                    patch);
}

std::string Search::withKernelRewrites(std::string schedule) {
  if (schedule.empty())
    return schedule;
  auto add = [&](bool applies, llvm::StringRef pass) {
    if (applies && !llvm::StringRef(schedule).contains(pass) && rng_() % 2)
      schedule = (pass + "," + schedule).str();
  };
  add(shape_.invertDivisors, "foundry-invert-divisors");
  add(shape_.foldPad, "foundry-fold-pad");
  if (!shape_.approxMath.empty())
    add(true, "foundry-approx-math{functions=" + shape_.approxMath + "}");
  return schedule;
}

std::string Search::transplant(const std::string &seed, llvm::StringRef level) {
  if (level == "exact")
    return seed;
  // Another kernel's IR patch does not apply to this one; its schedule may.
  if (GenomeParts parts = splitGenome(seed); !parts.patch.empty())
    return transplant(parts.schedule.str(), level);
  // A neighbour's tiling of other loops: an expert proposes instead.
  auto fitted = [&](std::string schedule) {
    return fitsKernel(schedule, shape_) ? schedule : std::string();
  };
  if (shape_.splitContractionLoops == 0)
    return fitted(seed);
  auto [head, tail] = splitAtEpilogue(seed);
  if (head.empty() || int64_t(llvm::StringRef(head).count(
                          "target=contraction")) != shape_.splitContractions)
    return fitted(seed);
  auto reduction = llvm::find_if(
      experts_, [](const Expert &e) { return e.name == "reduction"; });
  if (reduction == experts_.end())
    return fitted(seed);
  std::string fresh = propose(*reduction, nullptr);
  auto [freshHead, freshTail] = splitAtEpilogue(fresh);
  if (freshTail.empty())
    return fitted(seed);
  return fitted((head + "," + freshTail).str());
}

std::string Search::crossover(const Evaluated &a, const Evaluated &b) {
  if (!a.ok || !b.ok || a.genome == b.genome)
    return "";
  // The child compiles a's kernel (its IR patch, if any).
  GenomeParts partsA = splitGenome(a.genome), partsB = splitGenome(b.genome);
  std::string child =
      spliceSchedules(partsA.schedule, partsB.schedule, rng_() % 2);
  return child.empty() ? child : joinGenome(child, partsA.patch);
}

const Expert &Search::chooseExpert(const Evaluated &parent) {
  // Without a diagnosis-driven choice, experts are drawn in proportion to
  // how often their mutations improved kernels of this op family before
  // (the library's insights, Laplace-smoothed: (improvements + 1) /
  // (tries + 2)); with no history, uniformly.
  std::vector<double> weights;
  for (const Expert &expert : experts_) {
    auto it = expertSuccess_.find(expert.name);
    weights.push_back(it == expertSuccess_.end()
                          ? 0.5
                          : (it->second.second + 1.0) /
                                (it->second.first + 2.0));
  }
  const Expert &random = experts_[std::discrete_distribution<size_t>(
      weights.begin(), weights.end())(rng_)];
  if (!parent.diagnosed || rng_() % 2)
    return random;
  const Diagnosis &d = parent.diag;
  llvm::StringRef name = random.name;
  if (d.spillBytes > 0 || d.bottleneck == "compute")
    name = "compute";
  else if (d.bottleneck == "latency" || d.bottleneck == "launch")
    name = "parallelism";
  else if (d.bottleneck == "memory" && d.memoryFraction < 0.7)
    name = shape_.hasReduction ? "reduction" : "memory";
  for (const Expert &expert : experts_)
    if (expert.name == name)
      return expert;
  return random;
}

void Search::precompile(const std::vector<std::string> &genomes) {
  if (options_.target != "cuda")
    return;
  std::vector<std::string> todo;
  for (const std::string &genome : genomes) {
    std::string error;
    FailureOr<std::string> normal =
        normalizeGenome(module_.getContext(), genome, error);
    if (failed(normal) || compiling_.count(*normal) ||
        llvm::is_contained(todo, *normal))
      continue;
    std::string hash = genomeHash(*normal);
    if (seen_.count(hash) || cachedVerdict(hash))
      continue;
    todo.push_back(*normal);
  }
  if (todo.empty())
    return;
  if (!compilePool_) {
    unsigned threads =
        options_.compileThreads
            ? options_.compileThreads
            : llvm::hardware_concurrency().compute_thread_count();
    compilePool_ = std::make_unique<llvm::DefaultThreadPool>(
        llvm::hardware_concurrency(threads));
  }
  CompileOptions compileOptions;
  compileOptions.target = kCudaChip.str();
  compileOptions.ptxasTimeoutSeconds = ptxasTimeout();
  compileOptions.cancel = &cancelCompiles_;
  // Each task owns copies of what it reads (kernelName_ does not change
  // during a search). A patch that does not apply is left to
  // evaluateOnGpu, which says why.
  for (const std::string &genome : todo) {
    std::string error;
    std::string source = sourceFor(genome, error);
    if (source.empty())
      continue;
    std::string schedule = splitGenome(genome).schedule.str();
    compiling_[genome] =
        compilePool_->async([this, source, schedule, compileOptions] {
          return compileCandidate(source, schedule, compileOptions);
        });
  }
}

bool Search::compiledYet(const std::string &normal) {
  auto it = compiling_.find(normal);
  return it == compiling_.end() ||
         it->second.wait_for(std::chrono::seconds(0)) ==
             std::future_status::ready;
}

size_t Search::nextCompiled(const std::vector<std::string> &genomes,
                            std::vector<bool> &taken) {
  // compiling_ is keyed by normal form: normalized once, not at every poll.
  std::vector<std::string> normals;
  for (const std::string &genome : genomes) {
    std::string error;
    FailureOr<std::string> normal =
        normalizeGenome(module_.getContext(), genome, error);
    normals.push_back(succeeded(normal) ? *normal : genome);
  }
  while (true) {
    bool left = false;
    for (size_t i = 0; i < genomes.size(); ++i) {
      if (taken[i])
        continue;
      left = true;
      if (compiledYet(normals[i])) {
        taken[i] = true;
        return i;
      }
    }
    if (!left || outOfBudget())
      return SIZE_MAX;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void Search::stopCompiling() {
  cancelCompiles_ = true;
  if (compilePool_)
    compilePool_->wait();
  compiling_.clear();
}

/// Median of `values` (not empty).
static double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::string Search::contextText() {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "## Kernel (MLIR; inputs are uniform in [0, 1))\n";
  std::string kernelText;
  if (auto kernel = module_.lookupSymbol<KernelOp>(kernelName_))
    llvm::raw_string_ostream(kernelText) << kernel;
  os << llvm::StringRef(kernelText).take_front(8000) << "\n\n";
  os << "## Loops of the root op (the producer of the result)\n";
  for (size_t i = 0; i < shape_.extents.size(); ++i)
    os << "- loop " << i << ": extent " << shape_.extents[i] << ", "
       << (shape_.parallel[i] ? "parallel" : "reduction")
       << (shape_.reduced[i] ? ", reduced over by a producer (keep whole "
                               "in a block: size 0)"
                             : "")
       << "\n";
  os << "GEMM with elementwise epilogue: " << (shape_.gemm ? "yes" : "no")
     << "; tensor cores allowed by #foundry.precision: "
     << (shape_.tensorCores ? "yes" : "no") << "; target: "
     << (options_.target == "cuda" ? "NVIDIA H200 (sm_90, 132 SMs)"
                                   : "CPU (JIT)")
     << "\n\n## Schedule passes (the only passes allowed)\n";
  for (const std::string &name : schedulePassNames()) {
    os << "- " << name;
    if (const PassInfo *info = PassInfo::lookup(name))
      os << ": " << info->getPassDescription();
    os << "\n";
  }
  os << "\n## Best so far\n";
  if (result_.naiveMs > 0)
    os << "naive schedule: " << llvm::formatv("{0:F4}", result_.naiveMs)
       << " ms\n";
  if (result_.best.ok)
    os << "best: " << llvm::formatv("{0:F4}", result_.best.medianMs)
       << " ms, schedule: " << displayGenome(result_.best.genome)
       << (result_.best.diagnosed ? "; diagnosis: " + result_.best.diag.hint
                                  : std::string())
       << "\n";
  if (llvm::StringRef patch = splitGenome(result_.best.genome).patch;
      result_.best.ok && !patch.empty())
    os << "The best's IR patch (the kernel it compiles instead):\n"
       << patch.take_front(8000) << "\n";
  os << "\n## Recent candidates (schedule | result | diagnosis)\n";
  size_t first =
      result_.evaluated.size() > 12 ? result_.evaluated.size() - 12 : 0;
  for (size_t i = first; i < result_.evaluated.size(); ++i) {
    const Evaluated &e = result_.evaluated[i];
    os << "- " << displayGenome(e.genome) << " | "
       << (e.ok ? llvm::formatv("{0:F4} ms", e.medianMs).str() : e.stage)
       << " | " << llvm::StringRef(e.diagnosis).take_front(240) << "\n";
  }
  if (!retrieved_.empty()) {
    os << "\n## Experience library: best known schedules for this kernel "
          "or similar ones\n";
    for (const std::string &genome : retrieved_)
      os << "- " << displayGenome(genome) << "\n";
  }
  return text;
}

Evaluated Search::evaluate(const std::string &genome, const std::string &expert,
                           int island, int generation) {
  Evaluated record;
  record.expert = expert;
  if (auto it = rationales_.find(genome); it != rationales_.end())
    record.rationale = it->second;
  record.island = island;
  record.generation = generation;
  std::string error;
  FailureOr<std::string> normal =
      normalizeGenome(module_.getContext(), genome, error);
  record.genome = succeeded(normal) ? *normal : genome;
  record.hash = genomeHash(record.genome);
  // Checked again against another reference: no earlier verdict counts.
  bool fresh = record.hash == recheck_;
  if (fresh)
    recheck_.clear();
  if (auto it = seen_.find(record.hash); !fresh && it != seen_.end()) {
    Evaluated cached = it->second;
    cached.cached = true;
    cached.resumed = false; // counted once, when first found
    // Proposed again, here and now.
    cached.expert = expert;
    cached.island = island;
    cached.generation = generation;
    return cached;
  }
  if (library_ && !fresh) {
    if (std::optional<CandidateRecord> known = cachedVerdict(record.hash)) {
      record.stage = known->stage;
      record.ok = known->ok;
      record.medianMs = known->medianMs;
      record.diagnosis = known->diagnosis;
      record.cached = true;
      // Evaluated by the run being resumed: it counts as this run's.
      record.resumed = resumedRun_ && known->run == resumedRun_;
      record.fromLibrary = !record.resumed;
      seen_[record.hash] = record;
      return record;
    }
  }
  if (failed(normal)) {
    record.stage = "parse";
    record.diagnosis = error;
  } else if (options_.target == "cuda") {
    evaluateOnGpu(record);
  } else {
    evaluateOnCpu(record);
  }
  seen_[record.hash] = record;
  // "no-gpu", "worker" and "cancelled" say nothing about the candidate:
  // not kept for later runs.
  if (!llvm::is_contained({"no-gpu", "worker", "cancelled"}, record.stage))
    recordInLibrary(record);
  return record;
}

/// Compares the f32 outputs of a run (`outputs`, by result number) with
/// `reference` (the same) within atol/rtol; empty when they match, else
/// where they first differ.
static std::string compareOutputs(
    ArrayRef<BufferSpec> specs, const std::vector<std::vector<char>> &reference,
    const std::vector<std::vector<char>> &outputs, double atol, double rtol) {
  for (const BufferSpec &spec : specs) {
    if (spec.role != BufferSpec::Role::Output || !spec.elementType.isF32())
      continue;
    size_t index = spec.index;
    if (index >= reference.size() || index >= outputs.size() ||
        outputs[index].size() != reference[index].size())
      return "output #" + std::to_string(index) + " is missing or has " +
             "another size";
    const float *want =
        reinterpret_cast<const float *>(reference[index].data());
    const float *got = reinterpret_cast<const float *>(outputs[index].data());
    for (size_t i = 0; i < reference[index].size() / 4; ++i)
      if (!::foundry::runtime::isClose(got[i], want[i], atol, rtol))
        return "output #" + std::to_string(index) +
               " differs from the naive schedule at index " + std::to_string(i);
  }
  return "";
}

std::vector<std::vector<char>> Search::makeCpuInputs(KernelOp kernel,
                                                     bool normal) {
  std::vector<std::vector<char>> inputs;
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto tensor = cast<RankedTensorType>(type);
    InputInit init;
    if (normal)
      init.distribution = InputInit::Distribution::Normal;
    if (auto spec =
            kernel.getArgAttrOfType<StringAttr>(index, InputInit::kAttrName))
      (void)parseInputInit(spec.getValue(), init); // The verifier checked it.
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    std::normal_distribution<float> standard(0.0f, 1.0f);
    bool isNormal = init.distribution == InputInit::Distribution::Normal;
    std::vector<char> bytes(*getCheckedBufferBytes(tensor));
    for (size_t i = 0; i < bytes.size() / 4; ++i) {
      float unit = isNormal ? standard(rng_) : uniform(rng_);
      float v = float(init.shift() + init.scale() * unit);
      std::memcpy(bytes.data() + 4 * i, &v, 4);
    }
    inputs.push_back(std::move(bytes));
  }
  return inputs;
}

void Search::evaluateOnCpu(Evaluated &record) {
  // A patched kernel runs on the same inputs and is checked against the
  // unpatched kernel's naive schedule.
  GenomeParts parts = splitGenome(record.genome);
  OwningOpRef<ModuleOp> patched;
  if (!parts.patch.empty()) {
    std::string error;
    patched = patchedModule(parts.patch, error);
    if (!patched) {
      record.stage = "patch";
      record.diagnosis = error;
      return;
    }
  }
  ModuleOp module = patched ? *patched : module_;
  // Anything can happen in the child: a crash, a hang, an error.
  auto runIsolated = [&](ArrayRef<std::vector<char>> inputs,
                         unsigned timedRuns) {
    IsolatedCpuRun run =
        runKernelOnCpuIsolated(module, kernelName_, parts.schedule, inputs,
                               timedRuns, cpuTimeoutSeconds_);
    using Outcome = IsolatedCpuRun::Outcome;
    if (run.outcome != Outcome::Ran) {
      record.stage = run.outcome == Outcome::Crashed    ? "crash"
                     : run.outcome == Outcome::TimedOut ? "timeout"
                                                        : "schedule";
      record.diagnosis = run.error;
    }
    return run;
  };
  IsolatedCpuRun run = runIsolated(inputs_, options_.timedRuns);
  if (run.outcome != IsolatedCpuRun::Outcome::Ran)
    return;
  std::vector<std::vector<char>> reference;
  for (auto [spec, data] : llvm::zip(naive_.specs, naive_.data))
    if (spec.role == BufferSpec::Role::Output) {
      reference.resize(std::max<size_t>(reference.size(), spec.index + 1));
      reference[spec.index] = data;
    }
  std::string mismatch =
      compareOutputs(naive_.specs, reference, run.outputs, atol_, rtol_);
  if (mismatch.empty() && patched) {
    if (otherInputs_.empty()) {
      auto kernel = module_.lookupSymbol<KernelOp>(kernelName_);
      otherInputs_ = makeCpuInputs(kernel, /*normal=*/true);
      // The unpatched kernel's naive schedule, trusted: run here.
      FailureOr<CpuRun> naive =
          runKernelOnCpu(module_, kernelName_, "", otherInputs_);
      if (failed(naive)) {
        record.stage = "correctness";
        record.diagnosis = "the naive schedule fails on the second inputs";
        otherInputs_.clear();
        return;
      }
      for (auto [spec, data] : llvm::zip(naive->specs, naive->data))
        if (spec.role == BufferSpec::Role::Output) {
          otherReference_.resize(
              std::max<size_t>(otherReference_.size(), spec.index + 1));
          otherReference_[spec.index] = std::move(data);
        }
    }
    IsolatedCpuRun other = runIsolated(otherInputs_, 0);
    if (other.outcome != IsolatedCpuRun::Outcome::Ran)
      return;
    mismatch = compareOutputs(naive_.specs, otherReference_, other.outputs,
                              atol_, rtol_);
    if (!mismatch.empty())
      mismatch += " on the second (normal) inputs";
  }
  if (!mismatch.empty()) {
    record.stage = "correctness";
    record.diagnosis = mismatch;
    return;
  }
  record.stage = "ok";
  record.ok = true;
  record.medianMs = median(run.milliseconds);
}

void Search::recordInLibrary(const Evaluated &record) {
  if (!library_)
    return;
  CandidateRecord stored;
  stored.kernelKey = fingerprint_.kernelKey();
  stored.genomeHash = record.hash;
  stored.genome = record.genome;
  stored.run = run_;
  stored.stage = record.stage;
  stored.ok = record.ok;
  stored.medianMs = record.medianMs;
  stored.diagnosis = record.diagnosis;
  std::string error;
  if (!library_->recordCandidate(stored, error)) {
    // The search goes on; the user hears of it, and the report counts it.
    if (++result_.libraryFailures <= 3 && options_.progress)
      options_.progress("foundry-evolve: library: cannot record a "
                        "candidate: " +
                        error);
  }
}

void Search::remeasureLibraryBest() {
  if (options_.target == "cuda")
    return; // verifyBest times the best again, whatever its origin.
  // The naive schedule's time: this run's own measurement of it (the
  // reference run) when its record came from the library.
  for (const Evaluated &e : result_.evaluated)
    if (e.genome.empty() && e.fromLibrary && !naive_.milliseconds.empty()) {
      result_.naiveMs = median(naive_.milliseconds);
      break;
    }
  // This run's measurements of library verdicts, by genome hash.
  std::map<std::string, Evaluated> measured;
  auto current = [&](const Evaluated &e) -> const Evaluated & {
    auto it = measured.find(e.hash);
    return it == measured.end() ? e : it->second;
  };
  for (int remeasured = 0;; ++remeasured) {
    const Evaluated *best = nullptr;
    for (const Evaluated &e : result_.evaluated) {
      const Evaluated &c = current(e);
      // After a few library times that did not hold, only this run's own.
      if (c.ok && !(c.fromLibrary && remeasured >= 8) &&
          (!best || c.medianMs < best->medianMs))
        best = &c;
    }
    if (!best)
      return; // Nothing passed: result_.best is the failure it was.
    if (!best->fromLibrary) {
      result_.best = *best;
      return;
    }
    Evaluated again = *best;
    again.stage.clear();
    again.ok = false;
    again.medianMs = 0;
    again.diagnosis.clear();
    again.cached = false;
    again.fromLibrary = false;
    evaluateOnCpu(again);
    if (options_.progress)
      options_.progress(
          "timed again (its time was the library's): " +
          (again.ok ? llvm::formatv("{0:F4} ms", again.medianMs).str()
                    : again.stage) +
          " (library: " + llvm::formatv("{0:F4} ms", best->medianMs).str() +
          ")  " + displayGenome(again.genome));
    recordInLibrary(again);
    measured[again.hash] = std::move(again);
  }
}

std::string Search::writeCandidate(const CompileResult &result,
                                   const std::string &stem,
                                   std::string &error) {
  std::string base = options_.workDirectory + "/" + stem;
  llvm::json::Object manifest{{"version", 1},
                              {"kernels", llvm::json::Array(result.manifest)}};
  std::string manifestText;
  llvm::raw_string_ostream(manifestText)
      << llvm::json::Value(std::move(manifest));
  std::pair<const char *, llvm::StringRef> files[] = {
      {".cubin", llvm::StringRef(result.cubin.data(), result.cubin.size())},
      {".json", manifestText},
      {".ptx", result.ptx}};
  for (auto [suffix, data] : files) {
    std::error_code ec;
    llvm::raw_fd_ostream out(base + suffix, ec);
    if (ec) {
      error = base + suffix + ": " + ec.message();
      return "";
    }
    out << data;
  }
  return base + ".cubin";
}

OwningOpRef<ModuleOp> Search::patchedModule(llvm::StringRef patch,
                                            std::string &error) {
  OwningOpRef<ModuleOp> copy(module_.clone());
  auto kernel = copy->lookupSymbol<KernelOp>(kernelName_);
  if (!kernel || failed(applyPatch(kernel, patch, error)))
    return nullptr;
  return copy;
}

std::string Search::sourceFor(llvm::StringRef genome, std::string &error) {
  llvm::StringRef patch = splitGenome(genome).patch;
  if (patch.empty())
    return kernelSource_;
  if (auto it = patchedSources_.find(patch); it != patchedSources_.end())
    return it->second;
  OwningOpRef<ModuleOp> patched = patchedModule(patch, error);
  if (!patched)
    return "";
  std::string source;
  llvm::raw_string_ostream os(source);
  os << "module {\n" << patched->lookupSymbol<KernelOp>(kernelName_) << "\n}\n";
  patchedSources_.emplace(patch.str(), source);
  return source;
}

std::optional<llvm::json::Value>
Search::runRunner(const std::string &cubin, const std::string &reference,
                  const std::string &stem,
                  const std::vector<std::string> &extra, int &code,
                  std::string &message, bool &executionFailed) {
  std::string resultPath = options_.workDirectory + "/" + stem + ".result.json";
  llvm::sys::fs::remove(resultPath);
  std::vector<std::string> args = {options_.runner,
                                   cubin,
                                   "--reference",
                                   reference,
                                   "-o",
                                   resultPath,
                                   "--ceilings",
                                   options_.workDirectory + "/ceilings.json"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  // No candidate's child outlives the search's time budget by much (the
  // final verification has the whole timeout).
  unsigned timeout = options_.timeoutSeconds;
  if (options_.budgetSeconds > 0 && stem != "final")
    timeout = std::min<unsigned>(timeout,
                                 unsigned(std::max(30.0, secondsLeft() + 30)));
  code = llvm::sys::ExecuteAndWait(options_.runner, argRefs, std::nullopt, {},
                                   timeout, 0, &message, &executionFailed);
  auto buffer = llvm::MemoryBuffer::getFile(resultPath);
  if (!buffer)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> value =
      llvm::json::parse((*buffer)->getBuffer());
  if (!value) {
    llvm::consumeError(value.takeError());
    return std::nullopt;
  }
  return std::move(*value);
}

/// The "errors" strings of a foundry-run result (none for a null result).
static std::vector<std::string> resultErrors(const llvm::json::Object *result) {
  std::vector<std::string> errors;
  if (const llvm::json::Array *array =
          result ? result->getArray("errors") : nullptr)
    for (const llvm::json::Value &e : *array)
      if (std::optional<llvm::StringRef> text = e.getAsString())
        errors.push_back(text->str());
  return errors;
}

std::optional<llvm::json::Value>
Search::runChecked(const std::string &cubin, const std::string &stem,
                   const std::vector<std::string> &extra, int &code,
                   std::string &message, bool &executionFailed) {
  std::vector<std::string> args = extra;
  if (widenedAtol_ > 0)
    args.push_back(llvm::formatv("--atol={0:e16}", widenedAtol_).str());
  return runRunner(cubin, referenceCubin_, stem, args, code, message,
                   executionFailed);
}

void Search::verifyBest() {
  if (options_.target != "cuda" || !result_.best.ok)
    return;
  // The passing candidates, fastest first, each genome once.
  std::vector<const Evaluated *> order;
  std::set<std::string> seen;
  for (const Evaluated &e : result_.evaluated)
    if (e.ok && seen.insert(e.hash).second)
      order.push_back(&e);
  llvm::stable_sort(order, [](const Evaluated *a, const Evaluated *b) {
    return a->medianMs < b->medianMs;
  });
  constexpr int kFinalAttempts = 3;
  int attempts = 0;
  for (const Evaluated *candidate : order) {
    bool naive = candidate->genome.empty();
    if (attempts >= kFinalAttempts && !naive)
      continue; // After a few failures only the naive schedule is left.
    ++attempts;
    Evaluated tried = *candidate;
    FinalVerdict verdict = verifyFinal(tried);
    if (verdict == FinalVerdict::Passed) {
      result_.best = std::move(tried);
      return;
    }
    // Failed: the library must not offer it as a passing candidate again.
    // Without a verdict (the runner crashed), the candidate is not blamed.
    if (verdict == FinalVerdict::Failed) {
      tried.stage = "correctness";
      recordInLibrary(tried);
    }
    if (options_.progress)
      options_.progress("the best (" + displayGenome(tried.genome) + ") " +
                        tried.diagnosis);
    result_.rejected.push_back(tried);
    result_.best = tried;
    if (naive)
      return;
  }
}

Search::FinalVerdict Search::verifyFinal(Evaluated &best) {
  std::string cubin =
      options_.workDirectory + "/" +
      (best.genome.empty() ? std::string("naive") : "cand-" + best.hash) +
      ".cubin";
  if (!llvm::sys::fs::exists(cubin)) {
    // Found in the library, not compiled in this run: compile it now.
    CompileOptions compileOptions;
    compileOptions.target = kCudaChip.str();
    std::string error;
    std::string source = sourceFor(best.genome, error);
    CompileResult compiled;
    if (!source.empty())
      compiled = compileCandidate(source, splitGenome(best.genome).schedule,
                                  compileOptions);
    if (!compiled.succeeded ||
        writeCandidate(compiled, "cand-" + best.hash, error).empty()) {
      best.ok = false;
      best.diagnosis = "the library's best no longer compiles: " +
                       (error.empty() ? compiled.diagnostics : error);
      return FinalVerdict::NoVerdict;
    }
  }
  if (options_.progress)
    options_.progress("final verification of the best: " +
                      std::to_string(options_.finalTrials) + " trials, " +
                      std::to_string(options_.finalRuns) + " timed runs");
  int code = 0;
  std::string message;
  bool executionFailed = false;
  // The naive schedule is timed before and after the best for the speedup:
  // gpuRuns runs, or as many as fit in about 2 s each time when it is slow
  // (a naive GEMM at 1.3 s per launch); the best gets the full protocol.
  unsigned baselineRuns = options_.gpuRuns;
  if (result_.naiveMs > 0)
    baselineRuns = std::clamp<unsigned>(
        static_cast<unsigned>(2000 / result_.naiveMs), 3, options_.gpuRuns);
  std::optional<llvm::json::Value> parsed = runChecked(
      cubin, "final",
      {"--trials", std::to_string(options_.finalTrials), "--runs",
       std::to_string(options_.finalRuns), "--baseline-runs",
       std::to_string(baselineRuns),
       // 100 runs of a best that takes 0.6 s each would take a minute:
       // such a best is timed in about 10 s (at least 3 runs).
       "--max-timing-ms=10000"},
      code, message, executionFailed);
  const llvm::json::Object *result = parsed ? parsed->getAsObject() : nullptr;
  result_.searchMs = best.medianMs;
  result_.verified = result && result->getBoolean("ok").value_or(false);
  if (!result) {
    best.ok = false;
    best.diagnosis =
        "got no verdict from the final verification: " +
        (executionFailed ? "cannot run " + options_.runner + ": " + message
         : code == -2    ? std::string("foundry-run timed out")
         : code == 3     ? std::string("foundry-run found no GPU")
                         : "foundry-run exited with " + std::to_string(code));
    return FinalVerdict::NoVerdict;
  }
  if (!result_.verified) {
    best.ok = false;
    best.diagnosis = "failed the final verification";
    for (const std::string &error : resultErrors(result))
      best.diagnosis += ": " + error;
    return FinalVerdict::Failed;
  }
  // The reported time is this measurement, never the search's (which can
  // be the library's, from an earlier run).
  const llvm::json::Object *timing = result->getObject("timing");
  const llvm::json::Object *candidate =
      timing ? timing->getObject("candidate") : nullptr;
  std::optional<double> finalMs =
      candidate ? candidate->getNumber("median_ms") : std::nullopt;
  if (!finalMs || !(*finalMs > 0)) {
    best.ok = false;
    best.diagnosis = "the final verification returned no time";
    result_.verified = false;
    return FinalVerdict::NoVerdict;
  }
  best.medianMs = *finalMs;
  best.fromLibrary = false;
  if (const llvm::json::Object *baseline = timing->getObject("baseline_start");
      baseline && result_.referenceSchedule.empty())
    result_.naiveMs = baseline->getNumber("median_ms").value_or(0);
  if (const llvm::json::Object *roofline = result->getObject("roofline"))
    result_.fractionOfRoofline =
        roofline->getNumber("fraction_of_roofline").value_or(0);
  // The diagnosis's fractions, at the verified time.
  if (best.diagnosed && best.medianMs > 0) {
    double scale = result_.searchMs / best.medianMs;
    best.diag.memoryFraction *= scale;
    best.diag.computeFraction *= scale;
  }
  return FinalVerdict::Passed;
}

void Search::evaluateOnGpu(Evaluated &record) {
  if (record.genome.empty() && naiveTooSlow_) {
    record.stage = "too-slow";
    record.diagnosis = result_.referenceReason;
    return;
  }
  CompileResult compiled;
  if (auto it = compiling_.find(record.genome); it != compiling_.end()) {
    compiled = it->second.get();
    compiling_.erase(it);
  } else {
    std::string error;
    std::string source = sourceFor(record.genome, error);
    if (source.empty()) {
      record.stage = "patch";
      record.diagnosis = error;
      return;
    }
    CompileOptions compileOptions;
    compileOptions.target = kCudaChip.str();
    compileOptions.ptxasTimeoutSeconds = ptxasTimeout();
    compiled = compileCandidate(source, splitGenome(record.genome).schedule,
                                compileOptions);
  }
  if (!compiled.succeeded) {
    // crash and timeout come from the compile child; worker (the child
    // could not start or answer) and cancelled (the search ended) are not
    // the candidate's fault and are not kept.
    record.stage = llvm::is_contained({"schedule", "resources", "crash",
                                       "timeout", "worker", "cancelled"},
                                      compiled.stage)
                       ? compiled.stage
                       : "compile";
    record.diagnosis = compiled.diagnostics;
    return;
  }
  std::string error;
  std::string cubin = writeCandidate(compiled, "cand-" + record.hash, error);
  if (cubin.empty()) {
    record.stage = "compile";
    record.diagnosis = error;
    return;
  }
  std::vector<std::string> args = {"--trials",
                                   std::to_string(options_.gpuTrials), "--runs",
                                   std::to_string(options_.gpuRuns)};
  // The naive schedule is a candidate itself (the first); the final
  // verification times it again with the full protocol.
  args.push_back("--no-baseline-timing");
  // Every candidate is checked on the same inputs (seed 0, 1, ...): the
  // reference runs once per set of inputs, not once per candidate.
  args.push_back("--reference-cache=" + options_.workDirectory +
                 "/reference-cache");
  // A slow candidate (a naive GEMM at 300 ms) is timed in a few runs: its
  // 20 would take most of a one-minute budget.
  args.push_back("--max-timing-ms=2000");
  if (options_.pruneFactor > 0 && result_.best.ok) {
    args.push_back("--prune-above-ms=" + std::to_string(options_.pruneFactor *
                                                        result_.best.medianMs));
    // A candidate 5x slower than the best is not worth its trials (50 ms
    // at least: the first launch runs cold).
    args.push_back("--max-first-launch-ms=" +
                   std::to_string(std::max(50.0, 5 * result_.best.medianMs)));
  }
  int code = 0;
  std::string message;
  bool executionFailed = false;
  std::optional<llvm::json::Value> parsed = runChecked(
      cubin, "cand-" + record.hash, args, code, message, executionFailed);
  const llvm::json::Object *result = parsed ? parsed->getAsObject() : nullptr;
  if (!result) {
    // No result: the child hung, crashed, or there is no GPU.
    record.stage = code == -2 ? "timeout" : code == 3 ? "no-gpu" : "crash";
    noGpu_ |= code == 3;
    record.diagnosis = executionFailed
                           ? "cannot run " + options_.runner + ": " + message
                           : "foundry-run exited with " + std::to_string(code);
    return;
  }
  record.stage = result->getString("stage").value_or("crash").str();
  record.ok = result->getBoolean("ok").value_or(false);
  for (const std::string &error : resultErrors(result))
    record.diagnosis += (record.diagnosis.empty() ? "" : "; ") + error;
  if (const llvm::json::Object *timing = result->getObject("timing")) {
    if (const llvm::json::Object *candidate = timing->getObject("candidate")) {
      record.medianMs = candidate->getNumber("median_ms").value_or(0);
      record.pruned = candidate->getBoolean("pruned").value_or(false);
    }
  }
  if (record.genome.empty() && record.ok)
    result_.naiveMs = record.medianMs;
  if (record.genome.empty() && record.stage == "correctness")
    if (const llvm::json::Array *outputs = result->getArray("outputs"))
      for (const llvm::json::Value &output : *outputs)
        if (const llvm::json::Object *o = output.getAsObject())
          naiveMaxAbsError_ = std::max(
              naiveMaxAbsError_, o->getNumber("max_abs_error").value_or(0));
  // The reference's NaN and infinities (foundry-run's count), once: what
  // explains candidates that all fail on the same elements.
  if (record.genome.empty() && options_.progress)
    if (const llvm::json::Array *outputs = result->getArray("outputs"))
      for (auto [index, output] : llvm::enumerate(*outputs))
        if (const llvm::json::Object *o = output.getAsObject())
          if (int64_t bad = o->getInteger("non_finite_reference").value_or(0))
            options_.progress(
                llvm::formatv("note: naive: reference output #{0} has {1} "
                              "NaN or infinite values of {2}; a candidate "
                              "matches them only with the same value",
                              index, bad, o->getInteger("elements").value_or(0))
                    .str());
  if (record.ok && record.medianMs <= 0)
    record.ok = false;
  // A patched kernel is also checked on normal inputs: a reference whose
  // output is constant on inputs in (0, 1) would let a patch returning that
  // constant through.
  if (record.ok && !splitGenome(record.genome).patch.empty()) {
    std::optional<llvm::json::Value> other = runChecked(
        cubin, "cand-" + record.hash + "-normal",
        {"--trials", "2", "--no-time", "--distribution=normal",
         "--reference-cache=" + options_.workDirectory + "/reference-cache"},
        code, message, executionFailed);
    const llvm::json::Object *checked = other ? other->getAsObject() : nullptr;
    if (!checked || !checked->getBoolean("ok").value_or(false)) {
      record.ok = false;
      record.stage = checked ? "correctness" : code == -2 ? "timeout" : "crash";
      record.diagnosis = "passed on uniform inputs, not on normal inputs";
      for (const std::string &error : resultErrors(checked))
        record.diagnosis += ": " + error;
      return;
    }
  }
  // The diagnosis: the heaviest launch's resources, the measured fractions.
  DiagnosisInput input;
  input.tensorCores = shape_.tensorCores;
  input.medianMs = record.ok ? record.medianMs : 0;
  for (const llvm::json::Value &kernel : compiled.manifest) {
    const llvm::json::Object *object = kernel.getAsObject();
    const llvm::json::Array *launches =
        object ? object->getArray("launches") : nullptr;
    for (const llvm::json::Value &launch :
         launches ? *launches : llvm::json::Array()) {
      const llvm::json::Object *l = launch.getAsObject();
      if (!l)
        continue;
      auto product = [&](llvm::StringRef key) {
        int64_t value = 1;
        if (const llvm::json::Array *dims = l->getArray(key))
          for (const llvm::json::Value &dim : *dims)
            value *= dim.getAsInteger().value_or(1);
        return value;
      };
      int64_t blocks = product("grid"), threads = product("block");
      if (blocks * threads < input.blocks * input.threadsPerBlock)
        continue;
      input.blocks = blocks;
      input.threadsPerBlock = threads;
      std::string entry = l->getString("kernel").value_or("").str();
      input.sharedBytes = l->getInteger("dynamic_shared_memory").value_or(0);
      if (auto it = compiled.resources.find(entry);
          it != compiled.resources.end()) {
        input.registers = it->second.registers;
        input.sharedBytes += it->second.sharedBytes;
        input.spillBytes =
            it->second.spillStoreBytes + it->second.spillLoadBytes;
      }
    }
  }
  if (const llvm::json::Object *ceilings = result->getObject("ceilings")) {
    input.copyBytesPerSecond =
        ceilings->getNumber("copy_bytes_per_second").value_or(0);
    input.computeFlopsPerSecond =
        ceilings->getNumber("fp32_flops_per_second").value_or(0);
  }
  if (const llvm::json::Object *roofline = result->getObject("roofline")) {
    input.flops = roofline->getNumber("flops").value_or(0);
    input.bytes = roofline->getNumber("bytes").value_or(0);
    // The ceiling of the kernel's precision (runners before it was
    // reported: the FP32 peak above).
    if (std::optional<llvm::StringRef> name =
            roofline->getString("compute_ceiling")) {
      input.computeCeiling = name->str();
      input.computeFlopsPerSecond =
          roofline->getNumber("compute_flops_per_second").value_or(0);
    }
  }
  record.diag = diagnose(input);
  record.diagnosed = true;
  if (record.ok)
    record.diagnosis = record.diag.hint;
}

FailureOr<SearchResult> Search::run() {
  auto kernel = module_.lookupSymbol<KernelOp>(kernelName_);
  if (!kernel)
    return module_.emitError("foundry-evolve: no kernel @") << kernelName_;
  FailureOr<KernelShape> shape = analyzeKernel(kernel);
  if (failed(shape))
    return failure();
  shape_ = *shape;
  shape_.warpShuffles = options_.target == "cuda";
  fingerprint_ =
      fingerprintKernel(kernel, options_.target == "cuda" ? "sm_90" : "cpu");
  ToleranceAttr tolerance = kernel.getEffectiveTolerance();
  atol_ = tolerance.getAtolValue();
  rtol_ = tolerance.getRtolValue();
  result_.atol = atol_;
  result_.rtol = rtol_;
  // cpu target: inputs uniform in [0, 1) (KernelBench's torch.rand), or as
  // an argument's foundry.init says, fixed for the whole search (foundry-run
  // makes its own on the GPU).
  for (Type type : kernel.getArgumentTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    Type element = tensor.getElementType();
    // foundry-run fills and compares f16 and bf16 buffers too; the CPU
    // evaluation compares f32 outputs against an f64 run of f32 inputs.
    if (options_.target == "cuda") {
      if (!element.isF32() && !element.isF16() && !element.isBF16())
        return kernel.emitOpError("foundry-evolve: the cuda target takes "
                                  "f32, f16 and bf16 inputs, not ")
               << element;
      continue;
    }
    if (!element.isF32())
      return kernel.emitOpError("foundry-evolve: the cpu target takes f32 "
                                "inputs only, not ")
             << element << " (use --target cuda)";
    // The CPU JIT runs on host memory: refuse what cannot fit instead of
    // aborting out of memory.
    constexpr int64_t maxCpuBytes = int64_t(4) << 30;
    std::optional<int64_t> size = getCheckedBufferBytes(tensor);
    if (!size || *size > maxCpuBytes)
      return kernel.emitOpError("foundry-evolve: the cpu target holds inputs "
                                "in host memory; ")
             << type << " needs "
             << (size ? std::to_string(*size >> 20)
                      : std::string("more than 2^43"))
             << " MiB, more than " << (maxCpuBytes >> 20)
             << " MiB (use --target cuda or a smaller variant)";
  }
  if (options_.target == "cpu")
    inputs_ = makeCpuInputs(kernel, /*normal=*/false);
  if (options_.target == "cuda") {
    // The kernel alone, as compile() takes it; its naive compilation is the
    // reference of every candidate (foundry-run times it too).
    llvm::raw_string_ostream source(kernelSource_);
    source << "module {\n" << kernel << "\n}\n";
    std::string error;
    if (std::error_code ec =
            llvm::sys::fs::create_directories(options_.workDirectory))
      return kernel.emitOpError("foundry-evolve: ")
             << options_.workDirectory << ": " << ec.message();
    CompileOptions naiveOptions;
    naiveOptions.target = kCudaChip.str();
    CompileResult naive = compileCandidate(kernelSource_, "", naiveOptions);
    if (naive.succeeded)
      naiveCubin_ = writeCandidate(naive, "naive", error);
    if (naiveCubin_.empty())
      return kernel.emitOpError("foundry-evolve: the naive schedule does not "
                                "compile for sm_90a: ")
             << (error.empty() ? naive.diagnostics : error);
    referenceCubin_ = naiveCubin_;
    std::string reason;
    std::string split = referenceScheduleFor(shape_, reason);
    naiveTooSlow_ = !split.empty();
    auto compileReference = [&](const std::string &schedule, bool f64) {
      CompileOptions compileOptions;
      compileOptions.target = kCudaChip.str();
      compileOptions.widenToF64 = f64;
      CompileResult compiled =
          compileCandidate(kernelSource_, schedule, compileOptions);
      std::string written;
      if (compiled.succeeded)
        written = writeCandidate(compiled, "reference", error);
      else
        error = compiled.diagnostics;
      return written;
    };
    // What foundry-opt runs for the same f64 kernel (the report's record).
    std::string f64 =
        "foundry.kernel(foundry-widen-to-f64{keep-interface=true})";
    std::string cubin;
    if (options_.reference == "f64") {
      cubin = compileReference(split, /*f64=*/true);
      if (!cubin.empty()) {
        result_.referenceSchedule = split.empty() ? f64 : f64 + "," + split;
        result_.referenceReason =
            "candidates are checked against the kernel computed in f64" +
            std::string(split.empty() ? "" : " under " + split) +
            (reason.empty() ? std::string() : "; " + reason);
      } else if (options_.progress) {
        // A kernel with no f64 meaning (a bitcast): the fp32 reference.
        options_.progress("note: no f64 reference (" +
                          llvm::StringRef(error).trim().str() +
                          "); candidates are checked against the fp32 "
                          "reference");
      }
    }
    if (cubin.empty() && !split.empty()) {
      cubin = compileReference(split, /*f64=*/false);
      if (cubin.empty())
        return kernel.emitOpError("foundry-evolve: the reference schedule '")
               << split << "' does not compile for sm_90a: " << error;
      result_.referenceSchedule = split;
      result_.referenceReason = reason;
    }
    if (!cubin.empty())
      referenceCubin_ = cubin;
    if (naiveTooSlow_ && options_.progress)
      options_.progress("note: " + reason);
  } else {
    auto start = std::chrono::steady_clock::now();
    FailureOr<CpuRun> naive = runKernelOnCpu(module_, kernelName_, "", inputs_,
                                             false, options_.timedRuns);
    if (failed(naive))
      return kernel.emitOpError("foundry-evolve: the naive schedule fails");
    std::chrono::duration<double> naiveSeconds =
        std::chrono::steady_clock::now() - start;
    cpuTimeoutSeconds_ = 10 + 10 * naiveSeconds.count();
    // Its time is taken from the naive candidate, evaluated first like
    // every other, so that the naive schedule is never faster than itself.
    naive_ = std::move(*naive);
    // Candidates match a NaN or infinity of the reference only with the
    // same value (isClose); a reference that computes them says so here,
    // not only as candidates that "differ".
    if (options_.progress)
      for (auto [spec, data] : llvm::zip(naive_.specs, naive_.data)) {
        if (spec.role != BufferSpec::Role::Output || !spec.elementType.isF32())
          continue;
        const float *values = reinterpret_cast<const float *>(data.data());
        int64_t n = int64_t(data.size() / 4), nans = 0, infinities = 0;
        for (int64_t i = 0; i < n; ++i) {
          nans += std::isnan(values[i]);
          infinities += std::isinf(values[i]);
        }
        if (nans || infinities)
          options_.progress(
              llvm::formatv(
                  "note: naive: reference output #{0} has {1} NaN and {2} "
                  "infinite values of {3}; a candidate matches them only with "
                  "the same value",
                  spec.index, nans, infinities, n)
                  .str());
      }
  }
  if (library_) {
    std::string error;
    (void)library_->addKernel(fingerprint_, kernelName_, error);
    // A run is identified by everything that shapes its trajectory.
    std::string configuration =
        llvm::formatv("kernel={0} target={1} seed={2} islands={3} "
                      "population={4} budget-evals={5} migrate={6}x{7} "
                      "patience={8}{9}",
                      fingerprint_.kernelKey(), options_.target, options_.seed,
                      options_.islands, options_.population,
                      options_.budgetEvals, options_.migrateEvery,
                      options_.migrants, options_.patience, runSuffix())
            .str();
    if (options_.resume) {
      if (std::optional<int64_t> run = library_->findRun(configuration)) {
        run_ = resumedRun_ = *run;
        if (options_.progress)
          options_.progress("resuming run " + std::to_string(run_) +
                            " of the library");
      } else if (options_.progress) {
        options_.progress("foundry-evolve: nothing to resume for @" +
                          kernelName_ +
                          " with these flags (kernel, target, seed, islands, "
                          "population, budget); starting a new run");
      }
    }
    if (!run_)
      run_ = library_->beginRun(options_.seed, configuration, error);
  }

  // Islands: each seeded by one expert, plus what the library knows.
  int islands = std::max(1, options_.islands);
  int population = std::max(2, options_.population);
  std::vector<std::vector<Evaluated>> island(islands);
  // Retrieval sees the library as it was before the run being resumed.
  // One seed per island, taken round-robin over the match levels (this
  // kernel, its op graph at other shapes or inputs, its op family), the
  // fastest first within each: the exact kernel's few best alone would
  // crowd out what worked on its neighbours.
  std::vector<std::string> retrieved, retrievedLevels;
  if (library_) {
    std::map<std::string, std::vector<std::string>> byLevel;
    for (const CandidateRecord &record :
         library_->retrieve(fingerprint_, islands + 64, /*beatNaive=*/true))
      if (!resumedRun_ || record.run != resumedRun_)
        byLevel[record.match].push_back(record.genome);
    for (size_t rank = 0; int(retrieved.size()) < islands; ++rank) {
      bool any = false;
      for (const char *level : {"exact", "graph", "family"}) {
        const std::vector<std::string> &genomes = byLevel[level];
        if (rank < genomes.size() && int(retrieved.size()) < islands) {
          retrieved.push_back(genomes[rank]);
          retrievedLevels.push_back(level);
          any = true;
        }
      }
      if (!any)
        break;
    }
  }
  retrieved_ = retrieved;
  if (library_)
    for (const ExperienceLibrary::Insight &insight : library_->insights(
             fingerprint_.familyKey(), resumedRun_ ? resumedRun_ : -1)) {
      auto &[tries, improvements] = expertSuccess_[insight.expert];
      tries += insight.tries;
      improvements += insight.improvements;
    }
  auto better = [](const Evaluated &a, const Evaluated &b) {
    if (a.ok != b.ok)
      return a.ok;
    return a.ok && a.medianMs < b.medianMs;
  };
  auto note = [&](Evaluated &e) {
    // The naive schedule's time, also when the library knew it.
    if (e.genome.empty() && e.ok && result_.naiveMs == 0)
      result_.naiveMs = e.medianMs;
    e.seconds = secondsElapsed();
    result_.evaluated.push_back(e);
    evaluations_ += !e.cached || e.resumed;
    if (options_.onEvaluated)
      options_.onEvaluated(e);
    if (e.ok && (!result_.best.ok || e.medianMs < result_.best.medianMs))
      result_.best = e;
    if (options_.progress) {
      std::string line;
      llvm::raw_string_ostream os(line);
      os << "[" << evaluations_ << "/" << options_.budgetEvals << "] island "
         << e.island << " gen " << e.generation << " " << e.expert << ": "
         << (e.ok ? llvm::formatv("{0:F4} ms", e.medianMs).str() : e.stage)
         << (e.pruned ? " (pruned)" : "") << (e.cached ? " (cached)" : "")
         << "  " << displayGenome(e.genome);
      if (e.diagnosed && !e.diag.hint.empty())
        os << "  [" << e.diag.hint << "]";
      options_.progress(line);
    }
  };
  // Each batch of proposals is compiled together (a thread pool on the cuda
  // target), then evaluated one at a time in proposal order.
  struct Proposal {
    std::string genome, expert;
    /// The passing parent it mutates, if any (for the library's insights).
    const Evaluated *parent = nullptr;
  };
  // `baseline`: the naive schedule, evaluated whatever the budget says.
  auto evaluateAll = [&](const std::vector<Proposal> &proposals, int i,
                         int generation, std::vector<Evaluated> &into,
                         bool baseline = false) {
    std::vector<std::string> genomes;
    for (const Proposal &p : proposals)
      genomes.push_back(p.genome);
    precompile(genomes);
    std::vector<bool> taken(proposals.size());
    for (size_t k = nextCompiled(genomes, taken); k != SIZE_MAX;
         k = nextCompiled(genomes, taken)) {
      if (!baseline && outOfBudget())
        break;
      const Proposal &p = proposals[k];
      Evaluated e = evaluate(p.genome, p.expert, i, generation);
      note(e);
      if (p.parent && library_ && !e.cached) {
        std::string error;
        (void)library_->recordInsight(
            fingerprint_.familyKey(), p.expert,
            scheduleChange(p.parent->genome, e.genome), run_,
            e.ok && e.medianMs > 0 ? p.parent->medianMs / e.medianMs : 0,
            error);
      }
      into.push_back(e);
    }
  };
  // The naive schedule is the first candidate of every search: the best is
  // never worse than it, and on the cuda target its run times the baseline
  // and its error against the reference sets the tolerance (below), so it
  // is judged again in every run, whatever the library knew of it (a
  // verdict reached at a widened tolerance, say).
  if (options_.target == "cuda")
    recheck_ = genomeHash("");
  evaluateAll({{"", "naive"}}, 0, 0, island[0], /*baseline=*/true);
  // An ill-conditioned kernel (a softmax over the outputs of a K = 8192 GEMM
  // of positive inputs, a sum of 8192 GEMM outputs that cancel): even the
  // naive schedule's fp32 rounding is over the tolerance against f64, and
  // any other order of the same sums is off by as much, at other elements.
  // Every candidate is then checked against f64 at kNaiveErrorFactor x the
  // naive schedule's largest error instead of the kernel's atol (the
  // kernel's rtol stays): as accurate as the naive fp32 schedule, give or
  // take the order of its sums. The report gives the tolerance and why.
  if (options_.target == "cuda" && options_.reference == "f64" &&
      !naiveTooSlow_ && !result_.referenceSchedule.empty() &&
      !island[0].empty() && !island[0].back().ok &&
      island[0].back().stage == "correctness" && naiveMaxAbsError_ > 0 &&
      std::isfinite(naiveMaxAbsError_)) {
    std::string failure = island[0].back().diagnosis;
    recheck_ = island[0].back().hash;
    island[0].pop_back();
    widenedAtol_ = std::max(atol_, kNaiveErrorFactor * naiveMaxAbsError_);
    result_.atol = widenedAtol_;
    result_.referenceReason =
        "the naive fp32 schedule fails the check against f64 (" +
        llvm::StringRef(failure).take_front(160).str() +
        "): the kernel's fp32 rounding is over its tolerance, so every "
        "candidate is checked against f64 with atol " +
        llvm::formatv("{0:e2}", widenedAtol_).str() + " (" +
        std::to_string(int(kNaiveErrorFactor)) +
        "x the naive schedule's largest error) instead of " +
        llvm::formatv("{0:e2}", atol_).str();
    if (options_.progress)
      options_.progress("note: " + result_.referenceReason);
    evaluateAll({{"", "naive"}}, 0, 0, island[0], /*baseline=*/true);
  }
  // The first generation: every island's proposals compiled together, then
  // evaluated round-robin over the islands, so that a time budget is shared
  // by all experts rather than spent on the first island's.
  {
    std::vector<std::vector<Proposal>> seeds(islands);
    std::vector<std::string> genomes;
    for (int i = 0; i < islands; ++i) {
      const Expert &expert = experts_[i % experts_.size()];
      // The island's first fresh proposal may be its expert's classic
      // configuration (after the library's seed, if there is one).
      int firstFresh = i < int(retrieved.size()) ? 1 : 0;
      for (int p = 0; p < population; ++p) {
        bool fromLibrary = p == 0 && i < int(retrieved.size());
        std::string genome = fromLibrary
                                 ? transplant(retrieved[i], retrievedLevels[i])
                                 : propose(expert, nullptr, p == firstFresh);
        std::string name = fromLibrary ? "library" : expert.name;
        if (genome.empty()) {
          const Expert &other = experts_[p % experts_.size()];
          genome = propose(other, nullptr);
          name = other.name;
        }
        seeds[i].push_back({genome, name});
        genomes.push_back(genome);
      }
    }
    precompile(genomes);
    // Round-robin over the islands (the order of `genomes`), each taken as
    // soon as it is compiled.
    std::vector<std::string> order;
    std::vector<std::pair<int, int>> slots;
    for (int p = 0; p < population; ++p)
      for (int i = 0; i < islands; ++i) {
        order.push_back(seeds[i][p].genome);
        slots.push_back({i, p});
      }
    std::vector<bool> taken(order.size());
    for (size_t k = nextCompiled(order, taken); k != SIZE_MAX && !outOfBudget();
         k = nextCompiled(order, taken)) {
      auto [i, p] = slots[k];
      Evaluated e = evaluate(seeds[i][p].genome, seeds[i][p].expert, i, 0);
      note(e);
      island[i].push_back(e);
    }
  }

  // Generations: tournament selection, mutation by an expert (chosen by
  // the parent's diagnosis half of the time), elitism; ring migration every
  // migrateEvery generations.
  double bestSoFar = result_.best.ok ? result_.best.medianMs : INFINITY;
  int stale = 0;
  int generation = 1;
  for (; !outOfBudget(); ++generation) {
    for (int i = 0; i < islands && !outOfBudget(); ++i) {
      std::vector<Evaluated> &members = island[i];
      std::sort(members.begin(), members.end(), better);
      std::vector<Evaluated> next(members.begin(),
                                  members.begin() +
                                      std::min<size_t>(2, members.size()));
      std::vector<Proposal> proposals;
      // Parents outlive the proposals: `members` is not touched until the
      // generation is evaluated.
      for (int attempt = 0; int(next.size() + proposals.size()) < population &&
                            attempt < 4 * population;
           ++attempt) {
        std::uniform_int_distribution<size_t> member(0, members.size() - 1);
        const Evaluated &a = members[member(rng_)];
        const Evaluated &b = members[member(rng_)];
        const Evaluated &parent = better(a, b) ? a : b;
        // Crossover, one child in four: a second tournament picks another
        // passing parent; the child takes the block tile of one and the
        // inner schedule of the other.
        if (rng_() % 4 == 0) {
          const Evaluated &c = members[member(rng_)];
          const Evaluated &d = members[member(rng_)];
          const Evaluated &other = better(c, d) ? c : d;
          std::string child = crossover(parent, other);
          if (!child.empty()) {
            proposals.push_back({child, "crossover", &parent});
            continue;
          }
        }
        const Expert &expert = chooseExpert(parent);
        std::string child = propose(expert, parent.ok ? &parent : nullptr);
        if (!child.empty())
          proposals.push_back(
              {child, expert.name, parent.ok ? &parent : nullptr});
      }
      evaluateAll(proposals, i, generation, next);
      members = std::move(next);
    }
    if (options_.migrateEvery > 0 && generation % options_.migrateEvery == 0)
      for (int i = 0; i < islands; ++i) {
        std::vector<Evaluated> &from = island[i];
        std::vector<Evaluated> &to = island[(i + 1) % islands];
        std::sort(from.begin(), from.end(), better);
        for (int m = 0; m < options_.migrants && m < int(from.size()); ++m)
          to.push_back(from[m]);
      }
    double now = result_.best.ok ? result_.best.medianMs : INFINITY;
    stale = now < bestSoFar ? 0 : stale + 1;
    bestSoFar = std::min(bestSoFar, now);
    if (stale >= options_.patience) {
      result_.stopReason = "converged (no improvement in " +
                           std::to_string(options_.patience) + " generations)";
      break;
    }
  }
  result_.generations = generation;
  remeasureLibraryBest();
  stopCompiling();
  verifyBest();
  // The reference's cached outputs (up to a few GB for large kernels) are
  // of no use after the search.
  if (!options_.workDirectory.empty())
    (void)llvm::sys::fs::remove_directories(options_.workDirectory +
                                            "/reference-cache");
  if (result_.stopReason.empty())
    result_.stopReason = noGpu_ ? "no GPU: foundry-run found no CUDA driver"
                         : stop_ && stop_() ? "interrupted"
                                            : "budget spent";
  return result_;
}

FailureOr<SearchResult> mlir::foundry::searchCpu(
    ModuleOp module, llvm::StringRef kernelName, const SearchOptions &options,
    ExperienceLibrary *library, const std::function<bool()> &stop) {
  Search search(module, kernelName, options, library, stop);
  return search.run();
}
