//===- FusedEpilogue.cpp - Elementwise epilogues on mma fragments ---------===//
//
// This file implements the fused GEMM epilogues of the GPU tail
// (FusedEpilogue.h): the chain's match and merge before the GPU mapping,
// then its computation on the accumulator fragments of mma.sync warp tiles
// (at their stores) and of wgmma warpgroup tiles (on their values).
//
//===----------------------------------------------------------------------===//

#include "FusedEpilogue.h"
#include "BufferViews.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/CSE.h"

using namespace mlir;
using namespace mlir::foundry;

/// Marks a fused epilogue on warp tiles left for applyEpilogueAtStores;
/// the value is the operand that reads the accumulator.
static constexpr llvm::StringLiteral kStoreEpilogueAttr =
    "foundry.store_epilogue";
/// Marks, beside kStoreEpilogueAttr, a fused epilogue on warpgroup tiles.
static constexpr llvm::StringLiteral kWarpgroupEpilogueAttr =
    "foundry.warpgroup_epilogue";

/// One step of a fused epilogue: `generic` reads `view` of a private
/// buffer `alloc` (the accumulator, or the previous step's result) and
/// writes the next buffer, or the kernel's output.
struct EpilogueStep {
  memref::AllocOp alloc;
  memref::SubViewOp view;
  linalg::GenericOp generic;
  /// The operand of `generic` that `view` is.
  unsigned link = 0;
};

/// The elementwise generic in a warp loop of `block` that reads a view of
/// `alloc` through the identity map: the only such reader, with every
/// other use of `alloc` a view written by `writer` (the previous step) or,
/// when `writer` is null (the accumulator), by a fill, vector transfers or
/// a warpgroup matmul.
static std::optional<EpilogueStep> epilogueReader(scf::ForallOp block,
                                                  memref::AllocOp alloc,
                                                  linalg::GenericOp writer) {
  MemRefType type = alloc.getType();
  if (type.getMemorySpace() || !type.hasStaticShape() || type.getRank() != 2 ||
      !type.getLayout().isIdentity())
    return std::nullopt;
  std::optional<EpilogueStep> step;
  for (Operation *user : alloc->getUsers()) {
    if (isa<memref::DeallocOp>(user))
      continue;
    auto view = dyn_cast<memref::SubViewOp>(user);
    if (!view || view.getType().getRank() != 2)
      return std::nullopt;
    for (OpOperand &use : view->getUses()) {
      Operation *viewUser = use.getOwner();
      // The accumulator's fill, mma fragments (vector transfers) and
      // warpgroup matmuls (wgmma, lowered later).
      if (!writer &&
          (isa<linalg::FillOp, vector::TransferReadOp, vector::TransferWriteOp>(
               viewUser) ||
           viewUser->hasAttr(kWgmmaAttr)))
        continue;
      auto generic = dyn_cast<linalg::GenericOp>(viewUser);
      if (!generic)
        return std::nullopt;
      if (generic == writer && generic.isDpsInit(&use))
        continue;
      if (step || generic.isDpsInit(&use) ||
          !generic.getMatchingIndexingMap(&use).isIdentity())
        return std::nullopt;
      step = EpilogueStep{alloc, view, generic, use.getOperandNumber()};
    }
  }
  // (A generic already fused, whose accumulator keeps its buffer, is not
  // fused again.)
  if (!step || step->generic->hasAttr(kStoreEpilogueAttr))
    return std::nullopt;
  // Elementwise over a warp's tile, into an output it does not read.
  linalg::GenericOp generic = step->generic;
  auto warpLoop = dyn_cast<scf::ForallOp>(generic->getParentOp());
  if (!warpLoop ||
      !(isWarpLevelForall(warpLoop) || isWarpgroupLevelForall(warpLoop)) ||
      warpLoop->getParentOp() != block.getOperation() ||
      generic.getNumLoops() != 2 || generic.getNumParallelLoops() != 2 ||
      generic.getNumDpsInits() != 1 || generic.hasIndexSemantics() ||
      ShapedType::isDynamicShape(generic.getStaticLoopRanges()))
    return std::nullopt;
  OpOperand *init = generic.getDpsInitOperand(0);
  if (generic.payloadUsesValueFromOperand(init) ||
      !generic.getMatchingIndexingMap(init).isIdentity())
    return std::nullopt;
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false) ||
        (!isa<MemRefType>(operand.get().getType()) && map.getNumResults() != 0))
      return std::nullopt;
  }
  return step;
}

