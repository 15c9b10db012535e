//===- Tiling.cpp - Block, thread and reduction tiling of kernels --------===//
//
// The tiling schedule passes: foundry-tile-blocks, foundry-tile-threads and
// foundry-tile-reduction. All three are thin drivers of the upstream
// TilingInterface transforms (scf::tileConsumerAndFuseProducersUsingSCF and
// scf::tileUsingSCF); what they add is the choice of the op to tile, the GPU
// mapping attributes, and diagnostics for option values the search may throw
// at them, checked before upstream code can assert.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYREDUCETHREADSPASS
#define GEN_PASS_DEF_FOUNDRYTILEBLOCKSPASS
#define GEN_PASS_DEF_FOUNDRYTILEPHASESPASS
#define GEN_PASS_DEF_FOUNDRYTILEREDUCTIONPASS
#define GEN_PASS_DEF_FOUNDRYTILETHREADSPASS
#define GEN_PASS_DEF_FOUNDRYTILEWARPGROUPSPASS
#define GEN_PASS_DEF_FOUNDRYTILEWARPSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

bool mlir::foundry::isBlockLevelForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUBlockMappingAttr>);
}

bool mlir::foundry::isLinearForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, [](Attribute attr) {
           auto device = dyn_cast<DeviceMappingAttrInterface>(attr);
           return device && device.isLinearMapping();
         });
}

bool mlir::foundry::isInsideForall(Operation *op,
                                   function_ref<bool(scf::ForallOp)> level) {
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>())
    if (level(forall))
      return true;
  return false;
}

bool mlir::foundry::isWarpLevelForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUWarpMappingAttr>);
}

bool mlir::foundry::isWarpgroupLevelForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUWarpgroupMappingAttr>);
}

bool mlir::foundry::isThreadLevelForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUThreadMappingAttr>);
}

Value mlir::foundry::skipTensorReshapes(Value value) {
  while (value) {
    if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>())
      value = expand.getSrc();
    else if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>())
      value = collapse.getSrc();
    else
      break;
  }
  return value;
}

/// The tileable op whose result `value` is (through reshapes, which stay
/// outside the tile), or null.
static TilingInterface tileableProducer(Value value) {
  value = skipTensorReshapes(value);
  return value ? value.getDefiningOp<TilingInterface>() : TilingInterface();
}

/// The root of a tile level: the op producing what the level stores. For the
/// kernel body this is the producer of the first yielded value; for an
/// scf.forall it is the producer of the first parallel_insert_slice source.
static TilingInterface findRoot(Block &body) {
  Operation *terminator = body.getTerminator();
  if (auto inParallel = dyn_cast<scf::InParallelOp>(terminator)) {
    for (Operation &op : inParallel.getYieldingOps())
      if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op))
        return tileableProducer(insert.getSource());
    return {};
  }
  if (terminator->getNumOperands() == 0)
    return {};
  return tileableProducer(terminator->getOperand(0));
}

/// The GPU mapping attributes for the tiled loops among `loops` (non-zero
/// entries), innermost first to x, then y, then z: the innermost loop walks
/// contiguous memory, so neighbouring blocks/threads touch neighbouring data.
enum class MappingLevel { Block, Warpgroup, Warp, Thread };

/// Threads per unit of `level` below the block: 128 for a warpgroup (4
/// warps, what wgmma runs on), 32 for a warp, 1 for a thread.
static int64_t threadsPerUnit(MappingLevel level) {
  switch (level) {
  case MappingLevel::Warpgroup:
    return kWarpgroupSize;
  case MappingLevel::Warp:
    return kWarpSize;
  default:
    return 1;
  }
}

static SmallVector<Attribute>
gpuMapping(MLIRContext *ctx, ArrayRef<int64_t> loops, MappingLevel level) {
  static constexpr gpu::MappingId kIds[] = {
      gpu::MappingId::DimX, gpu::MappingId::DimY, gpu::MappingId::DimZ};
  int64_t tiled = llvm::count_if(loops, [](int64_t v) { return v != 0; });
  SmallVector<Attribute> mapping;
  for (int64_t v : loops) {
    if (v == 0)
      continue;
    gpu::MappingId id = kIds[--tiled];
    switch (level) {
    case MappingLevel::Block:
      mapping.push_back(gpu::GPUBlockMappingAttr::get(ctx, id));
      break;
    case MappingLevel::Warpgroup:
      mapping.push_back(gpu::GPUWarpgroupMappingAttr::get(ctx, id));
      break;
    case MappingLevel::Warp:
      mapping.push_back(gpu::GPUWarpMappingAttr::get(ctx, id));
      break;
    case MappingLevel::Thread:
      mapping.push_back(gpu::GPUThreadMappingAttr::get(ctx, id));
      break;
    }
  }
  return mapping;
}

/// Spreads `sizes`, given per parallel loop of `op` (outermost first, missing
/// trailing entries 0), over all loops of `op` (reduction loops get 0).
/// Fails with a diagnostic at `op` on a negative size or too many sizes.
static FailureOr<SmallVector<int64_t>>
perLoopSizes(TilingInterface op, ArrayRef<int64_t> sizes, StringRef passName) {
  SmallVector<utils::IteratorType> iterators = op.getLoopIteratorTypes();
  int64_t numParallel = llvm::count(iterators, utils::IteratorType::parallel);
  if (static_cast<int64_t>(sizes.size()) > numParallel)
    return op.emitOpError() << passName << ": got " << sizes.size()
                            << " tile sizes but the op has only " << numParallel
                            << " parallel loops";
  SmallVector<int64_t> perLoop(iterators.size(), 0);
  size_t next = 0;
  for (auto [index, iterator] : llvm::enumerate(iterators)) {
    if (iterator != utils::IteratorType::parallel)
      continue;
    if (next < sizes.size()) {
      if (sizes[next] < 0)
        return op.emitOpError()
               << passName << ": tile size #" << next << " is " << sizes[next]
               << "; tile sizes are 0 (not tiled) or positive";
      perLoop[index] = sizes[next];
    }
    ++next;
  }
  return perLoop;
}

/// Upper bound of an affine.min/max/apply result expression over operands
/// with known bounds (constants, and dims/symbols through their own
/// bounds), for expressions that do not decrease as an operand grows: sums,
/// products by non-negative constants, floor/ceil divisions by positive
/// ones; `x mod c` is at most c - 1 whatever x is.
static std::optional<int64_t> exprUpperBound(AffineExpr expr, ValueRange dims,
                                             ValueRange symbols, int depth);

static std::optional<int64_t> upperBound(OpFoldResult value, int depth) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  auto v = dyn_cast<Value>(value);
  if (!v || depth > 8)
    return std::nullopt;
  // min(a, b) <= any bounded operand; max(a, b) <= the largest bound of all.
  if (auto min = v.getDefiningOp<affine::AffineMinOp>()) {
    std::optional<int64_t> best;
    for (AffineExpr expr : min.getAffineMap().getResults())
      if (std::optional<int64_t> b = exprUpperBound(
              expr, min.getDimOperands(), min.getSymbolOperands(), depth + 1))
        best = best ? std::min(*best, *b) : *b;
    if (best)
      return best;
  }
  // A window's extent from a tile's (2 * size + 1): a monotone map of
  // bounded operands.
  if (auto apply = v.getDefiningOp<affine::AffineApplyOp>())
    return exprUpperBound(apply.getAffineMap().getResult(0),
                          apply.getDimOperands(), apply.getSymbolOperands(),
                          depth + 1);
  if (auto max = v.getDefiningOp<affine::AffineMaxOp>()) {
    std::optional<int64_t> best;
    for (AffineExpr expr : max.getAffineMap().getResults()) {
      std::optional<int64_t> b = exprUpperBound(
          expr, max.getDimOperands(), max.getSymbolOperands(), depth + 1);
      if (!b)
        return std::nullopt;
      best = best ? std::max(*best, *b) : *b;
    }
    return best;
  }
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(value),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (succeeded(bound))
    return *bound;
  return std::nullopt;
}

static std::optional<int64_t> exprUpperBound(AffineExpr expr, ValueRange dims,
                                             ValueRange symbols, int depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue();
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return upperBound(dims[dim.getPosition()], depth);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return upperBound(symbols[symbol.getPosition()], depth);
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary || depth > 8)
    return std::nullopt;
  auto rhsConstant = dyn_cast<AffineConstantExpr>(binary.getRHS());
  switch (binary.getKind()) {
  case AffineExprKind::Mod:
    if (rhsConstant && rhsConstant.getValue() > 0)
      return rhsConstant.getValue() - 1;
    return std::nullopt;
  case AffineExprKind::Add:
  case AffineExprKind::Mul:
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
    break;
  default:
    return std::nullopt;
  }
  std::optional<int64_t> lhs =
      exprUpperBound(binary.getLHS(), dims, symbols, depth + 1);
  if (!lhs)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    std::optional<int64_t> rhs =
        exprUpperBound(binary.getRHS(), dims, symbols, depth + 1);
    int64_t sum;
    if (!rhs || llvm::AddOverflow(*lhs, *rhs, sum))
      return std::nullopt;
    return sum;
  }
  // Products and divisions are canonicalized with the constant on the
  // right; a negative one would turn the bound into a lower one.
  if (!rhsConstant || rhsConstant.getValue() < 0 ||
      (binary.getKind() != AffineExprKind::Mul && rhsConstant.getValue() == 0))
    return std::nullopt;
  int64_t c = rhsConstant.getValue();
  if (binary.getKind() == AffineExprKind::Mul) {
    int64_t product;
    if (llvm::MulOverflow(*lhs, c, product))
      return std::nullopt;
    return product;
  }
  return binary.getKind() == AffineExprKind::FloorDiv
             ? llvm::divideFloorSigned(*lhs, c)
             : llvm::divideCeilSigned(*lhs, c);
}

std::optional<int64_t>
mlir::foundry::getConstantUpperBound(OpFoldResult value) {
  return upperBound(value, 0);
}

/// perLoopSizes plus the checks every GPU-mapped tiling shares: at least one
/// tiled loop, at most three (`axes` names them in the diagnostic).
static FailureOr<SmallVector<int64_t>> mappedLoopSizes(TilingInterface op,
                                                       ArrayRef<int64_t> sizes,
                                                       StringRef passName,
                                                       StringRef axes) {
  FailureOr<SmallVector<int64_t>> perLoop = perLoopSizes(op, sizes, passName);
  if (failed(perLoop))
    return failure();
  if (llvm::all_of(*perLoop, [](int64_t v) { return v == 0; }))
    return op.emitOpError()
           << passName << ": at least one tile size must be positive";
  if (llvm::count_if(*perLoop, [](int64_t v) { return v != 0; }) > 3)
    return op.emitOpError()
           << passName << ": at most 3 loops can be tiled (" << axes << ")";
  return perLoop;
}

/// Static loop extents of `op`: the constant size of each loop, or for a
/// partial tile the largest size it can have. std::nullopt for a loop
/// without a constant upper bound.
static SmallVector<std::optional<int64_t>>
staticLoopExtents(TilingInterface op) {
  OpBuilder builder(op);
  SmallVector<std::optional<int64_t>> extents;
  for (Range range : op.getIterationDomain(builder))
    extents.push_back(getConstantUpperBound(range.size));
  return extents;
}

