//===- ReuseExponentials.cpp - exp(x - a) from an earlier exp(x - b) ------===//
//
// foundry-reuse-exponentials: in a gpu.func, an approximate exponential
// (fastmath afn, foundry-approx-math's) of x - a, with a a scalar, is
// computed as exp(x - b) * exp(b - a) where an approximate exp(x - b) of the
// same lanes of x dominates it: one special-function instruction per vector
// instead of one per lane. A softmax whose statistics pass keeps
// exp(x - block max) for its sum, and whose output pass computes
// exp(x - row max), is the case it is for.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYREUSEEXPONENTIALSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// Where one lane of a vector comes from: lane `second` of the vector
/// `first` (one no lane-moving op made, such as a load's result), or the
/// scalar `first` itself (lane 0).
using Lane = std::pair<Value, int64_t>;

static Lane scalarSource(Value scalar);

/// The origin of lane `index` (row-major) of `vector`, through the ops that
/// only move lanes: broadcasts and shape casts that keep the lane count,
/// extracts of sub-vectors, and from_elements.
static Lane laneSource(Value vector, int64_t index) {
  auto type = cast<VectorType>(vector.getType());
  Operation *def = vector.getDefiningOp();
  if (auto broadcast = dyn_cast_or_null<vector::BroadcastOp>(def)) {
    auto source = dyn_cast<VectorType>(broadcast.getSourceType());
    if (source && source.getNumElements() == type.getNumElements())
      return laneSource(broadcast.getSource(), index);
  } else if (auto shapeCast = dyn_cast_or_null<vector::ShapeCastOp>(def)) {
    return laneSource(shapeCast.getSource(), index);
  } else if (auto fromElements =
                 dyn_cast_or_null<vector::FromElementsOp>(def)) {
    return scalarSource(fromElements.getElements()[index]);
  } else if (auto extract = dyn_cast_or_null<vector::ExtractOp>(def);
             extract && !extract.hasDynamicPosition()) {
    auto source = cast<VectorType>(extract.getSource().getType());
    SmallVector<int64_t> position(extract.getStaticPosition());
    position.resize(source.getRank(), 0);
    int64_t offset = linearize(position, computeStrides(source.getShape()));
    return laneSource(extract.getSource(), offset + index);
  }
  return Lane(vector, index);
}

/// The origin of `scalar`: a lane of a vector it was extracted from
/// (vector.extract, vector.to_elements), or itself.
static Lane scalarSource(Value scalar) {
  Operation *def = scalar.getDefiningOp();
  if (auto extract = dyn_cast_or_null<vector::ExtractOp>(def);
      extract && !extract.hasDynamicPosition()) {
    auto source = cast<VectorType>(extract.getSource().getType());
    return laneSource(extract.getSource(),
                      linearize(extract.getStaticPosition(),
                                computeStrides(source.getShape())));
  }
  if (auto toElements = dyn_cast_or_null<vector::ToElementsOp>(def))
    return laneSource(toElements.getSource(),
                      cast<OpResult>(scalar).getResultNumber());
  return Lane(scalar, 0);
}

namespace {
/// An approximate exp of `x - broadcast(shift)` over f32 vectors.
struct ShiftedExp {
  math::ExpOp exp;
  Value x, shift;
};
} // namespace

/// `exp` as a ShiftedExp: afn, of an arith.subf of a vector and a
/// vector.broadcast of an f32 scalar.
static std::optional<ShiftedExp> matchShiftedExp(math::ExpOp exp) {
  auto type = dyn_cast<VectorType>(exp.getType());
  if (!type || !type.getElementType().isF32() || type.isScalable() ||
      !arith::bitEnumContainsAll(exp.getFastmath(), arith::FastMathFlags::afn))
    return std::nullopt;
  auto sub = exp.getOperand().getDefiningOp<arith::SubFOp>();
  if (!sub)
    return std::nullopt;
  auto broadcast = sub.getRhs().getDefiningOp<vector::BroadcastOp>();
  if (!broadcast || !broadcast.getSourceType().isF32())
    return std::nullopt;
  return ShiftedExp{exp, sub.getLhs(), broadcast.getSource()};
}

namespace mlir::foundry {
namespace {
struct FoundryReuseExponentialsPass final
    : impl::FoundryReuseExponentialsPassBase<FoundryReuseExponentialsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (func.isExternal())
        return;
      SmallVector<ShiftedExp> exps;
      func.walk([&](math::ExpOp exp) {
        if (std::optional<ShiftedExp> shifted = matchShiftedExp(exp))
          exps.push_back(*shifted);
      });
      // Each lane of each exp's x, to the first exp (in walk order) and
      // position that computes it.
      llvm::DenseMap<Lane, std::pair<size_t, int64_t>> computed;
      SmallVector<SmallVector<Lane>> lanes(exps.size());
      for (auto [i, shifted] : llvm::enumerate(exps)) {
        int64_t count = cast<VectorType>(shifted.x.getType()).getNumElements();
        for (int64_t lane = 0; lane < count; ++lane) {
          lanes[i].push_back(laneSource(shifted.x, lane));
          computed.try_emplace(lanes[i].back(), i, lane);
        }
      }
      DominanceInfo dominance(func);
      IRRewriter rewriter(func.getContext());
      for (auto [i, shifted] : llvm::enumerate(exps)) {
        // One earlier exp that holds every lane, and dominates this one.
        std::optional<size_t> earlier;
        SmallVector<int64_t> positions;
        for (const Lane &lane : lanes[i]) {
          auto it = computed.find(lane);
          if (it == computed.end() || it->second.first == i ||
              (earlier && *earlier != it->second.first)) {
            earlier.reset();
            break;
          }
          earlier = it->second.first;
          positions.push_back(it->second.second);
        }
        if (!earlier || positions.size() != lanes[i].size() ||
            !dominance.properlyDominates(exps[*earlier].exp.getOperation(),
                                         shifted.exp.getOperation()))
          continue;
        // exp(x - a) = exp(x - b) * exp(b - a).
        math::ExpOp exp = shifted.exp;
        Location loc = exp.getLoc();
        rewriter.setInsertionPoint(exp);
        Value difference = arith::SubFOp::create(
            rewriter, loc, exps[*earlier].shift, shifted.shift);
        Value scale = math::ExpOp::create(rewriter, loc, difference,
                                          exp.getFastmathAttr());
        Value source = exps[*earlier].exp.getResult();
        auto sourceType = cast<VectorType>(source.getType());
        SmallVector<int64_t> strides = computeStrides(sourceType.getShape());
        SmallVector<Value> elements;
        for (int64_t position : positions)
          elements.push_back(vector::ExtractOp::create(
              rewriter, loc, source, delinearize(position, strides)));
        auto type = cast<VectorType>(exp.getType());
        Value reused =
            vector::FromElementsOp::create(rewriter, loc, type, elements);
        Value splat = vector::BroadcastOp::create(rewriter, loc, type, scale);
        rewriter.replaceOpWithNewOp<arith::MulFOp>(exp, reused, splat);
        ++numReused;
      }
    });
  }
};
} // namespace
} // namespace mlir::foundry