/// The value `value` at `before`, cloning there the pure ops that compute
/// it where they do not dominate `before` (a view cut later, or in another
/// loop of the same iteration space whose induction variables `mapping`
/// maps to those around `before`). Fails on anything else, leaving the
/// clones made so far (pure, unused).
static FailureOr<Value> materializeAt(RewriterBase &rewriter, Value value,
                                      Operation *before,
                                      DominanceInfo &dominance,
                                      IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (dominance.properlyDominates(value, before))
    return value;
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumRegions() != 0 || !isPure(op))
    return failure();
  for (Value operand : op->getOperands())
    if (failed(materializeAt(rewriter, operand, before, dominance, mapping)))
      return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(before);
  Operation *clone = rewriter.clone(*op, mapping);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

/// The elementwise generics of a fused epilogue `chain` (each reading the
/// previous one's result at the same place of the output tile) as one
/// generic at the first one's place: one pass over the tile instead of
/// one per op. Their loops must have the same iteration space (the values
/// cut in the later ones are recomputed in the first); fails with nothing
/// but pure ops added otherwise.
static FailureOr<linalg::GenericOp>
mergeEpilogueChain(RewriterBase &rewriter, ArrayRef<EpilogueStep> chain,
                   DominanceInfo &dominance) {
  linalg::GenericOp first = chain.front().generic;
  auto firstLoop = cast<scf::ForallOp>(first->getParentOp());
  IRMapping mapping;
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : first.getDpsInputOperands()) {
    inputs.push_back(input->get());
    maps.push_back(first.getMatchingIndexingMap(input));
  }
  for (EpilogueStep step : chain.drop_front()) {
    auto loop = cast<scf::ForallOp>(step.generic->getParentOp());
    if (loop != firstLoop) {
      if (loop.getStaticUpperBound() != firstLoop.getStaticUpperBound() ||
          loop.getStaticLowerBound() != firstLoop.getStaticLowerBound() ||
          loop.getStaticStep() != firstLoop.getStaticStep() ||
          loop.getMapping() != firstLoop.getMapping() ||
          ShapedType::isDynamicShape(loop.getStaticUpperBound()))
        return failure();
      mapping.map(loop.getInductionVars(), firstLoop.getInductionVars());
    }
    for (OpOperand *input : step.generic.getDpsInputOperands()) {
      if (input->getOperandNumber() == step.link)
        continue;
      FailureOr<Value> value =
          materializeAt(rewriter, input->get(), first, dominance, mapping);
      if (failed(value))
        return failure();
      inputs.push_back(*value);
      maps.push_back(step.generic.getMatchingIndexingMap(input));
    }
  }
  linalg::GenericOp last = chain.back().generic;
  FailureOr<Value> output = materializeAt(
      rewriter, last.getDpsInitOperand(0)->get(), first, dominance, mapping);
  if (failed(output))
    return failure();
  maps.push_back(last.getMatchingIndexingMap(last.getDpsInitOperand(0)));

  rewriter.setInsertionPoint(first);
  auto merged = linalg::GenericOp::create(rewriter, first.getLoc(), TypeRange{},
                                          inputs, ValueRange{*output}, maps,
                                          first.getIteratorTypesArray());
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  SmallVector<Value> operands(inputs);
  operands.push_back(*output);
  for (Value v : operands) {
    argTypes.push_back(cast<ShapedType>(v.getType()).getElementType());
    argLocs.push_back(v.getLoc());
  }
  Block *body =
      rewriter.createBlock(&merged.getRegion(), {}, argTypes, argLocs);
  Value outArg = body->getArguments().back();
  int64_t next = 0;
  Value previous;
  for (EpilogueStep step : chain) {
    IRMapping bodyMapping;
    for (OpOperand &operand : step.generic->getOpOperands()) {
      BlockArgument arg = step.generic.getMatchingBlockArgument(&operand);
      if (step.generic.isDpsInit(&operand))
        bodyMapping.map(arg, outArg);
      else if (previous && operand.getOperandNumber() == step.link)
        bodyMapping.map(arg, previous);
      else
        bodyMapping.map(arg, body->getArgument(next++));
    }
    for (Operation &op : step.generic.getBody()->without_terminator())
      rewriter.clone(op, bodyMapping);
    auto yield = cast<linalg::YieldOp>(step.generic.getBody()->getTerminator());
    previous = bodyMapping.lookupOrDefault(yield.getValues().front());
  }
  linalg::YieldOp::create(rewriter, first.getLoc(), previous);
  // The later generics go, and their loops with them when nothing with an
  // effect is left inside.
  for (EpilogueStep step : chain) {
    auto loop = cast<scf::ForallOp>(step.generic->getParentOp());
    rewriter.eraseOp(step.generic);
    if (loop != firstLoop &&
        llvm::all_of(loop.getBody()->without_terminator(),
                     [](Operation &op) { return isPure(&op); }))
      rewriter.eraseOp(loop);
  }
  return merged;
}