/// Erases the ops left dead by tiling and folds the index arithmetic, with the
/// canonicalization patterns of every loaded op.
static void cleanUp(Operation *scope) {
  MLIRContext *ctx = scope->getContext();
  RewritePatternSet patterns(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  // affine.min/max of tile sizes folded with the loop bounds: a tile that
  // always fits gets a static size (and can be vectorized).
  scf::populateSCFForLoopCanonicalizationPatterns(patterns);
  (void)applyPatternsGreedily(scope, std::move(patterns));
  // Fusion along two uses duplicates a producer (a softmax's row max feeds
  // both the exp of the sum and the exp of the output): computed once.
  IRRewriter rewriter(ctx);
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, scope);
}

/// Tiles `root` with `options` and fuses into the tile the producers that
/// `fuseProducer` accepts (given the producer's result and whether it feeds
/// the root's init), then replaces the root's uses; the root is left for
/// cleanUp. Fused producers that `yieldProducer` accepts are yielded by the
/// tile too (upstream yieldProducerReplacement), and their uses outside it
/// read the tile's result.
static LogicalResult
tileAndFuseProducers(TilingInterface root, const scf::SCFTilingOptions &options,
                     StringRef passName,
                     function_ref<bool(OpResult, bool)> fuseProducer,
                     function_ref<bool(Operation *)> yieldProducer = nullptr) {
  IRRewriter rewriter(root);
  rewriter.setInsertionPoint(root);
  scf::SCFTileAndFuseOptions fuseOptions;
  fuseOptions.setTilingOptions(options);
  fuseOptions.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fuseProducer(producer, isDestination))
          return std::nullopt;
        scf::SCFTileAndFuseOptions::ControlFnResult control;
        control.yieldProducerReplacement =
            yieldProducer && yieldProducer(producer.getOwner());
        return control;
      });
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, root, fuseOptions);
  if (failed(result))
    return root.emitOpError() << passName << ": tiling failed";
  for (auto [value, replacement] : result->replacements) {
    if (value.getDefiningOp() == root.getOperation()) {
      rewriter.replaceAllUsesWith(value, replacement);
      continue;
    }
    // A yielded producer: its uses outside the tile.
    Operation *loop =
        result->loops.empty() ? nullptr : result->loops.front().getOperation();
    rewriter.replaceUsesWithIf(value, replacement, [&](OpOperand &use) {
      return !loop || !loop->isAncestor(use.getOwner());
    });
  }
  return success();
}

/// Tiles `root` with `options` and fuses the tileable producers that
/// `fusion` selects into the tile (none unless `fuse`), then replaces the
/// root's uses.
static LogicalResult
tileAndFuse(TilingInterface root, const scf::SCFTilingOptions &options,
            StringRef passName, bool fuse = true,
            ProducerFusion fusion = ProducerFusion::All,
            function_ref<bool(Operation *)> yieldProducer = nullptr) {
  if (!fuse) {
    IRRewriter rewriter(root);
    rewriter.setInsertionPoint(root);
    FailureOr<scf::SCFTilingResult> result =
        scf::tileUsingSCF(rewriter, root, options);
    if (failed(result))
      return root.emitOpError() << passName << ": tiling failed";
    rewriter.replaceOp(root, result->replacements);
    return success();
  }
  return tileAndFuseProducers(
      root, options, passName,
      [fusion](OpResult producer, bool isDestination) {
        // A block tile of its own (foundry-tile-blocks{target=contraction})
        // is a separate kernel: never pulled into another tile.
        if (auto forall = dyn_cast<scf::ForallOp>(producer.getOwner());
            forall && isBlockLevelForall(forall))
          return false;
        // A tile staged in shared memory is filled by the whole block.
        if (isSharedMemoryCopy(producer.getOwner()))
          return false;
        if (fusion == ProducerFusion::InitsOnly && !isDestination)
          return false;
        if (auto linalgOp = dyn_cast<linalg::LinalgOp>(producer.getOwner());
            fusion == ProducerFusion::Elementwise && linalgOp &&
            linalgOp.getNumReductionLoops() > 0)
          return false;
        // A tensor.pad (foundry-pad) fused into a tile would become a
        // buffer per block or thread; it stays a kernel of its own.
        return !isa<tensor::PadOp>(producer.getOwner());
      },
      yieldProducer);
}

/// Follows `op` through the rewrites of reshape fusion: when the op is
/// replaced, the op producing the replacement (through a collapse_shape) is
/// the one to follow.
namespace {
struct FollowReplacements final : RewriterBase::Listener {
  Operation *current;
  explicit FollowReplacements(Operation *op) : current(op) {}
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (op != current || values.empty())
      return;
    Value value = values.front();
    if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>())
      value = collapse.getSrc();
    current = value.getDefiningOp();
  }
  void notifyOperationErased(Operation *op) override {
    if (op == current)
      current = nullptr;
  }
};
} // namespace

void mlir::foundry::privatizeProducers(RewriterBase &rewriter, OpOperand &use,
                                       Operation *scope, int depth) {
  auto producer = use.get().getDefiningOp<linalg::GenericOp>();
  if (!producer || depth > 16 || !scope->isProperAncestor(producer) ||
      producer.getNumLoops() != producer.getNumParallelLoops())
    return;
  if (!use.get().hasOneUse()) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(producer);
    Operation *copy = rewriter.clone(*producer);
    unsigned index = cast<OpResult>(use.get()).getResultNumber();
    rewriter.modifyOpInPlace(use.getOwner(),
                             [&] { use.set(copy->getResult(index)); });
    producer = cast<linalg::GenericOp>(copy);
  }
  for (OpOperand *input : producer.getDpsInputOperands())
    privatizeProducers(rewriter, *input, scope, depth + 1);
}

/// Splits loop `dim` of `op` (static extent E) into three loops
/// [E / (units * width), units, width], outermost first, so that a tiling
/// of the middle loop over `units` threads gives interleaved pieces:
/// in each step the units take consecutive `width`-element pieces, and
/// neighbouring threads touch neighbouring memory (coalesced). The split is
/// a reshape of one input (tensor.expand_shape) folded into `op` and, by
/// upstream reshape fusion by expansion, into its producers inside `scope`;
/// an elementwise op's result comes back through a tensor.collapse_shape.
/// Fails with a diagnostic when E is not a multiple of units * width or no
/// input is indexed by the loop alone.
static FailureOr<linalg::GenericOp>
interleaveLoop(linalg::LinalgOp op, unsigned dim, int64_t units, int64_t width,
               Operation *scope, StringRef passName) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t extent = ranges[dim];
  if (ShapedType::isDynamic(extent) || extent % (units * width) != 0)
    return op.emitOpError()
           << passName << ": interleaving needs a loop extent that is a "
           << "multiple of " << units << " units x " << width
           << " elements, got "
           << (ShapedType::isDynamic(extent) ? std::string("a dynamic extent")
                                             : std::to_string(extent));
  IRRewriter rewriter(op);
  linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return op.emitOpError() << passName << ": cannot generalize the op";
    generic = *generalized;
  }
  // An input whose map names the loop as a plain dimension (and no other
  // dimension twice): reshaping it reshapes the loop.
  OpOperand *input = nullptr;
  int64_t position = -1;
  for (OpOperand *operand : generic.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand->get().getType());
    AffineMap map = generic.getMatchingIndexingMap(operand);
    if (!type || !type.hasStaticShape() || !map.isProjectedPermutation())
      continue;
    for (auto [index, expr] : llvm::enumerate(map.getResults()))
      if (auto d = dyn_cast<AffineDimExpr>(expr); d && d.getPosition() == dim)
        position = index;
    if (position >= 0) {
      input = operand;
      break;
    }
  }
  if (!input)
    return generic.emitOpError()
           << passName << ": no statically shaped input is indexed by loop #"
           << dim
           << " alone (a ragged block tile?), so the loop cannot be "
              "interleaved";
  privatizeProducers(rewriter, *input, scope, /*depth=*/0);
  auto type = cast<RankedTensorType>(input->get().getType());
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    ReassociationIndices group;
    int64_t size = type.getDimSize(i);
    SmallVector<int64_t> parts = {size};
    if (i == position)
      parts = {size / (units * width), units, width};
    for (int64_t part : parts) {
      group.push_back(shape.size());
      shape.push_back(part);
    }
    groups.push_back(group);
  }
  rewriter.setInsertionPoint(generic);
  Location loc = generic.getLoc();
  auto expanded = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
      input->get(), groups);
  auto collapsed =
      tensor::CollapseShapeOp::create(rewriter, loc, type, expanded, groups);
  rewriter.modifyOpInPlace(generic, [&] { input->set(collapsed); });

  // Upstream reshape fusion: the collapse into `generic`, then the expand
  // into the producers, all inside the block tile. Folding is off, or the
  // collapse_shape(expand_shape) pair would fold away first.
  // Only `generic` takes the collapse (its other consumers keep their
  // loops); expand_shapes move into any producer inside the block tile.
  RewritePatternSet patterns(op.getContext());
  Operation *target = generic;
  linalg::populateFoldReshapeOpsByExpansionPatterns(
      patterns, [scope, target](OpOperand *fused) {
        Operation *producer = fused->get().getDefiningOp();
        Operation *owner = fused->getOwner();
        if (isa<linalg::LinalgOp>(owner) && owner != target)
          return false;
        return producer && scope->isProperAncestor(owner) &&
               scope->isProperAncestor(producer);
      });
  const unsigned numLoops = generic.getNumLoops();
  FollowReplacements follow(generic);
  GreedyRewriteConfig config;
  config.enableFolding(false);
  config.setListener(&follow);
  (void)applyPatternsGreedily(scope, std::move(patterns), config);
  // `generic` itself is gone once fused: only `loc` and `numLoops` remain.
  auto result = dyn_cast_or_null<linalg::GenericOp>(follow.current);
  if (!result || result.getNumLoops() != numLoops + 2)
    return emitError(loc) << "'linalg.generic' op " << passName
                          << ": reshape fusion could not interleave loop #"
                          << dim;
  return result;
}

/// Whether some result of `map` decreases along a loop: a negative multiple
/// of a dimension (x[i, 36 - j], a flip).
static bool hasDecreasingIndex(AffineMap map) {
  bool decreasing = false;
  for (AffineExpr result : map.getResults())
    result.walk([&](AffineExpr expr) {
      auto mul = dyn_cast<AffineBinaryOpExpr>(expr);
      if (!mul || mul.getKind() != AffineExprKind::Mul)
        return;
      for (AffineExpr side : {mul.getLHS(), mul.getRHS()})
        if (auto constant = dyn_cast<AffineConstantExpr>(side);
            constant && constant.getValue() < 0)
          decreasing = true;
    });
  return decreasing;
}

