//===- TmaLoads.cpp - TMA loads of staged wgmma tiles ---------------------===//
//
// This file implements the TMA loads of foundry-promote{tma=true} (see
// TmaLoads.h). A k-step's tile of R rows x C columns is loaded in boxes of
// 128 bytes of columns (one 128-byte swizzled atom, the widest box the
// 128-byte swizzle takes) by up to 256 rows (TMA's largest box): box (a,
// b) holds columns [a x atom, (a + 1) x atom) of rows [b x 256, ...) and
// lands at byte (a x R + b x 256) x 128 of the tile's set, where Wgmma.cpp's
// layout puts them; the hardware applies the swizzle (PTX ISA, "Tensor
// Map", swizzle modes). One thread issues them after an
// mbarrier.arrive.expect_tx of the k-step's bytes, which the copies
// complete; every thread then waits on the mbarrier's phase.
//
//===----------------------------------------------------------------------===//

#include "TmaLoads.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::foundry;

/// TMA's largest box dimension, and the bytes of a tensor map.
static constexpr int64_t kMaxBoxRows = 256, kTensorMapBytes = 128;
/// The suspend-time hint of mbarrier.try_wait (ns), as CUTLASS uses it,
/// and how long a thread waits for a phase before it traps (ns): a phase
/// that never completes (loads that never arrive, a wrong parity) faults
/// the kernel instead of hanging it, so the runner reports it.
static constexpr int64_t kWaitTicks = 10000000, kWaitLimitNs = 2000000000;

/// The tensor map argument of `host` over its argument `buffer` with box
/// `box` (innermost first) and the 128-byte swizzle: an existing one, or a
/// new last argument.
static FailureOr<BlockArgument> tensorMapArgument(func::FuncOp host,
                                                  BlockArgument buffer,
                                                  ArrayRef<int64_t> box) {
  MLIRContext *ctx = host.getContext();
  Builder b(ctx);
  DictionaryAttr spec = b.getDictionaryAttr(
      {b.getNamedAttr("buffer", b.getI64IntegerAttr(buffer.getArgNumber())),
       b.getNamedAttr("box", b.getDenseI64ArrayAttr(box)),
       b.getNamedAttr("swizzle", b.getI64IntegerAttr(128))});
  for (BlockArgument arg : host.getArguments())
    if (host.getArgAttr(arg.getArgNumber(), kTensorMapAttr) == spec)
      return arg;
  auto type = MemRefType::get({kTensorMapBytes / 8}, b.getI64Type());
  unsigned index = host.getNumArguments();
  if (failed(host.insertArgument(
          index, type, b.getDictionaryAttr(b.getNamedAttr(kTensorMapAttr, spec)),
          host.getLoc())))
    return failure();
  return host.getArgument(index);
}

FailureOr<TmaTile> mlir::foundry::planTmaTile(gpu::LaunchOp launch,
                                              Value global,
                                              int64_t elementBytes,
                                              Operation *user, StringRef name) {
  auto fail = [&](const Twine &why) {
    return user->emitOpError("foundry-map-forall-to-gpu: foundry-promote"
                             "{tma=true} loads wgmma operand ")
           << name << " with TMA, which " << why;
  };
  auto tileType = dyn_cast<MemRefType>(global.getType());
  if (!tileType || tileType.getRank() != 2 || !tileType.hasStaticShape())
    return fail("needs a static 2-D tile");
  TmaTile tile;
  tile.rows = tileType.getDimSize(0);
  tile.columns = tileType.getDimSize(1);
  tile.elementBytes = elementBytes;
  Value root = global;
  while (auto view = root.getDefiningOp<memref::SubViewOp>()) {
    if (view.getSourceType().getRank() != 2 ||
        llvm::any_of(view.getStaticStrides(), [](int64_t s) { return s != 1; }))
      return fail("reads only unit-stride 2-D views of a buffer");
    tile.views.push_back(view);
    root = view.getSource();
  }
  auto host = launch->getParentOfType<func::FuncOp>();
  auto buffer = dyn_cast<BlockArgument>(root);
  if (!host || !buffer || buffer.getOwner() != &host.getBody().front())
    return fail("needs its tiles to be views of an argument of the host "
                "function (a tensor map describes a whole buffer)");
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getLayout().isIdentity() ||
      type.getElementTypeBitWidth() != 8 * elementBytes)
    return fail(Twine("needs a dense 2-D host buffer of its element type"));
  if (tile.columns * elementBytes % 128 != 0)
    return fail("needs rows of a multiple of 128 bytes");
  if (type.getDimSize(1) * elementBytes % 16 != 0)
    return fail("needs the buffer's rows to be a multiple of 16 bytes");
  tile.boxRows = std::min(tile.rows, kMaxBoxRows);
  if (tile.rows % tile.boxRows != 0)
    return fail("loads at most 256 rows per box; the tile has " +
                Twine(tile.rows));
  FailureOr<BlockArgument> map =
      tensorMapArgument(host, buffer, {tile.atomElements(), tile.boxRows});
  if (failed(map))
    return fail("could not add a tensor map argument to the host function");
  tile.map = *map;
  return tile;
}