/// Splits the elementwise `generic` over a warp's R x C tile (or a
/// warpgroup's, `warpgroups`) among its threads, each on its own
/// accumulator fragment (PTX ISA, "Matrix Fragments for mma.m16n8k8" and
/// wgmma's "Register Fragments": lane 4g + t of warp w holds rows 16w + 8h
/// + g of each 16-row slab and columns 2t + e of each 8-column block, h, e
/// in {0, 1}): rows split as [slab][w][h][g] and columns as [block][t][e],
/// each operand's view is expanded so and cut at the thread's (w, g, t),
/// and the generic runs over (slab, h, block, e). A thread then reads back
/// only what it stored itself. R must be a multiple of 16 (64 for
/// warpgroups), C of 8.
static linalg::GenericOp splitOverThreads(RewriterBase &rewriter,
                                          linalg::GenericOp generic,
                                          bool warpgroups) {
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  int64_t groupWarps =
      warpgroups ? foundry::kWarpgroupSize / foundry::kWarpSize : 1;
  int64_t slabs = ranges[0] / (16 * groupWarps), blocks = ranges[1] / 8;
  Location loc = generic.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(generic);
  Value index;
  if (warpgroups) {
    // The thread's place in its warpgroup: the linear thread index
    // modulo 128 (how upstream's mapping numbers warpgroups).
    AffineExpr x, y, z, dx, dy;
    bindSymbols(ctx, x, y, z, dx, dy);
    index = affine::makeComposedAffineApply(
        rewriter, loc, (x + (y + z * dy) * dx) % foundry::kWarpgroupSize,
        {gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x).getResult(),
         gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y).getResult(),
         gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::z).getResult(),
         gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x).getResult(),
         gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::y)
             .getResult()});
  } else {
    index = gpu::LaneIdOp::create(rewriter, loc, /*upper_bound=*/nullptr);
  }
  AffineExpr d = rewriter.getAffineDimExpr(0);
  auto part = [&](AffineExpr e) -> OpFoldResult {
    return affine::makeComposedFoldedAffineApply(rewriter, loc, e,
                                                 {OpFoldResult(index)});
  };
  OpFoldResult warp = part(d.floorDiv(foundry::kWarpSize)),
               row = part((d % foundry::kWarpSize).floorDiv(4)),
               pair = part(d % 4);
  OpFoldResult zero = rewriter.getIndexAttr(0), one = rewriter.getIndexAttr(1);
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : generic->getOpOperands()) {
    Value value = operand.get();
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    SmallVector<AffineExpr> results;
    if (auto type = dyn_cast<MemRefType>(value.getType());
        type && map.getNumResults() > 0) {
      SmallVector<ReassociationIndices> reassociation;
      SmallVector<int64_t> expanded;
      SmallVector<OpFoldResult> offsets, sizes;
      SmallVector<int64_t> kept;
      for (AffineExpr result : map.getResults()) {
        bool alongRows = cast<AffineDimExpr>(result).getPosition() == 0;
        ReassociationIndices dims;
        int64_t first = expanded.size();
        if (alongRows) {
          llvm::append_range(expanded,
                             ArrayRef<int64_t>{slabs, groupWarps, 2, 8});
          llvm::append_range(offsets,
                             ArrayRef<OpFoldResult>{zero, warp, zero, row});
          llvm::append_range(
              sizes, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(slabs), one,
                                            rewriter.getIndexAttr(2), one});
          kept.push_back(slabs);
          kept.push_back(2);
          results.push_back(rewriter.getAffineDimExpr(0));
          results.push_back(rewriter.getAffineDimExpr(1));
        } else {
          llvm::append_range(expanded, ArrayRef<int64_t>{blocks, 4, 2});
          llvm::append_range(offsets, ArrayRef<OpFoldResult>{zero, pair, zero});
          llvm::append_range(
              sizes, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(blocks), one,
                                            rewriter.getIndexAttr(2)});
          kept.push_back(blocks);
          kept.push_back(2);
          results.push_back(rewriter.getAffineDimExpr(2));
          results.push_back(rewriter.getAffineDimExpr(3));
        }
        for (int64_t i = first; i < int64_t(expanded.size()); ++i)
          dims.push_back(i);
        reassociation.push_back(dims);
      }
      auto expand = memref::ExpandShapeOp::create(rewriter, loc, expanded,
                                                  value, reassociation);
      SmallVector<OpFoldResult> strides(expanded.size(), one);
      auto cutType =
          cast<MemRefType>(memref::SubViewOp::inferRankReducedResultType(
              kept, expand.getType(), offsets, sizes, strides));
      value = memref::SubViewOp::create(rewriter, loc, cutType, expand, offsets,
                                        sizes, strides);
    }
    maps.push_back(AffineMap::get(4, 0, results, ctx));
    (generic.isDpsInit(&operand) ? outputs : inputs).push_back(value);
  }
  auto lanes = linalg::GenericOp::create(
      rewriter, generic.getLoc(), TypeRange{}, inputs, outputs, maps,
      SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel));
  rewriter.inlineRegionBefore(generic.getRegion(), lanes.getRegion(),
                              lanes.getRegion().begin());
  rewriter.eraseOp(generic);
  return lanes;
}