/// Upstream tiling of some ops asserts or computes wrong slices instead of
/// failing; rejects them first.
static LogicalResult checkTileable(TilingInterface root, StringRef passName) {
  if (root.getLoopIteratorTypes().empty())
    return root.emitOpError()
           << passName << ": a rank-0 op has no loops to tile";
  // Upstream tiling and fusion take the slice of an operand at the image of
  // the tile's first iteration; a flipped index makes that the slice's far
  // end (wrong values, out-of-bounds accesses). The root and every op its
  // tile may fuse live in its block.
  for (Operation &op : *root->getBlock())
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(&op))
      for (AffineMap map : linalgOp.getIndexingMapsArray())
        if (hasDecreasingIndex(map))
          return linalgOp.emitOpError()
                 << passName << ": the indexing map " << AffineMapAttr::get(map)
                 << " reads a loop in decreasing order (a flip), which "
                    "tiling does not support; write the kernel with "
                    "increasing indices";
  // Tiling a depthwise convolution that is already a tile asserts upstream.
  if (isa<linalg::DepthwiseConv1DNwcWcOp, linalg::DepthwiseConv1DNwcWcmOp,
          linalg::DepthwiseConv2DNhwcHwcOp, linalg::DepthwiseConv2DNhwcHwcmOp,
          linalg::DepthwiseConv2DNchwChwOp, linalg::DepthwiseConv3DNdhwcDhwcOp,
          linalg::DepthwiseConv3DNdhwcDhwcmOp>(root.getOperation()) &&
      root->getParentOfType<scf::ForallOp>())
    return root.emitOpError()
           << passName << ": a depthwise convolution can be tiled only once";
  return success();
}

LogicalResult
mlir::foundry::tileToBlocks(TilingInterface root, ArrayRef<int64_t> sizes,
                            StringRef passName, ProducerFusion fusion,
                            function_ref<bool(Operation *)> yieldProducer) {
  if (failed(checkTileable(root, passName)))
    return failure();
  FailureOr<SmallVector<int64_t>> perLoop =
      mappedLoopSizes(root, sizes, passName, "grid x, y, z");
  if (failed(perLoop))
    return failure();

  // Grid extent of each tiled loop, checked against the sm_90 limits.
  SmallVector<std::optional<int64_t>> extents = staticLoopExtents(root);
  SmallVector<int64_t> grid;
  for (auto [extent, size] : llvm::zip(extents, *perLoop)) {
    if (size == 0)
      continue;
    if (!extent)
      return root.emitOpError() << passName << ": loop extents must be static";
    if (*extent == 0)
      return root.emitOpError() << passName << ": a loop of extent 0";
    grid.push_back(llvm::divideCeil(*extent, std::min(size, *extent)));
  }
  for (auto [index, blocks] : llvm::enumerate(llvm::reverse(grid))) {
    int64_t limit = index == 0 ? kMaxGridX : kMaxGridYZ;
    if (blocks > limit)
      return root.emitOpError()
             << passName << ": " << blocks << " blocks along grid "
             << "xyz"[index] << " exceed the limit of " << limit;
  }

  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  // A tile larger than the loop is the whole loop.
  SmallVector<OpFoldResult> tileSizes;
  Builder builder(root.getContext());
  for (auto [extent, size] : llvm::zip(extents, *perLoop))
    tileSizes.push_back(
        builder.getIndexAttr(extent && size > *extent ? *extent : size));
  options.setTileSizes(tileSizes);
  options.setMapping(
      gpuMapping(root.getContext(), *perLoop, MappingLevel::Block));
  Operation *scope = root->getParentOp();
  if (failed(tileAndFuse(root, options, passName, /*fuse=*/true, fusion,
                         yieldProducer)))
    return failure();
  cleanUp(scope);
  return success();
}

/// Rewrites `op`, whose body reads `linalg.index dim`, to read that index
/// from a new input instead: a tensor<extent x index> produced by a
/// linalg.generic yielding its own index. Tiling and fusion offset the
/// producer's index per tile, which partial-reduction tiling does not do for
/// the index ops of the op it splits.
static FailureOr<linalg::GenericOp>
materializeIndex(linalg::LinalgOp linalgOp, unsigned dim, int64_t extent) {
  auto op = dyn_cast<linalg::GenericOp>(linalgOp.getOperation());
  if (!op)
    return failure();
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  IRRewriter rewriter(ctx);
  rewriter.setInsertionPoint(op);
  Type indexType = rewriter.getIndexType();
  Value empty = tensor::EmptyOp::create(rewriter, loc,
                                        ArrayRef<int64_t>{extent}, indexType);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  auto iota = linalg::GenericOp::create(
      rewriter, loc, TypeRange{empty.getType()}, ValueRange{}, ValueRange{empty},
      ArrayRef<AffineMap>{identity},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
      [](OpBuilder &builder, Location bodyLoc, ValueRange) {
        Value index = linalg::IndexOp::create(builder, bodyLoc, 0);
        linalg::YieldOp::create(builder, bodyLoc, index);
      });
  SmallVector<Value> inputs(op.getDpsInputs());
  inputs.push_back(iota.getResult(0));
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands())
    maps.push_back(op.getMatchingIndexingMap(input));
  maps.push_back(AffineMap::get(op.getNumLoops(), 0,
                                {getAffineDimExpr(dim, ctx)}, ctx));
  for (OpOperand &init : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&init));
  auto rewritten = linalg::GenericOp::create(
      rewriter, loc, op.getResultTypes(), inputs, op.getDpsInits(), maps,
      op.getIteratorTypesArray());
  rewriter.inlineRegionBefore(op.getRegion(), rewritten.getRegion(),
                              rewritten.getRegion().end());
  Block &body = rewritten.getRegion().front();
  BlockArgument index =
      body.insertArgument(op.getNumDpsInputs(), indexType, loc);
  SmallVector<linalg::IndexOp> reads;
  body.walk([&](linalg::IndexOp read) {
    if (read.getDim() == dim)
      reads.push_back(read);
  });
  for (linalg::IndexOp read : reads)
    rewriter.replaceOp(read, index);
  rewriter.replaceOp(op, rewritten.getResults());
  return rewritten;
}

bool mlir::foundry::isFilterConvolution(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalg::isaConvolutionOpInterface(linalgOp) ||
      linalgOp->getNumRegions() != 1 || linalgOp->getRegion(0).empty())
    return false;
  return llvm::any_of(linalgOp.getBlock()->getOperations(), [](Operation &o) {
    return isa<arith::MulFOp, arith::MulIOp>(o);
  });
}

