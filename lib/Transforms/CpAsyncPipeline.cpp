//===- CpAsyncPipeline.cpp - Multi-stage cp.async k-loops -----------------===//
//
// This file implements the cp.async pipelines of CpAsyncPipeline.h.
//
//===----------------------------------------------------------------------===//

#include "CpAsyncPipeline.h"
#include "BufferViews.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::foundry;

/// Shared-memory staging issues its copies operand by operand, each group
/// followed by a wait for all groups and a barrier. Where nothing between
/// one such wait + barrier and the next wait but more copies (from global
/// memory) and index arithmetic, the first pair goes: the copies of both
/// operands are then in flight together, and the later wait covers both.
static void mergeAsyncWaits(gpu::LaunchOp launch) {
  // The global loads the copies replaced are left unused.
  SmallVector<vector::LoadOp> deadLoads;
  launch.getBody().walk([&](vector::LoadOp load) {
    if (load->use_empty())
      deadLoads.push_back(load);
  });
  for (vector::LoadOp load : deadLoads)
    load->erase();
  SmallVector<nvgpu::DeviceAsyncWaitOp> waits;
  launch.getBody().walk(
      [&](nvgpu::DeviceAsyncWaitOp wait) { waits.push_back(wait); });
  for (nvgpu::DeviceAsyncWaitOp wait : waits) {
    if (wait.getNumGroups())
      continue;
    auto barrier = dyn_cast_or_null<gpu::BarrierOp>(wait->getNextNode());
    if (!barrier)
      continue;
    bool merge = false;
    for (Operation *op = barrier->getNextNode(); op; op = op->getNextNode()) {
      if (auto next = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op)) {
        merge = !next.getNumGroups();
        break;
      }
      if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
        if (isWorkgroupMemorySpace(copy.getSrc().getType().getMemorySpace()))
          break;
        continue;
      }
      if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op) || isPure(op))
        continue;
      break;
    }
    // The barrier also kept the later copies from overwriting a tile other
    // threads still read; that is only safe to drop when a barrier comes
    // before the first copies: nothing but copies, groups and arithmetic
    // back to a barrier, or to the start of a loop body that ends with one
    // (foundry-promote's k-loops end with the barrier after the compute).
    Operation *op = wait->getPrevNode();
    for (; op && merge; op = op->getPrevNode()) {
      if (isa<gpu::BarrierOp>(op))
        break;
      merge =
          isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op) ||
          isPure(op);
    }
    if (merge && !op) {
      Block *block = wait->getBlock();
      Operation *last = block->mightHaveTerminator()
                            ? block->getTerminator()->getPrevNode()
                            : nullptr;
      merge = isa_and_nonnull<scf::ForOp>(block->getParentOp()) &&
              isa_and_nonnull<gpu::BarrierOp>(last);
    }
    if (!merge)
      continue;
    barrier->erase();
    wait->erase();
  }
}

/// The ops of `body` (not nested) that `roots` need, transitively, in block
/// order; `roots` themselves included.
static SmallVector<Operation *> withDependencies(Block *body,
                                                 ArrayRef<Operation *> roots) {
  llvm::SmallPtrSet<Operation *, 32> needed;
  SmallVector<Operation *> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!needed.insert(op).second)
      continue;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp())
          if (Operation *owner = body->findAncestorOpInBlock(*def);
              owner && owner != op && !needed.contains(owner))
            worklist.push_back(owner);
    });
  }
  SmallVector<Operation *> ordered;
  for (Operation &op : body->without_terminator())
    if (needed.contains(&op))
      ordered.push_back(&op);
  return ordered;
}