/// The payload of the elementwise `generic` cloned at the insertion point,
/// its block arguments taken from `body`: the value it yields (one).
static Value cloneBody(RewriterBase &rewriter, linalg::GenericOp generic,
                       IRMapping &body) {
  for (Operation &op : generic.getBody()->without_terminator())
    rewriter.clone(op, body);
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return body.lookupOrDefault(yield.getValues().front());
}

/// A fused epilogue on warp tiles (kStoreEpilogueAttr), computed where the
/// mma.sync conversion stores the accumulator fragments: each
/// `vector.store` of fragment values into the view the epilogue reads (at
/// the element's row r and column c of the warp's tile) stores instead the
/// epilogue of those values, its other operands loaded at the indices
/// their maps give for (r, c + e). The fragments never go through memory
/// twice. Fails, with nothing changed but unused pure clones, where no such
/// store is found, a store sits in a loop, or an operand's view cannot be
/// computed there; the caller then splits the epilogue over the lanes.
static LogicalResult applyEpilogueAtStores(RewriterBase &rewriter,
                                           gpu::LaunchOp launch,
                                           linalg::GenericOp epilogue) {
  auto linkAttr = epilogue->getAttrOfType<IntegerAttr>(kStoreEpilogueAttr);
  if (!linkAttr)
    return failure();
  unsigned link = linkAttr.getInt();
  Value view = epilogue->getOperand(link);
  Value output = epilogue.getDpsInitOperand(0)->get();
  // The accumulator in a buffer of its own (an output of another element
  // type, fuseWarpEpilogue): the epilogue's values go to the output tile,
  // and nothing may read the accumulator's buffer after them.
  bool ownBuffer = getElementTypeOrSelf(view.getType()) !=
                   getElementTypeOrSelf(output.getType());
  SmallVector<vector::StoreOp> stores;
  for (Operation *user : view.getUsers()) {
    if (user == epilogue.getOperation())
      continue;
    if (isa<memref::LoadOp, vector::LoadOp>(user)) {
      if (ownBuffer)
        return failure();
      continue;
    }
    auto store = dyn_cast<vector::StoreOp>(user);
    if (!store || store.getBase() != view ||
        store.getVectorType().getRank() != 1 || store.getIndices().size() != 2)
      return failure();
    for (Operation *parent = store->getParentOp(); parent != launch;
         parent = parent->getParentOp())
      if (isa<LoopLikeOpInterface>(parent))
        return failure();
    stores.push_back(store);
  }
  if (stores.empty())
    return failure();
  // Every operand the epilogue reads must be computable at every store
  // (and its output, where the accumulator keeps its own buffer).
  DominanceInfo dominance(launch);
  SmallVector<SmallVector<Value>> operandsAt;
  for (vector::StoreOp store : stores) {
    IRMapping mapping;
    SmallVector<Value> operands;
    for (OpOperand &operand : epilogue->getOpOperands()) {
      if (operand.getOperandNumber() == link ||
          (epilogue.isDpsInit(&operand) && !ownBuffer)) {
        operands.push_back(Value());
        continue;
      }
      FailureOr<Value> value =
          materializeAt(rewriter, operand.get(), store, dominance, mapping);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    operandsAt.push_back(std::move(operands));
  }
  for (auto [store, operands] : llvm::zip(stores, operandsAt)) {
    rewriter.setInsertionPoint(store);
    Location loc = store.getLoc();
    Value row = store.getIndices()[0], column = store.getIndices()[1];
    SmallVector<Value> results;
    for (int64_t e = 0, n = store.getVectorType().getNumElements(); e < n;
         ++e) {
      // (The output's operand, set only for ownBuffer, is not read.)
      Value at = column;
      if (e)
        at = arith::AddIOp::create(
            rewriter, loc, column,
            arith::ConstantIndexOp::create(rewriter, loc, e));
      Value element = vector::ExtractOp::create(
          rewriter, loc, store.getValueToStore(), ArrayRef<int64_t>{e});
      IRMapping body;
      for (OpOperand *operand : epilogue.getDpsInputOperands()) {
        BlockArgument arg = epilogue.getMatchingBlockArgument(operand);
        Value value = operands[operand->getOperandNumber()];
        if (operand->getOperandNumber() == link) {
          body.map(arg, element);
          continue;
        }
        if (isa<MemRefType>(value.getType())) {
          SmallVector<Value> indices;
          for (AffineExpr result :
               epilogue.getMatchingIndexingMap(operand).getResults())
            indices.push_back(
                cast<AffineDimExpr>(result).getPosition() == 0 ? row : at);
          value = memref::LoadOp::create(rewriter, loc, value, indices);
        }
        body.map(arg, value);
      }
      results.push_back(cloneBody(rewriter, epilogue, body));
    }
    Value stored = vector::FromElementsOp::create(
        rewriter, loc,
        VectorType::get(store.getVectorType().getShape(),
                        getElementTypeOrSelf(output.getType())),
        results);
    if (ownBuffer) {
      Value target = operands[epilogue.getNumDpsInputs()];
      vector::StoreOp::create(rewriter, loc, stored, target,
                              store.getIndices());
      rewriter.eraseOp(store);
      continue;
    }
    rewriter.modifyOpInPlace(
        store, [&] { store.getValueToStoreMutable().assign(stored); });
  }
  rewriter.eraseOp(epilogue);
  return success();
}

/// True if `a` and `b` are the same view: the same value, or subviews of
/// the same source at the same offsets, sizes and strides.
static bool isSameSubView(Value a, Value b) {
  if (a == b)
    return true;
  auto va = a.getDefiningOp<memref::SubViewOp>();
  auto vb = b.getDefiningOp<memref::SubViewOp>();
  auto same = [](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    return x.size() == y.size() && llvm::all_of(llvm::zip(x, y), [](auto pair) {
             return isEqualConstantIntOrValue(std::get<0>(pair),
                                              std::get<1>(pair));
           });
  };
  return va && vb && va.getType() == vb.getType() &&
         isSameSubView(va.getSource(), vb.getSource()) &&
         same(va.getMixedOffsets(), vb.getMixedOffsets()) &&
         same(va.getMixedSizes(), vb.getMixedSizes()) &&
         same(va.getMixedStrides(), vb.getMixedStrides());
}

/// A fused epilogue on warpgroup tiles (kWarpgroupEpilogueAttr), computed
/// on the accumulator fragment the wgmma lowering leaves in registers: the
/// last write of the accumulator buffer before the epilogue, in the same
/// block, is a vector.transfer_write of a thread's fragment [s][h][j][c]
/// (lib/Transforms/Wgmma.cpp, fragmentView) into the tile the epilogue
/// reads. The epilogue, split over the threads as splitOverThreads splits
/// it (the same [s][h][j][c] of the same thread), is expanded element by
/// element on that vector, its other operands loaded once per element they
/// have, and its results written to the output tile, two adjacent columns
/// per store; the fragment's write is erased. The accumulator then never
/// goes through memory. Fails with nothing changed where that write is not
/// found (a k-loop not pipelined by the wgmma lowering, an access of the
/// buffer between them) or has another shape.
static LogicalResult applyEpilogueToFragment(RewriterBase &rewriter,
                                             linalg::GenericOp epilogue) {
  auto linkAttr = epilogue->getAttrOfType<IntegerAttr>(kStoreEpilogueAttr);
  if (!linkAttr || !epilogue->hasAttr(kWarpgroupEpilogueAttr))
    return failure();
  unsigned link = linkAttr.getInt();
  Value view = epilogue->getOperand(link);
  Value root = viewChain(view).back();
  vector::TransferWriteOp write;
  for (Operation *op = epilogue->getPrevNode(); op && !write;
       op = op->getPrevNode()) {
    if (!touchesBuffer(op, root))
      continue;
    write = dyn_cast<vector::TransferWriteOp>(op);
    if (!write)
      return failure();
  }
  if (!write)
    return failure();
  // The fragment's view: a subview of an expand_shape of the tile the
  // epilogue reads.
  auto cut = write.getBase().getDefiningOp<memref::SubViewOp>();
  auto expand = cut ? cut.getSource().getDefiningOp<memref::ExpandShapeOp>()
                    : memref::ExpandShapeOp();
  SmallVector<int64_t> ranges = epilogue.getStaticLoopRanges();
  VectorType fragmentType = write.getVectorType();
  if (!expand || !isSameSubView(expand.getSrc(), view) ||
      fragmentType.getRank() != 4 || !write.getPermutationMap().isIdentity() ||
      fragmentType.getShape() !=
          ArrayRef<int64_t>{ranges[0] / 64, 2, ranges[1] / 8, 2} ||
      !llvm::all_of(write.getIndices(),
                    [](Value v) { return isZeroInteger(v); }))
    return failure();

  epilogue->removeAttr(kStoreEpilogueAttr);
  epilogue->removeAttr(kWarpgroupEpilogueAttr);
  linalg::GenericOp lanes =
      splitOverThreads(rewriter, epilogue, /*warpgroups=*/true);
  rewriter.setInsertionPoint(lanes);
  Location loc = lanes.getLoc();
  Value fragment = write.getVector();
  Value output = lanes.getDpsInitOperand(0)->get();
  Type resultType = getElementTypeOrSelf(output.getType());
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v).getResult();
  };
  // Loads of the other operands, one per element they have.
  llvm::DenseMap<std::pair<unsigned, int64_t>, Value> loaded;
  ArrayRef<int64_t> shape = fragmentType.getShape();
  for (int64_t s = 0; s < shape[0]; ++s)
    for (int64_t h = 0; h < 2; ++h)
      for (int64_t j = 0; j < shape[2]; ++j) {
        SmallVector<Value> pair;
        for (int64_t c = 0; c < 2; ++c) {
          SmallVector<int64_t> at = {s, h, j, c};
          IRMapping body;
          for (OpOperand *operand : lanes.getDpsInputOperands()) {
            BlockArgument arg = lanes.getMatchingBlockArgument(operand);
            Value value = operand->get();
            if (operand->getOperandNumber() == link) {
              value = vector::ExtractOp::create(rewriter, loc, fragment, at);
            } else if (isa<MemRefType>(value.getType())) {
              SmallVector<int64_t> position;
              for (AffineExpr result :
                   lanes.getMatchingIndexingMap(operand).getResults())
                position.push_back(
                    at[cast<AffineDimExpr>(result).getPosition()]);
              int64_t key = 0;
              for (int64_t p : position)
                key = key * 1024 + p;
              Value &cached = loaded[{operand->getOperandNumber(), key}];
              if (!cached)
                cached = memref::LoadOp::create(
                    rewriter, loc, value, llvm::map_to_vector(position, index));
              value = cached;
            }
            body.map(arg, value);
          }
          pair.push_back(cloneBody(rewriter, lanes, body));
        }
        Value values = vector::FromElementsOp::create(
            rewriter, loc, VectorType::get({2}, resultType), pair);
        vector::TransferWriteOp::create(
            rewriter, loc, values, output,
            ValueRange{index(s), index(h), index(j), index(0)},
            ArrayRef<bool>{true});
      }
  rewriter.eraseOp(lanes);
  rewriter.eraseOp(write);
  return success();
}