namespace mlir::foundry {
namespace {

struct FoundryTileBlocksPass final
    : impl::FoundryTileBlocksPassBase<FoundryTileBlocksPass> {
  using Base::Base;

  LogicalResult tileKernel(KernelOp kernel) {
    constexpr StringLiteral kPass = "foundry-tile-blocks";
    Block &body = kernel.getBody().front();
    TilingInterface root;
    // The first op at the kernel's top level (not in a block tile yet)
    // that `matches`.
    auto firstOp = [&](function_ref<bool(Operation &)> matches) {
      for (Operation &op : body)
        if (matches(op))
          return cast<TilingInterface>(op);
      return TilingInterface();
    };
    if (target == "contraction") {
      root = firstOp([](Operation &op) {
        auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        return linalgOp && (linalg::isaContractionOpInterface(linalgOp) ||
                            isFilterConvolution(linalgOp));
      });
      if (!root)
        return kernel.emitOpError()
               << kPass << ": target=contraction, but the kernel has no "
                           "contraction or convolution outside a block tile";
    } else if (target == "reduction") {
      // The first reduction before the root, not a contraction or a
      // convolution with a filter (target=contraction takes those; a
      // pooling window is a reduction); ops at the kernel's top level are
      // not in a block tile yet.
      TilingInterface resultOp = findRoot(body);
      for (Operation &op : body) {
        auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        if (!linalgOp || linalgOp.getNumReductionLoops() == 0 ||
            (resultOp && &op == resultOp.getOperation()) ||
            linalg::isaContractionOpInterface(linalgOp) ||
            isFilterConvolution(linalgOp))
          continue;
        root = dyn_cast<TilingInterface>(op);
        if (root)
          break;
      }
      if (!root)
        return kernel.emitOpError()
               << kPass
               << ": target=reduction, but the kernel has no reduction "
                  "outside a block tile besides the producer of its result";
    } else if (target == "result") {
      root = findRoot(body);
      if (!root) {
        // The result comes out of a block tile already.
        Operation *terminator = body.getTerminator();
        Value result = terminator->getNumOperands()
                           ? skipTensorReshapes(terminator->getOperand(0))
                           : Value();
        auto forall = result ? result.getDefiningOp<scf::ForallOp>()
                             : scf::ForallOp();
        if (forall && isBlockLevelForall(forall))
          return kernel.emitOpError()
                 << kPass << ": the kernel is already tiled to blocks";
        return kernel.emitOpError()
               << kPass
               << ": the first result is not produced by a tileable op";
      }
    } else if (target == "transpose") {
      // The first transposing copy not yet in a block tile: what
      // foundry-transpose-a and -b put before a contraction.
      root = firstOp(
          [](Operation &op) { return isa<linalg::TransposeOp>(op); });
      if (!root)
        return kernel.emitOpError()
               << kPass << ": target=transpose, but the kernel has no "
                           "linalg.transpose outside a block tile";
    } else {
      return kernel.emitOpError()
             << kPass
             << ": target must be result, contraction, reduction or "
                "transpose, got '"
             << target << "'";
    }
    ProducerFusion fusion = ProducerFusion::All;
    if (fuse == "elementwise")
      fusion = ProducerFusion::Elementwise;
    else if (fuse != "all")
      return kernel.emitOpError()
             << kPass << ": fuse must be all or elementwise, got '" << fuse
             << "'";
    // A contraction, reduction or transpose tiled as a kernel of its own
    // takes only its init, or (fuse=elementwise) also the producers of its
    // operands without reduction loops: an im2col gather computed per tile
    // (an implicit GEMM) instead of through memory.
    if ((target == "contraction" || target == "reduction" ||
         target == "transpose") &&
        fusion == ProducerFusion::All)
      fusion = ProducerFusion::InitsOnly;
    return tileToBlocks(root, sizes, kPass, fusion);
  }

  void runOnOperation() override {
    WalkResult walk = getOperation()->walk([&](KernelOp kernel) {
      return failed(tileKernel(kernel)) ? WalkResult::interrupt()
                                        : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

/// Tiles `op` over units (threads or warps, per `level`) into an scf.forall:
/// `sizes` is one unit's tile per parallel loop. Returns the number of
/// units, or fails with a diagnostic (more than 1024 threads, bad sizes).
static FailureOr<int64_t>
tileToUnits(TilingInterface op, ArrayRef<int64_t> sizes, MappingLevel level,
            StringRef passName, bool fuse,
            ProducerFusion fusion = ProducerFusion::All) {
  if (failed(checkTileable(op, passName)))
    return failure();
  FailureOr<SmallVector<int64_t>> perLoop =
      mappedLoopSizes(op, sizes, passName, "x, y, z");
  if (failed(perLoop))
    return failure();

  // Units per loop: the block tile extent over the unit's tile. A static
  // count is what lets the forall map onto a fixed block; the unit's tile
  // stays a constant, so every buffer it needs has a static bound.
  const int64_t unitThreads = threadsPerUnit(level);
  SmallVector<std::optional<int64_t>> extents = staticLoopExtents(op);
  SmallVector<OpFoldResult> numUnits, tileSizes;
  Builder builder(op.getContext());
  int64_t total = 1;
  SmallVector<int64_t> mapped;
  for (auto [index, pair] : llvm::enumerate(llvm::zip(extents, *perLoop))) {
    auto [extent, size] = pair;
    int64_t units = 0;
    if (size != 0) {
      if (!extent)
        return op.emitOpError()
               << passName << ": cannot bound the block tile extent of loop #"
               << index;
      if (*extent == 0)
        return op.emitOpError() << passName << ": a loop of extent 0";
      units = llvm::divideCeil(*extent, std::min(size, *extent));
      total *= units;
      if (total * unitThreads > kMaxThreadsPerBlock)
        return op.emitOpError()
               << passName << ": more than " << kMaxThreadsPerBlock
               << " threads per block (tile sizes give at least "
               << total * unitThreads << ")";
    }
    mapped.push_back(units);
    numUnits.push_back(builder.getIndexAttr(units));
    tileSizes.push_back(builder.getIndexAttr(
        size == 0 ? 0 : std::min(size, extent.value_or(size))));
  }
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setNumThreads(numUnits);
  options.setTileSizes(tileSizes);
  options.setMapping(gpuMapping(op.getContext(), mapped, level));
  if (failed(tileAndFuse(op, options, passName, fuse, fusion)))
    return failure();
  return total;
}

/// Spreads a 2-D all-parallel op (a copy into shared memory, or a gather
/// computing a shared tile; other loops of extent 1 allowed, as in a
/// batched or split-K GEMM's tile) over `threads` threads of the block,
/// coalesced: consecutive threads take consecutive 16-byte pieces
/// (4 elements; single elements for a gather) of the innermost dimension, on
/// linear thread ids (#gpu.thread<linear_dim_i>) so that it fits any block
/// shape. Fails (without a diagnostic) for other ops.
static LogicalResult distributeOverThreads(TilingInterface op, int64_t threads,
                                           StringRef passName) {
  SmallVector<utils::IteratorType> iterators = op.getLoopIteratorTypes();
  SmallVector<std::optional<int64_t>> extents = staticLoopExtents(op);
  size_t rank = iterators.size();
  if (rank < 2 ||
      llvm::any_of(iterators,
                   [](auto t) { return t != utils::IteratorType::parallel; }) ||
      llvm::any_of(extents, [](auto e) { return !e; }))
    return failure();
  // The innermost loop, and the one other loop of extent above 1 (else the
  // one before the innermost): the rows and columns of the tile.
  size_t colDim = rank - 1, rowDim = rank - 2;
  int64_t others = 0;
  for (size_t i = 0; i + 1 < rank; ++i)
    if (*extents[i] != 1) {
      rowDim = i;
      ++others;
    }
  if (others > 1)
    return failure();
  int64_t rows = *extents[rowDim], cols = *extents[colDim];
  if (rows == 0 || cols == 0)
    return failure();
  // A copy moves 16-byte pieces; an op computing the tile (a gather) one
  // element per thread along the row, so a warp's loads are contiguous.
  int64_t width =
      isa<linalg::CopyOp>(op.getOperation()) && cols % 4 == 0 ? 4 : 1;
  // Threads along a row: as many pieces as the row has, at most `threads`,
  // and a divisor of both.
  int64_t across = std::min(cols / width, threads);
  while (across > 1 && ((cols / width) % across || threads % across))
    --across;
  int64_t down = std::min(threads / across, rows);
  MLIRContext *ctx = op.getContext();
  Builder builder(ctx);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  // Unit loops: not tiled (0).
  SmallVector<OpFoldResult> numThreads(rank, builder.getIndexAttr(0)),
      tileSizes(rank, builder.getIndexAttr(0));
  numThreads[rowDim] = builder.getIndexAttr(down);
  numThreads[colDim] = builder.getIndexAttr(across);
  tileSizes[rowDim] = builder.getIndexAttr(llvm::divideCeil(rows, down));
  tileSizes[colDim] = builder.getIndexAttr(cols / across);
  options.setNumThreads(numThreads);
  options.setTileSizes(tileSizes);
  options.setMapping(
      {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim1),
       gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim0)});
  return tileAndFuse(op, options, passName, /*fuse=*/false);
}

/// Distributes a block tile whose result comes out of a block-level k-loop
/// (foundry-tile-reduction, foundry-promote): the ops with reductions in the
/// loop go to units with `sizes`, the other linalg ops of the block (the
/// accumulator's fill, epilogues) likewise, and the shared-memory copies
/// over all the block's threads. Each op is tiled on its own: the copies
/// must stay block-wide.
static LogicalResult distributeKLoopBlock(scf::ForallOp block,
                                          ArrayRef<int64_t> sizes,
                                          MappingLevel level,
                                          StringRef passName) {
  SmallVector<linalg::LinalgOp> compute, copies, others;
  block.getBody()->walk([&](linalg::LinalgOp op) {
    if (!op.hasPureTensorSemantics() ||
        op->getParentOfType<scf::ForallOp>() != block)
      return;
    if (isSharedMemoryCopy(op))
      copies.push_back(op);
    else if (op.getNumReductionLoops() > 0)
      compute.push_back(op);
    else
      others.push_back(op);
  });
  if (compute.empty())
    return block.emitOpError()
           << passName
           << ": the block tile has no op with a reduction to "
              "distribute";
  // Operands computed in the k-loop but not staged (an im2col gather
  // without foundry-promote) are computed by each unit for its own tile:
  // a block-level temporary would become per-thread buffers, each holding
  // only what its thread computed.
  int64_t threads = 0;
  for (linalg::LinalgOp op : compute) {
    FailureOr<int64_t> units = tileToUnits(
        cast<TilingInterface>(op.getOperation()), sizes, level, passName,
        /*fuse=*/true, ProducerFusion::Elementwise);
    if (failed(units))
      return failure();
    threads = std::max(threads, *units * threadsPerUnit(level));
    if (op->use_empty())
      op->erase();
  }
  // The producers fused above are left without users.
  llvm::erase_if(others, [](linalg::LinalgOp op) {
    if (!op->use_empty())
      return false;
    op->erase();
    return true;
  });
  // The fill of the accumulator and epilogues take the compute op's
  // distribution: block-level temporaries become per-thread buffers, so
  // every op must touch exactly the elements its thread computed. (In a warp
  // tile every lane therefore redoes its warp's fill.) The shared-memory
  // copies spread over all threads of the block.
  for (linalg::LinalgOp op : others)
    if (failed(tileToUnits(cast<TilingInterface>(op.getOperation()), sizes,
                           level, passName, /*fuse=*/false)))
      return failure();
  for (linalg::LinalgOp op : copies)
    if (failed(distributeOverThreads(cast<TilingInterface>(op.getOperation()),
                                     threads, passName)))
      return op.emitOpError() << passName
                              << ": only static 2-D shared-memory tiles are "
                                 "distributed";
  return success();
}

/// foundry-tile-threads with interleaving: the innermost tiled loop of
/// `root` (extent E, thread tile C) is split into [C / width, E / C, width]
/// (interleaveLoop), the middle loop goes to E / C threads, and each
/// thread walks its C / width pieces in an scf.for, one `width`-element
/// piece per step (a vector access once vectorized).
static LogicalResult interleaveOverThreads(TilingInterface root,
                                           scf::ForallOp block,
                                           ArrayRef<int64_t> sizes,
                                           int64_t width, StringRef passName) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(root.getOperation());
  if (!linalgOp)
    return root.emitOpError()
           << passName << ": only linalg ops can be interleaved";
  if (failed(checkTileable(root, passName)))
    return failure();
  FailureOr<SmallVector<int64_t>> perLoop =
      mappedLoopSizes(root, sizes, passName, "x, y, z");
  if (failed(perLoop))
    return failure();
  int64_t dim = -1;
  for (auto [index, size] : llvm::enumerate(*perLoop))
    if (size != 0)
      dim = index;
  SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
  int64_t extent = ranges[dim], tile = (*perLoop)[dim];
  if (ShapedType::isDynamic(extent) || extent % tile != 0 || tile % width != 0)
    return root.emitOpError()
           << passName << ": interleaving needs a thread tile (" << tile
           << ") that divides the loop ("
           << (ShapedType::isDynamic(extent) ? std::string("dynamic")
                                             : std::to_string(extent))
           << ") and is a multiple of the piece width (" << width << ")";
  int64_t units = extent / tile;
  FailureOr<linalg::GenericOp> split =
      interleaveLoop(linalgOp, dim, units, width, block, passName);
  if (failed(split))
    return failure();

  // Thread tile of the split op: the piece loop whole, one unit per thread,
  // the piece whole; the other loops as given.
  SmallVector<int64_t> newPerLoop(perLoop->begin(), perLoop->end());
  newPerLoop[dim] = 0;
  newPerLoop.insert(newPerLoop.begin() + dim + 1, {1, 0});
  SmallVector<int64_t> newSizes;
  for (auto [iterator, size] :
       llvm::zip(split->getIteratorTypesArray(), newPerLoop))
    if (iterator == utils::IteratorType::parallel)
      newSizes.push_back(size);
  auto splitOp = cast<TilingInterface>(split->getOperation());
  if (failed(tileToUnits(splitOp, newSizes, MappingLevel::Thread, passName,
                         /*fuse=*/true)))
    return failure();
  if (tile / width == 1)
    return success();

  // One piece per step of an scf.for inside each thread.
  scf::ForallOp threadTile;
  block.getBody()->walk([&](scf::ForallOp forall) {
    if (isThreadLevelForall(forall) && !isLinearForall(forall))
      threadTile = forall;
  });
  TilingInterface threadRoot =
      threadTile ? findRoot(*threadTile.getBody()) : TilingInterface();
  if (!threadRoot)
    return block.emitOpError()
           << passName << ": the interleaved thread tile has no root op";
  Builder builder(block.getContext());
  SmallVector<OpFoldResult> steps(newPerLoop.size(), builder.getIndexAttr(0));
  steps[dim] = builder.getIndexAttr(1);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
  options.setTileSizes(steps);
  if (failed(tileAndFuse(threadRoot, options, passName)))
    return failure();
  // What does not change per piece (the merge of a reduction's partial
  // results, say) is computed once per thread, not once per step.
  threadTile.walk(
      [](LoopLikeOpInterface loop) { (void)moveLoopInvariantCode(loop); });
  return success();
}

/// True if the block tile `block` is already spread over threads or warps
/// (foundry-tile-threads, -warps, -phases, foundry-split-reduction's
/// blocks). Loops on linear thread ids (foundry-reduce-threads' partial
/// reductions, shared-memory copies) leave the rest to distribute.
static bool isDistributed(scf::ForallOp block) {
  if (block->hasAttr(kSplitReductionAttr) || block->hasAttr(kPhasesAttr))
    return true;
  bool distributed = false;
  block.getBody()->walk([&](scf::ForallOp inner) {
    distributed |= !isLinearForall(inner) &&
                   (isThreadLevelForall(inner) || isWarpLevelForall(inner) ||
                    isWarpgroupLevelForall(inner));
  });
  return distributed;
}

/// True if `root`, the op a block tile's units are to split, writes a
/// block-level private buffer: the merge of foundry-reduce-threads' partial
/// results starts from a buffer of each thread's own
/// (mergeIntoPrivateInits), right while every thread computes the whole
/// merge, but split over units each would fill only its part of its own
/// copy, and every thread would then store its copy (the others' parts
/// never written) into the output. Such a merge stays block-level code.
/// The buffer is found through the ops that write its initial value (the
/// merge's fill or copy). Found on the row sums of sigmoid(x @ W^T + b),
/// 128 rows of 32768 (H200, 2026-12-02): merged by one thread of 64 after
/// foundry-tile-threads, they came out near 1 instead of 16382 (rejected by
/// the search's check).
static bool writesPrivateBuffer(Operation *root) {
  auto op = dyn_cast<linalg::LinalgOp>(root);
  if (!op)
    return false;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    Value dest = init.get();
    while (auto producer = dest.getDefiningOp<linalg::LinalgOp>()) {
      if (producer.getNumDpsInits() != 1 ||
          producer.getNumReductionLoops() != 0)
        break;
      dest = producer.getDpsInitOperand(0)->get();
    }
    auto alloc = dest.getDefiningOp<bufferization::AllocTensorOp>();
    if (alloc && !alloc.getMemorySpace() &&
        alloc->getBlock() == root->getBlock())
      return true;
  }
  return false;
}

/// Distributes each block tile of the kernels under `root` over the units of
/// `level`, threads, warps or warpgroups (foundry-tile-threads, -warps,
/// -warpgroups): `sizes` is the tile of one unit per parallel loop.
static LogicalResult distributeBlockTiles(Operation *root,
                                          ArrayRef<int64_t> sizes,
                                          MappingLevel level,
                                          int64_t interleave,
                                          StringRef passName) {
  SmallVector<scf::ForallOp> blocks;
  root->walk([&](scf::ForallOp forall) {
    if (isBlockLevelForall(forall) && forall->getParentOfType<KernelOp>())
      blocks.push_back(forall);
  });
  if (blocks.empty()) {
    bool any = false;
    root->walk([&](KernelOp kernel) {
      kernel.emitOpError() << passName
                           << ": no block tile; run foundry-tile-blocks first";
      any = true;
    });
    return failure(any);
  }
  // Block tiles distributed by an earlier pass (a GEMM split from what
  // follows it, say) are left as they are; if all are, that is an error.
  // Decided before any is distributed here: the tiles this pass distributes
  // first must not make a later one look like the last of its kind.
  SmallVector<bool> distributedBefore =
      llvm::map_to_vector(blocks, isDistributed);
  if (llvm::all_of(distributedBefore, [](bool d) { return d; }))
    return blocks.front().emitOpError()
           << passName << ": the block tile is already distributed";
  for (auto [block, distributed] : llvm::zip(blocks, distributedBefore)) {
    Block &body = *block.getBody();
    if (distributed)
      continue;
    // A block-level k-loop (foundry-tile-reduction before this pass): each
    // op on its own, so that shared-memory copies stay block-wide.
    if (!body.getOps<scf::ForOp>().empty()) {
      if (failed(distributeKLoopBlock(block, sizes, level, passName)))
        return failure();
      continue;
    }
    if (TilingInterface tileRoot = findRoot(body)) {
      if (writesPrivateBuffer(tileRoot))
        continue;
      if (interleave > 0) {
        if (failed(interleaveOverThreads(tileRoot, block, sizes, interleave,
                                         passName)))
          return failure();
        continue;
      }
      if (failed(tileToUnits(tileRoot, sizes, level, passName, /*fuse=*/true)))
        return failure();
      continue;
    }
    return block.emitOpError()
           << passName << ": the block tile is not produced by a tileable op";
  }
  root->walk([&](KernelOp kernel) { cleanUp(kernel); });
  return success();
}

/// Threads per loop for one phase of foundry-tile-phases: the parallel
/// loops of `extents` above 1 (at most three, innermost first) take up to
/// `threads` threads, the innermost `width` consecutive elements per thread
/// where `width` divides it. A loop takes the largest divisor of its
/// extent that fits, so tiles stay static, unless that divisor is under
/// half of what fits (a prime extent): then every thread that fits, the
/// last tile ragged. 0 for loops left whole.
static SmallVector<int64_t> phaseThreads(ArrayRef<int64_t> extents,
                                         int64_t threads, int64_t width) {
  SmallVector<int64_t> units(extents.size(), 0);
  int64_t left = threads, tiled = 0;
  bool innermost = true;
  for (size_t i = extents.size(); i-- > 0 && tiled < 3 && left > 1;) {
    int64_t extent = extents[i];
    if (extent <= 1)
      continue;
    int64_t chunk = innermost && extent % width == 0 ? width : 1;
    innermost = false;
    int64_t pieces = extent / chunk, fits = std::min(pieces, left);
    int64_t divisor = fits;
    while (pieces % divisor)
      --divisor;
    int64_t n = 2 * divisor >= fits ? divisor : fits;
    // One thread along a loop: the loop stays whole in every tile.
    if (n == 1)
      continue;
    units[i] = n;
    left /= n;
    ++tiled;
  }
  return units;
}

/// Puts the buffer that the phase `op` of the block tile `body` writes in
/// shared memory, where it is a block-level temporary (a tile of a
/// tensor.empty): every thread of the block reads what the others
/// computed. The buffer is found through the ops producing `op`'s inits
/// that tiling fuses as destinations (its accumulator's fill, a broadcast
/// it starts from); a ragged block's tile is a slice of a buffer of the
/// full tile. Producers fused into the threads' tiles as inputs keep their
/// tensor.empty: each thread's own buffer.
static LogicalResult shareTemporaries(linalg::LinalgOp op, Block &body,
                                      RewriterBase &rewriter,
                                      StringRef passName) {
  for (OpOperand &init : op.getDpsInitsMutable()) {
    // A result nothing reads (an argmax's values, beside the indices it
    // returns) stays in each thread's own buffer.
    if (op.getTiedOpResult(&init).use_empty())
      continue;
    OpOperand *dest = &init;
    while (auto producer = dest->get().getDefiningOp<linalg::LinalgOp>()) {
      if (producer->getBlock() != &body ||
          producer.getNumReductionLoops() != 0 || !dest->get().hasOneUse())
        break;
      dest = producer.getDpsInitOperand(
          cast<OpResult>(dest->get()).getResultNumber());
    }
    if (!isEmptyTensorSlice(dest->get()))
      continue;
    Operation *owner = dest->getOwner();
    auto type = cast<RankedTensorType>(dest->get().getType());
    rewriter.setInsertionPoint(owner);
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, owner->getLoc(), dest->get());
    SmallVector<int64_t> bounds;
    for (OpFoldResult size : sizes) {
      std::optional<int64_t> bound = getConstantUpperBound(size);
      if (!bound)
        return owner->emitOpError()
               << passName
               << ": cannot bound the size of a block-level temporary";
      bounds.push_back(*bound);
    }
    Value shared =
        createSharedMemoryTensor(rewriter, owner->getLoc(), type.clone(bounds));
    if (!type.hasStaticShape())
      shared = tensor::ExtractSliceOp::create(
          rewriter, owner->getLoc(), type, shared,
          SmallVector<OpFoldResult>(bounds.size(), rewriter.getIndexAttr(0)),
          sizes,
          SmallVector<OpFoldResult>(bounds.size(), rewriter.getIndexAttr(1)));
    rewriter.modifyOpInPlace(owner, [&] { dest->set(shared); });
  }
  return success();
}

/// foundry-tile-phases on the block tile `block`: every linalg op of it on
/// its own over up to `threads` threads (phaseThreads), last first (each
/// phase's forall takes the op's place, so they run in program order),
/// what each writes in shared memory (shareTemporaries), elementwise
/// producers fused into their readers' thread tiles.
static LogicalResult distributePhases(scf::ForallOp block, int64_t threads,
                                      int64_t width, StringRef passName) {
  Block &body = *block.getBody();
  if (!body.getOps<scf::ForOp>().empty())
    return block.emitOpError()
           << passName
           << ": the block tile has a k-loop (foundry-tile-reduction); "
              "run foundry-tile-phases before it";
  IRRewriter rewriter(block.getContext());
  // Each op gets an init of its own, so that no result overwrites a buffer
  // another op still reads (bufferization would otherwise copy it at block
  // level, on every thread, without a barrier): a fill read by two ops (a
  // scan's group totals and offsets both start from zeros) is cloned; an
  // op accumulating onto another's result that is also read elsewhere
  // starts from a copy of it, which each thread makes of its own tile.
  for (auto op : llvm::to_vector(body.getOps<linalg::LinalgOp>()))
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto producer = init.get().getDefiningOp<linalg::LinalgOp>();
      if (!producer || producer->getBlock() != &body || init.get().hasOneUse())
        continue;
      rewriter.setInsertionPoint(op);
      Value own;
      if (isa<linalg::FillOp>(producer)) {
        own = rewriter.clone(*producer)->getResult(
            cast<OpResult>(init.get()).getResultNumber());
      } else {
        Location loc = op.getLoc();
        Value empty = tensor::EmptyOp::create(
            rewriter, loc, tensor::getMixedSizes(rewriter, loc, init.get()),
            cast<RankedTensorType>(init.get().getType()).getElementType());
        own = linalg::CopyOp::create(rewriter, loc, init.get(), empty)
                  .getResult(0);
      }
      rewriter.modifyOpInPlace(op, [&] { init.set(own); });
    }
  MLIRContext *ctx = block.getContext();
  Builder builder(ctx);
  for (;;) {
    // Each phase's op, and producers fused into every reader, are left
    // without users.
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
      if (isa<linalg::LinalgOp>(op) && isOpTriviallyDead(&op))
        rewriter.eraseOp(&op);
    linalg::LinalgOp last;
    for (Operation &op : llvm::reverse(body))
      if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
          linalgOp && linalgOp.hasPureTensorSemantics()) {
        last = linalgOp;
        break;
      }
    if (!last)
      break;
    auto op = cast<TilingInterface>(last.getOperation());
    if (failed(checkTileable(op, passName)) ||
        failed(shareTemporaries(last, body, rewriter, passName)))
      return failure();
    SmallVector<utils::IteratorType> iterators = op.getLoopIteratorTypes();
    SmallVector<std::optional<int64_t>> extents = staticLoopExtents(op);
    SmallVector<int64_t> parallel;
    for (auto [iterator, extent] : llvm::zip(iterators, extents)) {
      if (!extent)
        return op.emitOpError()
               << passName << ": a loop without a static extent";
      if (iterator == utils::IteratorType::parallel)
        parallel.push_back(*extent);
    }
    if (parallel.empty())
      return op.emitOpError()
             << passName
             << ": an op without parallel loops (a reduction to a scalar: "
                "foundry-reduce-threads splits it over threads)";
    // `width` shapes the accesses of the phase writing the block's result
    // to global memory; the others write shared memory, and a wider tile
    // there only lengthens each thread's serial work (a scan's offsets).
    bool writesResult = llvm::any_of(last->getUsers(), [&](Operation *user) {
      return isa<tensor::ParallelInsertSliceOp>(user) &&
             user->getParentOp() == block.getTerminator();
    });
    SmallVector<int64_t> units =
        phaseThreads(parallel, threads, writesResult ? width : 1);
    // A phase of a single element still gets one thread of its own.
    if (llvm::all_of(units, [](int64_t n) { return n == 0; }))
      units.front() = 1;
    SmallVector<OpFoldResult> numThreads, tileSizes;
    SmallVector<Attribute> mapping;
    int64_t tiledLoops = llvm::count_if(units, [](int64_t n) { return n; });
    size_t next = 0;
    for (auto [iterator, extent] : llvm::zip(iterators, extents)) {
      int64_t n = 0;
      if (iterator == utils::IteratorType::parallel)
        n = units[next++];
      numThreads.push_back(builder.getIndexAttr(n));
      tileSizes.push_back(
          builder.getIndexAttr(n ? llvm::divideCeil(*extent, n) : 0));
      if (n)
        mapping.push_back(gpu::GPUThreadMappingAttr::get(
            ctx, static_cast<gpu::MappingId>(
                     static_cast<int64_t>(gpu::MappingId::LinearDim0) +
                     --tiledLoops)));
    }
    scf::SCFTilingOptions options;
    options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    options.setNumThreads(numThreads);
    options.setTileSizes(tileSizes);
    options.setMapping(mapping);
    if (failed(tileAndFuseProducers(
            op, options, passName, [&](OpResult producer, bool) {
              auto linalgOp = dyn_cast<linalg::LinalgOp>(producer.getOwner());
              return linalgOp && linalgOp->getBlock() == &body &&
                     linalgOp.getNumReductionLoops() == 0;
            })))
      return failure();
  }
  block->setAttr(kPhasesAttr, rewriter.getUnitAttr());
  return success();
}