/// foundry-promote{stages=S}: multi-buffers the staging of `loop`, a
/// block-level k-loop of the form
///   [index math] cp.async copies + groups, wait, barrier, compute, barrier
/// (after mergeAsyncWaits). Each staged workgroup buffer gets S - 1 twins,
/// the loop is unrolled by S (k-step j of each iteration on buffer set j),
/// and each k-step first waits for its own tiles (cp.async.wait_group
/// leaving the groups of the S - 2 later k-steps in flight) and
/// synchronizes, then issues the copies of the k-step S - 1 ahead into the
/// set the previous k-step computed on, then computes: S - 1 k-steps of
/// copies overlap each compute. The first S - 1 k-steps' tiles are copied
/// before the loop; k-steps past the end re-copy the last one (no branch),
/// and a wait after the loop drains them. Loops of another form, a trip
/// count that S does not divide or that is unknown, or tiles over sm_90's
/// 227 KB of shared memory per block once multiplied are left as they are
/// (one stage).
static LogicalResult pipelineStagedLoop(RewriterBase &rewriter,
                                        gpu::LaunchOp launch, scf::ForOp loop,
                                        int64_t stages) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step <= 0 || *upper <= *lower)
    return failure();
  int64_t trips = (*upper - *lower + *step - 1) / *step;
  if (stages < 2 || trips < stages || trips % stages != 0)
    return failure();
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  auto endBarrier = dyn_cast_or_null<gpu::BarrierOp>(yield->getPrevNode());
  if (!endBarrier)
    return failure();
  nvgpu::DeviceAsyncWaitOp wait;
  SmallVector<Operation *> loads, compute;
  for (Operation &op : body->without_terminator()) {
    if (auto w = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op)) {
      if (wait)
        return failure();
      wait = w;
      continue;
    }
    bool async =
        isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op);
    if (!wait) {
      if (async)
        loads.push_back(&op);
      else if (!isPure(&op))
        return failure();
      continue;
    }
    if (async || op.walk([](nvgpu::DeviceAsyncWaitOp) {
                     return WalkResult::interrupt();
                   }).wasInterrupted())
      return failure();
    if (&op != wait->getNextNode() && &op != endBarrier.getOperation())
      compute.push_back(&op);
  }
  if (!wait || wait.getNumGroups() || loads.empty() ||
      !isa_and_nonnull<gpu::BarrierOp>(wait->getNextNode()) ||
      !isa<nvgpu::DeviceAsyncCreateGroupOp>(loads.back()))
    return failure();

  // The staged buffers: workgroup attributions at the root of the copies'
  // destinations.
  auto rootOf = [](Value v) { return viewChain(v).back(); };
  llvm::SetVector<Value> buffers;
  for (Operation *op : loads)
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
      Value root = rootOf(copy.getDst());
      if (!llvm::is_contained(launch.getWorkgroupAttributions(), root))
        return failure();
      buffers.insert(root);
    }
  auto bytesOf = [](Value v) {
    auto type = cast<MemRefType>(v.getType());
    return type.getNumElements() * type.getElementTypeBitWidth() / 8;
  };
  int64_t bytes = 0;
  for (Value buffer : launch.getWorkgroupAttributions())
    bytes += bytesOf(buffer);
  for (Value buffer : buffers)
    bytes += (stages - 1) * bytesOf(buffer);
  if (bytes > kMaxSharedBytesPerBlock)
    return failure();

  // The twins (set j > 0 of the S buffer sets), and what the loop reads
  // from outside it that is computed from the buffers (views, and the
  // loop-invariant wgmma descriptors made of their addresses) computed again
  // from each set.
  Location loc = loop.getLoc();
  SmallVector<IRMapping> sets(stages);
  for (int64_t set = 1; set < stages; ++set)
    for (Value buffer : buffers)
      sets[set].map(buffer, launch.addWorkgroupAttribution(
                                cast<MemRefType>(buffer.getType()), loc));
  rewriter.setInsertionPoint(loop);
  llvm::DenseMap<Value, bool> derivedMemo;
  std::function<bool(Value)> derived = [&](Value v) -> bool {
    if (buffers.contains(v))
      return true;
    auto it = derivedMemo.find(v);
    if (it != derivedMemo.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    bool result = def && def->getNumRegions() == 0 && isPure(def) &&
                  llvm::any_of(def->getOperands(), derived);
    derivedMemo[v] = result;
    return result;
  };
  std::function<Value(IRMapping &, Value)> derivedIn = [&](IRMapping &set,
                                                           Value v) -> Value {
    if (Value mapped = set.lookupOrNull(v))
      return mapped;
    if (!derived(v))
      return v;
    Operation *def = v.getDefiningOp();
    IRMapping operands;
    for (Value operand : def->getOperands())
      operands.map(operand, derivedIn(set, operand));
    Operation *cloned = rewriter.clone(*def, operands);
    for (auto [from, to] : llvm::zip(def->getResults(), cloned->getResults()))
      set.map(from, to);
    return set.lookup(v);
  };
  loop.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!loop->isAncestor(operand.getParentRegion()->getParentOp()) &&
          derived(operand))
        for (int64_t set = 1; set < stages; ++set)
          (void)derivedIn(sets[set], operand);
  });

  SmallVector<Operation *> loadPart = withDependencies(body, loads);
  SmallVector<Operation *> computePart = withDependencies(body, compute);
  // Clones `ops` for k-step `iv` on buffer set `set`, with `mapping`
  // holding the loop-carried values; returns the last group's token for
  // load parts.
  auto emit = [&](ArrayRef<Operation *> ops, Value iv, int64_t set,
                  IRMapping &mapping) -> Value {
    mapping.map(loop.getInductionVar(), iv);
    for (auto [from, to] : sets[set].getValueMap())
      mapping.map(from, to);
    Operation *last = nullptr;
    for (Operation *op : ops)
      last = rewriter.clone(*op, mapping);
    return last ? last->getResult(0) : Value();
  };
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value).getResult();
  };

  // Prologue: the tiles of the first S - 1 k-steps into sets 0 to S - 2.
  Value token;
  for (int64_t set = 0; set + 1 < stages; ++set) {
    IRMapping prologue;
    token = emit(loadPart, constant(*lower + set * *step), set, prologue);
  }
  SmallVector<Value> inits(loop.getInitArgs());
  inits.push_back(token);
  // Each k-step commits one cp.async group per staged operand; waiting for
  // a k-step's copies leaves the groups of the S - 2 k-steps after it.
  int64_t groupsPerStep = llvm::count_if(loadPart, [](Operation *op) {
    return isa<nvgpu::DeviceAsyncCreateGroupOp>(op);
  });
  IntegerAttr inFlight =
      rewriter.getI32IntegerAttr((stages - 2) * groupsPerStep);
  auto pipelined = scf::ForOp::create(
      rewriter, loc, loop.getLowerBound(), loop.getUpperBound(),
      constant(stages * *step), inits,
      [&](OpBuilder &builder, Location, Value k, ValueRange carried) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToEnd(builder.getInsertionBlock());
        Value last = constant(*upper - *step);
        Value latest = carried.back();
        SmallVector<Value> values(carried.drop_back());
        for (int64_t set = 0; set < stages; ++set) {
          Value kj =
              arith::AddIOp::create(rewriter, loc, k, constant(set * *step));
          // This k-step's tiles landed (the later S - 2 may still fly),
          // and every thread is done with the previous k-step's set.
          nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, latest, inFlight);
          gpu::BarrierOp::create(rewriter, loc);
          Value ahead = arith::MinSIOp::create(
              rewriter, loc,
              arith::AddIOp::create(rewriter, loc, kj,
                                    constant((stages - 1) * *step)),
              last);
          IRMapping loads, compute;
          latest = emit(loadPart, ahead, (set + stages - 1) % stages, loads);
          for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), values))
            compute.map(arg, value);
          emit(computePart, kj, set, compute);
          for (auto [i, value] : llvm::enumerate(yield->getOperands()))
            values[i] = compute.lookupOrDefault(value);
        }
        values.push_back(latest);
        scf::YieldOp::create(rewriter, loc, values);
      });
  // The last (repeated) copies must land before the buffers go away.
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, pipelined.getResults().back(),
                                   IntegerAttr());
  rewriter.replaceOp(loop, pipelined.getResults().drop_back());
  return success();
}

void foundry::pipelineCpAsyncCopies(RewriterBase &rewriter,
                                    gpu::LaunchOp launch, int64_t stages) {
  mergeAsyncWaits(launch);
  if (stages <= 1)
    return;
  SmallVector<scf::ForOp> staged;
  launch.getBody().walk([&](scf::ForOp loop) {
    if (!loop->hasAttr(kWgmmaPipelineAttr) &&
        llvm::any_of(loop.getBody()->getOperations(), [](Operation &op) {
          return isa<nvgpu::DeviceAsyncCopyOp>(op);
        }))
      staged.push_back(loop);
  });
  for (scf::ForOp loop : staged)
    (void)pipelineStagedLoop(rewriter, launch, loop, stages);
}
