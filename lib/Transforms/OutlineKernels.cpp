//===- OutlineKernels.cpp - func.func on tensors to foundry.kernel -------===//
//
// This file implements foundry-outline-kernels: how kernels written by other
// MLIR stacks (plain func.func on tensors) become foundry.kernel ops.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYOUTLINEKERNELSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// Checks that `func` can become a kernel; emits the first problem found.
static LogicalResult checkOutlinable(func::FuncOp func) {
  if (func.isDeclaration())
    return func.emitOpError("@")
           << func.getSymName()
           << " is a declaration; only functions with a body can be outlined "
              "into a foundry.kernel";
  if (Operation *symbolTableOp = SymbolTable::getNearestSymbolTable(func))
    if (!SymbolTable::symbolKnownUseEmpty(func, symbolTableOp))
      return func.emitOpError("@")
             << func.getSymName()
             << " is referenced elsewhere in the module; a kernel cannot be "
                "called, inline it first";
  if (std::optional<std::string> why = checkKernelName(func.getSymName()))
    return func.emitOpError("@") << func.getSymName() << ": " << *why;
  for (NamedAttribute attr : func->getDiscardableAttrs()) {
    StringRef name = attr.getName().strref();
    name.consume_front("foundry.");
    if (std::optional<std::string> why =
            checkContractAttr(name, attr.getValue()))
      return func.emitOpError("@") << func.getSymName() << ": " << *why;
  }
  FunctionType type = func.getFunctionType();
  for (auto [index, argType] : llvm::enumerate(type.getInputs()))
    if (std::optional<std::string> why = checkKernelBoundaryType(argType))
      return func.emitOpError("argument #")
             << index << " of @" << func.getSymName() << " " << *why;
  if (std::optional<std::string> why = checkInputInits(func.getArgAttrsAttr()))
    return func.emitOpError("@") << func.getSymName() << ": " << *why;
  if (type.getNumResults() == 0)
    return func.emitOpError("@") << func.getSymName()
                                 << " returns nothing; a kernel must return at "
                                    "least one tensor";
  for (auto [index, resultType] : llvm::enumerate(type.getResults()))
    if (std::optional<std::string> why = checkKernelBoundaryType(resultType))
      return func.emitOpError("result #")
             << index << " of @" << func.getSymName() << " " << *why;
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("@")
           << func.getSymName()
           << " has more than one block; a kernel body is a single block";

  Operation *terminator = func.getBody().front().getTerminator();
  WalkResult walk =
      func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op == terminator)
          return WalkResult::advance();
        if (isAllowedBodyDialect(op->getName().getDialectNamespace()) &&
            op->getName().getDialectNamespace() != "foundry")
          return WalkResult::advance();
        op->emitOpError(
              "cannot be outlined into a foundry.kernel: only linalg, "
              "tensor, arith and math ops are allowed")
                .attachNote(func.getLoc())
            << "in function @" << func.getSymName();
        return WalkResult::interrupt();
      });
  return failure(walk.wasInterrupted());
}

/// Reorders the loops of `op` (a linalg op on tensors with one result) so
/// that its result's dimensions come first, in their order, and its other
/// loops (reductions, in their order) after them, when its loops are in
/// another order: linalg.depthwise_conv_2d_nchw_chw iterates (n, oh, ow, c,
/// kh, kw) for an (n, c, oh, ow) result, a linalg.reduce over dimension 0
/// (k, n) for an (n) result, so a mapping that puts
/// consecutive threads on the innermost parallel loop would stride over
/// channels. A named op becomes a linalg.generic first
/// (linalg::generalizeNamedOp, then linalg::interchangeGenericOp). The
/// order of the reductions, and so of every sum, is kept.
static void orderLoopsAsResult(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics())
    return;
  AffineMap result = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!result.isProjectedPermutation())
    return;
  SmallVector<unsigned> order;
  llvm::SmallBitVector inResult(op.getNumLoops());
  for (AffineExpr expr : result.getResults()) {
    unsigned loop = cast<AffineDimExpr>(expr).getPosition();
    order.push_back(loop);
    inResult.set(loop);
  }
  for (unsigned loop = 0; loop < op.getNumLoops(); ++loop)
    if (!inResult.test(loop))
      order.push_back(loop);
  // Already in that order: the result's loops in its order, then the rest
  // (a linalg.reduce over dimension 0 is not: its reduction comes first).
  if (llvm::equal(order, llvm::seq<unsigned>(0, op.getNumLoops())))
    return;
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return;
    generic = *generalized;
  }
  (void)linalg::interchangeGenericOp(rewriter, generic, order);
}