/// The warp-level reduction (gpu.subgroup_reduce) of the merge `merge`
/// (a linalg.reduce or generic whose body is one combining op), if it has
/// one: upstream's combining kind of the op (linalg::getCombinerOpKind),
/// matched against upstream's kind of each warp reduction
/// (gpu::convertReductionKind).
static std::optional<gpu::AllReduceOperation>
warpReductionKind(linalg::LinalgOp merge) {
  Block *body = merge.getBlock();
  if (!body || body->getOperations().size() != 2)
    return std::nullopt;
  std::optional<vector::CombiningKind> kind =
      linalg::getCombinerOpKind(&body->front());
  if (!kind)
    return std::nullopt;
  for (uint32_t value = 0; value <= gpu::getMaxEnumValForAllReduceOperation();
       ++value)
    if (std::optional<gpu::AllReduceOperation> op =
            gpu::symbolizeAllReduceOperation(value);
        op && gpu::convertReductionKind(*op) == *kind)
      return op;
  return std::nullopt;
}

/// The merges of the partial reduction `forall` (the one user of each of
/// its results) start from a buffer of their own: a fill of it where they
/// started from a `linalg.fill`, else a copy of their initial value made
/// before the forall. Merges are block-level code, run by every
/// thread of the block: merging into the filled slice of the kernel's
/// output would be a read-modify-write of the same global element by all
/// threads, where a late thread reads what an early one already merged.
/// A block-level buffer is private to each thread (an alloca, see
/// foundry-map-forall-to-gpu); the merged value is then stored into the
/// output, the same value from every thread.
static void mergeIntoPrivateInits(scf::ForallOp forall) {
  IRRewriter rewriter(forall.getContext());
  DominanceInfo dominance;
  for (Value result : forall.getResults()) {
    if (!result.hasOneUse())
      continue;
    // With shuffles, the merge reads a strided slice of the results.
    Operation *user = *result.getUsers().begin();
    if (isa<tensor::ExtractSliceOp>(user) && user->hasOneUse())
      user = *user->getUsers().begin();
    auto merge = dyn_cast<linalg::LinalgOp>(user);
    if (!merge || merge.getNumDpsInits() != 1)
      continue;
    OpOperand *init = merge.getDpsInitOperand(0);
    auto type = dyn_cast<RankedTensorType>(init->get().getType());
    if (!type || !type.hasStaticShape())
      continue;
    auto fill = init->get().getDefiningOp<linalg::FillOp>();
    // Any other initial value is copied before the forall, whose end every
    // thread waits at: all reads of it come before any thread's store.
    if (!fill && !dominance.properlyDominates(init->get(), forall))
      continue;
    rewriter.setInsertionPoint(fill ? merge.getOperation()
                                    : forall.getOperation());
    Location loc = merge.getLoc();
    // Not a tensor.empty: empty-tensor elimination would put the merge
    // back into the output's slice.
    Value buffer =
        bufferization::AllocTensorOp::create(rewriter, loc, type, ValueRange());
    Value privateInit =
        fill ? linalg::FillOp::create(rewriter, loc, fill.getInputs(), buffer)
                   .getResult(0)
             : linalg::CopyOp::create(rewriter, loc, init->get(), buffer)
                   .getResult(0);
    rewriter.modifyOpInPlace(merge, [&] { init->set(privateInit); });
  }
}

