//===- SplitReduction.cpp - Reductions to a scalar over GPU blocks -------===//
//
// foundry-split-reduction: a kernel whose result is a scalar (a loss, a
// global sum) has no parallel loop to tile to blocks. Its reduction to the
// scalar is rewritten into partial results along its outermost reduction
// loop, tiled one part per block (foundry::tileToBlocks, the upstream
// TilingInterface with producer fusion), and a final reduction of the parts,
// which runs with the ops after it in a block of its own.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYSPLITREDUCTIONPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {

constexpr StringLiteral kPass = "foundry-split-reduction";

bool isRankZeroTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0;
}

/// A reduction to a scalar: a linalg.generic on tensors whose loops all
/// reduce, with one init and a rank-0 result.
bool isScalarReduction(Operation &op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && generic.hasPureTensorSemantics() &&
         generic.getNumDpsInits() == 1 && generic.getNumLoops() > 0 &&
         generic.getNumParallelLoops() == 0 &&
         isRankZeroTensor(generic.getResult(0).getType());
}

/// The combiner of a reduction body: the one op that takes the running value
/// (the init block argument) and yields the new one, e.g. `arith.addf %acc,
/// %x`. Null when the body has another shape.
Operation *findCombiner(linalg::GenericOp op) {
  BlockArgument running = op.getRegionOutputArgs().front();
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  Operation *combiner = yield.getOperand(0).getDefiningOp();
  if (!combiner || combiner->getBlock() != op.getBody() ||
      combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      !combiner->hasOneUse() || !running.hasOneUse() ||
      running.getUses().begin()->getOwner() != combiner)
    return nullptr;
  return combiner;
}