/// `value` (i64) as a pointer in address space `space`.
static Value toPointer(RewriterBase &rewriter, Location loc, Value value,
                       unsigned space) {
  return LLVM::IntToPtrOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), space),
      value);
}

Value foundry::bufferAddress(RewriterBase &rewriter, Location loc,
                             Value buffer) {
  return arith::IndexCastUIOp::create(
      rewriter, loc, rewriter.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, buffer));
}

static Value i64Constant(RewriterBase &rewriter, Location loc, int64_t v) {
  return arith::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                   rewriter.getI64IntegerAttr(v));
}

static Value i32Constant(RewriterBase &rewriter, Location loc, int64_t v) {
  return arith::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                   rewriter.getI32IntegerAttr(v));
}

/// Opens an scf.if on `condition` and moves the rewriter into it.
static void openIf(RewriterBase &rewriter, Location loc, Value condition) {
  auto branch = scf::IfOp::create(rewriter, loc, condition,
                                  /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(&branch.getThenRegion().front());
}

Value mlir::foundry::tmaBarrier(RewriterBase &rewriter, Location loc,
                                Value barriers, Value stage) {
  Value offset = arith::MulIOp::create(
      rewriter, loc,
      arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI64Type(), stage),
      i64Constant(rewriter, loc, 8));
  return toPointer(
      rewriter, loc,
      arith::AddIOp::create(rewriter, loc,
                            bufferAddress(rewriter, loc, barriers), offset),
      /*space=*/3);
}