/// The attribute that marks, until the end of foundry-reduce-threads, a
/// partial-reduction forall whose warps are to combine their results by
/// shuffles (reduceWarpsFirst).
static constexpr StringLiteral kWarpShuffleAttr = "foundry.warp_shuffle";

/// foundry-reduce-threads{shuffle=true}: `forall` is a partial reduction
/// over linear thread ids (a multiple of the warp size of them), each
/// thread inserting its partial results (a tile of at most kWarpSize
/// elements) into the last-dimension slot of a shared-memory tensor, which
/// one merge op then reduces over that dimension. Each partial tile is
/// first reduced across its warp (one gpu.subgroup_reduce per element:
/// every lane gets the warp's result and writes it to its slot), and the
/// merge reads lane 0's slot of each warp: a slice with stride kWarpSize.
/// The forall's warps are either all active or all idle (its thread count
/// is a multiple of the warp size), so the reduction is reached by full
/// warps, as shfl.sync needs. A result of more than kWarpSize elements per
/// thread, or of elements wider than 32 bits, keeps its merge over every
/// thread's slot. Runs after the pass's clean-up:
/// gpu.subgroup_reduce is not free of effects, so a dead copy of a forall
/// holding one (a fused producer's, say) would never be erased.
static LogicalResult reduceWarpsFirst(scf::ForallOp forall,
                                      StringRef passName) {
  // Diagnostics at the thread's reduction (its location is the kernel
  // op's), else at the forall.
  Operation *reportAt = forall;
  forall.walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 0)
      reportAt = op;
  });
  IRRewriter rewriter(forall.getContext());
  scf::InParallelOp terminator = forall.getTerminator();
  for (auto [result, sharedOut] :
       llvm::zip(forall.getResults(), forall.getRegionIterArgs())) {
    tensor::ParallelInsertSliceOp insert;
    for (Operation &op : terminator.getYieldingOps())
      if (auto candidate = dyn_cast<tensor::ParallelInsertSliceOp>(op);
          candidate && candidate.getDest() == sharedOut)
        insert = candidate;
    auto tileType = insert ? dyn_cast<RankedTensorType>(
                                 insert.getSource().getType())
                           : RankedTensorType();
    auto partialType = dyn_cast<RankedTensorType>(result.getType());
    if (!tileType || !partialType || !partialType.hasStaticShape() ||
        !result.hasOneUse())
      return reportAt->emitOpError()
             << passName
             << ": shuffle expects each thread's partial results inserted "
                "into one shared-memory tensor that one merge op reads";
    auto merge = dyn_cast<linalg::LinalgOp>(*result.getUsers().begin());
    std::optional<gpu::AllReduceOperation> kind =
        merge ? warpReductionKind(merge) : std::nullopt;
    // A merge other than by one combining op a shuffle has (add, mul,
    // min or max, and, or, xor), more partial results than a warp's lanes,
    // or wider than a shuffle moves (an argmax's i64 index): merged through
    // shared memory alone.
    Type element = tileType.getElementType();
    if (!kind || !tileType.hasStaticShape() ||
        tileType.getNumElements() > kWarpSize ||
        !element.isIntOrFloat() || element.getIntOrFloatBitWidth() > 32)
      continue;

    // Each element of the thread's tile, reduced across its warp.
    rewriter.setInsertionPoint(terminator);
    Location loc = insert.getLoc();
    Value tile = insert.getSource();
    SmallVector<int64_t> strides = computeStrides(tileType.getShape());
    for (int64_t linear = 0, e = tileType.getNumElements(); linear < e;
         ++linear) {
      SmallVector<Value> indices;
      for (int64_t index : delinearize(linear, strides))
        indices.push_back(
            arith::ConstantIndexOp::create(rewriter, loc, index));
      Value value = tensor::ExtractOp::create(rewriter, loc, tile, indices);
      Value warpValue = gpu::SubgroupReduceOp::create(
          rewriter, loc, value, *kind, /*uniform=*/false);
      tile = tensor::InsertOp::create(rewriter, loc, warpValue, tile, indices);
    }
    rewriter.modifyOpInPlace(insert,
                             [&] { insert.getSourceMutable().assign(tile); });

    // The merge reads lane 0's slot of each warp.
    rewriter.setInsertionPoint(merge);
    int64_t rank = partialType.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
        sizes, sliceStrides(rank, rewriter.getIndexAttr(1));
    for (int64_t size : partialType.getShape())
      sizes.push_back(rewriter.getIndexAttr(size));
    sizes.back() = rewriter.getIndexAttr(partialType.getShape().back() /
                                         kWarpSize);
    sliceStrides.back() = rewriter.getIndexAttr(kWarpSize);
    Value warpSlots = tensor::ExtractSliceOp::create(
        rewriter, merge->getLoc(), result, offsets, sizes, sliceStrides);
    rewriter.modifyOpInPlace(merge, [&] {
      for (OpOperand &operand : merge->getOpOperands())
        if (operand.get() == result)
          operand.set(warpSlots);
    });
  }
  return success();
}

/// The innermost reduction loop of `op`, -1 if it has none.
static int64_t innermostReductionLoop(linalg::LinalgOp op) {
  int64_t dim = -1;
  for (auto [index, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction)
      dim = index;
  return dim;
}

/// The first of the reduction loops that foundry-reduce-threads merges with
/// the innermost reduction loop `dim` of `op` when that loop alone is too
/// short for the threads: the outermost start of a run of statically sized
/// reduction loops ending at `dim` that every operand stores contiguously
/// and in order (areLoopsCollapsible); `dim` itself when there is none (a
/// transposed operand, a window access like a pooling's `2 * d + k`, a loop
/// before it that is parallel or dynamic).
static int64_t firstMergeableReductionLoop(linalg::LinalgOp op, int64_t dim) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (dim < 0 || dim >= static_cast<int64_t>(ranges.size()) ||
      ShapedType::isDynamic(ranges[dim]))
    return dim;
  int64_t first = dim;
  while (first > 0 && iterators[first - 1] == utils::IteratorType::reduction &&
         !ShapedType::isDynamic(ranges[first - 1]))
    --first;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  for (int64_t start = first; start < dim; ++start)
    if (areLoopsCollapsible(maps,
                            llvm::to_vector(llvm::seq<int64_t>(start, dim + 1))))
      return start;
  return dim;
}