LogicalResult mlir::foundry::decomposeAggregateOps(Region &body) {
  SmallVector<linalg::AggregatedOpInterface> aggregates;
  WalkResult walk = body.walk([&](Operation *op) {
    if (auto aggregate = dyn_cast<linalg::AggregatedOpInterface>(op)) {
      aggregates.push_back(aggregate);
      return WalkResult::advance();
    }
    if (!op->getDialect() || op->getDialect()->getNamespace() != "linalg" ||
        isa<linalg::LinalgOp, linalg::YieldOp, linalg::IndexOp>(op))
      return WalkResult::advance();
    op->emitOpError("is not supported in a foundry.kernel: foundry takes "
                    "structured linalg ops (named or generic) and the "
                    "aggregates that decompose into them (linalg.softmax)");
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return failure();
  // The ops the decompositions create.
  struct Created final : OpBuilder::Listener {
    void notifyOperationInserted(Operation *op,
                                 OpBuilder::InsertPoint) override {
      ops.push_back(op);
    }
    SmallVector<Operation *> ops;
  } created;
  IRRewriter rewriter(body.getContext(), &created);
  for (linalg::AggregatedOpInterface op : aggregates) {
    rewriter.setInsertionPoint(op);
    FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
    if (failed(values))
      return op->emitOpError("cannot be decomposed into structured linalg "
                             "ops for a foundry.kernel");
    rewriter.replaceOp(op, *values);
  }
  // Upstream's softmax takes its row maximum with arith.maxnumf from a NaN
  // init. Within a softmax that is the same as arith.maximumf from -inf (a
  // NaN in the row makes every output NaN either way, through exp(x -
  // max)), the form foundry's reductions know: a thread's partial maximum
  // starts at its combiner's neutral element, and NaN poisoned the online
  // softmax's merge for threads with no element.
  for (Operation *op : created.ops) {
    auto max = dyn_cast<linalg::GenericOp>(op);
    if (!max || max.getNumDpsInits() != 1 || max.getNumReductionLoops() == 0)
      continue;
    auto combiner = dyn_cast_or_null<arith::MaxNumFOp>(
        max.getRegion().front().getTerminator()->getOperand(0).getDefiningOp());
    auto fill = max.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    auto init = fill ? fill.getInputs()[0].getDefiningOp<arith::ConstantOp>()
                     : arith::ConstantOp();
    auto value = init ? dyn_cast<FloatAttr>(init.getValue()) : FloatAttr();
    if (!combiner || !value || !value.getValue().isNaN() ||
        !llvm::is_contained(created.ops, fill.getOperation()))
      continue;
    rewriter.setInsertionPoint(init);
    auto negInf = arith::ConstantOp::create(
        rewriter, init.getLoc(),
        FloatAttr::get(value.getType(),
                       llvm::APFloat::getInf(value.getValue().getSemantics(),
                                             /*Negative=*/true)));
    rewriter.modifyOpInPlace(fill, [&] { fill->setOperand(0, negInf); });
    rewriter.setInsertionPoint(combiner);
    rewriter.replaceOpWithNewOp<arith::MaximumFOp>(combiner, combiner.getLhs(),
                                                   combiner.getRhs());
  }
  return success();
}

/// Folds each linalg.transpose of `body` whose every user reads it as an
/// input of a linalg.matmul or linalg.batch_matmul into those ops' indexing
/// maps: torch-mlir emits nn.Linear as a transpose of the weight feeding a
/// matmul, and the matmul then reads the weight where it lies (NxK, what
/// wgmma and mma.sync read), with no copy. The transpose goes once unused.
static void foldTransposesIntoContractions(RewriterBase &rewriter,
                                           Region &body) {
  SmallVector<linalg::TransposeOp> transposes;
  body.walk([&](linalg::TransposeOp op) { transposes.push_back(op); });
  for (linalg::TransposeOp transpose : transposes) {
    Value result = transpose->getResult(0);
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    // A batch_matmul's maps keep the batch dimension first: a transpose
    // that moves it stays.
    if (result.use_empty() ||
        !llvm::all_of(result.getUses(), [&](OpOperand &use) {
          Operation *user = use.getOwner();
          return (isa<linalg::MatmulOp>(user) ||
                  (isa<linalg::BatchMatmulOp>(user) &&
                   permutation.front() == 0)) &&
                 cast<linalg::LinalgOp>(user).isDpsInput(&use);
        }))
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
      auto op = cast<linalg::LinalgOp>(use.getOwner());
      unsigned index = use.getOperandNumber();
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      // Dimension j of the transpose's result is dimension permutation[j]
      // of its input: the input is indexed there as the result was at j.
      AffineMap map = maps[index];
      SmallVector<AffineExpr> exprs(map.getNumResults());
      for (auto [j, p] : llvm::enumerate(permutation))
        exprs[p] = map.getResult(j);
      maps[index] =
          AffineMap::get(map.getNumDims(), 0, exprs, rewriter.getContext());
      ArrayAttr attr = rewriter.getAffineMapArrayAttr(maps);
      rewriter.modifyOpInPlace(op, [&] {
        use.set(transpose.getInput());
        if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation()))
          matmul.setIndexingMapsAttr(attr);
        else
          cast<linalg::BatchMatmulOp>(op.getOperation())
              .setIndexingMapsAttr(attr);
      });
    }
    rewriter.eraseOp(transpose);
  }
}