/// Rewrites the scalar reduction `op` into a partial reduction into
/// tensor<parts> (parallel over its outermost loop, split into `parts`
/// chunks) and a final reduction of the parts into the original init.
/// Returns the partial op; the final one replaces `op`.
FailureOr<linalg::GenericOp> splitIntoParts(RewriterBase &rewriter,
                                            linalg::GenericOp op,
                                            int64_t parts) {
  Operation *combiner = findCombiner(op);
  if (!combiner)
    return op.emitOpError()
           << kPass
           << ": the reduction's body is not one combiner of the running "
              "value and one other value";
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
  if (!neutral)
    return op.emitOpError() << kPass << ": the combiner '"
                            << combiner->getName()
                            << "' has no neutral element";
  if (!op.getBody()->getOps<linalg::IndexOp>().empty())
    return op.emitOpError() << kPass
                            << ": the reduction reads linalg.index; its "
                               "loops cannot be renumbered";
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges.front()))
    return op.emitOpError()
           << kPass << ": the outermost reduction loop has no static extent";
  int64_t extent = ranges.front();
  int64_t count = parts == 0 ? extent : parts;
  if (count < 2)
    return op.emitOpError()
           << kPass << ": " << count
           << " part leaves nothing to split (the outermost reduction loop "
              "has extent "
           << extent << ")";
  if (count > extent || extent % count != 0)
    return op.emitOpError() << kPass << ": parts=" << count
                            << " must divide the outermost reduction loop's "
                               "extent "
                            << extent;
  int64_t chunk = extent / count;

  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  unsigned shift = chunk > 1 ? 1 : 0;
  unsigned numLoops = op.getNumLoops() + shift;
  AffineExpr part = getAffineDimExpr(0, ctx);
  // The other loops move past the new chunk loop.
  SmallVector<AffineExpr> moved = {part};
  for (unsigned dim = 1; dim < op.getNumLoops(); ++dim)
    moved.push_back(getAffineDimExpr(dim + shift, ctx));
  // With chunks, an operand indexed by the outermost loop has that
  // dimension expanded to [parts, chunk] (tensor.expand_shape), so that
  // every loop stays a dimension of some operand.
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<AffineExpr> results;
    SmallVector<ReassociationIndices> groups;
    SmallVector<int64_t> shape;
    auto type = cast<RankedTensorType>(input->get().getType());
    bool expanded = false;
    for (auto [index, expr] : llvm::enumerate(map.getResults())) {
      ReassociationIndices group = {static_cast<int64_t>(results.size())};
      if (shift && expr == getAffineDimExpr(0, ctx)) {
        results.push_back(part);
        results.push_back(getAffineDimExpr(1, ctx));
        group.push_back(group.front() + 1);
        shape.push_back(count);
        shape.push_back(chunk);
        expanded = true;
      } else if (shift && expr.isFunctionOfDim(0)) {
        std::string text;
        llvm::raw_string_ostream(text) << expr;
        return op.emitOpError()
               << kPass << ": operand #" << input->getOperandNumber()
               << " is indexed by " << text
               << "; with parts, the outermost reduction loop must index "
                  "operands directly";
      } else {
        results.push_back(expr.replaceDims(moved));
        shape.push_back(type.getDimSize(index));
      }
      groups.push_back(group);
    }
    Value value = input->get();
    if (expanded)
      value = tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
          value, groups);
    inputs.push_back(value);
    maps.push_back(AffineMap::get(numLoops, 0, results, ctx));
  }
  maps.push_back(AffineMap::get(numLoops, 0, {part}, ctx));
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::reduction);
  iterators.front() = utils::IteratorType::parallel;

  Type element = getElementTypeOrSelf(op.getResult(0).getType());
  Value empty = tensor::EmptyOp::create(rewriter, loc,
                                        ArrayRef<int64_t>{count}, element);
  Value identity = arith::ConstantOp::create(rewriter, loc, *neutral);
  Value init =
      linalg::FillOp::create(rewriter, loc, identity, empty).getResult(0);
  auto partial = linalg::GenericOp::create(
      rewriter, loc, TypeRange{init.getType()}, inputs, ValueRange{init},
      maps, iterators);
  rewriter.cloneRegionBefore(op.getRegion(), partial.getRegion(),
                             partial.getRegion().begin());
  // Every loop must be a dimension of some operand for linalg to derive
  // the loop bounds (tiling asserts otherwise).
  if (!partial.getShapesToLoopsMap()) {
    rewriter.eraseOp(partial);
    return op.emitOpError() << kPass
                            << ": the partial reduction's loops cannot be "
                               "derived from its operands' shapes";
  }

  // Final: combine the parts into the original init, in the same order of
  // operands as the original combiner.
  AffineMap identityMap = AffineMap::getMultiDimIdentityMap(1, ctx);
  AffineMap toScalar = AffineMap::get(1, 0, {}, ctx);
  BlockArgument running = op.getRegionOutputArgs().front();
  auto final = linalg::GenericOp::create(
      rewriter, loc, op.getResultTypes(), partial.getResult(0),
      op.getDpsInits(), ArrayRef<AffineMap>{identityMap, toScalar},
      ArrayRef<utils::IteratorType>{utils::IteratorType::reduction},
      [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (Value operand : combiner->getOperands())
          mapping.map(operand, operand == running ? args[1] : args[0]);
        Operation *combined = builder.clone(*combiner, mapping);
        linalg::YieldOp::create(builder, bodyLoc, combined->getResult(0));
      });
  rewriter.replaceOp(op, final.getResults());
  return partial;
}