/// foundry-reduce-threads: `op` (a block tile's reduction) with its innermost
/// reduction loop `dim` merged with the reduction loops just outside it into
/// one loop (upstream linalg::collapseOpIterationDims), where that loop alone
/// is too short to give each of `threads` threads `interleave` (at least one)
/// elements, or with `interleave` is not a multiple of threads x interleave.
/// A group norm's statistics over (channel, d, h, w) of a 30-wide row then
/// take 256 threads, not 30. Merges the longest run of loops ending at `dim`
/// that every operand stores contiguously and in order (their slices are
/// then collapsed, which bufferizes to views of the same buffers), and only
/// where each operand carrying those loops is read from outside the block's
/// ops (a slice of a kernel tensor): a collapse_shape between a fused
/// producer and the reduction would keep the producer out of the threads'
/// chunks. Returns `op` unchanged where nothing is to be merged.
static linalg::LinalgOp collapseInnerReductions(linalg::LinalgOp op,
                                                int64_t dim, int64_t threads,
                                                int64_t interleave) {
  SmallVector<std::optional<int64_t>> extents =
      staticLoopExtents(cast<TilingInterface>(op.getOperation()));
  int64_t width = std::max<int64_t>(interleave, 1);
  bool tooShort =
      !extents[dim] || *extents[dim] < threads * width ||
      (interleave > 0 && *extents[dim] % (threads * interleave) != 0);
  if (!tooShort)
    return op;
  int64_t start = firstMergeableReductionLoop(op, dim);
  bool readsIndex = false;
  op->walk([&](linalg::IndexOp index) {
    readsIndex |= static_cast<int64_t>(index.getDim()) >= start &&
                  static_cast<int64_t>(index.getDim()) <= dim;
  });
  if (start == dim || readsIndex)
    return op;
  auto block = op->getParentOfType<scf::ForallOp>();
  bool readFromOutside =
      llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
        AffineMap map = op.getMatchingIndexingMap(&operand);
        if (!map.isFunctionOfDim(dim))
          return true;
        Value value = operand.get();
        while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
          value = slice.getSource();
        Operation *producer = value.getDefiningOp();
        return !producer || !block->isProperAncestor(producer);
      });
  if (!readFromOutside)
    return op;
  ReassociationIndices group =
      llvm::to_vector(llvm::seq<int64_t>(start, dim + 1));
  IRRewriter rewriter(op.getContext());
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(op, {group}, rewriter);
  if (failed(collapsed))
    return op;
  rewriter.replaceOp(op, collapsed->results);
  return collapsed->collapsedOp;
}

struct FoundryReduceThreadsPass final
    : impl::FoundryReduceThreadsPassBase<FoundryReduceThreadsPass> {
  using Base::Base;
  static constexpr StringLiteral kPass = "foundry-reduce-threads";

  /// Splits the innermost reduction loop of `op` over `threads` threads,
  /// `interleave`-element pieces in turn (0: contiguous chunks), combined
  /// per warp by shuffles with `shuffle`.
  LogicalResult splitOverThreads(linalg::LinalgOp op, int64_t threads,
                                 int64_t interleave, bool shuffle) {
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    SmallVector<std::optional<int64_t>> extents =
        staticLoopExtents(cast<TilingInterface>(op.getOperation()));
    int64_t dim = innermostReductionLoop(op);
    if (!extents[dim])
      return op.emitOpError()
             << kPass << ": the reduction loop has no static extent";
    // Each thread's partial results are combined afterwards, which needs
    // every result to be a reduction by one combining op (upstream's
    // partial-reduction tiling asks the same): not an argmax's index, which
    // follows its value.
    for (unsigned i = 0, e = op.getNumDpsInits(); i < e; ++i) {
      SmallVector<Operation *> combiner;
      if (!matchReduction(op.getRegionOutputArgs(), i, combiner) ||
          combiner.size() != 1)
        return op.emitOpError()
               << kPass << ": result #" << i
               << " is not reduced by one combining op (acc = op(value, "
                  "acc); an argmax's index, which follows its value, is "
                  "not), so its partial results cannot be combined across "
                  "threads";
      // The threads' partial results start from the combiner's identity
      // (0 for add, -inf for max): acc - x or acc / x have none.
      if (!arith::getNeutralElement(combiner.front()))
        return op.emitOpError()
               << kPass << ": result #" << i << " is combined by '"
               << combiner.front()->getName()
               << "', which has no identity value to start each thread's "
                  "partial result from";
    }
    // A reduction loop too short for the threads takes the contiguous
    // reduction loops outside it (a norm's (channel, d, h, w)).
    if (linalg::LinalgOp collapsed =
            collapseInnerReductions(op, dim, threads, interleave);
        collapsed != op) {
      op = collapsed;
      iterators = op.getIteratorTypesArray();
      extents = staticLoopExtents(cast<TilingInterface>(op.getOperation()));
      dim = innermostReductionLoop(op);
    }
    // The partial-reduction tiling renumbers the reduction loop per
    // thread, so a body that reads its index (a cumsum's mask k <= j, the
    // target column of a cross-entropy) would see thread-local positions:
    // the index is read from a producer instead, whose tiles are offset.
    bool readsIndex = false;
    op->walk([&](linalg::IndexOp index) {
      readsIndex |= index.getDim() == uint64_t(dim);
    });
    if (readsIndex) {
      FailureOr<linalg::GenericOp> rewritten =
          materializeIndex(op, dim, *extents[dim]);
      if (failed(rewritten))
        return op.emitOpError()
               << kPass << ": the reduction reads its own loop index "
                           "(linalg.index "
               << dim << ") in a form that cannot be split over threads";
      op = *rewritten;
    }
    // A reduction shorter than one round of pieces (the combination of a
    // split's few partial results, in the block of its parts) is taken in
    // contiguous chunks, at most one element per thread where it is shorter
    // than the threads.
    if (interleave > 0 && *extents[dim] < threads * interleave)
      interleave = 0;
    // Fewer threads than elements would leave threads without work.
    int64_t count = std::min<int64_t>(threads, *extents[dim]);
    // Threads with work that are not whole warps (a reduction shorter than
    // the threads) merge through shared memory alone.
    if (shuffle && count < threads && count % kWarpSize != 0)
      shuffle = false;
    if (interleave > 0) {
      // Threads take `interleave`-element pieces in turn: the loop becomes
      // [pieces per thread, threads, interleave] and the middle one is split.
      auto block = op->getParentOfType<scf::ForallOp>();
      FailureOr<linalg::GenericOp> split =
          interleaveLoop(op, dim, threads, interleave, block, kPass);
      if (failed(split))
        return failure();
      op = *split;
      dim += 1;
      count = threads;
      iterators = op.getIteratorTypesArray();
    }
    MLIRContext *ctx = op.getContext();
    Builder builder(ctx);
    SmallVector<OpFoldResult> numThreads(iterators.size(),
                                         builder.getIndexAttr(0));
    numThreads[dim] = builder.getIndexAttr(count);
    scf::SCFTilingOptions options;
    options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    options.setReductionTilingStrategy(
        ReductionTilingStrategy::PartialReductionOuterParallel);
    options.setReductionDims({static_cast<unsigned>(dim)});
    options.setNumThreads(numThreads);
    options.setMapping(
        {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim0)});
    // Producers (the exp of a softmax's sum, say) are fused into each
    // thread's chunk: computed once, where they are reduced.
    IRRewriter rewriter(ctx);
    rewriter.setInsertionPoint(op);
    scf::SCFTileAndFuseOptions fuseOptions;
    fuseOptions.setTilingOptions(options);
    // Not a reduction before it whose whole result every thread reads (an
    // earlier reduction's merge, the mean a variance subtracts): the block
    // computes it once, in every thread, before the forall; a copy in each
    // thread's chunk would compute it again in every forall that reads it,
    // and hide the row constant from welford=true. A reduction each thread
    // reads a chunk of (a max-pool's windows before a sum) is fused: a
    // thread computes only its part.
    fuseOptions.setFusionControlFn(
        [](tensor::ExtractSliceOp slice, OpResult producer,
           bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          auto linalgOp = dyn_cast<linalg::LinalgOp>(producer.getOwner());
          auto type = dyn_cast<RankedTensorType>(producer.getType());
          bool whole = type && type.hasStaticShape() &&
                       slice.getSourceType() == type &&
                       slice.getResultType().getShape() == type.getShape() &&
                       llvm::all_of(slice.getMixedOffsets(),
                                    [](OpFoldResult offset) {
                                      return isConstantIntValue(offset, 0);
                                    });
          if (linalgOp && linalgOp.getNumReductionLoops() > 0 && whole)
            return std::nullopt;
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        });
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(op.getOperation()), fuseOptions);
    if (failed(result) || result->loops.empty())
      return op.emitOpError() << kPass << ": partial-reduction tiling failed";
    for (OpResult value : op->getResults()) {
      auto it = result->replacements.find(value);
      if (it != result->replacements.end())
        rewriter.replaceAllUsesWith(value, it->second);
    }
    auto forall = dyn_cast<scf::ForallOp>(result->loops.front().getOperation());
    if (!forall)
      return op.emitOpError() << kPass << ": expected a thread forall";
    // The fused producers become part of the reduction's body (upstream
    // elementwise fusion): each element is computed where it is reduced,
    // with no per-thread buffer for the chunk.
    RewritePatternSet fusion(ctx);
    linalg::populateElementwiseOpsFusionPatterns(
        fusion, [forall](OpOperand *fused) {
          Operation *producer = fused->get().getDefiningOp();
          return producer && forall->isProperAncestor(producer) &&
                 producer->hasOneUse();
        });
    (void)applyPatternsGreedily(forall, std::move(fusion));
    SmallVector<Value> initialValues(forall.getOutputs());
    for (Value init : initialValues) {
      // With fusion, each thread fills its own slot inside the loop and the
      // loop's destination is the bare tensor.empty; otherwise a block-level
      // fill, which is then spread so that each thread fills its own slot.
      auto fill = init.getDefiningOp<linalg::FillOp>();
      auto empty = fill ? fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>()
                        : init.getDefiningOp<tensor::EmptyOp>();
      auto type = dyn_cast<RankedTensorType>(init.getType());
      if (type && !type.hasStaticShape())
        return op.emitOpError()
               << kPass
               << ": the partial results have a dynamic shape (a ragged "
                  "block tile); choose block tile sizes that divide the "
                  "parallel loops";
      if (!empty || !type) {
        InFlightDiagnostic diag = op.emitOpError()
                                  << kPass
                                  << ": unexpected partial-result "
                                     "initialization";
        diag.attachNote(init.getLoc()) << "initialized by " << init;
        return diag;
      }
      rewriter.setInsertionPoint(empty);
      rewriter.replaceOp(
          empty, createSharedMemoryTensor(rewriter, empty.getLoc(), type));
      if (!fill)
        continue;
      // The partial dimension is the last one of the partial tensor.
      SmallVector<OpFoldResult> fillThreads(type.getRank(),
                                            builder.getIndexAttr(0));
      fillThreads.back() = builder.getIndexAttr(count);
      scf::SCFTilingOptions fillOptions;
      fillOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      fillOptions.setNumThreads(fillThreads);
      fillOptions.setMapping(
          {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim0)});
      if (failed(tileAndFuse(cast<TilingInterface>(fill.getOperation()),
                             fillOptions, kPass, /*fuse=*/false)))
        return failure();
    }
    mergeIntoPrivateInits(forall);
    if (shuffle) {
      if (count % kWarpSize != 0)
        return op.emitOpError()
               << kPass << ": shuffle needs the threads of a reduction ("
               << count << ") to be a multiple of the warp size ("
               << kWarpSize << ")";
      forall->setAttr(kWarpShuffleAttr, UnitAttr::get(ctx));
    }
    return success();
  }

  void runOnOperation() override {
    if (threads < 1 || threads > kMaxThreadsPerBlock) {
      getOperation().emitError()
          << "foundry-reduce-threads: threads must be 1 to 1024, got "
          << static_cast<int64_t>(threads);
      return signalPassFailure();
    }
    if (interleave < 0) {
      getOperation().emitError()
          << "foundry-reduce-threads: interleave must be 0 (contiguous "
             "chunks) or a piece width, got "
          << static_cast<int64_t>(interleave);
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> targets;
    bool alreadySplit = false;
    getOperation()->walk([&](linalg::LinalgOp op) {
      auto block = op->getParentOfType<scf::ForallOp>();
      if (!block || !isBlockLevelForall(block) ||
          !op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0 ||
          !op->getParentOfType<KernelOp>())
        return;
      // A block whose reductions an earlier run split (its merges of the
      // partial results reduce too) is left as it is.
      bool split = false;
      block.getBody()->walk([&](scf::ForallOp inner) {
        split |= isLinearForall(inner);
      });
      alreadySplit |= split;
      if (!split)
        targets.push_back(op);
    });
    if (targets.empty()) {
      getOperation()->walk([&](KernelOp kernel) {
        bool tiled = false;
        kernel.walk(
            [&](scf::ForallOp forall) { tiled |= isBlockLevelForall(forall); });
        kernel.emitOpError(
            alreadySplit
                ? "foundry-reduce-threads: the block tiles' reductions are "
                  "already split over threads (by an earlier "
                  "foundry-reduce-threads)"
            : tiled ? "foundry-reduce-threads: no reduction in a block tile; "
                      "the reductions stayed outside the block tiles (with "
                      "fuse=elementwise, or where the kernel also returns "
                      "their results)"
                    : "foundry-reduce-threads: no reduction in a block tile; "
                      "run foundry-tile-blocks first");
      });
      return signalPassFailure();
    }
    for (linalg::LinalgOp op : targets) {
      // A cluster's merge (foundry-split-reduction{cluster=true}) combines
      // a few parts: one thread each, in one piece.
      LogicalResult split =
          op->hasAttr(kClusterMergeAttr)
              ? splitOverThreads(op, threads, /*interleave=*/0,
                                 /*shuffle=*/false)
              : splitOverThreads(op, threads, interleave, shuffle);
      if (failed(split))
        return signalPassFailure();
    }
    getOperation()->walk([&](KernelOp kernel) { cleanUp(kernel); });
    if (online) {
      SmallVector<scf::ForallOp> blocks;
      getOperation()->walk([&](scf::ForallOp forall) {
        if (isBlockLevelForall(forall))
          blocks.push_back(forall);
      });
      int64_t fused = 0;
      for (scf::ForallOp block : blocks)
        fused += fuseOnlineSoftmax(block);
      if (fused == 0) {
        getOperation()->walk([&](KernelOp kernel) {
          kernel.emitOpError(
              "foundry-reduce-threads: online=true needs a row maximum "
              "and a sum of exp(x - maximum) over the same row in one "
              "block tile (a softmax); none found");
        });
        return signalPassFailure();
      }
      getOperation()->walk([&](KernelOp kernel) { cleanUp(kernel); });
    }
    if (welford) {
      SmallVector<scf::ForallOp> blocks;
      getOperation()->walk([&](scf::ForallOp forall) {
        if (isBlockLevelForall(forall))
          blocks.push_back(forall);
      });
      int64_t fused = 0;
      for (scf::ForallOp block : blocks)
        fused += fuseWelfordVariance(block);
      if (fused == 0) {
        getOperation()->walk([&](KernelOp kernel) {
          kernel.emitOpError(
              "foundry-reduce-threads: welford=true needs a sum of squared "
              "deviations from a row constant (acc = (v - m)^2 + acc) after "
              "another reduction over the same row in one block tile (a "
              "variance); none found");
        });
        return signalPassFailure();
      }
      getOperation()->walk([&](KernelOp kernel) { cleanUp(kernel); });
    }
    if (!shuffle)
      return;
    SmallVector<scf::ForallOp> warpShuffles;
    getOperation()->walk([&](scf::ForallOp forall) {
      if (forall->hasAttr(kWarpShuffleAttr))
        warpShuffles.push_back(forall);
    });
    for (scf::ForallOp forall : warpShuffles) {
      forall->removeAttr(kWarpShuffleAttr);
      if (failed(reduceWarpsFirst(forall, kPass)))
        return signalPassFailure();
    }
    getOperation()->walk([&](KernelOp kernel) { cleanUp(kernel); });
  }
};