SmallVector<Value> mlir::foundry::emitTmaBarriers(
    RewriterBase &rewriter, gpu::LaunchOp launch, Location loc, int64_t stages,
    ArrayRef<int64_t> arrivals, Value threadZero) {
  MLIRContext *ctx = rewriter.getContext();
  auto type = MemRefType::get(
      {stages}, rewriter.getI64Type(), MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  SmallVector<Value> buffers;
  for (size_t i = 0; i < arrivals.size(); ++i)
    buffers.push_back(launch.addWorkgroupAttribution(type, loc));
  {
    OpBuilder::InsertionGuard guard(rewriter);
    openIf(rewriter, loc, threadZero);
    for (auto [buffer, count] : llvm::zip(buffers, arrivals)) {
      Value expected = i32Constant(rewriter, loc, count);
      for (int64_t s = 0; s < stages; ++s)
        NVVM::MBarrierInitOp::create(
            rewriter, loc,
            tmaBarrier(rewriter, loc, buffer,
                       arith::ConstantIndexOp::create(rewriter, loc, s)),
            expected, /*predicate=*/Value());
    }
    NVVM::FenceMbarrierInitOp::create(rewriter, loc);
  }
  gpu::BarrierOp::create(rewriter, loc);
  return buffers;
}

void mlir::foundry::emitTmaArrive(RewriterBase &rewriter, Location loc,
                                  Value barrier) {
  NVVM::MBarrierArriveOp::create(rewriter, loc, /*res=*/Type(), barrier,
                                 /*count=*/Value());
}

/// The sum of the offsets of dimension `dim` of `tile`'s views, cloned
/// from `body` with `mapping`.
static Value tileOffset(RewriterBase &rewriter, Location loc, Block *body,
                        IRMapping &mapping, const TmaTile &tile,
                        unsigned dim) {
  Value sum = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (Operation *op : tile.views) {
    OpFoldResult offset = cast<memref::SubViewOp>(op).getMixedOffsets()[dim];
    Value value;
    if (auto v = dyn_cast<Value>(offset))
      value = cloneSlice(rewriter, body, v, mapping);
    else
      value = getValueOrCreateConstantIndexOp(rewriter, loc, offset);
    sum = arith::AddIOp::create(rewriter, loc, sum, value);
  }
  return sum;
}

void mlir::foundry::emitTmaIssue(RewriterBase &rewriter, Location loc,
                                 Block *body, IRMapping &mapping,
                                 ArrayRef<TmaTile> tiles, ArrayRef<Value> sets,
                                 Value barrier, Value issue) {
  OpBuilder::InsertionGuard guard(rewriter);
  openIf(rewriter, loc, issue);
  int64_t bytes = 0;
  for (const TmaTile &tile : tiles)
    bytes += tile.setBytes();
  NVVM::MBarrierArriveExpectTxOp::create(
      rewriter, loc, Type(), barrier, i32Constant(rewriter, loc, bytes),
      NVVM::MemScopeKind::CTA, /*relaxed=*/false, /*predicate=*/Value());
  Type i32 = rewriter.getI32Type();
  for (auto [tile, set] : llvm::zip(tiles, sets)) {
    Value row = tileOffset(rewriter, loc, body, mapping, tile, 0);
    Value column = tileOffset(rewriter, loc, body, mapping, tile, 1);
    Value map =
        toPointer(rewriter, loc, bufferAddress(rewriter, loc, tile.map), 0);
    for (int64_t a = 0; a < tile.columns / tile.atomElements(); ++a)
      for (int64_t r = 0; r < tile.rows; r += tile.boxRows) {
        // The block's own shared memory seen as shared::cluster (address
        // space 7), the destination the instruction takes.
        Value destination = LLVM::AddrSpaceCastOp::create(
            rewriter, loc,
            LLVM::LLVMPointerType::get(rewriter.getContext(), 7),
            toPointer(rewriter, loc,
                      arith::AddIOp::create(
                          rewriter, loc, set,
                          i64Constant(rewriter, loc,
                                      (a * tile.rows + r) * 128)),
                      /*space=*/3));
        Value x = arith::IndexCastOp::create(
            rewriter, loc, i32,
            arith::AddIOp::create(
                rewriter, loc, column,
                arith::ConstantIndexOp::create(rewriter, loc,
                                               a * tile.atomElements())));
        Value y = arith::IndexCastOp::create(
            rewriter, loc, i32,
            arith::AddIOp::create(
                rewriter, loc, row,
                arith::ConstantIndexOp::create(rewriter, loc, r)));
        NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
            rewriter, loc, destination, map, ValueRange{x, y}, barrier,
            /*im2colOffsets=*/ValueRange(), /*multicastMask=*/Value(),
            /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
            /*isCTAOnly=*/false, /*group=*/NVVM::CTAGroupKindAttr(),
            /*predicate=*/Value());
      }
  }
}

void mlir::foundry::emitTmaWait(RewriterBase &rewriter, Location loc,
                                Value barrier, Value parity) {
  // while (!try_wait(barrier, parity)) { the first failure reads the clock;
  //   past kWaitLimitNs since then, trap }
  Type i1 = rewriter.getI1Type(), i64 = rewriter.getI64Type();
  Value zero = i64Constant(rewriter, loc, 0);
  auto loop = scf::WhileOp::create(rewriter, loc, TypeRange{i64},
                                   ValueRange{zero});
  {
    OpBuilder::InsertionGuard guard(rewriter);
    Block *before = rewriter.createBlock(&loop.getBefore(), {}, {i64}, {loc});
    Value done = NVVM::MBarrierTryWaitOp::create(
        rewriter, loc, i1, barrier, parity,
        i32Constant(rewriter, loc, kWaitTicks));
    Value waiting = arith::XOrIOp::create(
        rewriter, loc, done,
        arith::ConstantIntOp::create(rewriter, loc, 1, /*width=*/1));
    scf::ConditionOp::create(rewriter, loc, waiting, before->getArgument(0));
    Block *after = rewriter.createBlock(&loop.getAfter(), {}, {i64}, {loc});
    Value start = after->getArgument(0);
    Value now = NVVM::GlobalTimerOp::create(rewriter, loc, i64);
    Value first = arith::CmpIOp::create(rewriter, loc,
                                        arith::CmpIPredicate::eq, start, zero);
    start = arith::SelectOp::create(rewriter, loc, first, now, start);
    Value late = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt,
        arith::SubIOp::create(rewriter, loc, now, start),
        i64Constant(rewriter, loc, kWaitLimitNs));
    {
      OpBuilder::InsertionGuard inner(rewriter);
      openIf(rewriter, loc, late);
      LLVM::Trap::create(rewriter, loc);
    }
    scf::YieldOp::create(rewriter, loc, start);
  }
}