/// Moves the final reduction `final` and the rank-0 ops computing the kernel's
/// result from it into an scf.forall of one block (#gpu.block<x>), so that
/// they run in one block on the GPU and foundry-reduce-threads can split the
/// final reduction over its threads.
LogicalResult wrapInOneBlock(RewriterBase &rewriter, KernelOp kernel,
                             linalg::GenericOp final) {
  Block &body = kernel.getBody().front();
  Operation *terminator = body.getTerminator();
  // The ops computing from the final reduction...
  llvm::SetVector<Operation *> tail;
  SmallVector<Operation *> worklist = {final};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!tail.insert(op))
      continue;
    for (Operation *user : op->getUsers())
      if (user != terminator && user->getBlock() == &body &&
          user->getNumResults() > 0 &&
          llvm::all_of(user->getResultTypes(), isRankZeroTensor))
        worklist.push_back(user);
  }
  // ...and the rank-0 tensors they alone use (their inits).
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation &op : body) {
      if (tail.contains(&op) || op.getNumResults() == 0 ||
          !llvm::all_of(op.getResultTypes(), isRankZeroTensor) ||
          isa<scf::ForallOp>(op) ||
          !llvm::all_of(op.getUsers(), [&](Operation *user) {
            return tail.contains(user);
          }) ||
          op.use_empty())
        continue;
      tail.insert(&op);
      changed = true;
    }
  }
  Value result;
  for (Operation *op : tail)
    for (OpOperand &use : op->getUses()) {
      if (tail.contains(use.getOwner()))
        continue;
      if (use.getOwner() != terminator || (result && result != use.get()))
        return final.emitOpError()
               << kPass
               << ": the scalar result is used by more than the kernel's "
                  "return; it cannot be computed in a block of its own";
      result = use.get();
    }
  auto root = result ? result.getDefiningOp<linalg::LinalgOp>()
                     : linalg::LinalgOp();
  if (!root || root->getNumResults() != 1 || root.getNumDpsInits() != 1)
    return final.emitOpError() << kPass
                               << ": the scalar result does not come out of "
                                  "a linalg op with one result";

  Location loc = root.getLoc();
  rewriter.setInsertionPoint(terminator);
  auto type = cast<RankedTensorType>(result.getType());
  Value dest = tensor::EmptyOp::create(rewriter, loc, ArrayRef<int64_t>{},
                                         type.getElementType());
  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)},
      ValueRange{dest},
      rewriter.getArrayAttr(
          {gpu::GPUBlockMappingAttr::get(kernel.getContext(),
                                         gpu::MappingId::DimX)}));
  Operation *inParallel = forall.getBody()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(body))
    if (tail.contains(&op))
      op.moveBefore(inParallel);
  // The root writes into the block's shared output: follow its init through
  // fills to the tensor.empty at the end and use the shared output there.
  OpOperand *init = root.getDpsInitOperand(0);
  while (auto fill = init->get().getDefiningOp<linalg::FillOp>())
    init = fill.getDpsInitOperand(0);
  BlockArgument shared = forall.getRegionIterArgs().front();
  if (auto empty = init->get().getDefiningOp<tensor::EmptyOp>()) {
    rewriter.modifyOpInPlace(init->getOwner(), [&] { init->set(shared); });
    if (empty->use_empty())
      rewriter.eraseOp(empty);
  }
  rewriter.setInsertionPointToStart(
      &cast<scf::InParallelOp>(inParallel).getRegion().front());
  tensor::ParallelInsertSliceOp::create(rewriter, loc, result, shared,
                                        ArrayRef<OpFoldResult>{},
                                        ArrayRef<OpFoldResult>{},
                                        ArrayRef<OpFoldResult>{});
  rewriter.modifyOpInPlace(terminator, [&] {
    terminator->replaceUsesOfWith(result, forall.getResult(0));
  });
  return success();
}

} // namespace

namespace mlir::foundry {
namespace {

struct FoundrySplitReductionPass final
    : impl::FoundrySplitReductionPassBase<FoundrySplitReductionPass> {
  using Base::Base;

  LogicalResult splitKernel(KernelOp kernel) {
    Block &body = kernel.getBody().front();
    SmallVector<linalg::GenericOp> reductions;
    for (Operation &op : body)
      if (isScalarReduction(op))
        reductions.push_back(cast<linalg::GenericOp>(op));
    if (reductions.empty())
      return kernel.emitOpError()
             << kPass
             << ": no reduction to a scalar (a linalg.generic whose loops "
                "all reduce into a rank-0 tensor) outside a block tile";
    if (reductions.size() > 1) {
      InFlightDiagnostic diag = kernel.emitOpError()
                                << kPass << ": " << reductions.size()
                                << " reductions to a scalar; one is split";
      for (linalg::GenericOp op : reductions)
        diag.attachNote(op.getLoc()) << "reduction to a scalar";
      return diag;
    }
    IRRewriter rewriter(kernel.getContext());
    FailureOr<linalg::GenericOp> partial =
        splitIntoParts(rewriter, reductions.front(), parts);
    if (failed(partial))
      return failure();
    auto final = cast<linalg::GenericOp>(
        *partial->getResult(0).getUsers().begin());
    if (failed(wrapInOneBlock(rewriter, kernel, final)))
      return failure();
    return tileToBlocks(cast<TilingInterface>(partial->getOperation()), {1},
                        kPass);
  }

  void runOnOperation() override {
    if (parts < 0) {
      getOperation().emitError()
          << kPass << ": parts must be 0 (one per iteration) or at least 2, "
          << "got " << static_cast<int64_t>(parts);
      return signalPassFailure();
    }
    WalkResult walk = getOperation()->walk([&](KernelOp kernel) {
      return failed(splitKernel(kernel)) ? WalkResult::interrupt()
                                         : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::foundry