/// An elementwise epilogue fused into a warp-tiled matmul (foundry-mma
/// under `foundry-tile-blocks` of the epilogue, `target=result`): the block
/// tile's accumulator is a private buffer (the matmul's fill and warp or
/// warpgroup tiles write it, the mma fragments of each thread) that warp
/// loops of elementwise linalg.generic ops read, one after the other
/// through more such buffers, into the same place of the kernel's output
/// tile. Each thread holds only its own fragments, so those generics cannot
/// run on the whole tile as the mma ops do. Instead every buffer of the
/// chain becomes the output tile itself, the chain becomes one generic
/// (mergeEpilogueChain), and that generic is computed on the fragments,
/// marked for after the conversion of the mma ops: on warp tiles
/// applyEpilogueAtStores, on warpgroup tiles applyEpilogueToFragment; where
/// those fail, it is split over the threads (splitOverThreads: each reads
/// back, in place, what it stored). An output of another element type than
/// the accumulator's (bf16 of an f32 accumulator) cannot hold the
/// accumulator: then the accumulator keeps its buffer, and only a chain of
/// one generic is fused. Returns
/// failure, with nothing changed, when the pattern does not match exactly
/// (other users of a buffer, a generic reading its own output or the
/// indices, maps that are not projected permutations, views at different
/// places, tiles that are not made of whole fragments, an output tile
/// whose view is not available where the accumulator is).
static LogicalResult fuseWarpEpilogue(RewriterBase &rewriter,
                                      scf::ForallOp block,
                                      memref::AllocOp accumulator,
                                      DominanceInfo &dominance) {
  auto same = [](ArrayRef<OpFoldResult> a, ArrayRef<OpFoldResult> b) {
    return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto pair) {
             return isEqualConstantIntOrValue(std::get<0>(pair),
                                              std::get<1>(pair));
           });
  };
  auto samePlace = [&](memref::SubViewOp a, memref::SubViewOp b) {
    return same(a.getMixedOffsets(), b.getMixedOffsets()) &&
           same(a.getMixedSizes(), b.getMixedSizes()) &&
           same(a.getMixedStrides(), b.getMixedStrides());
  };
  SmallVector<EpilogueStep> chain;
  memref::SubViewOp outputTile;
  memref::AllocOp current = accumulator;
  linalg::GenericOp writer;
  while (!outputTile) {
    std::optional<EpilogueStep> step = epilogueReader(block, current, writer);
    if (!step || chain.size() > 16)
      return failure();
    chain.push_back(*step);
    auto written = step->generic.getDpsInitOperand(0)
                       ->get()
                       .getDefiningOp<memref::SubViewOp>();
    if (!written || written.getType().getRank() != 2 ||
        !samePlace(written, step->view))
      return failure();
    auto next = written.getSource().getDefiningOp<memref::AllocOp>();
    if (next && next->getBlock() == block.getBody() &&
        next.getType() == accumulator.getType()) {
      current = next;
      writer = step->generic;
      continue;
    }
    outputTile = written.getSource().getDefiningOp<memref::SubViewOp>();
    if (!outputTile ||
        outputTile.getType().getShape() != accumulator.getType().getShape())
      return failure();
  }
  for (Value operand : outputTile->getOperands())
    if (!dominance.properlyDominates(operand, accumulator))
      return failure();
  // Every generic spans the same tile, in loops of the same kind: warps
  // (mma.sync) or warpgroups (wgmma).
  SmallVector<int64_t> ranges = chain.front().generic.getStaticLoopRanges();
  int64_t rows = ranges[0], columns = ranges[1];
  bool warpgroups = isWarpgroupLevelForall(
      cast<scf::ForallOp>(chain.front().generic->getParentOp()));
  // Warps of the group along the rows (each has 16 rows of a wgmma slab).
  int64_t groupWarps =
      warpgroups ? foundry::kWarpgroupSize / foundry::kWarpSize : 1;
  if (rows % (16 * groupWarps) != 0 || columns % 8 != 0 ||
      llvm::any_of(chain, [&](EpilogueStep step) {
        return step.generic.getStaticLoopRanges() != ranges ||
               isWarpgroupLevelForall(cast<scf::ForallOp>(
                   step.generic->getParentOp())) != warpgroups;
      }))
    return failure();

  // An epilogue into another element type (an f32 accumulator returned as
  // bf16) cannot store the accumulator in the output tile: the accumulator
  // keeps its own buffer, which the epilogue computed on the fragments
  // (applyEpilogueAtStores, applyEpilogueToFragment) leaves unread. Only a
  // chain of one generic, which needs no buffer between its steps.
  bool sameType = outputTile.getType().getElementType() ==
                  accumulator.getType().getElementType();
  if (!sameType && chain.size() != 1)
    return failure();

  // Otherwise every buffer of the chain is the output tile.
  rewriter.setInsertionPoint(accumulator);
  Value tile = sameType ? rewriter.clone(*outputTile)->getResult(0) : Value();
  for (const EpilogueStep &step :
       sameType ? ArrayRef(chain) : ArrayRef<EpilogueStep>()) {
    SmallVector<Operation *> users(step.alloc->getUsers());
    for (Operation *user : users) {
      if (auto view = dyn_cast<memref::SubViewOp>(user)) {
        rewriter.setInsertionPoint(view);
        auto replacement = memref::SubViewOp::create(
            rewriter, view.getLoc(), tile, view.getMixedOffsets(),
            view.getMixedSizes(), view.getMixedStrides());
        rewriter.replaceAllUsesWith(view.getResult(), replacement.getResult());
      }
      rewriter.eraseOp(user);
    }
    rewriter.eraseOp(step.alloc);
  }

  // One generic for the whole chain: one read and one write of the tile.
  if (chain.size() > 1) {
    DominanceInfo dominance(block);
    if (FailureOr<linalg::GenericOp> merged =
            mergeEpilogueChain(rewriter, chain, dominance);
        succeeded(merged)) {
      EpilogueStep step = chain.front();
      step.generic = *merged;
      chain.assign(1, step);
    }
  }

  // One generic waits for the conversion of the mma ops, which gives the
  // accumulator fragments: on warp tiles (mma.sync) it is then computed on
  // the values stored (applyEpilogueAtStores), on warpgroup tiles (wgmma)
  // on the fragment the k-loop leaves (applyEpilogueToFragment), or split
  // over the threads where neither is found. A chain is split now.
  for (const EpilogueStep &step : chain) {
    if (chain.size() == 1) {
      step.generic->setAttr(kStoreEpilogueAttr,
                            rewriter.getI64IntegerAttr(step.link));
      if (warpgroups)
        step.generic->setAttr(kWarpgroupEpilogueAttr, rewriter.getUnitAttr());
      continue;
    }
    splitOverThreads(rewriter, step.generic, warpgroups);
  }
  return success();
}