FailureOr<KernelOp> mlir::foundry::outlineKernel(func::FuncOp func) {
  if (failed(checkOutlinable(func)) ||
      failed(decomposeAggregateOps(func.getBody())))
    return failure();
  // Callers outside a pass (which declares its dialects) may not have it.
  func->getContext()->getOrLoadDialect<FoundryDialect>();

  OpBuilder builder(func);
  auto kernel = KernelOp::create(builder, func.getLoc(), func.getSymName(),
                                 func.getFunctionType());
  if (ArrayAttr argAttrs = func.getArgAttrsAttr())
    kernel.setArgAttrsAttr(argAttrs);
  if (ArrayAttr resAttrs = func.getResAttrsAttr())
    kernel.setResAttrsAttr(resAttrs);
  // The contract travels with the kernel: `tolerance` or `foundry.tolerance`
  // (and likewise precision, workload, schedule) on the function.
  for (NamedAttribute attr : func->getDiscardableAttrs()) {
    StringRef name = attr.getName().strref();
    name.consume_front("foundry.");
    if (llvm::is_contained({"tolerance", "precision", "workload", "schedule"},
                           name))
      kernel->setAttr(name, attr.getValue());
  }
  kernel.getBody().takeBody(func.getBody());
  IRRewriter rewriter(func.getContext());
  foldTransposesIntoContractions(rewriter, kernel.getBody());
  SmallVector<linalg::LinalgOp> ops;
  kernel.getBody().walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  for (linalg::LinalgOp op : ops)
    orderLoopsAsResult(rewriter, op);

  auto ret = cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
  builder.setInsertionPoint(ret);
  YieldOp::create(builder, ret.getLoc(), ret.getOperands());
  ret.erase();
  func.erase();
  return kernel;
}

namespace mlir::foundry {
namespace {
struct FoundryOutlineKernelsPass final
    : impl::FoundryOutlineKernelsPassBase<FoundryOutlineKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<func::FuncOp> funcs(getOperation().getOps<func::FuncOp>());
    bool failedAny = false;
    for (func::FuncOp func : funcs)
      failedAny |= failed(outlineKernel(func));
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