struct FoundryTileThreadsPass final
    : impl::FoundryTileThreadsPassBase<FoundryTileThreadsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (interleave < 0) {
      getOperation().emitError()
          << "foundry-tile-threads: interleave must be 0 (contiguous "
             "tiles) or a piece width, got "
          << static_cast<int64_t>(interleave);
      return signalPassFailure();
    }
    if (failed(distributeBlockTiles(getOperation(), sizes, MappingLevel::Thread,
                                    interleave, "foundry-tile-threads")))
      signalPassFailure();
  }
};

struct FoundryTilePhasesPass final
    : impl::FoundryTilePhasesPassBase<FoundryTilePhasesPass> {
  using Base::Base;

  void runOnOperation() override {
    constexpr StringLiteral kPass = "foundry-tile-phases";
    if (threads < 1 || threads > kMaxThreadsPerBlock || width < 1) {
      getOperation().emitError()
          << kPass << ": threads must be 1 to " << kMaxThreadsPerBlock
          << " and width at least 1, got threads="
          << static_cast<int64_t>(threads)
          << " width=" << static_cast<int64_t>(width);
      return signalPassFailure();
    }
    SmallVector<scf::ForallOp> blocks;
    getOperation()->walk([&](scf::ForallOp forall) {
      if (isBlockLevelForall(forall) && forall->getParentOfType<KernelOp>())
        blocks.push_back(forall);
    });
    if (blocks.empty()) {
      getOperation()->walk([&](KernelOp kernel) {
        kernel.emitOpError()
            << kPass << ": no block tile; run foundry-tile-blocks first";
      });
      return signalPassFailure();
    }
    // Block tiles distributed by an earlier pass (a GEMM split from what
    // follows it, say) are left as they are; if all are, that is an error.
    bool any = false;
    for (scf::ForallOp block : blocks) {
      if (isDistributed(block))
        continue;
      any = true;
      if (failed(distributePhases(block, threads, width, kPass)))
        return signalPassFailure();
    }
    if (!any) {
      blocks.front().emitOpError()
          << kPass << ": every block tile is already distributed";
      return signalPassFailure();
    }
    getOperation()->walk([&](KernelOp kernel) { cleanUp(kernel); });
  }
};

struct FoundryTileWarpsPass final
    : impl::FoundryTileWarpsPassBase<FoundryTileWarpsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(distributeBlockTiles(getOperation(), sizes, MappingLevel::Warp,
                                    /*interleave=*/0, "foundry-tile-warps")))
      signalPassFailure();
  }
};

struct FoundryTileWarpgroupsPass final
    : impl::FoundryTileWarpgroupsPassBase<FoundryTileWarpgroupsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(distributeBlockTiles(getOperation(), sizes,
                                    MappingLevel::Warpgroup, /*interleave=*/0,
                                    "foundry-tile-warpgroups")))
      signalPassFailure();
  }
};

struct FoundryTileReductionPass final
    : impl::FoundryTileReductionPassBase<FoundryTileReductionPass> {
  using Base::Base;

  LogicalResult tileOp(TilingInterface op) {
    constexpr StringLiteral kPass = "foundry-tile-reduction";
    SmallVector<utils::IteratorType> iterators = op.getLoopIteratorTypes();
    int64_t numReduction =
        llvm::count(iterators, utils::IteratorType::reduction);
    if (static_cast<int64_t>(sizes.size()) > numReduction)
      return op.emitOpError() << kPass << ": got " << sizes.size()
                              << " tile sizes but the op has only "
                              << numReduction << " reduction loops";
    SmallVector<OpFoldResult> tileSizes;
    SmallVector<std::optional<int64_t>> extents = staticLoopExtents(op);
    Builder builder(op.getContext());
    size_t next = 0;
    bool any = false;
    for (auto [index, iterator] : llvm::enumerate(iterators)) {
      int64_t size = 0;
      if (iterator == utils::IteratorType::reduction && next < sizes.size()) {
        size = sizes[next++];
        if (size < 0)
          return op.emitOpError()
                 << kPass << ": tile size #" << (next - 1) << " is " << size
                 << "; tile sizes are 0 (not tiled) or positive";
        // A tile as large as the loop leaves nothing to iterate.
        if (extents[index] && size >= *extents[index])
          size = 0;
      }
      any |= size != 0;
      tileSizes.push_back(builder.getIndexAttr(size));
    }
    if (!any)
      return success();
    scf::SCFTilingOptions options;
    options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
    options.setTileSizes(tileSizes);
    // Producers of the inputs computed in the same tile for this op alone
    // (an im2col gather that foundry-tile-blocks{fuse=elementwise} fused
    // into a GEMM's block tile) are computed per k-step, a k-slice each,
    // instead of whole before the loop.
    llvm::SmallPtrSet<Operation *, 4> fusible;
    for (OpOperand *input : cast<DestinationStyleOpInterface>(op.getOperation())
                                .getDpsInputOperands())
      if (linalg::LinalgOp producer = soleParallelProducer(*input))
        fusible.insert(producer);
    if (failed(tileAndFuseProducers(
            op, options, kPass, [&](OpResult producer, bool isDestination) {
              return !isDestination && fusible.contains(producer.getOwner());
            })))
      return failure();
    return success();
  }

  void runOnOperation() override {
    // Every op with a reduction loop longer than its tile size: a second
    // run with a smaller size tiles the k-step of an outer k-loop again.
    // Only ops inside a GPU tile (block, warp or thread forall): a k-loop
    // around an untiled op would run on the host, launching kernels on
    // sub-buffers; such ops keep the naive mapping.
    SmallVector<TilingInterface> targets;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](linalg::LinalgOp op) {
        // foundry-mma's warpgroup matmuls take their k-step whole (the
        // GPU tail issues it as wgmma): a later run for another GEMM's warp
        // tiles leaves them.
        if (op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics() ||
            op->hasAttr(kWgmmaAttr) ||
            !isInsideForall(op, [](scf::ForallOp forall) {
              return isBlockLevelForall(forall) ||
                     isWarpgroupLevelForall(forall) ||
                     isWarpLevelForall(forall) || isThreadLevelForall(forall);
            }))
          return;
        targets.push_back(cast<TilingInterface>(op.getOperation()));
      });
    });
    for (TilingInterface op : targets)
      if (failed(tileOp(op)))
        return signalPassFailure();
    getOperation()->walk([&](KernelOp kernel) { cleanUp(kernel); });
  }
};

} // namespace
} // namespace mlir::foundry

int64_t mlir::foundry::mergedReductionRow(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t dim = innermostReductionLoop(op);
  if (dim < 0 || ShapedType::isDynamic(ranges[dim]))
    return 0;
  int64_t row = 1;
  for (int64_t loop = firstMergeableReductionLoop(op, dim); loop <= dim;
       ++loop)
    if (llvm::MulOverflow(row, ranges[loop], row))
      return ranges[dim];
  return row;
}

bool mlir::foundry::areLoopsCollapsible(ArrayRef<AffineMap> maps,
                                        ArrayRef<int64_t> loops) {
  return llvm::all_of(maps,
                      [](AffineMap map) {
                        return map.isProjectedPermutation();
                      }) &&
         linalg::areDimSequencesPreserved(maps,
                                          {ReassociationIndices(loops)});
}