/// fuseWarpEpilogue for every private buffer at the top of `block`.
void foundry::fuseWarpEpilogues(RewriterBase &rewriter, scf::ForallOp block) {
  // A fused chain erases the buffers after the accumulator: look again.
  bool fused = true;
  while (fused) {
    fused = false;
    DominanceInfo dominance(block);
    for (memref::AllocOp alloc : block.getBody()->getOps<memref::AllocOp>())
      if (succeeded(fuseWarpEpilogue(rewriter, block, alloc, dominance))) {
        fused = true;
        break;
      }
  }
}

bool foundry::isFusedEpilogue(Operation *op) {
  return isa<linalg::GenericOp>(op) && op->hasAttr(kStoreEpilogueAttr);
}

LogicalResult
foundry::lowerFusedEpilogues(RewriterBase &rewriter, gpu::LaunchOp launch,
                             ArrayRef<linalg::GenericOp> storeEpilogues) {
  // The views of a warpgroup epilogue and of the fragment the wgmma k-loop
  // leaves, cut in different loops, become the same values first.
  if (llvm::any_of(storeEpilogues, [](linalg::GenericOp epilogue) {
        return epilogue->hasAttr(kWarpgroupEpilogueAttr);
      })) {
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, launch);
  }
  for (linalg::GenericOp epilogue : storeEpilogues) {
    bool warpgroups = epilogue->hasAttr(kWarpgroupEpilogueAttr);
    if (succeeded(warpgroups
                      ? applyEpilogueToFragment(rewriter, epilogue)
                      : applyEpilogueAtStores(rewriter, launch, epilogue)))
      continue;
    // Otherwise each thread reads back what it stored: in the output tile,
    // or (an output of another element type) in the accumulator's buffer,
    // which then stays in local memory.
    if (warpgroups &&
        getElementTypeOrSelf(epilogue->getOperand(
            epilogue->getAttrOfType<IntegerAttr>(kStoreEpilogueAttr)
                .getInt())) !=
            getElementTypeOrSelf(epilogue.getDpsInitOperand(0)->get()))
      return epilogue.emitOpError(
          "foundry-map-forall-to-gpu: an epilogue of warpgroup tiles into "
          "another element type than its accumulator's needs the "
          "accumulator in registers: a k-loop that the wgmma lowering "
          "pipelines (foundry-promote{stages=3} or more)");
    epilogue->removeAttr(kStoreEpilogueAttr);
    epilogue->removeAttr(kWarpgroupEpilogueAttr);
    linalg::GenericOp lanes = splitOverThreads(rewriter, epilogue, warpgroups);
    rewriter.setInsertionPoint(lanes);
    if (failed(linalg::linalgOpToLoops(rewriter, lanes)))
      return lanes.emitOpError("foundry-map-forall-to-gpu: cannot lower to "
                               "loops");
    rewriter.eraseOp(lanes);
  }
  return success();
}
